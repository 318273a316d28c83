// VMS_NEEDS_MUJOCO: the attitude planner's spatial plans (core/analysis/attitude_loop_planner.hpp)
// checked with another engine's mass matrix, no code shared with the planner's integration:
// along the plan's corners the free joint of MuJoCo's copy of seed 004's spacecraft (the MJCF
// writer of the tests) moves with the zero-momentum velocity -M_bb^-1 M_bm dq, M = mj_fullM at
// each point, its pose advanced by mj_integratePos with explicit midpoint steps (1000 per
// radian; 500 give the same turn to 2e-7 rad, checked). The plans' net rotation
// agrees with the target to 1e-6 rad for a turn with x, y and z parts (joints 1-3) and a roll
// made by joints 1 and 2 alone (a loop in each corner direction).
#include <cmath>

#include "core/analysis/attitude_loop_planner.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/spatial/so3.hpp"
#include "mjcf_writer.hpp"
#include "mujoco_bridge.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kSpatial = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";

class MujocoConnection {
 public:
  MujocoConnection(const Model& model, const ModelDescription& description)
      : model_(model),
        mj_(test::loadMujoco(test::writeMjcf(description), "spatial.xml")),
        map_(test::mapMujoco(model, mj_->m())) {}

  // The net body-frame rotation along straight legs through `corners` from `start` (at rest),
  // `steps_per_rad` midpoint steps per radian of the longest joint motion of a leg.
  Quat turn(const State& start, const std::vector<VecX>& corners, double steps_per_rad) {
    mjModel* m = mj_->m();
    mjData* d = mj_->d();
    test::setMujocoState(model_, map_, start, VecX(), m, d);
    std::vector<mjtNum> qpos(d->qpos, d->qpos + m->nq), half(m->nq), qvel(m->nv);
    VecX q = start.q;
    for (const VecX& corner : corners) {
      const VecX dq = corner - q;
      const double length = dq.lpNorm<Eigen::Infinity>();
      if (length == 0.0) continue;
      const int n = std::max(1, static_cast<int>(std::ceil(length * steps_per_rad)));
      const double h = 1.0 / n;
      for (int k = 0; k < n; ++k) {
        velocity(qpos, q + (k * h) * dq, dq, qvel);
        half = qpos;
        mj_integratePos(m, half.data(), qvel.data(), 0.5 * h);
        velocity(half, q + ((k + 0.5) * h) * dq, dq, qvel);
        mj_integratePos(m, qpos.data(), qvel.data(), h);
      }
      q = corner;
    }
    const mjtNum* b = qpos.data() + map_.free_qpos + 3;
    const Quat end = Quat(b[0], b[1], b[2], b[3]).normalized();
    return Quat(start.base_orientation.conjugate() * end);
  }

 private:
  // MuJoCo's velocity (free joint: world linear, body angular; joints: dq) with zero momentum
  // at the base pose in `qpos` and joint positions q.
  void velocity(const std::vector<mjtNum>& qpos, const VecX& q, const VecX& dq,
                std::vector<mjtNum>& qvel) {
    mjModel* m = mj_->m();
    mjData* d = mj_->d();
    std::copy(qpos.begin(), qpos.end(), d->qpos);
    for (int k = 0; k < model_.njoints; ++k) d->qpos[map_.joint_qpos[std::size_t(k)]] = q[k];
    mj_fwdPosition(m, d);
    MatX M(m->nv, m->nv);
    Eigen::Matrix<mjtNum, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> dense(m->nv, m->nv);
    mj_fullM(m, dense.data(), d->qM);
    M = dense;
    Eigen::Matrix<double, 6, 6> Mbb;
    Eigen::Matrix<double, 6, 1> rhs = Eigen::Matrix<double, 6, 1>::Zero();
    for (int a = 0; a < 6; ++a) {
      for (int b = 0; b < 6; ++b) Mbb(a, b) = M(map_.free_dof + a, map_.free_dof + b);
      for (int k = 0; k < model_.njoints; ++k)
        rhs[a] -= M(map_.free_dof + a, map_.joint_dof[std::size_t(k)]) * dq[k];
    }
    const Eigen::Matrix<double, 6, 1> v = Mbb.llt().solve(rhs);
    std::fill(qvel.begin(), qvel.end(), 0.0);
    for (int a = 0; a < 6; ++a) qvel[std::size_t(map_.free_dof + a)] = v[a];
    for (int k = 0; k < model_.njoints; ++k)
      qvel[std::size_t(map_.joint_dof[std::size_t(k)])] = dq[k];
  }

  const Model& model_;
  std::unique_ptr<test::MujocoInstance> mj_;
  test::MujocoMap map_;
};

}  // namespace

class TestAttitudePlanMujoco : public QObject {
  Q_OBJECT
 private slots:
  void spatialPlansTurnMujocosSpacecraft();
};

void TestAttitudePlanMujoco::spatialPlansTurnMujocosSpacecraft() {
  const ModelDescription description = loadModelDescription(kSpatial);
  const Model model = compileModel(description);
  MujocoConnection mujoco(model, description);
  State start = State::neutral(model);
  start.base_orientation = quatExp(Vec3(-0.2, 0.4, 0.1));
  struct Case {
    std::vector<int> joints;
    Vec3 turn;
  };
  for (const Case& c : {Case{{0, 1, 2}, Vec3(0.1, -0.15, 0.2)}, Case{{0, 1}, Vec3(0.3, 0, 0)}}) {
    const AttitudeLoopPlan plan = planAttitudeTurn(model, start, c.joints, c.turn);
    QVERIFY2(plan.reached, plan.message.c_str());
    const Quat coarse = mujoco.turn(start, plan.corners, 500.0);
    const Quat fine = mujoco.turn(start, plan.corners, 1000.0);
    const double refinement = coarse.angularDistance(fine);
    const double error = fine.angularDistance(quatExp(c.turn));
    qInfo(
        "joints %d, turn (%g, %g, %g): %d loops; MuJoCo's turn %.3g rad from the target "
        "(steps doubled: %.3g rad)",
        int(c.joints.size()), c.turn.x(), c.turn.y(), c.turn.z(), int(plan.loops.size()), error,
        refinement);
    QVERIFY(refinement <= 2e-7);
    QVERIFY(error <= 1e-6);
  }
}

QTEST_APPLESS_MAIN(TestAttitudePlanMujoco)
#include "test_attitude_plan_mujoco.moc"
