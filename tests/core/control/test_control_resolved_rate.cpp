// Resolved-motion rate control (seed 004 (111)) with the generalized Jacobian and adaptive
// damped least squares: a 6-dof arm on a free vehicle reaches a position + orientation
// target; near the stretched-arm singularity the joint rates stay bounded.
#include <cmath>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/control/resolved_rate.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/spatial/so3.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

// Vehicle plus a 6R arm along x: yaw (z), shoulder (y), elbow (y), roll (x), wrist pitch (y),
// wrist roll (x); tool frame 0.1 m past the last joint. q3 = 0 stretches the arm (elbow
// singularity), q5 = 0 aligns the roll axes (wrist singularity).
ModelDescription arm6() {
  ModelDescription d;
  d.name = "arm6";
  LinkDescription v;
  v.name = "vehicle";
  v.inertial.mass = 30.0;
  v.inertial.inertia = Vec3(3.0, 4.0, 3.5).asDiagonal();
  d.links.push_back(v);
  const Vec3 origins[6] = {{0.5, 0.0, 0.3}, {0.1, 0.0, 0.0}, {0.5, 0.0, 0.0},
                           {0.4, 0.0, 0.0}, {0.1, 0.0, 0.0}, {0.1, 0.0, 0.0}};
  const Vec3 axes[6] = {Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitY(),
                        Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitX()};
  std::string parent = "vehicle";
  for (int i = 0; i < 6; ++i) {
    LinkDescription l;
    l.name = "link" + std::to_string(i + 1);
    const bool long_link = i == 1 || i == 2;
    l.inertial.mass = long_link ? 2.0 : 1.0;
    l.inertial.com = long_link ? Vec3(0.2, 0.0, 0.0) : Vec3(0.05, 0.0, 0.0);
    l.inertial.inertia = long_link ? Mat3(Vec3(0.004, 0.03, 0.03).asDiagonal())
                                   : Mat3(Vec3(0.003, 0.004, 0.005).asDiagonal());
    d.links.push_back(l);
    JointDescription j;
    j.name = "j" + std::to_string(i + 1);
    j.kind = JointKind::Revolute;
    j.parent = parent;
    j.child = l.name;
    j.origin.p = origins[i];
    j.axis = axes[i];
    d.joints.push_back(j);
    parent = l.name;
  }
  FrameDescription f;
  f.name = "tool";
  f.link = "link6";
  f.origin.p = Vec3(0.1, 0.0, 0.0);
  d.frames.push_back(f);
  return d;
}

}  // namespace

class TestControlResolvedRate : public QObject {
  Q_OBJECT
 private slots:
  void dampedLeastSquaresBound();
  void reachesTargetOnFreeVehicle();
  void commandAccountsForMomentum();
  void boundedRatesNearStretchedArm();
};

void TestControlResolvedRate::dampedLeastSquaresBound() {
  // Away from singularities: the exact inverse; near them: gain <= 1/(2 lambda sqrt(...)).
  Mat6X J = Mat6X::Identity(6, 6);
  Vec6 v = Vec6::Ones();
  VecX x;
  QCOMPARE(dampedLeastSquares(J, v, 0.05, 0.025, x), 0.0);
  VMS_COMPARE_REL(x, VecX(v), 1e-15);
  J(5, 5) = 1e-9;
  const double l2 = dampedLeastSquares(J, v, 0.05, 0.025, x);
  QVERIFY(std::abs(l2 - 0.025 * 0.025) < 1e-12);
  QVERIFY(std::abs(x[5]) < 1e-9 / l2 * 1.0001);
}

