// Actuators: reaction wheels as bodies, thrusters as a force model, torque/speed saturation.
// - 3 orthogonal wheels on a free vehicle, wheel motor torques only (rk4, 1 ms, 10 s): P and L
//   about the origin constant to 1e-10 relative; one wheel on a symmetric body from zero
//   momentum: omega_vehicle = -J_s Omega / (I_0 + J_s) to 1e-9 and h_a = J_s (a.omega + Omega)
//   = g_a t (seed 003 (81));
// - seed 003 corrected wheel equation (121)-(122), I_s (Omega_dot + a.omega_dot) = g_a, at
//   random states of a vehicle with an arm and 3 wheels (1e-12), and h_a(t) - h_a(0) = g_a t
//   along a run with arm torques (1e-10), and (83) T(t) - T(0) = work of the motors (1e-9);
// - wheel link inertia orientation; validation messages naming the wheel;
// - thrusters: through the CoM -> pure F/m; couple -> P constant (1e-12) and the expected
//   torque; allocation matrix = applied wrench; on/off quantisation; validation;
// - saturateJointTorques / saturateWheelTorques.
#include <cmath>

#include "core/actuators/reaction_wheel.hpp"
#include "core/actuators/saturation.hpp"
#include "core/actuators/thrusters.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/model_error.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

using test::link;
using test::revolute;

ModelDescription vehicle(bool arm, const Vec3& com = Vec3(0.05, -0.02, 0.03),
                         const Vec3& inertia = Vec3(20, 25, 30)) {
  ModelDescription d;
  d.name = "sat";
  d.links.push_back(link("vehicle", 100.0, com, inertia));
  if (arm) {
    d.links.push_back(link("l1", 5.0, Vec3(0.3, 0, 0), Vec3(0.1, 0.5, 0.5)));
    d.links.push_back(link("l2", 3.0, Vec3(0.25, 0, 0.02), Vec3(0.05, 0.3, 0.3)));
    d.joints.push_back(revolute("j1", "vehicle", "l1", Vec3(0.5, 0, 0.2), Vec3::UnitZ()));
    d.joints.push_back(revolute("j2", "l1", "l2", Vec3(0.6, 0, 0), Vec3::UnitY()));
  }
  return d;
}

std::vector<ReactionWheelSpec> threeWheels() {
  std::vector<ReactionWheelSpec> w(3);
  const char* names[] = {"rw_x", "rw_y", "rw_z"};
  for (int k = 0; k < 3; ++k) {
    w[k].name = names[k];
    w[k].axis = Vec3::Unit(k);
    w[k].position = Vec3(0.1 * k, -0.2, 0.15 - 0.1 * k);
    w[k].mass = 2.0 + k;
    w[k].spin_inertia = 0.05 + 0.01 * k;
    w[k].transverse_inertia = 0.03 + 0.005 * k;
  }
  return w;
}

double rel(const Vec3& a, const Vec3& b) { return (a - b).norm() / b.norm(); }

}  // namespace

class TestActuators : public QObject {
  Q_OBJECT
 private slots:
  void wheelInertiaAndJoints();
  void wheelValidation();
  void threeWheelsConserveMomentum();
  void singleWheelClosedForm();
  void seed003WheelEquation();
  void thrusterThroughCom();
  void thrusterCouple();
  void allocationMatrixMatchesAppliedWrench();
  void onOffQuantisation();
  void thrusterValidation();
  void jointTorqueSaturation();
  void wheelSaturation();
};

void TestActuators::wheelInertiaAndJoints() {
  ModelDescription d = vehicle(true);
  std::vector<ReactionWheelSpec> w(1);
  w[0].name = "rw";
  w[0].axis = Vec3(1, 2, 2);  // |a| = 3
  w[0].position = Vec3(0.1, 0.2, 0.3);
  w[0].mass = 1.5;
  w[0].spin_inertia = 0.08;
  w[0].transverse_inertia = 0.05;
  addReactionWheels(d, w);
  const Model m = compileModel(d);
  const std::vector<int> joints = reactionWheelJoints(m, w);
  QCOMPARE(joints.size(), std::size_t(1));
  QCOMPARE(joints[0], 2);  // after the arm's joints
  const int b = m.joint_body[joints[0]];
  const Vec3 a = Vec3(1, 2, 2) / 3.0;
  const Mat3 I = m.inertia_com[b];
  VMS_COMPARE_REL(Vec3(I * a), Vec3(0.08 * a), 1e-14);
  const Vec3 t = a.cross(Vec3::UnitX()).normalized();
  VMS_COMPARE_REL(Vec3(I * t), Vec3(0.05 * t), 1e-14);
  VMS_COMPARE_REL(m.joint_axis[b], a, 1e-14);
  VMS_COMPARE_REL(m.joint_placement[b].p, w[0].position, 1e-14);
  QCOMPARE(m.mass[b], 1.5);
}

