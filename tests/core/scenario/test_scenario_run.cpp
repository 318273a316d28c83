// The run loop (core/scenario/scenario_run): against a loop written out here with the
// Simulator, the output quantities and the statistics (the rows at every output_every-th step
// and at the end, every summary figure, bit for bit; stepping in chunks changes nothing), the
// divergence rule (tests/data/diverging_slider.scenario.json: the work of its joint force
// overflows while the state is still finite; the run stops at the first such instant, found
// here step by step, with a message naming both times and the work; it resumes from the last finite
// instant), a first instant that is not finite, and restarts between steps.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "core/actuators/reaction_wheel.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/scenario/output_table.hpp"
#include "core/scenario/scenario_run.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Scenario model(const char* name) {
  return loadScenario(std::string(VMS_SOURCE_DIR "/models/") + name + ".scenario.json");
}

Scenario diverging() {
  return loadScenario(VMS_SOURCE_DIR "/tests/data/diverging_slider.scenario.json");
}

bool same(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The run written out: every step's snapshot reduced, the CSV quantities of the output
// instants kept; stops before the first instant with a figure that is not finite.
struct ByHand {
  std::vector<double> rows;
  std::vector<std::pair<std::string, double>> summary;
  double diverged_at = -1.0, last_finite = -1.0;
  const char* what = nullptr;
  State last_state;
};

ByHand runByHand(const Scenario& sc) {
  Simulator sim(sc);
  const OutputQuantities quantities = OutputQuantities::forScenario(sc);
  OutputStatistics statistics(quantities, summaryFigures(sc, !sim.externalWork()));
  std::unique_ptr<EndEffectorAnalyzer> analyzer;
  if (sc.analysis) {
    std::vector<int> wheels;
    if (!sc.reaction_wheels.empty()) wheels = reactionWheelJoints(sc.model, sc.reaction_wheels);
    analyzer =
        std::make_unique<EndEffectorAnalyzer>(sc.model, sc.analysis->end_effector_frame, wheels);
  }
  EndEffectorAnalysis analysis;
  OutputAnalysis figures;
  ByHand out;
  const Snapshot first = sim.snapshot();
  auto take = [&](const Snapshot& s, bool row) {
    if (analyzer) {
      analyzer->compute(s.state, VecX::Zero(sc.model.njoints), analysis);
      figures = OutputAnalysis(analysis);
    }
    const OutputSample at{&s, analyzer ? &figures : nullptr};
    statistics.accumulate(at, first);
    if (row)
      for (const OutputQuantity& q : quantities.all())
        if (q.isCsvColumn()) out.rows.push_back(q.value(at, first));
    out.last_finite = s.time;
    out.last_state = s.state;
  };
  take(first, true);
  while (!sim.finished()) {
    try {
      sim.step();
    } catch (const SimulationDiverged& e) {
      out.diverged_at = e.time;
      out.what = "state";
      break;
    }
    const Snapshot s = sim.snapshot();
    out.what = nonFiniteFigure(s);
    if (out.what) {
      out.diverged_at = s.time;
      break;
    }
    take(s, sim.stepIndex() % sc.output_every == 0 || sim.finished());
  }
  for (SummarySection section :
       {SummarySection::Momentum, SummarySection::Energy, SummarySection::Vehicle,
        SummarySection::Tracking, SummarySection::Analysis})
    for (const OutputStatistics::Figure& f : statistics.figures()) {
      if (f.spec.section != section) continue;
      out.summary.emplace_back(f.spec.key, f.value);
      if (f.relative()) out.summary.emplace_back(f.spec.key + "_relative", f.relativeValue());
    }
  return out;
}

void compareRows(const std::vector<double>& got, const std::vector<double>& expected) {
  QCOMPARE(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i)
    if (!same(got[i], expected[i]))
      QFAIL(qPrintable(QString("value %1: %2 vs %3")
                           .arg(i)
                           .arg(got[i], 0, 'g', 17)
                           .arg(expected[i], 0, 'g', 17)));
}

void compareSummary(const std::vector<std::pair<std::string, double>>& got,
                    const std::vector<std::pair<std::string, double>>& expected) {
  QCOMPARE(got.size(), expected.size());
  QVERIFY(!got.empty());
  for (size_t i = 0; i < got.size(); ++i) {
    QCOMPARE(got[i].first, expected[i].first);
    QVERIFY2(same(got[i].second, expected[i].second), got[i].first.c_str());
  }
}

}  // namespace

