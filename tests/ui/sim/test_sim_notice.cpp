// The desktop gets the run's notices (ScenarioRun::notice) as SimulationController::notice:
// on seed004_spatial_reactionless_limit, once, with the text `vms run` prints, when the run
// passes the first instant outside the reaction null space (t = 4.26 s); the reactionless
// example, which stays inside, gives none.
#include <QSignalSpy>

#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_run.hpp"
#include "test_support.hpp"
#include "ui/sim/simulation_controller.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

const std::string kModels = VMS_SOURCE_DIR "/models/";

// Plays the example to its end as fast as possible; the notices the controller emitted.
QStringList noticesOfPlaying(const std::string& example) {
  SimulationController controller;
  QSignalSpy notices(&controller, &SimulationController::notice);
  controller.load(loadScenario(kModels + example + ".scenario.json"));
  if (!QTest::qWaitFor([&] { return controller.runState() == RunState::Paused; }, 10000))
    return {"not loaded"};
  controller.setRealTimeFactor(0.0);
  controller.play();
  if (!QTest::qWaitFor([&] { return controller.runState() == RunState::Finished; }, 60000))
    return {"not finished"};
  QTest::qWait(50);  // the queued signals
  QStringList out;
  for (const QList<QVariant>& args : notices) out << args.at(0).toString();
  return out;
}

}  // namespace

class TestSimNotice : public QObject {
  Q_OBJECT
 private slots:
  void leavingTheNullSpaceIsNoticed() {
    ScenarioRun headless(
        loadScenario(kModels + "seed004_spatial_reactionless_limit.scenario.json"));
    QVERIFY(headless.runToEnd());
    QVERIFY(!headless.notice().empty());
    const QStringList notices = noticesOfPlaying("seed004_spatial_reactionless_limit");
    QCOMPARE(notices, QStringList{QString::fromStdString(headless.notice())});
    QVERIFY(notices.at(0).contains("left the reaction null space at t = 4.26 s"));
  }

  void stayingInsideIsNot() {
    QCOMPARE(noticesOfPlaying("seed004_spatial_reactionless"), QStringList());
  }
};

QTEST_MAIN(TestSimNotice)
#include "test_sim_notice.moc"