void TestActuators::wheelValidation() {
  auto fails = [](ReactionWheelSpec w, const std::string& what) {
    ModelDescription d = vehicle(true);
    const std::string msg = errorOf([&] { addReactionWheels(d, {w}); });
    if (msg.find("'" + w.name + "'") == std::string::npos || msg.find(what) == std::string::npos)
      return std::string("got '") + msg + "'";
    return std::string();
  };
  ReactionWheelSpec ok;
  ok.name = "wheel_a";
  ok.spin_inertia = 0.1;
  ok.transverse_inertia = 0.06;
  ok.mass = 1;
  ReactionWheelSpec w = ok;
  w.axis.setZero();
  QCOMPARE(fails(w, "axis"), std::string());
  w = ok;
  w.spin_inertia = 0.0;
  QCOMPARE(fails(w, "spin inertia"), std::string());
  w = ok;
  w.transverse_inertia = 0.04;  // 0.1 > 2 * 0.04
  QCOMPARE(fails(w, "triangle"), std::string());
  w = ok;
  w.name = "l1";  // an arm link
  QCOMPARE(fails(w, "duplicate"), std::string());
  ModelDescription d = vehicle(false);
  QVERIFY(errorOf([&] { addReactionWheels(d, {ok, ok}); }).find("duplicate") != std::string::npos);
  QCOMPARE(d.links.size(), std::size_t(1));  // untouched after a failure
  const Model m = compileModel(vehicle(false));
  QVERIFY(errorOf([&] { reactionWheelJoints(m, {ok}); }).find("'wheel_a'") != std::string::npos);
}

void TestActuators::threeWheelsConserveMomentum() {
  ModelDescription d = vehicle(false);
  const auto wheels = threeWheels();
  addReactionWheels(d, wheels);
  const Model m = compileModel(d);
  State s = State::neutral(m);
  s.base_twist << 0.01, -0.02, 0.03, 0.02, -0.01, 0.015;
  s.qd << 5.0, -3.0, 2.0;
  SystemDynamics dyn(m);
  VecX tau(3);
  tau << 0.02, -0.05, 0.03;
  dyn.setJointForces(tau);
  auto rk4 = makeIntegrator("rk4", m);
  Data data(m);
  computeKinematics(m, data, s);
  const MomentumSummary h0 = computeMomentum(m, data);
  double errP = 0, errL = 0;
  for (int k = 0; k < 10000; ++k) {
    rk4->advance(dyn, s, 1e-3);
    if (k % 100 != 99) continue;
    computeKinematics(m, data, s);
    const MomentumSummary h = computeMomentum(m, data);
    errP = std::max(errP, rel(h.linear, h0.linear));
    errL = std::max(errL, rel(h.angular_origin, h0.angular_origin));
  }
  qInfo("3 wheels, 10 s: max rel drift P %.3g, L %.3g; wheel speed change %.3g rad/s", errP, errL,
        (s.qd - Vec3(5, -3, 2)).norm());
  QVERIFY(errP <= 1e-10);
  QVERIFY(errL <= 1e-10);
  QVERIFY((s.qd - Vec3(5, -3, 2)).norm() > 1.0);  // the wheels did spin up
}

