// The per-frame analysis functions that claim it never touch the heap once their workspaces
// exist: computeGeneralizedJacobian, operationalSpaceInertiaAllBodies, momentumPartition,
// powerBalance, vehicleReaction, attitudeDeviationAngle (manipulability() and
// operationalSpaceInertia() do allocate: SVD and dense solves on dynamic sizes).
#include "allocation_counter.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/analysis/momentum_partition.hpp"
#include "core/analysis/operational_space_inertia_recursive.hpp"
#include "core/analysis/power_balance.hpp"
#include "core/analysis/vehicle_reaction.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

class TestAnalysisNoAllocation : public QObject {
  Q_OBJECT
 private slots:
  void perFrameFunctions_data();
  void perFrameFunctions();
};

void TestAnalysisNoAllocation::perFrameFunctions_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Fixed})
    QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisNoAllocation::perFrameFunctions() {
  QFETCH(int, base);
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  RandomTreeOptions o;
  o.bodies = 12;
  o.base = static_cast<BaseType>(base);
  o.fixed_links = 2;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0, 0, -9.81);
  const Model m = compileModel(d);
  Data data(m);
  const State s = randomState(m, 2);
  const VecX tau = VecX::Constant(m.njoints, 0.2);
  ExternalForces ext;
  ext.base_wrench_body << 1, 2, 3, 4, 5, 6;
  GeneralizedJacobian gj(m);
  OperationalSpaceInertiaSweeps sweeps(m);
  const int frame = static_cast<int>(m.frames.size()) - 1;
  double sink = 0;
  auto once = [&] {
    crba(m, data, s);
    computeFrameGeneralizedJacobian(m, data, frame, gj);
    sink += gj.Jstar(0, 0);
    if (m.base_type == BaseType::Free) {
      operationalSpaceInertiaAllBodies(m, data, s, sweeps);
      sink += sweeps.Lambda.back()(0, 0);
    }
    computeKinematics(m, data, s);
    sink += momentumPartition(m, data).kinetic_total;
    sink += powerBalance(m, data, s, tau, ext, true).total;
    sink += vehicleReaction(m, data, s, tau, ext).body[0];
    sink += attitudeDeviationAngle(Quat::Identity(), s.base_orientation);
  };
  once();
  const long before = test::heapAllocations();
  for (int i = 0; i < 5; ++i) once();
  QCOMPARE(test::heapAllocations(), before);
  QVERIFY(std::isfinite(sink));
}

QTEST_APPLESS_MAIN(TestAnalysisNoAllocation)
#include "test_analysis_no_allocation.moc"
