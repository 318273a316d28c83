// Vehicle attitude control on SO(3) with three reaction wheels (slews, pitch 90 deg, constant
// total angular momentum) and thruster allocation / position hold.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <cmath>

#include "core/actuators/reaction_wheel.hpp"
#include "core/actuators/thrusters.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/control/vehicle_control.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/spatial/so3.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

// A vehicle with three orthogonal reaction wheels (addReactionWheels: links on continuous
// joints on the vehicle).
const std::vector<ReactionWheelSpec>& wheelSpecs() {
  static const std::vector<ReactionWheelSpec> specs = [] {
    std::vector<ReactionWheelSpec> w(3);
    const char* names[3] = {"wheel_x", "wheel_y", "wheel_z"};
    for (int i = 0; i < 3; ++i) {
      w[i].name = names[i];
      w[i].position = 0.3 * Vec3::Unit(i);
      w[i].axis = Vec3::Unit(i);
      w[i].mass = 1.0;
      w[i].spin_inertia = 0.05;
      w[i].transverse_inertia = 0.03;
    }
    return w;
  }();
  return specs;
}

ModelDescription wheeledVehicle() {
  ModelDescription d;
  d.name = "wheels";
  LinkDescription v;
  v.name = "vehicle";
  v.inertial.mass = 100.0;
  v.inertial.inertia << 10.0, 0.5, 0.2, 0.5, 12.0, -0.3, 0.2, -0.3, 8.0;
  d.links.push_back(v);
  addReactionWheels(d, wheelSpecs());
  return d;
}

// 12 thrusters (max 20 N) on a cube: x-thrusters offset in y (couples about z), y-thrusters
// offset in z (about x), z-thrusters offset in x (about y).
std::vector<ThrusterSpec> cubeThrusters(double fmax = 20.0) {
  std::vector<ThrusterSpec> t;
  for (int a = 0; a < 3; ++a) {
    const int o = (a + 1) % 3;
    for (double off : {0.5, -0.5})
      for (double dir : {1.0, -1.0}) {
        ThrusterSpec th;
        th.name = "t" + std::to_string(t.size());
        th.link = "vehicle";
        th.position = off * Vec3::Unit(o);
        th.direction = dir * Vec3::Unit(a);
        th.max_force = fmax;
        t.push_back(th);
      }
  }
  return t;
}

// The same allocation by hand: columns [f; p x f], vehicle frame.
Mat6X cubeAllocation(double fmax = 20.0) {
  Mat6X B(6, 12);
  int c = 0;
  for (const ThrusterSpec& th : cubeThrusters(fmax)) {
    const Vec3 f = fmax * th.direction;
    B.col(c++) << f, th.position.cross(f);
  }
  return B;
}

struct SlewResult {
  double final_error, max_momentum_drift, min_pitch_distance, final_rate;
};

SlewResult slew(const Quat& start, const Quat& target, double T) {
  const Model m = compileModel(wheeledVehicle());
  State s = State::neutral(m);
  s.base_orientation = start;
  s.qd << 20.0, -10.0, 15.0;  // wheels spinning: non-zero total angular momentum
  AttitudeGains g;
  g.kp = 40.0 * Mat3::Identity();
  g.kd = 40.0 * Mat3::Identity();
  WheelAttitudeController ctl(m, reactionWheelJoints(m, wheelSpecs()), target, g);
  SystemDynamics dyn(m);
  auto rk4 = makeIntegrator("rk4", m);
  Data data(m);
  computeKinematics(m, data, s);
  const Vec3 L0 = computeMomentum(m, data).angular_origin;
  ControlOutput out{VecX::Zero(3), VecX()};
  SlewResult r{0, 0, 1e9, 0};
  const double h = 1e-3;
  const int steps = static_cast<int>(std::lround(T / h));
  for (int k = 0; k < steps; ++k) {
    out.joint_torque.setZero();
    ctl.compute(k * h, s, out);
    dyn.setJointForces(out.joint_torque);
    rk4->advance(dyn, s, h);
    computeKinematics(m, data, s);
    const Vec3 L = computeMomentum(m, data).angular_origin;
    r.max_momentum_drift = std::max(r.max_momentum_drift, (L - L0).norm() / L0.norm());
    const Mat3 R = s.base_orientation.toRotationMatrix();  // ZYX pitch = asin(-R(2,0))
    r.min_pitch_distance = std::min(
        r.min_pitch_distance, std::abs(std::asin(std::clamp(-R(2, 0), -1.0, 1.0)) - 0.5 * M_PI));
  }
  r.final_error = attitudeErrorVector(s.base_orientation, target).norm();
  r.final_rate = angular(s.base_twist).norm();
  return r;
}