void TestActuators::singleWheelClosedForm() {
  const double I0 = 12.0, Js = 0.2, Jt = 0.12, tau = 0.05;
  ModelDescription d = vehicle(false, Vec3::Zero(), Vec3(I0, I0, I0));
  std::vector<ReactionWheelSpec> w(1);
  w[0].name = "rw";
  w[0].axis = Vec3::UnitZ();
  w[0].mass = 3.0;
  w[0].spin_inertia = Js;
  w[0].transverse_inertia = Jt;
  addReactionWheels(d, w);
  const Model m = compileModel(d);
  State s = State::neutral(m);
  SystemDynamics dyn(m);
  dyn.setJointForces(VecX::Constant(1, tau));
  auto rk4 = makeIntegrator("rk4", m);
  const double It = I0 + Js;  // total inertia about the axis
  double err = 0, err_h = 0, err_perp = 0;
  for (int k = 1; k <= 5000; ++k) {
    rk4->advance(dyn, s, 1e-3);
    const double t = k * 1e-3;
    const Vec3 w_b = angular(s.base_twist);
    const double Omega = s.qd[0];
    err = std::max(err, std::abs(w_b.z() - (-Js * Omega / It)) / std::abs(Js * Omega / It));
    // seed 003 (81): h_a = J_s (a.omega + Omega) grows at the motor torque; exact Omega(t).
    err_h = std::max(err_h, std::abs(Js * (w_b.z() + Omega) - tau * t) / (tau * t));
    err_h =
        std::max(err_h, std::abs(Omega - tau * t * It / (Js * I0)) / (tau * t * It / (Js * I0)));
    err_perp = std::max(err_perp, w_b.head<2>().norm() + linear(s.base_twist).norm());
  }
  qInfo(
      "single wheel: omega vs -Js Omega/I_total rel %.3g, h_a and Omega(t) rel %.3g, "
      "off-axis %.3g",
      err, err_h, err_perp);
  QVERIFY(angular(s.base_twist).z() < 0.0);  // opposite to the wheel torque
  QVERIFY(err <= 1e-9);
  QVERIFY(err_h <= 1e-9);
  QVERIFY(err_perp <= 1e-14);
}

void TestActuators::seed003WheelEquation() {
  ModelDescription d = vehicle(true);
  const auto wheels = threeWheels();
  addReactionWheels(d, wheels);
  const Model m = compileModel(d);
  const std::vector<int> wj = reactionWheelJoints(m, wheels);
  Data data(m);
  std::srand(7);
  double err = 0;
  for (int trial = 0; trial < 20; ++trial) {
    State s = State::neutral(m);
    s.base_orientation = Quat(Eigen::Vector4d::Random()).normalized();
    s.base_position = Vec3::Random();
    s.base_twist = Vec6::Random();
    s.q = VecX::Random(m.njoints);
    s.qd = VecX::Random(m.njoints) * 3.0;
    const VecX tau = VecX::Random(m.njoints);
    aba(m, data, s, tau);
    const Vec3 wdot = angular(data.base_twist_dot);  // body-frame omega_dot
    for (std::size_t j = 0; j < wheels.size(); ++j) {
      // (121): I_s (Omega_dot + a^T omega_dot) = g_a.
      const double lhs = wheels[j].spin_inertia * (data.qdd[wj[j]] + wheels[j].axis.dot(wdot));
      err = std::max(err, std::abs(lhs - tau[wj[j]]) / std::max(1.0, std::abs(tau[wj[j]])));
    }
  }
  qInfo("seed 003 (121) at 20 random states: max error %.3g", err);
  QVERIFY(err <= 1e-12);

  // (81) along a run with arm torques: h_a(t) = h_a(0) + g_a t.
  State s = State::neutral(m);
  s.base_twist << 0.02, 0.01, -0.03, 0.05, -0.02, 0.04;
  s.qd << 0.3, -0.2, 10.0, -5.0, 3.0;
  VecX tau(5);
  tau << 0.4, -0.3, 0.01, 0.02, -0.015;
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  auto rk4 = makeIntegrator("rk4", m);
  auto ha = [&](const State& st, int j) {
    return wheels[j].spin_inertia * (wheels[j].axis.dot(angular(st.base_twist)) + st.qd[wj[j]]);
  };
  const Vec3 h0(ha(s, 0), ha(s, 1), ha(s, 2));
  // (83) power balance without external forces: dT/dt = tau . qd (arm and wheel motors).
  auto kinetic = [&](const State& st) {
    computeKinematics(m, data, st);
    return computeMomentum(m, data).kinetic_energy;
  };
  const double T0 = kinetic(s);
  double work = tau.dot(s.qd);  // Simpson weights 1, 4, 2, ..., 4, 1
  double err_run = 0;
  for (int k = 1; k <= 4000; ++k) {
    rk4->advance(dyn, s, 1e-3);
    work += (k == 4000 ? 1.0 : (k % 2 ? 4.0 : 2.0)) * tau.dot(s.qd);
    for (int j = 0; j < 3; ++j)
      err_run = std::max(err_run, std::abs(ha(s, j) - h0[j] - tau[wj[j]] * k * 1e-3) /
                                      std::max(std::abs(h0[j]), 1e-3));
  }
  work *= 1e-3 / 3.0;
  const double err_power = std::abs(kinetic(s) - T0 - work) / std::abs(work);
  qInfo(
      "seed 003 (81) h_a(t) = h_a(0) + g_a t over 4 s with arm torques: rel %.3g; (83) "
      "T(t) - T(0) vs work of the motors: rel %.3g",
      err_run, err_power);
  QVERIFY(err_run <= 1e-10);
  QVERIFY(err_power <= 1e-9);
  QVERIFY(s.q.head<2>().norm() > 0.1);  // the arm moved
}

