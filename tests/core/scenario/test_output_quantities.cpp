// The table of output quantities (core/scenario/output_quantities.hpp): the CSV columns of a
// scenario in `vms run`'s order (per-scenario joints, thrusters, tracking and analysis
// columns), units by joint type, values read from the snapshot and the first snapshot; the
// summary statistics (output_statistics.hpp) reduce the same quantities; evaluating every
// quantity, accumulating the statistics and writing a CSV row allocate nothing.
#include <cstdio>

#include "allocation_counter.hpp"
#include "core/scenario/output_csv.hpp"
#include "core/scenario/output_statistics.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Scenario example(const char* name) {
  return loadScenario(std::string(VMS_SOURCE_DIR "/models/") + name + ".scenario.json");
}

std::vector<std::string> columnsStartingWith(const std::vector<std::string>& columns,
                                             const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& c : columns)
    if (c.rfind(prefix, 0) == 0) out.push_back(c);
  return out;
}

}  // namespace

class TestOutputQuantities : public QObject {
  Q_OBJECT
 private slots:
  void csvColumnsFollowTheScenario() {
    const Scenario flying = example("seed004_spatial_translation_flying");
    const std::vector<std::string> columns = OutputQuantities::forScenario(flying).csvColumns();
    const std::vector<std::string> head = {"t",       "base_px", "base_py", "base_pz", "base_qw",
                                           "base_qx", "base_qy", "base_qz", "base_vx", "base_vy",
                                           "base_vz", "base_wx", "base_wy", "base_wz"};
    QVERIFY(std::equal(head.begin(), head.end(), columns.begin()));
    const Model& m = flying.model;
    QCOMPARE(columnsStartingWith(columns, "q:").size(), size_t(m.njoints));
    QCOMPARE(columnsStartingWith(columns, "tau:").size(), size_t(m.njoints));
    QCOMPARE(columnsStartingWith(columns, "thrust:").size(), flying.thrusters.size());
    QCOMPARE(columns[14 + 2 * m.njoints], std::string("Px"));
    QCOMPARE(columns[14 + 2 * m.njoints + 6], std::string("T"));
    QCOMPARE(columns[14 + 2 * m.njoints + 7], "tau:" + m.joint_names[0]);
    const std::vector<std::string> tail = {"energy", "actuator_work", "tracking_error"};
    QVERIFY(std::equal(tail.begin(), tail.end(), columns.end() - 3));

    // No controllers, no analysis: neither tracking_error nor manipulability_* are columns,
    // but both stay in the table (the desktop plots them).
    const Scenario coasting = example("seed000_prismatic_se3");
    const OutputQuantities table = OutputQuantities::forScenario(coasting);
    const std::vector<std::string> plain = table.csvColumns();
    QCOMPARE(plain.back(), std::string("actuator_work"));
    QVERIFY(table.find("tracking_error") && !table.find("tracking_error")->isCsvColumn());
    QVERIFY(table.find("manipulability_fixed")->isPlotted());
    // Prismatic joints in metres.
    for (const std::string& j : coasting.model.joint_names) {
      const OutputQuantity* q = table.find("q:" + j);
      QVERIFY(q->unit == "m" || q->unit == "rad");
      QCOMPARE(table.find("tau:" + j)->unit, std::string(q->unit == "m" ? "N" : "N m"));
    }

    const Scenario spart = example("spart_tutorial_5dof");
    const std::vector<std::string> analysed = OutputQuantities::forScenario(spart).csvColumns();
    QCOMPARE(analysed.back(), std::string("manipulability_floating"));
    QCOMPARE(analysed[analysed.size() - 2], std::string("manipulability_fixed"));
  }

  void valuesAndStatistics() {
    const Scenario spart = example("spart_tutorial_5dof");
    Simulator sim(spart);
    const OutputQuantities table = OutputQuantities::forScenario(spart);
    OutputStatistics stats(table, summaryFigures(spart, !sim.externalWork()));
    Snapshot first = sim.snapshot(), s;
    double max_drift = 0.0, max_att = 0.0;
    for (int i = 0; i < 50; ++i) {
      sim.step();
      sim.snapshot(s);
      const OutputSample at{&s, nullptr};
      QCOMPARE(table.find("Lz")->value(at, first), s.momenta.angular_origin_total.z());
      QCOMPARE(table.find("q:" + spart.model.joint_names[1])->value(at, first), s.state.q[1]);
      QCOMPARE(table.find("drift_P")->value(at, first),
               (s.momenta.linear_total - first.momenta.linear_total).norm());
      QVERIFY(std::isnan(table.find("manipulability_fixed")->value(at, first)));  // no analysis
      max_drift = std::max(max_drift, table.find("drift_L")->value(at, first));
      max_att = std::max(max_att, s.vehicle_attitude_deviation);
      stats.accumulate(at, first);
    }
    for (const auto& f : stats.figures()) {
      if (f.spec.key == "angular_momentum_drift") QCOMPARE(f.value, max_drift);
      if (f.spec.key == "max_vehicle_attitude_deviation") QCOMPARE(f.value, max_att);
      if (f.spec.key == "final_vehicle_attitude_deviation")
        QCOMPARE(f.value, s.vehicle_attitude_deviation);
    }
    QVERIFY(max_att > 0.0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             OutputStatistics(table, {{"x", "no_such_quantity", Reduction::Max,
                                                       SummarySection::Momentum, ""}}));
  }

