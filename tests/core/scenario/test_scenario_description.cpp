// ScenarioDescription (issue 8): reading and writing a scenario file round-trip exactly, a
// description made in memory (no file at all) assembles and runs, and assembly names the key
// path of every name it cannot resolve.
#include <QDir>

#include "core/model/sample_models.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::errorOf;

namespace {

QStringList exampleScenarios() {
  QDir models(QStringLiteral(VMS_SOURCE_DIR "/models"));
  QStringList out;
  for (const QString& f : models.entryList({"*.scenario.json"}, QDir::Files, QDir::Name))
    out << models.filePath(f);
  return out;
}

/// The state after `steps` steps of the scenario.
State run(const Scenario& scenario, int steps) {
  Simulator sim(scenario);
  for (int k = 0; k < steps && !sim.finished(); ++k) sim.step();
  return sim.state();
}

bool bitwiseEqual(const State& a, const State& b) {
  return a.base_position == b.base_position &&
         a.base_orientation.coeffs() == b.base_orientation.coeffs() &&
         a.base_twist == b.base_twist && a.q == b.q && a.qd == b.qd;
}

ScenarioDescription inMemoryScenario() {
  ScenarioDescription d;
  d.source = "(in memory)";
  RandomTreeOptions o;
  o.bodies = 4;
  o.chain = true;
  o.seed = 3;
  d.model.description = randomTree(o);  // inline: no path
  StateReference s;
  s.source = "(in memory): initial_state";
  s.description.q = std::vector<double>{0.1, -0.2, 0.3};
  s.description.qd = std::vector<double>{0.0, 0.5, 0.0};
  d.initial_state = s;
  JointPDDescription pd;
  QuinticTrajectoryDescription quintic;
  quintic.target = {0.5, 0.5, 0.5};
  quintic.duration = 0.5;
  pd.trajectory = quintic;
  pd.gains.gains = JointGainsDescription::Explicit{{4.0}, {2.0, 2.0, 3.0}};
  d.controllers.push_back(pd);
  d.duration = 0.2;
  d.dt = 0.01;
  return d;
}

}  // namespace

class TestScenarioDescription : public QObject {
  Q_OBJECT
 private slots:
  // read -> write -> read: the same text and, run, bitwise the same motion.
  void examplesRoundTrip() {
    const QStringList files = exampleScenarios();
    QVERIFY(files.size() >= 10);
    for (const QString& file : files) {
      const std::string path = file.toStdString();
      const ScenarioDescription d = readScenarioDescription(path);
      const std::string text = writeScenarioJson(d);
      const ScenarioDescription again = parseScenarioDescription(text, path, scenarioFolder(path));
      QVERIFY2(writeScenarioJson(again) == text, qPrintable(file));
      const State a = run(assembleScenario(d), 50);
      const State b = run(assembleScenario(again), 50);
      QVERIFY2(bitwiseEqual(a, b), qPrintable(file));
      // And the same as the file read by loadScenario.
      QVERIFY2(bitwiseEqual(a, run(loadScenario(path), 50)), qPrintable(file));
    }
  }

  void inMemoryDescriptionAssemblesAndRuns() {
    const ScenarioDescription d = inMemoryScenario();
    const Scenario s = assembleScenario(d);
    QCOMPARE(s.controllers.size(), size_t(1));
    const auto& pd = std::get<JointPDSetup>(s.controllers[0]);
    QCOMPARE(pd.gains.kd[2], 3.0);
    QCOMPARE(pd.gains.kp[1], 4.0);  // one value: every joint
    const State end = run(s, 20);
    QVERIFY(end.allFinite());
    QVERIFY(end.q != s.initial_state.q);
    // Written (model and state inline) and read back: the same run.
    const std::string text = writeScenarioJson(d);
    const ScenarioDescription again = parseScenarioDescription(text, "inline.scenario.json", "");
    QVERIFY(bitwiseEqual(run(assembleScenario(again), 20), end));
  }

  void assemblyNamesTheKeyPath_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("expected");
    QTest::newRow("joint") << 0 << "(in memory): controllers[0].joints[1]: unknown joint 'nope'";
    QTest::newRow("trajectory size")
        << 1 << "(in memory): controllers[0].trajectory.target: expected 3 numbers, got 2";
    QTest::newRow("gain size")
        << 2 << "(in memory): controllers[0].gains.kd: expected 3 numbers (one per controlled";
    QTest::newRow("frame") << 3 << "(in memory): controllers[1].frame: unknown frame 'tool'";
    QTest::newRow("thruster link")
        << 4 << "(in memory): actuators.thrusters[0].link: unknown link or frame 'fin'";
    QTest::newRow("state size") << 5 << "(in memory): initial_state: q: expected 3 numbers";
    QTest::newRow("solver") << 6 << "(in memory): solver: unknown solver 'x' (available: aba";
    QTest::newRow("wheels without wheels")
        << 7 << "(in memory): controllers[1].type: wheel_attitude needs actuators.reaction_wheels";
    QTest::newRow("model") << 8 << "(in memory): model: link #2 'a\\nb': invalid name";
  }

  void assemblyNamesTheKeyPath() {
    QFETCH(int, which);
    QFETCH(QString, expected);
    ScenarioDescription d = inMemoryScenario();
    auto& pd = std::get<JointPDDescription>(d.controllers[0]);
    switch (which) {
      case 0:
        pd.joints = std::vector<std::string>{d.model.description.joints[0].name, "nope"};
        break;
      case 1:
        std::get<QuinticTrajectoryDescription>(*pd.trajectory).target = {1.0, 2.0};
        break;
      case 2:
        pd.gains.gains->kd = {1.0, 2.0};
        break;
      case 3: {
        ResolvedRateDescription rr;
        rr.frame = "tool";
        d.controllers.push_back(rr);
        break;
      }
      case 4: {
        ThrusterSpec t;
        t.name = "t";
        t.link = "fin";
        t.max_force = 1.0;
        d.thrusters.push_back(t);
        d.mode = ManeuveringMode::Flying;
        break;
      }
      case 5:
        d.initial_state->description.q = std::vector<double>{0.0};
        break;
      case 6:
        d.solver = "x";
        break;
      case 7:
        d.controllers.push_back(WheelAttitudeDescription{});
        break;
      case 8:
        d.model.description.links[1].name = "a\nb";
        break;
    }
    const std::string e = errorOf([&] { assembleScenario(d); });
    QVERIFY2(QString::fromStdString(e).startsWith(expected), e.c_str());
  }
};

QTEST_GUILESS_MAIN(TestScenarioDescription)
#include "test_scenario_description.moc"
