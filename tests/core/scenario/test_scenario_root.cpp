// "root" in scenario files (issue 9, seed 002 Appendix A): the base-invariant solver re-rooted
// at a link. The key is read (it selects base-invariant when "solver" is absent), written back,
// refused with the file and the key path when the link is unknown, the vehicle is not free or
// "solver" names another solver; a run rooted at a mid-arm or tip link follows the same
// trajectory as aba and as base-invariant rooted at the vehicle, and the Simulator steps with
// the rooted solver (also when re-rooted in the middle of a run).
#include <QTemporaryDir>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "core/solvers/rooted_solver.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::errorOf;

namespace {

const std::string kModels = VMS_SOURCE_DIR "/models";

/// A short computed-torque run of the seed 004 spatial example from a moving state, with
/// `extra` (e.g. "\"root\": \"link3\",") added to the top-level keys.
std::string scenarioText(const std::string& extra) {
  return R"({
  "model": "seed004_spatial.vms.json",
  "initial_state": "state_seed004_spatial_moving.json",
  "controllers": [{"type": "computed_torque",
                   "trajectory": {"type": "quintic", "target": [0.5, 0.3, -0.2, 0.4, -0.3, 0.2],
                                  "duration": 0.4},
                   "gains": {"kp": 20, "kd": 8}}],
)" + extra +
         R"(
  "duration": 0.4,
  "dt": 0.002
})";
}

Scenario scenarioWith(const std::string& extra) {
  return parseScenarioJson(scenarioText(extra), "root.scenario.json", kModels);
}

/// Every coordinate of a state, one vector (orientation as quaternion coefficients).
VecX flat(const State& s) {
  VecX x(3 + 4 + 6 + s.q.size() + s.qd.size());
  x << s.base_position, s.base_orientation.coeffs(), s.base_twist, s.q, s.qd;
  return x;
}

State runToEnd(Simulator& sim) {
  while (!sim.finished()) sim.step();
  return sim.state();
}

}  // namespace

class TestScenarioRoot : public QObject {
  Q_OBJECT
 private slots:
  void rootIsReadAndSelectsBaseInvariant() {
    const ScenarioDescription d =
        parseScenarioDescription(scenarioText(R"("root": "link3",)"), "r", kModels);
    QVERIFY(d.root.has_value());
    QCOMPARE(*d.root, std::string("link3"));
    QCOMPARE(d.solver, std::string("base-invariant"));
    const Scenario s = assembleScenario(d);
    QCOMPARE(s.root, std::string("link3"));
    QCOMPARE(s.solver, std::string("base-invariant"));
    // Without the key: no root, aba.
    const Scenario plain = scenarioWith("");
    QVERIFY(plain.root.empty());
    QCOMPARE(plain.solver, std::string("aba"));
    // "solver": "base-invariant" with a root is accepted.
    QCOMPARE(scenarioWith(R"("solver": "base-invariant", "root": "link5",)").root,
             std::string("link5"));
  }

  void rootRoundTrips() {
    const ScenarioDescription d =
        parseScenarioDescription(scenarioText(R"("root": "link3",)"), "r", kModels);
    const std::string text = writeScenarioJson(d);
    QVERIFY2(text.find("\"root\": \"link3\"") != std::string::npos, text.c_str());
    const ScenarioDescription again = parseScenarioDescription(text, "r", kModels);
    QCOMPARE(again.root, d.root);
    QCOMPARE(again.solver, d.solver);
    QCOMPARE(writeScenarioJson(again), text);
    // No root: none written.
    const std::string plain =
        writeScenarioJson(parseScenarioDescription(scenarioText(""), "r", kModels));
    QVERIFY(plain.find("\"root\"") == std::string::npos);
  }

  void errorsNameTheFileAndTheKey_data() {
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("expected");  // after "<file>: "
    QTest::addColumn<QString>("state");     // the initial state file (a fixed vehicle is at rest)
    const QString moving = "state_seed004_spatial_moving.json";
    QTest::newRow("unknown link")
        << R"("root": "no_such_link",)"
        << "root: unknown link 'no_such_link' (links: base, link1, link2, link3, link4, link5, "
           "link6, or any fused link or frame)"
        << moving;
    QTest::newRow("empty link") << R"("root": "",)"
                                << "root: unknown link '' (links: base, link1" << moving;
    QTest::newRow("another solver")
        << R"("solver": "crba", "root": "link3",)"
        << "root: a root link selects the base-invariant solver; it cannot be combined with "
           "solver 'crba'"
        << moving;
    QTest::newRow("vehicle not free") << R"("base": "fixed", "root": "link3",)"
                                      << "root: solver 'base-invariant' does not handle a fixed "
                                         "vehicle: re-rooting the tree needs an "
                                         "unconstrained vehicle (it handles: free)"
                                      << "state_seed004_spatial_rest.json";
    QTest::newRow("not a string") << R"("root": 3,)"
                                  << "root: " << moving;
  }