class TestScenarioRun : public QObject {
  Q_OBJECT
 private slots:
  void runsAsTheLoopWrittenOut_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<double>("duration");
    QTest::addColumn<long>("output_every");
    // 2.055 s: the last step is shortened, and the end is an output instant of its own.
    QTest::newRow("planar, computed torque") << "seed004_planar_one_joint" << 2.055 << 10L;
    QTest::newRow("spart, analysis") << "spart_tutorial_5dof" << 0.5 << 7L;
    QTest::newRow("wheel slew") << "seed004_spatial_wheel_slew" << 1.0 << 1L;
  }
  void runsAsTheLoopWrittenOut() {
    QFETCH(QString, scenario);
    QFETCH(double, duration);
    QFETCH(long, output_every);
    Scenario sc = model(scenario.toUtf8().constData());
    sc.duration = duration;
    sc.output_every = output_every;
    const ByHand expected = runByHand(sc);
    QCOMPARE(expected.diverged_at, -1.0);

    ScenarioRun run(sc);
    OutputTable table(run.quantities());
    run.setOutput(&table);
    QVERIFY(run.runToEnd());
    QVERIFY(run.finished());
    QVERIFY(!run.diverged());
    QVERIFY(run.divergenceMessage().empty());
    QCOMPARE(table.columns(), run.columns());
    compareRows(table.values(), expected.rows);
    compareSummary(run.summaryNumbers(), expected.summary);
    const long steps = run.simulator().stepIndex();
    QCOMPARE(run.steps(), steps);
    QCOMPARE(table.rowCount(), 1 + steps / output_every + (steps % output_every ? 1 : 0));
    QCOMPARE(run.analysisTaskDimension() > 0, sc.analysis.has_value());

    // In chunks of 1 and 7 steps: the same rows and figures.
    for (long chunk : {1L, 7L}) {
      ScenarioRun chunked(sc);
      OutputTable rows(chunked.quantities());
      chunked.setOutput(&rows);
      long taken = 0;
      while (const long n = chunked.advance(chunk)) {
        QVERIFY(n <= chunk);
        taken += n;
      }
      QCOMPARE(taken, steps);
      QCOMPARE(chunked.advance(5), 0L);  // finished
      compareRows(rows.values(), expected.rows);
      compareSummary(chunked.summaryNumbers(), expected.summary);
    }
  }

  void divergesWhereTheWorkOverflows() {
    const Scenario sc = diverging();
    const ByHand expected = runByHand(sc);
    // The scenario does what it is for: the work of the joint forces overflows while the
    // state is finite.
    QVERIFY(expected.diverged_at > 0.0);
    QCOMPARE(QString(expected.what), QString("actuator work"));
    {
      Simulator sim(sc);
      while (sim.time() < expected.diverged_at - 0.5 * sc.dt) sim.step();
      QCOMPARE(sim.time(), expected.diverged_at);
      QVERIFY(sim.state().allFinite());
      QVERIFY(!std::isfinite(sim.snapshot().actuator_work));
    }
    ScenarioRun run(sc);
    OutputTable table(run.quantities());
    run.setOutput(&table);
    QVERIFY(!run.runToEnd());
    QVERIFY(run.diverged());
    QVERIFY(!run.finished());
    char message[256];
    std::snprintf(message, sizeof message,
                  "simulation diverged at t = %.17g s (actuator work became NaN/Inf); last finite "
                  "state at t = %.17g s",
                  expected.diverged_at, expected.last_finite);
    QCOMPARE(run.divergenceMessage(), std::string(message));
    QCOMPARE(run.divergenceTime(), expected.diverged_at);
    QCOMPARE(run.current().time, expected.last_finite);
    QCOMPARE(run.steps(), std::lround(expected.last_finite / sc.dt));
    // Rows and figures cover the instants up to the last finite one, all finite.
    compareRows(table.values(), expected.rows);
    compareSummary(run.summaryNumbers(), expected.summary);
    for (double v : table.values()) QVERIFY(std::isfinite(v));
    QCOMPARE(run.advance(10), 0L);  // a diverged run does not step

    // Resumed at the last finite instant (the desktop's "a smaller dt may go on from there").
    QVERIFY(run.resumeFromLastFinite());
    QVERIFY(!run.diverged());
    QCOMPARE(run.simulator().time(), expected.last_finite);
    QVERIFY(run.simulator().state().q == expected.last_state.q);
    QVERIFY(run.simulator().state().qd == expected.last_state.qd);
    QVERIFY(run.atOutputInstant());  // the steps count from the restart
    QCOMPARE(run.advance(1), 1L);    // the same step again: the same overflow
    QVERIFY(run.diverged());
    QCOMPARE(run.divergenceTime(), expected.diverged_at);
  }

  void aFirstInstantThatIsNotFinite() {
    Scenario sc = model("seed004_planar_one_joint");
    sc.initial_state.qd[0] = std::numeric_limits<double>::quiet_NaN();
    ScenarioRun run(sc);
    QVERIFY(run.diverged());
    QCOMPARE(run.divergenceMessage(), std::string("the initial state is not finite (NaN/Inf)"));
    OutputTable table(run.quantities());
    run.setOutput(&table);
    QCOMPARE(table.rowCount(), 0L);
    QCOMPARE(run.advance(3), 0L);
    QVERIFY(!run.resumeFromLastFinite());
    QVERIFY(!run.runToEnd());
  }

  void restartsBetweenSteps() {
    Scenario sc = model("seed004_planar_one_joint");
    sc.output_every = 4;
    ScenarioRun run(sc);
    OutputTable table(run.quantities());
    run.setOutput(&table);
    QCOMPARE(table.rowCount(), 1L);
    QCOMPARE(run.advance(6), 6L);
    QCOMPARE(table.rowCount(), 2L);  // steps 0 and 4
    // Posed elsewhere at t = 0.06: a new current instant, not written; the stride restarts.
    State posed = run.current().state;
    posed.q[1] += 0.3;
    run.restart(posed, 0.06, 0.0);
    QCOMPARE(run.current().time, 0.06);
    QVERIFY(run.current().state.q == posed.q);
    QVERIFY(run.atOutputInstant());
    QCOMPARE(table.rowCount(), 2L);
    QCOMPARE(run.advance(4), 4L);
    QCOMPARE(table.rowCount(), 3L);
    QCOMPARE(table.value(2, 0), run.current().time);
    // A change between steps (a pull), then refresh(): the current instant shows it.
    PerturbationSpec pull;
    pull.body = 2;
    pull.target_world = Vec3(1, 1, 0);
    pull.stiffness = 10.0;
    pull.damping = 1.0;
    run.simulator().setPerturbation(pull);
    QCOMPARE(run.current().perturbed_body, -1);
    run.refresh();
    QCOMPARE(run.current().perturbed_body, 2);
    // Output attached after stepping: the next output instant, not the current one.
    ScenarioRun later(sc);
    QCOMPARE(later.advance(2), 2L);
    OutputTable rows(later.quantities());
    later.setOutput(&rows);
    QCOMPARE(rows.rowCount(), 0L);
    later.advance(2);
    QCOMPARE(rows.rowCount(), 1L);
  }
};

QTEST_APPLESS_MAIN(TestScenarioRun)
#include "test_scenario_run.moc"