void TestActuators::thrusterThroughCom() {
  const Model m = compileModel(vehicle(false));
  const Vec3 dir = Vec3(1, -2, 0.5).normalized();
  Thrusters th(m, {{"t", "vehicle", m.com[0], Vec3(2, -4, 1), 40.0, true}});
  th.setCommands(VecX::Constant(1, 0.75));
  const double F = 30.0;
  SystemDynamics dyn(m);
  dyn.addForceModel(&th);
  State s = State::neutral(m);
  s.base_orientation = Quat(Eigen::AngleAxisd(0.7, Vec3(1, 1, 0).normalized()));
  StateDerivative der;
  dyn.evaluate(s, der);
  VMS_COMPARE_REL(Vec3(angular(der.twist_dot)), Vec3::Zero(), 1e-14);
  VMS_COMPARE_REL(Vec3(linear(der.twist_dot)), Vec3(F / 100.0 * dir), 1e-14);
  // Over a run: c(t) = c0 + (F/m) R d t^2 / 2, no rotation.
  auto rk4 = makeIntegrator("rk4", m);
  Data data(m);
  const Vec3 c0 = centerOfMass(m, data, s);
  const Vec3 a_world = s.base_orientation * (F / 100.0 * dir);
  for (int k = 0; k < 2000; ++k) rk4->advance(dyn, s, 1e-3);
  const Vec3 c = centerOfMass(m, data, s);
  const double err = rel(c - c0, Vec3(0.5 * a_world * 4.0));
  qInfo("thruster through the CoM, 2 s: CoM displacement rel error %.3g", err);
  QVERIFY(err <= 1e-12);
  QVERIFY(angular(s.base_twist).norm() <= 1e-13);
}

void TestActuators::thrusterCouple() {
  const Model m = compileModel(vehicle(true));
  // Two thrusters at +-r about the vehicle origin, opposite directions.
  const Vec3 r(0, 0.8, 0.1), d(1, 0, 0);
  Thrusters th(m, {{"a", "vehicle", r, d, 10.0, true}, {"b", "vehicle", -r, -d, 10.0, true}});
  th.setCommands(Eigen::Vector2d(0.6, 0.6));
  const Vec3 couple = 2.0 * r.cross(6.0 * d);
  const Mat6X B = th.vehicleAllocationMatrix();
  VMS_COMPARE_REL(Vec6(B * th.commands()), makeVec6(Vec3::Zero(), couple), 1e-15);
  SystemDynamics dyn(m);
  dyn.addForceModel(&th);
  State s = State::neutral(m);
  s.base_twist << 0.1, -0.05, 0.02, 0.01, 0.03, -0.02;
  s.qd << 0.2, -0.1;
  Data data(m);
  // Expected torque: from rest, L(dt) - L(0) = couple dt up to the couple's rotation, O(dt^3).
  auto momentumAt = [&](const State& st) {
    computeKinematics(m, data, st);
    return computeMomentum(m, data);
  };
  auto rk4 = makeIntegrator("rk4", m);
  const double dt = 1e-4;
  State rest = State::neutral(m);
  const Vec3 L_rest = momentumAt(rest).angular_origin;
  rk4->advance(dyn, rest, dt);
  const Vec3 Ldot = (momentumAt(rest).angular_origin - L_rest) / dt;
  const MomentumSummary h0 = momentumAt(s);
  const double err_torque = rel(Ldot, couple);
  double errP = 0;
  State run = s;
  for (int k = 0; k < 5000; ++k) {
    rk4->advance(dyn, run, 1e-3);
    if (k % 50 == 49) errP = std::max(errP, rel(momentumAt(run).linear, h0.linear));
  }
  const double dL = rel(momentumAt(run).angular_origin, h0.angular_origin);
  qInfo("couple: dL/dt vs 2 r x F rel %.3g; P drift over 5 s %.3g; L changed by %.3g rel",
        err_torque, errP, dL);
  QVERIFY(err_torque <= 1e-7);
  QVERIFY(errP <= 1e-12);
  QVERIFY(dL > 0.1);
}