  void errorsNameTheFileAndTheKey() {
    QFETCH(QString, extra);
    QFETCH(QString, expected);
    QFETCH(QString, state);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // The model and state by absolute path: the file can live anywhere.
    std::string text = scenarioText(extra.toStdString());
    const std::pair<std::string, std::string> files[] = {
        {"seed004_spatial.vms.json", "seed004_spatial.vms.json"},
        {"state_seed004_spatial_moving.json", state.toStdString()}};
    for (const auto& [written, used] : files) {
      const std::string name = "\"" + written + "\"";
      text.replace(text.find(name), name.size(), "\"" + kModels + "/" + used + "\"");
    }
    const std::string path = dir.filePath("bad_root.scenario.json").toStdString();
    QFile out(QString::fromStdString(path));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text.c_str());
    out.close();
    const std::string e = errorOf([&] { loadScenario(path); });
    QVERIFY2(QString::fromStdString(e).startsWith(QString::fromStdString(path + ": ") + expected),
             e.c_str());
  }

  // Results are the same physical motion whichever link is the root (the base-invariant solver
  // agrees with aba to ~2e-11 per call; 200 RK4 steps under computed torque).
  void rootedRunFollowsTheSameTrajectory() {
    Simulator aba(scenarioWith(""));
    const State reference = runToEnd(aba);
    QVERIFY((flat(reference) - flat(aba.initialState())).cwiseAbs().maxCoeff() > 0.1);
    QCOMPARE(solverLabel(aba.solver(), aba.model()), std::string("aba"));
    for (const char* root : {"", "link3", "link6"}) {
      const std::string extra =
          *root ? std::string(R"("root": ")") + root + "\"," : R"("solver": "base-invariant",)";
      Simulator sim(scenarioWith(extra));
      QCOMPARE(solverLabel(sim.solver(), sim.model()),
               std::string("base-invariant") + (*root ? std::string("@") + root : ""));
      const double err = test::relativeError(flat(runToEnd(sim)), flat(reference));
      qInfo("root '%s': final state relative to aba %.2g", root, err);
      QVERIFY2(err < 1e-9, test::describe(root, err, 1e-9).c_str());
    }
  }

  // setRoot re-roots a running simulation (same trajectory); setSolver keeps the root for
  // base-invariant only; a bad root changes nothing.
  void simulatorReRootsMidRun() {
    Simulator aba(scenarioWith(""));
    const State reference = runToEnd(aba);
    Simulator sim(scenarioWith(""));
    for (int k = 0; k < 50; ++k) sim.step();
    sim.setRoot("link4");
    QCOMPARE(sim.scenario().solver, std::string("base-invariant"));
    QCOMPARE(sim.scenario().root, std::string("link4"));
    QCOMPARE(solverLabel(sim.solver(), sim.model()), std::string("base-invariant@link4"));
    QVERIFY(!errorOf([&] { sim.setRoot("nope"); }).empty());
    QCOMPARE(solverLabel(sim.solver(), sim.model()), std::string("base-invariant@link4"));
    QCOMPARE(sim.scenario().root, std::string("link4"));
    for (int k = 0; k < 50; ++k) sim.step();
    sim.setSolver("base-invariant");  // keeps the root
    QCOMPARE(solverLabel(sim.solver(), sim.model()), std::string("base-invariant@link4"));
    for (int k = 0; k < 50; ++k) sim.step();
    sim.setSolver("crba");  // another solver has no root
    QVERIFY(sim.scenario().root.empty());
    QCOMPARE(solverLabel(sim.solver(), sim.model()), std::string("crba"));
    const double err = test::relativeError(flat(runToEnd(sim)), flat(reference));
    QVERIFY2(err < 1e-9, test::describe("re-rooted mid-run", err, 1e-9).c_str());
  }

  // A Scenario built in code with a root and another solver is refused by the Simulator.
  void simulatorRefusesARootWithAnotherSolver() {
    Scenario s = scenarioWith("");
    s.root = "link3";
    QVERIFY(!errorOf([&] { Simulator sim(s); }).empty());
  }
};

QTEST_GUILESS_MAIN(TestScenarioRoot)
#include "test_scenario_root.moc"