void TestControlResolvedRate::reachesTargetOnFreeVehicle() {
  const Model m = compileModel(arm6());
  const int n = m.njoints;
  const int tool = m.frameIndex("tool");
  QVERIFY(tool >= 0);
  State s = State::neutral(m);
  s.q << 0.2, 0.5, -1.2, 0.3, 0.6, -0.2;
  Data data(m);
  forwardKinematics(m, data, s);
  const Pose X0 = framePose(m, data, tool);
  Pose target;
  target.p = X0.p + Vec3(-0.08, 0.05, 0.06);
  target.R = X0.R * so3Exp(Vec3(0.2, -0.1, 0.15));
  ComputedTorqueController ctc(m, nullptr, {VecX::Constant(n, 100.0), VecX::Constant(n, 20.0)});
  ResolvedRateOptions o;
  o.k_position = 2.0;
  o.k_orientation = 2.0;
  ResolvedRateController rmrc(m, tool, target, ctc, o);
  SystemDynamics dyn(m);
  auto rk4 = makeIntegrator("rk4", m);
  const double h = 1e-3;
  rmrc.reset(0.0, s);
  ControlOutput out{VecX::Zero(n), VecX()};
  double pe = 0, oe = 0;
  for (int k = 0; k < 8000; ++k) {
    out.joint_torque.setZero();
    rmrc.compute(k * h, s, out);
    dyn.setJointForces(out.joint_torque);
    rk4->advance(dyn, s, h);
  }
  rmrc.poseError(s, pe, oe);
  computeKinematics(m, data, s);
  const MomentumSummary mom = computeMomentum(m, data);
  const double drift = s.base_position.norm(), turn = quatLog(s.base_orientation).norm();
  qInfo(
      "RMRC after 8 s: position error %.3g m, orientation error %.3g rad; vehicle moved "
      "%.3g m, turned %.3g rad; |L| = %.2g",
      pe, oe, drift, turn, mom.angular_origin.norm());
  QVERIFY(pe < 1e-4);
  QVERIFY(oe < 1e-4);
  QVERIFY(drift > 1e-3 && turn > 1e-3);  // the vehicle did react
  QVERIFY(mom.angular_origin.norm() < 1e-9 && mom.linear.norm() < 1e-9);
}

// With non-zero vehicle momentum h_b, the command qd_d gives the end effector exactly the task
// twist once the vehicle moves as momentum conservation dictates: nu_b = Mbb^-1 (h_b - Mbm qd_d).
void TestControlResolvedRate::commandAccountsForMomentum() {
  const Model m = compileModel(arm6());
  const int n = m.njoints, b = m.base_dof;
  const int tool = m.frameIndex("tool");
  State s = State::neutral(m);
  s.q << 0.2, 0.5, -1.2, 0.3, 0.6, -0.2;
  s.qd << 0.1, -0.2, 0.3, 0.0, 0.1, -0.1;
  s.base_twist << 0.05, -0.02, 0.03, 0.1, -0.05, 0.08;
  Pose target;
  target.p = Vec3(1.0, 0.3, 0.2);
  target.R = so3Exp(Vec3(0.1, 0.2, -0.3));
  ComputedTorqueController ctc(m, nullptr, {VecX::Constant(n, 1.0), VecX::Constant(n, 1.0)});
  ResolvedRateController rmrc(m, tool, target, ctc);
  const Vec6 xd = rmrc.taskVelocity(s);
  const VecX qd_d = rmrc.jointRateCommand(s);
  QCOMPARE(rmrc.lastDamping(), 0.0);
  Data data(m);
  crba(m, data, s);
  const VecX hb = vehicleGeneralizedMomentum(m, data.M, s);
  QVERIFY(hb.norm() > 0.1);
  VecX nu(m.nv);
  nu.tail(n) = qd_d;
  nu.head(b) = data.M.topLeftCorner(b, b).llt().solve(hb - data.M.topRightCorner(b, n) * qd_d);
  Mat6X J(6, m.nv);
  frameJacobian(m, data, tool, J);
  VMS_COMPARE_REL(Vec6(J * nu), xd, 1e-12);
}