  // reactionless_* exist only with a reaction_null_space controller, as the last CSV columns
  // (every other column as without them), plotted in their own group; the summary's first
  // time outside is the time of the first instant whose reactionless_outside is 1 (-1 before).
  void reactionlessQuantitiesOnlyWithTheController() {
    const char* names[3] = {"reactionless_task_residual", "reactionless_vehicle_rate",
                            "reactionless_outside"};
    const Scenario reach = example("seed004_spatial_reach");
    const OutputQuantities without = OutputQuantities::forScenario(reach);
    for (const char* n : names) QVERIFY(!without.find(n));
    for (const SummaryFigureSpec& f : summaryFigures(reach, true))
      QVERIFY(f.key.find("reactionless") == std::string::npos);

    const Scenario sc = example("seed004_spatial_reactionless");
    QVERIFY(hasReactionNullSpaceController(sc) && !hasReactionNullSpaceController(reach));
    const OutputQuantities table = OutputQuantities::forScenario(sc);
    const std::vector<std::string> columns = table.csvColumns();
    QCOMPARE(std::vector<std::string>(columns.end() - 3, columns.end()),
             std::vector<std::string>(names, names + 3));
    Scenario plain = sc;  // the same scenario with a plain resolved-rate controller
    std::get<ResolvedRateSetup>(plain.controllers[0]).options.reactionless = false;
    QCOMPARE(OutputQuantities::forScenario(plain).csvColumns(),
             std::vector<std::string>(columns.begin(), columns.end() - 3));
    for (const char* n : names) {
      QVERIFY(table.find(n)->isPlotted());
      QCOMPARE(table.find(n)->group, std::string("Reaction null space"));
    }

    OutputStatistics stats(table, summaryFigures(sc, true));
    Snapshot first = Simulator(sc).snapshot(), s = first;
    const auto figure = [&](const std::string& key) {
      for (const auto& f : stats.figures())
        if (f.spec.key == key) return f.value;
      return -2.0;
    };
    const double times[4] = {0.1, 0.2, 0.3, 0.4};
    const bool outside[4] = {false, true, false, true};
    const double residual[4] = {0.0, 0.5, 0.0, 0.25}, rate[4] = {0.0, 1e-4, 0.0, 3e-4};
    for (int i = 0; i < 4; ++i) {
      s.time = times[i];
      s.reactionless = true;
      s.reactionless_outside = outside[i];
      s.reactionless_task_residual = residual[i];
      s.reactionless_vehicle_rate = rate[i];
      const OutputSample at{&s, nullptr};
      QCOMPARE(table.find("reactionless_outside")->value(at, first), outside[i] ? 1.0 : 0.0);
      QCOMPARE(table.find("reactionless_task_residual")->value(at, first), residual[i]);
      stats.accumulate(at, first);
      QCOMPARE(figure("reactionless_first_outside_time"), i == 0 ? -1.0 : 0.2);
    }
    QCOMPARE(figure("reactionless_task_residual_max"), 0.5);
    QCOMPARE(figure("reactionless_vehicle_rate_max"), 3e-4);
  }

  void evaluationAllocatesNothing() {
    if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
    const Scenario flying = example("seed003_inspection_flying");
    Simulator sim(flying);
    const OutputQuantities table = OutputQuantities::forScenario(flying);
    OutputStatistics stats(table, summaryFigures(flying, !sim.externalWork()));
    std::FILE* sink = std::fopen("/dev/null", "w");
    QVERIFY(sink);
    OutputCsvWriter csv(sink, table);
    csv.writeHeader();
    Snapshot first = sim.snapshot(), s = first;
    const OutputAnalysis analysis;
    double total = 0.0;
    auto once = [&] {
      sim.snapshot(s);
      const OutputSample at{&s, &analysis};
      for (const OutputQuantity& q : table.all()) {
        const double v = q.value(at, first);
        if (std::isfinite(v)) total += std::abs(v);
      }
      stats.accumulate(at, first);
      csv.writeRow(at, first);
    };
    once();
    const long before = test::heapAllocations();
    for (int i = 0; i < 20; ++i) once();
    const long allocations = test::heapAllocations() - before;
    std::fclose(sink);
    // Simulator::snapshot itself allocates for joint controllers' tracking error (a
    // temporary trajectory sample); the table, statistics and writer must add nothing: the
    // same loop without them allocates as much.
    const long before_snapshots = test::heapAllocations();
    for (int i = 0; i < 20; ++i) sim.snapshot(s);
    QCOMPARE(allocations, test::heapAllocations() - before_snapshots);
    QVERIFY(total > 0.0);
  }
};

QTEST_APPLESS_MAIN(TestOutputQuantities)
#include "test_output_quantities.moc"