void TestActuators::allocationMatrixMatchesAppliedWrench() {
  ModelDescription d = vehicle(true);
  FrameDescription f;
  f.name = "nozzle_mount";
  f.link = "vehicle";
  f.origin = Pose{Eigen::AngleAxisd(0.4, Vec3::UnitY()).toRotationMatrix(), Vec3(0.2, 0.1, -0.3)};
  d.frames.push_back(f);
  const Model m = compileModel(d);
  std::vector<ThrusterSpec> specs;
  for (int k = 0; k < 5; ++k)
    specs.push_back({"t" + std::to_string(k), k == 4 ? "nozzle_mount" : "vehicle", Vec3::Random(),
                     Vec3::Random(), 1.0 + k, true});
  specs.push_back({"arm_thruster", "l2", Vec3(0.1, 0, 0), Vec3::UnitZ(), 3.0, true});
  Thrusters th(m, specs);
  VecX u = (VecX::Random(6).array() + 1.0) / 2.0;
  th.setCommands(u);
  State s = State::neutral(m);
  s.base_orientation = Quat(Eigen::Vector4d(0.3, -0.2, 0.5, 0.8)).normalized();
  s.base_position = Vec3(1, -2, 3);
  s.q << 0.3, -0.5;
  Data data(m);
  computeKinematics(m, data, s);
  std::vector<Vec6> fw(m.nbodies, Vec6::Zero());
  VecX tau = VecX::Zero(m.njoints);
  th.apply(m, data, s, fw, tau);
  // World wrench at the origin -> vehicle frame at its origin.
  const Pose& oM0 = data.oMi[0];
  const Vec3 fb = oM0.R.transpose() * fw[0].head<3>();
  const Vec3 nb = oM0.R.transpose() * (Vec3(fw[0].tail<3>()) - oM0.p.cross(Vec3(fw[0].head<3>())));
  const Mat6X B = th.vehicleAllocationMatrix();
  VMS_COMPARE_REL(makeVec6(fb, nb), Vec6(B * u), 1e-13);
  QVERIFY(B.col(5).isZero(0.0));  // not on the vehicle
  QVERIFY(!fw[m.bodyIndex("l2")].isZero(0.0));
  // The thruster on the frame pushes along the frame-rotated direction.
  VMS_COMPARE_REL(Vec3(B.col(4).head<3>()),
                  Vec3(5.0 * (f.origin.R * specs[4].direction.normalized())), 1e-14);
}

void TestActuators::onOffQuantisation() {
  const Model m = compileModel(vehicle(false));
  Thrusters th(m, {{"p", "vehicle", Vec3::Zero(), Vec3::UnitX(), 1.0, true},
                   {"o1", "vehicle", Vec3::Zero(), Vec3::UnitX(), 1.0, false},
                   {"o2", "vehicle", Vec3::Zero(), Vec3::UnitX(), 1.0, false},
                   {"o3", "vehicle", Vec3::Zero(), Vec3::UnitX(), 1.0, false},
                   {"p2", "vehicle", Vec3::Zero(), Vec3::UnitX(), 1.0, true}});
  VecX c(5);
  c << 1.7, 0.49, 0.5, -3.0, 0.3;
  th.setCommands(c);
  VecX expected(5);
  expected << 1.0, 0.0, 1.0, 0.0, 0.3;
  QCOMPARE(th.commands(), expected);
  c << -0.1, 0.9, 0.2, 2.0, 0.0;
  th.setCommands(c);
  expected << 0.0, 1.0, 0.0, 1.0, 0.0;
  QCOMPARE(th.commands(), expected);
  QVERIFY(!errorOf([&] { th.setCommands(VecX::Zero(3)); }).empty());
}