// Near a singularity the DLS rates stay below gain_max |task| (gain_max = 1 / (2 lambda_max
// sqrt(1 - lambda_max^2 / eps^2))) where the plain pseudo-inverse's are orders larger. Two
// singularities: the stretched arm (q3 = 0) is singular for the fixed-base Jacobian Jm but not
// for J*; J*'s (dynamic) singularity lies elsewhere (found here by bisection on det J*).
void TestControlResolvedRate::boundedRatesNearStretchedArm() {
  const Model m = compileModel(arm6());
  const int n = m.njoints;
  const int tool = m.frameIndex("tool");
  ComputedTorqueController ctc(m, nullptr, {VecX::Constant(n, 100.0), VecX::Constant(n, 20.0)});
  ResolvedRateOptions o;
  o.max_linear_speed = 0.05;
  o.max_angular_speed = 0.2;
  const double gain_max = 1.0 / (2.0 * o.lambda_max * std::sqrt(1.0 - 0.25));
  Data data(m);
  GeneralizedJacobian gj(m);
  State s = State::neutral(m);
  auto config = [&](double q3) {
    s.q << 0.0, 0.3, q3, 0.0, 0.7, 0.0;
    crba(m, data, s);
    computeFrameGeneralizedJacobian(m, data, tool, gj);
    return MatX(gj.Jstar).determinant();
  };
  // Dynamic singularity of J*: det changes sign on [0.1, 0.2].
  double lo = 0.1, hi = 0.2;
  QVERIFY(config(lo) * config(hi) < 0.0);
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (config(mid) * config(lo) > 0.0 ? lo : hi) = mid;
  }
  const double q3_star = lo;
  for (int generalized = 0; generalized < 2; ++generalized) {
    config(generalized ? q3_star + 1e-5 : 1e-4);
    forwardKinematics(m, data, s);
    const Pose X0 = framePose(m, data, tool);
    Pose target = X0;
    target.p += 0.3 * (X0.p - data.oMi[3].p).normalized();  // beyond reach, along the arm
    o.use_generalized_jacobian = generalized == 1;
    o.damped = true;
    ResolvedRateController dls(m, tool, target, ctc, o);
    o.damped = false;
    ResolvedRateController plain(m, tool, target, ctc, o);
    const VecX qd_plain = plain.jointRateCommand(s);
    const VecX qd_dls = dls.jointRateCommand(s);
    const double bound = gain_max * dls.lastTaskVelocity().norm();
    qInfo("%s, sigma_min %.3g: |qd| plain %.3g rad/s, DLS %.3g rad/s (bound %.3g)",
          generalized ? "J* at its dynamic singularity q3 = 0.1536" : "Jm, stretched arm",
          dls.lastSigmaMin(), qd_plain.norm(), qd_dls.norm(), bound);
    QVERIFY(dls.lastSigmaMin() < 1e-3);
    QVERIFY(qd_dls.norm() <= bound);
    QVERIFY(qd_plain.norm() > 50.0 * bound);
    // Closed loop, pushing past the reach: rates bounded every step, state finite.
    SystemDynamics dyn(m);
    auto rk4 = makeIntegrator("rk4", m);
    const double h = 1e-3;
    State x = s;
    dls.reset(0.0, x);
    ControlOutput out{VecX::Zero(n), VecX()};
    double worst_ratio = 0.0, worst = 0.0;
    for (int k = 0; k < 4000; ++k) {
      out.joint_torque.setZero();
      dls.compute(k * h, x, out);
      const double r = dls.jointRateCommand(x).norm();
      worst = std::max(worst, r);
      worst_ratio = std::max(worst_ratio, r / (gain_max * dls.lastTaskVelocity().norm()));
      dyn.setJointForces(out.joint_torque);
      rk4->advance(dyn, x, h);
    }
    qInfo("  4 s pushing past the reach: max |qd_d| %.3g rad/s (max %.3f of the bound)", worst,
          worst_ratio);
    QVERIFY(x.allFinite());
    QVERIFY(worst_ratio <= 1.0);
  }
}

QTEST_APPLESS_MAIN(TestControlResolvedRate)
#include "test_control_resolved_rate.moc"
