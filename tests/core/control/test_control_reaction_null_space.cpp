// Reactionless joint rates (core/control/reaction_null_space.hpp) on free-floating 6- and
// 8-joint chains, the task the end effector's rows of the generalized Jacobian J*:
// - inside the reaction null space the rates do not turn the vehicle (|D qd| <= 1e-12 |qd|)
//   and meet the task (|J qd - v| <= 1e-9 |v|), and they are the task-meeting rates of least
//   norm within null(D) (any other null-space rates meeting the task are longer);
// - a task with more rows than the null space has dimensions leaves it: the command says so
//   and returns the least-disturbance rates, which no random perturbation improves (the
//   objective |D qd|^2 + w |J qd - v|^2 + mu |qd|^2 only grows);
// - no heap allocation after construction.
#include <random>

#include "allocation_counter.hpp"
#include "core/algorithms/crba.hpp"
#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/control/reaction_null_space.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

struct Setup {
  Model model;
  State state;
  Mat3X D;
  MatX J;  // task rows of J*
};

Setup setup(int bodies, std::uint64_t seed, int task_rows) {
  Setup s{compileModel(test::randomDescription(BaseType::Free, seed, true, bodies, 0)), {}, {}, {}};
  s.state = randomState(s.model, seed + 1);
  Data d(s.model);
  AttitudeDisturbance disturbance(s.model);
  disturbance.compute(s.model, d, s.state);
  s.D = disturbance.matrix();
  GeneralizedJacobian gj(s.model);
  crba(s.model, d, s.state);
  computeFrameGeneralizedJacobian(s.model, d, int(s.model.frames.size()) - 1, gj);
  s.J = gj.Jstar.topRows(task_rows);
  return s;
}

double objective(const Setup& s, const VecX& qd, const VecX& v, const ReactionlessOptions& o) {
  return (s.D * qd).squaredNorm() + o.task_weight * (s.J * qd - v).squaredNorm() +
         o.regularisation * qd.squaredNorm();
}

}  // namespace

class TestControlReactionNullSpace : public QObject {
  Q_OBJECT
 private slots:
  void insideTheNullSpace() {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      const Setup s = setup(8, seed, 3);  // 7 joints: a 4-dimensional null space, 3 task rows
      ReactionNullSpaceSolver solver(s.model.njoints, 3);
      ReactionlessOptions o;
      o.epsilon = 0;  // the exact pseudo-inverse
      const VecX v = Vec3(0.1, -0.05, 0.02);
      VecX qd;
      const ReactionlessCommand c = solver.solve(s.D, s.J, v, o, qd);
      QVERIFY(c.in_null_space);
      QCOMPARE(c.null_space_dimension, s.model.njoints - 3);
      QVERIFY2((s.D * qd).norm() <= 1e-12 * qd.norm(),
               qPrintable(QString::number((s.D * qd).norm())));
      QVERIFY((s.J * qd - v).norm() <= 1e-9 * v.norm());
      QVERIFY(c.disturbance <= 1e-12 * qd.norm());
      // Least norm among the null-space rates that meet the task: adding a null-space motion
      // that the task does not see makes the rates longer.
      const MatX N = reactionNullSpaceBasis(s.D);
      const MatX JN = s.J * N;
      const Eigen::JacobiSVD<MatX> svd(JN, Eigen::ComputeFullV);
      const VecX invisible = N * svd.matrixV().col(N.cols() - 1);  // J N z = 0 for the last
      QVERIFY((s.J * invisible).norm() < 1e-10);
      QVERIFY((s.D * invisible).norm() < 1e-10);
      QVERIFY((qd + 0.1 * invisible).norm() > qd.norm());
      QVERIFY((qd - 0.1 * invisible).norm() > qd.norm());
    }
  }

  void leavingTheNullSpaceGivesTheLeastDisturbance() {
    const Setup s = setup(7, 4, 6);  // 6 joints: a 3-dimensional null space, 6 task rows
    ReactionNullSpaceSolver solver(s.model.njoints, 6);
    ReactionlessOptions o;
    Vec6 v6;
    v6 << 0.1, -0.05, 0.02, 0.1, 0.0, -0.1;
    const VecX v = v6;
    VecX qd;
    const ReactionlessCommand c = solver.solve(s.D, s.J, v, o, qd);
    QVERIFY(!c.in_null_space);
    QVERIFY(c.disturbance > 0);
    QCOMPARE(c.disturbance, (s.D * qd).norm());
    QCOMPARE(c.task_residual, (s.J * qd - v).norm());
    const double best = objective(s, qd, v, o);
    std::mt19937_64 rng(5);
    std::normal_distribution<double> normal;
    for (int trial = 0; trial < 200; ++trial) {
      VecX delta(qd.size());
      for (Eigen::Index k = 0; k < delta.size(); ++k) delta[k] = normal(rng);
      delta *= 1e-4 / delta.norm();
      QVERIFY(objective(s, qd + delta, v, o) >= best);
    }
    qInfo("task left the null space: residual %.3g, vehicle rate %.3g rad/s per %.3g of task",
          c.task_residual, c.disturbance, v.norm());
  }

  void solveMakesNoHeapAllocation() {
    if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
    const Setup s = setup(7, 6, 6);
    ReactionNullSpaceSolver solver(s.model.njoints, 6);
    VecX qd = VecX::Zero(s.model.njoints);
    const VecX v = VecX::Constant(6, 0.1);
    solver.solve(s.D, s.J, v, {}, qd);
    const long before = test::heapAllocations();
    const ReactionlessCommand c = solver.solve(s.D, s.J, v, {}, qd);
    QCOMPARE(test::heapAllocations() - before, 0L);
    QVERIFY(!c.in_null_space);  // both branches ran
  }
};

QTEST_APPLESS_MAIN(TestControlReactionNullSpace)
#include "test_control_reaction_null_space.moc"