void TestActuators::thrusterValidation() {
  const Model m = compileModel(vehicle(true));
  auto msg = [&](ThrusterSpec t) { return errorOf([&] { Thrusters th(m, {t}); }); };
  ThrusterSpec t{"jet7", "vehicle", Vec3::Zero(), Vec3::UnitX(), 5.0, true};
  QVERIFY(msg(t).empty());
  t.link = "nowhere";
  QVERIFY(msg(t).find("'jet7'") != std::string::npos);
  QVERIFY(msg(t).find("nowhere") != std::string::npos);
  t.link = "l1";
  t.direction.setZero();
  QVERIFY(msg(t).find("'jet7'") != std::string::npos &&
          msg(t).find("direction") != std::string::npos);
  t.direction = Vec3::UnitY();
  t.max_force = 0.0;
  QVERIFY(msg(t).find("'jet7'") != std::string::npos &&
          msg(t).find("max_force") != std::string::npos);
}

void TestActuators::jointTorqueSaturation() {
  ModelDescription d = vehicle(true);
  d.joints[0].effort = 2.0;  // j2 unlimited
  const Model m = compileModel(d);
  VecX tau(2);
  tau << -5.0, 100.0;
  QCOMPARE(saturateJointTorques(m, tau), 1);
  QCOMPARE(tau[0], -2.0);
  QCOMPARE(tau[1], 100.0);
  tau << 1.5, -7.0;
  QCOMPARE(saturateJointTorques(m, tau), 0);
  QCOMPARE(tau[0], 1.5);
}

void TestActuators::wheelSaturation() {
  ModelDescription d = vehicle(true);
  auto wheels = threeWheels();
  wheels[0].max_torque = 0.1;
  wheels[1].max_speed = 50.0;
  wheels[2].max_torque = 0.2;
  wheels[2].max_speed = 30.0;
  addReactionWheels(d, wheels);
  const Model m = compileModel(d);
  const auto wj = reactionWheelJoints(m, wheels);
  State s = State::neutral(m);
  s.qd << 0, 0, 10.0, 50.0, -31.0;
  VecX tau(5);
  tau << 9, 9, 0.5, 0.5, -0.5;
  QCOMPARE(saturateWheelTorques(m, wj, wheels, s, tau), 3);
  QCOMPARE(tau[2], 0.1);         // torque limit
  QCOMPARE(tau[3], 0.0);         // at max speed, accelerating
  QCOMPARE(tau[4], 0.0);         // beyond max speed (negative), accelerating: clamped then zeroed
  QCOMPARE(tau[0], 9.0);         // arm untouched
  tau << 0, 0, 0.05, -0.5, 0.5;  // braking is allowed
  QCOMPARE(saturateWheelTorques(m, wj, wheels, s, tau), 1);
  QCOMPARE(tau[3], -0.5);
  QCOMPARE(tau[4], 0.2);
  // The same limits reach saturateJointTorques through the model's effort limits.
  tau << 0, 0, 5.0, 5.0, -5.0;
  saturateJointTorques(m, tau);
  QCOMPARE(tau[2], 0.1);
  QCOMPARE(tau[3], 5.0);
  QCOMPARE(tau[4], -0.2);
  // Closed loop: a wheel driven at constant torque with saturation each step stays below the
  // speed limit plus one step of acceleration.
  SystemDynamics dyn(m);
  auto rk4 = makeIntegrator("rk4", m);
  double vmax = 0;
  for (int k = 0; k < 3000; ++k) {
    VecX t(5);
    t << 0, 0, 0, 0.5, 0;
    saturateWheelTorques(m, wj, wheels, s, t);
    dyn.setJointForces(t);
    rk4->advance(dyn, s, 1e-2);
    vmax = std::max(vmax, s.qd[3]);
  }
  QVERIFY(vmax <= 50.0 + 0.5 / wheels[1].spin_inertia * 1e-2 + 1e-9);
  QVERIFY(vmax >= 50.0);
  QVERIFY(!errorOf([&] { saturateWheelTorques(m, {3}, wheels, s, tau); }).empty());
}

QTEST_APPLESS_MAIN(TestActuators)
#include "test_actuators.moc"