Quat axisAngle(const Vec3& axis, double angle) {
  return Quat(Eigen::AngleAxisd(angle, axis.normalized()));
}

}  // namespace

class TestControlVehicle : public QObject {
  Q_OBJECT
 private slots:
  void wheelAxesAndSign();
  void slew90_data();
  void slew90();
  void nnlsAllocation();
  void positionHoldWithThrusters();
};

// A wheel torque u about +a acts on the vehicle as -u a: the command is -A^+ tau.
void TestControlVehicle::wheelAxesAndSign() {
  const Model m = compileModel(wheeledVehicle());
  WheelAttitudeController ctl(m, {0, 1, 2}, Quat::Identity(), AttitudeGains{});
  VMS_COMPARE_REL(ctl.wheelAxes(), MatX(Mat3::Identity()), 1e-15);
  State s = State::neutral(m);
  s.base_twist.tail<3>() = Vec3(0.1, -0.2, 0.3);  // kd = I: tau = -w
  // At rest, the wheel torques accelerate the vehicle as the body torque tau_b would act on
  // the vehicle with the wheels' spin inertia removed: (Mbb - J_s sum [0;a][0;a]^T) nudot_b =
  // [0; tau_b] (from M nudot = [0; u], u = -A^+ tau_b).
  {
    State r = State::neutral(m);
    r.base_orientation = Quat(Eigen::AngleAxisd(0.7, Vec3(1, -1, 2).normalized()));
    WheelAttitudeController slewing(m, reactionWheelJoints(m, wheelSpecs()), Quat::Identity(),
                                    AttitudeGains{});
    ControlOutput u{VecX::Zero(3), VecX()};
    slewing.compute(0.0, r, u);
    Data data(m);
    aba(m, data, r, u.joint_torque);
    crba(m, data, r);
    Mat6 K = data.M.topLeftCorner<6, 6>();
    K.bottomRightCorner<3, 3>() -= 0.05 * Mat3::Identity();
    Vec6 expected = Vec6::Zero();
    expected.tail<3>() = slewing.lastTorque();
    VMS_COMPARE_REL(Vec6(K * data.base_twist_dot), expected, 1e-12);
    QVERIFY(slewing.lastTorque().norm() > 0.1);
  }
  ControlOutput out{VecX::Zero(3), VecX()};
  ctl.compute(0.0, s, out);
  VMS_COMPARE_REL(out.joint_torque, VecX(Vec3(0.1, -0.2, 0.3)), 1e-15);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           WheelAttitudeController(m, {0, 5}, Quat::Identity(), AttitudeGains{}));
}

void TestControlVehicle::slew90_data() {
  QTest::addColumn<int>("which");
  QTest::newRow("90deg_oblique") << 0;
  QTest::newRow("to_pitch90") << 1;
  QTest::newRow("through_pitch90") << 2;
}

void TestControlVehicle::slew90() {
  QFETCH(int, which);
  const Quat starts[3] = {Quat::Identity(), axisAngle(Vec3(1, 0, 0), 0.3),
                          axisAngle(Vec3(0, 1, 0), M_PI / 4)};
  const Quat targets[3] = {axisAngle(Vec3(1, 2, -1), 0.5 * M_PI),
                           axisAngle(Vec3(0, 1, 0), 0.5 * M_PI),
                           axisAngle(Vec3(0, 1, 0), 3 * M_PI / 4)};
  const Quat start = starts[which], target = targets[which];
  const bool through_pitch90 = which > 0;
  const SlewResult r = slew(start, target, 15.0);
  qInfo(
      "slew: final attitude error %.3g rad, rate %.3g rad/s, max |L - L0|/|L0| %.3g, closest "
      "to pitch 90 deg: %.3g rad",
      r.final_error, r.final_rate, r.max_momentum_drift, r.min_pitch_distance);
  QVERIFY(r.final_error < 1e-6);
  QVERIFY(r.final_rate < 1e-5);
  QVERIFY(r.max_momentum_drift < 1e-10);
  // Within 0.6 deg of gimbal lock (ZYX pitch 90 deg): the Euler-rate map's condition number
  // exceeds 100 there; the SO(3) law does not notice.
  if (through_pitch90) QVERIFY(r.min_pitch_distance < 1e-2);
}

