// The document loader refuses a scenario the core Simulator cannot run before the document
// opens (checkSimulatable): an unregistered integrator or solver is an error naming the file,
// the key and the registered names, even when the scenario did not come through the core's
// reader (which checks the names too); a runnable scenario passes.
#include <QtTest/QtTest>

#include "core/model/model_error.hpp"
#include "core/scenario/scenario.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "test_support.hpp"
#include "ui/document/document_loader.hpp"

using namespace vms;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed004_planar_one_joint.scenario.json";

/// The message checkSimulatable throws for `s` (empty if it accepts it).
QString refusal(const Scenario& s) {
  try {
    ui::checkSimulatable(s);
  } catch (const ModelError& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace

class TestModelLoaderChecks : public QObject {
  Q_OBJECT
 private slots:
  void runnableScenarioPasses() { QCOMPARE(refusal(loadScenario(kScenario)), QString()); }

  void unregisteredIntegrator() {
    Scenario s = loadScenario(kScenario);
    s.integrator = "rk9";
    QCOMPARE(
        refusal(s),
        QString::fromStdString(kScenario) +
            ": integrator: unknown integrator 'rk9' (available: rk4, euler, rk45, momentum-rk4)");
  }

  void unregisteredSolver() {
    Scenario s = loadScenario(kScenario);
    s.solver = "x\ny";      // a name that would break the one-line message
    std::string available;  // every registered solver, default first
    for (const std::string& name : solverNames())
      available += (available.empty() ? "" : ", ") + name;
    QCOMPARE(refusal(s),
             QString::fromStdString(
                 kScenario + ": solver: unknown solver 'x\\ny' (available: " + available + ")"));
  }
};

QTEST_MAIN(TestModelLoaderChecks)
#include "test_model_loader_checks.moc"