void TestControlVehicle::nnlsAllocation() {
  const Mat6X B = cubeAllocation();
  Eigen::FullPivLU<MatX> lu(B);
  QCOMPARE(static_cast<int>(lu.rank()), 6);
  std::srand(3);
  for (int trial = 0; trial < 50; ++trial) {
    const Vec6 w = Vec6::Random() * 5.0;  // small: feasible inside [0, 1]
    const VecX c = allocateThrusters(B, w);
    QVERIFY(c.minCoeff() >= 0.0 && c.maxCoeff() <= 1.0);
    VMS_COMPARE_REL(VecX(B * c), VecX(w), 1e-10);
    // Large: scaled down along the same wrench.
    const VecX cl = allocateThrusters(B, 100.0 * w);
    QVERIFY(std::abs(cl.maxCoeff() - 1.0) < 1e-12 && cl.minCoeff() >= 0.0);
    const Vec6 wl = B * cl;
    VMS_COMPARE_REL(VecX(wl / wl.norm()), VecX(w / w.norm()), 1e-10);
    // Couples only: torque rows matched, forces free.
    Vec6 weights;
    weights << 0, 0, 0, 1, 1, 1;
    const VecX ct = allocateThrusters(B, w, weights);
    VMS_COMPARE_REL(VecX((B * ct).tail<3>()), VecX(w.tail<3>()), 1e-10);
  }
  // Plain NNLS against a known active set: min |x - b|, x >= 0 is max(b, 0).
  VecX b(4);
  b << 1.0, -2.0, 0.5, -0.1;
  VMS_COMPARE_REL(nonNegativeLeastSquares(MatX::Identity(4, 4), b), VecX(b.cwiseMax(0.0)), 1e-15);
}

// Position and attitude hold by thrusters (the Thrusters force model, commands held over each
// 1 ms step), allocated through Thrusters::vehicleAllocationMatrix().
void TestControlVehicle::positionHoldWithThrusters() {
  const Model m = compileModel(wheeledVehicle());
  Thrusters thrusters(m, cubeThrusters());
  const Mat6X B = thrusters.vehicleAllocationMatrix();
  VMS_COMPARE_REL(MatX(B), MatX(cubeAllocation()), 1e-15);
  State s = State::neutral(m);
  s.base_position = Vec3(0.5, -0.3, 0.2);
  s.base_orientation = axisAngle(Vec3(0.3, 1, 0.2), 0.4);
  s.setBaseVelocityWorld(Vec3(0.05, 0.0, -0.02), Vec3(0.0, 0.02, 0.01));
  ThrusterVehicleController::Options o;
  o.kp_position = 103.0 * Mat3::Identity();  // omega_n = 1 rad/s, zeta = 1 for 103 kg
  o.kd_position = 206.0 * Mat3::Identity();
  o.attitude_gains.kp = 40.0 * Mat3::Identity();
  o.attitude_gains.kd = 40.0 * Mat3::Identity();
  ThrusterVehicleController ctl(m, B, Quat::Identity(), Vec3::Zero(), o);
  SystemDynamics dyn(m);
  dyn.setJointForces(VecX::Zero(3));
  dyn.addForceModel(&thrusters);
  auto rk4 = makeIntegrator("rk4", m);
  ControlOutput out{VecX::Zero(3), VecX::Zero(12)};
  const double h = 1e-3;
  double cmin = 1.0, cmax = 0.0;
  for (int k = 0; k < 25000; ++k) {
    out.thruster_command.setZero();
    ctl.compute(k * h, s, out);
    cmin = std::min(cmin, out.thruster_command.minCoeff());
    cmax = std::max(cmax, out.thruster_command.maxCoeff());
    thrusters.setCommands(out.thruster_command);
    rk4->advance(dyn, s, h);
  }
  const double pe = s.base_position.norm();
  const double ae = quatLog(s.base_orientation).norm();
  qInfo(
      "thruster hold after 25 s: position error %.3g m, attitude error %.3g rad, commands in "
      "[%.3g, %.3g]",
      pe, ae, cmin, cmax);
  QVERIFY(cmin >= 0.0 && cmax <= 1.0);
  QVERIFY(cmax > 0.99);  // it saturated at first
  QVERIFY(pe < 1e-6);
  QVERIFY(ae < 1e-6);
}

QTEST_APPLESS_MAIN(TestControlVehicle)
#include "test_control_vehicle.moc"
