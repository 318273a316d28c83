// Maneuvering modes (seed 004 Table 1). A vehicle with a 2-link arm, 3 reaction wheels and 12
// thrusters (couples and forces about every axis), no gravity; rk4, 1 ms, 3 s, initial vehicle
// twist and arm rates non-zero. Checked per mode (relative to the initial norms):
// - floating: arm torques only -> P, L about the origin, L about the CoM constant (1e-10);
// - rotation-floating: wheels + arm -> P, L constant (1e-10);
// - rotation-flying: projected thruster couples + arm -> P constant (1e-10), L_com changes and
//   equals L0 + integral of the couple (Simpson, 1e-9);
// - translation-flying: a thrust through the system CoM + wheels + arm -> L about the CoM
//   constant (1e-10), P = P0 + F t (1e-10), L about the origin changes; the same thrust at the
//   vehicle origin changes L_com (negative control);
// - flying: arbitrary thrusters + wheels + arm -> P and L_origin change by the integrated
//   thruster wrench (1e-9).
// Plus names, allowed actuation, conserved momenta, and validator messages naming the mode.
#include <cmath>
#include <functional>

#include "core/actuators/reaction_wheel.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/modes/maneuvering_modes.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

using test::link;
using test::revolute;

std::vector<ReactionWheelSpec> wheels() {
  std::vector<ReactionWheelSpec> w(3);
  for (int k = 0; k < 3; ++k) {
    w[k].name = "rw" + std::to_string(k);
    w[k].axis = Vec3::Unit(k);
    w[k].position = Vec3(0.2, 0.1 * k, -0.1);
    w[k].mass = 2.0;
    w[k].spin_inertia = 0.06;
    w[k].transverse_inertia = 0.04;
  }
  return w;
}

Model makeModel() {
  ModelDescription d;
  d.name = "servicer";
  d.links.push_back(link("vehicle", 150.0, Vec3(0.05, -0.03, 0.02), Vec3(30, 35, 40)));
  d.links.push_back(link("l1", 6.0, Vec3(0.35, 0, 0), Vec3(0.1, 0.6, 0.6)));
  d.links.push_back(link("l2", 4.0, Vec3(0.3, 0, 0.02), Vec3(0.05, 0.4, 0.4)));
  d.joints.push_back(revolute("j1", "vehicle", "l1", Vec3(0.6, 0, 0.3), Vec3::UnitZ()));
  d.joints.push_back(revolute("j2", "l1", "l2", Vec3(0.7, 0, 0), Vec3::UnitY()));
  addReactionWheels(d, wheels());
  return compileModel(d);
}

std::vector<ThrusterSpec> twelveThrusters() {
  std::vector<ThrusterSpec> t;
  const int pairs[3][2] = {{0, 1}, {1, 2}, {2, 0}};
  for (const auto& p : pairs)
    for (int sp : {1, -1})
      for (int sd : {1, -1})
        t.push_back({"t" + std::to_string(p[0]) + std::to_string(p[1]) + (sp > 0 ? "p" : "m") +
                         (sd > 0 ? "p" : "m"),
                     "vehicle", sp * 1.0 * Vec3::Unit(p[0]), sd * Vec3::Unit(p[1]), 5.0, true});
  return t;
}

/// A net thrust F (world) whose line of action passes through the system CoM at every stage:
/// the ideal translation-flying actuation (thrusters re-allocated as the arm moves the CoM).
class ThrustThroughCom : public ForceModel {
 public:
  ThrustThroughCom(const Vec3& F, bool through_com) : F_(F), through_com_(through_com) {}
  void apply(const Model& m, const Data& data, const State&, std::vector<Vec6>& f, VecX&) override {
    Vec3 c = Vec3::Zero();
    for (int i = 0; i < m.nbodies; ++i) c += m.mass[i] * data.oMi[i].act(m.com[i]);
    c /= m.total_mass;
    const Vec3 p = through_com_ ? c : data.oMi[0].p;
    f[0].head<3>() += F_;
    f[0].tail<3>() += p.cross(F_);
  }

 private:
  Vec3 F_;
  bool through_com_;
};

struct RunResult {
  MomentumSummary h0, h1;
  double dP = 0, dL = 0, dLc = 0;       // max relative changes along the run
  Vec6 wrench_integral = Vec6::Zero();  // integral of the thrusters' world wrench at the origin
  double arm_motion = 0;
};

RunResult run(const Model& m, const VecX& tau, std::vector<ForceModel*> forces,
              Thrusters* integrate_wrench = nullptr) {
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  for (ForceModel* f : forces) dyn.addForceModel(f);
  State s = State::neutral(m);
  s.base_twist << 0.05, -0.02, 0.03, 0.02, -0.01, 0.03;
  s.qd = VecX::Zero(m.njoints);
  s.qd.head(2) << 0.3, -0.2;
  s.qd.tail(3) << 20.0, -10.0, 15.0;
  Data data(m);
  auto momentum = [&](const State& st) {
    computeKinematics(m, data, st);
    return computeMomentum(m, data);
  };
  auto wrench = [&](const State& st) {
    Vec6 w = Vec6::Zero();
    if (!integrate_wrench) return w;
    computeKinematics(m, data, st);
    std::vector<Vec6> fw(m.nbodies, Vec6::Zero());
    VecX t = VecX::Zero(m.njoints);
    integrate_wrench->apply(m, data, st, fw, t);
    for (const auto& f : fw) w += f;
    return w;
  };
  RunResult r;
  r.h0 = momentum(s);
  auto rk4 = makeIntegrator("rk4", m);
  const int n = 3000;
  const double dt = 1e-3;
  r.wrench_integral = wrench(s);
  for (int k = 1; k <= n; ++k) {
    rk4->advance(dyn, s, dt);
    r.wrench_integral += (k == n ? 1.0 : (k % 2 ? 4.0 : 2.0)) * wrench(s);
    const MomentumSummary h = momentum(s);
    r.dP = std::max(r.dP, (h.linear - r.h0.linear).norm() / r.h0.linear.norm());
    r.dL = std::max(r.dL,
                    (h.angular_origin - r.h0.angular_origin).norm() / r.h0.angular_origin.norm());
    r.dLc = std::max(r.dLc, (h.angular_com - r.h0.angular_com).norm() / r.h0.angular_com.norm());
    r.h1 = h;
  }
  r.wrench_integral *= dt / 3.0;
  r.arm_motion = s.q.head(2).norm();
  return r;
}

VecX armAndWheels(const Model& m, bool wheels_on) {
  VecX tau = VecX::Zero(m.njoints);
  tau.head(2) << 1.5, -0.8;
  if (wheels_on) tau.tail(3) << 0.05, -0.08, 0.06;
  return tau;
}

bool names(const std::string& msg, const char* mode) {
  return msg.rfind(std::string(mode) + " mode", 0) == 0;
}

}  // namespace

class TestModes : public QObject {
  Q_OBJECT
 private slots:
  void tableAndNames();
  void floating();
  void rotationFloating();
  void rotationFlying();
  void translationFlying();
  void flying();
};

void TestModes::tableAndNames() {
  const ManeuveringMode all[] = {ManeuveringMode::Floating, ManeuveringMode::RotationFloating,
                                 ManeuveringMode::RotationFlying,
                                 ManeuveringMode::TranslationFlying, ManeuveringMode::Flying};
  for (auto mode : all) QCOMPARE(*maneuveringModeFromName(maneuveringModeName(mode)), mode);
  QVERIFY(!maneuveringModeFromName("hovering"));
  QCOMPARE(std::string(maneuveringModeName(ManeuveringMode::TranslationFlying)),
           std::string("translation-flying"));
  const auto c = [](ManeuveringMode m) {
    const auto x = conservedMomenta(m);
    return std::make_pair(x.linear, x.angular_com);
  };
  QVERIFY(c(ManeuveringMode::Floating) == std::make_pair(true, true));
  QVERIFY(c(ManeuveringMode::RotationFloating) == std::make_pair(true, true));
  QVERIFY(c(ManeuveringMode::RotationFlying) == std::make_pair(true, false));
  QVERIFY(c(ManeuveringMode::TranslationFlying) == std::make_pair(false, true));
  QVERIFY(c(ManeuveringMode::Flying) == std::make_pair(false, false));
  const auto a = allowedVehicleActuation(ManeuveringMode::RotationFlying);
  QVERIFY(!a.wheels && !a.thruster_force && a.thruster_torque);
  QVERIFY(allowedVehicleActuation(ManeuveringMode::RotationFloating).wheels);
  QVERIFY(!allowedVehicleActuation(ManeuveringMode::Floating).wheels);
}

void TestModes::floating() {
  const Model m = makeModel();
  Thrusters th(m, twelveThrusters());
  const auto mode = ManeuveringMode::Floating;
  validateActuatorConfiguration(mode, {});
  QVERIFY(names(errorOf([&] { validateActuatorConfiguration(mode, {3, nullptr}); }), "floating"));
  QVERIFY(names(errorOf([&] { validateActuatorConfiguration(mode, {0, &th}); }), "floating"));
  VecX u = VecX::Zero(12);
  u[3] = 0.2;
  QVERIFY(names(errorOf([&] { validateThrusterCommands(mode, th, u, Vec3::Zero()); }), "floating"));
  const RunResult r = run(m, armAndWheels(m, false), {});
  QVERIFY(r.arm_motion > 0.05);
  qInfo("floating: max rel change P %.3g, L_origin %.3g, L_com %.3g", r.dP, r.dL, r.dLc);
  QVERIFY(r.dP <= 1e-10 && r.dL <= 1e-10 && r.dLc <= 1e-10);
}

void TestModes::rotationFloating() {
  const Model m = makeModel();
  Thrusters th(m, twelveThrusters());
  const auto mode = ManeuveringMode::RotationFloating;
  validateActuatorConfiguration(mode, {3, nullptr});
  QVERIFY(names(errorOf([&] {
                  validateActuatorConfiguration(mode, {3, &th});
                }),
                "rotation-floating"));
  const RunResult r = run(m, armAndWheels(m, true), {});
  qInfo("rotation-floating: max rel change P %.3g, L_origin %.3g, L_com %.3g", r.dP, r.dL, r.dLc);
  QVERIFY(r.dP <= 1e-10 && r.dL <= 1e-10 && r.dLc <= 1e-10);
}

void TestModes::rotationFlying() {
  const Model m = makeModel();
  Thrusters th(m, twelveThrusters());
  const auto mode = ManeuveringMode::RotationFlying;
  validateActuatorConfiguration(mode, {0, &th});
  QVERIFY(names(errorOf([&] {
                  validateActuatorConfiguration(mode, {3, &th});
                }),
                "rotation-flying"));
  // Thrusters that all push the same way cannot make a couple.
  Thrusters same(m, {{"a", "vehicle", Vec3(0, 1, 0), Vec3::UnitX(), 1.0, true},
                     {"b", "vehicle", Vec3(0, -1, 0), Vec3::UnitX(), 1.0, true}});
  QVERIFY(names(errorOf([&] {
                  validateActuatorConfiguration(mode, {0, &same});
                }),
                "rotation-flying"));
  std::srand(42);
  const VecX raw = (VecX::Random(12).array() + 1.0) / 2.0;
  QVERIFY(names(errorOf([&] { validateThrusterCommands(mode, th, raw, Vec3::Zero()); }),
                "rotation-flying"));
  const VecX u = projectOntoZeroNetForce(th, raw);
  QVERIFY(u.minCoeff() >= 0.0 && u.maxCoeff() <= 1.0);
  const Vec6 w = thrusterWrench(th, u, Vec3::Zero());
  qInfo("projected couple: |net force| %.3g N, |moment| %.3g N m, |u - raw| %.3g",
        w.head<3>().norm(), w.tail<3>().norm(), (u - raw).norm());
  QVERIFY(w.head<3>().norm() <= 1e-12);
  QVERIFY(w.tail<3>().norm() > 1.0);
  validateThrusterCommands(mode, th, u, Vec3::Zero());
  th.setCommands(u);
  const RunResult r = run(m, armAndWheels(m, false), {&th}, &th);
  const double errL =
      (r.h1.angular_origin - r.h0.angular_origin - Vec3(r.wrench_integral.tail<3>())).norm() /
      Vec3(r.wrench_integral.tail<3>()).norm();
  qInfo(
      "rotation-flying: max rel change P %.3g; L_com changed by %.3g rel; dL vs integrated "
      "couple %.3g",
      r.dP, r.dLc, errL);
  QVERIFY(r.dP <= 1e-10);
  QVERIFY(r.dLc > 1e-2);
  QVERIFY(errL <= 1e-9);
  QVERIFY(Vec3(r.wrench_integral.head<3>()).norm() <= 1e-12);
}

void TestModes::translationFlying() {
  const Model m = makeModel();
  Thrusters th(m, twelveThrusters());
  const auto mode = ManeuveringMode::TranslationFlying;
  validateActuatorConfiguration(mode, {3, &th});
  QVERIFY(names(errorOf([&] {
                  validateActuatorConfiguration(mode, {3, nullptr});
                }),
                "translation-flying"));
  // Commands: a couple about the CoM is rejected; two parallel thrusters symmetric about it pass.
  VecX u = VecX::Zero(12);
  u[0] = 1.0;  // +x face pushing +y: moment about the origin
  QVERIFY(names(errorOf([&] { validateThrusterCommands(mode, th, u, Vec3::Zero()); }),
                "translation-flying"));
  u[2] = 1.0;  // -x face pushing +y: net force through the origin
  validateThrusterCommands(mode, th, u, Vec3::Zero());
  // ...but not about a CoM displaced along x.
  QVERIFY(names(errorOf([&] { validateThrusterCommands(mode, th, u, Vec3(0.1, 0, 0)); }),
                "translation-flying"));

  const Vec3 F(4.0, -2.0, 3.0);
  ThrustThroughCom thrust(F, true);
  const RunResult r = run(m, armAndWheels(m, true), {&thrust});
  const double errP = (r.h1.linear - r.h0.linear - 3.0 * F).norm() / (3.0 * F).norm();
  qInfo(
      "translation-flying: max rel change L_com %.3g; P - P0 vs F t %.3g; L_origin changed "
      "%.3g rel",
      r.dLc, errP, r.dL);
  QVERIFY(r.dLc <= 1e-10);
  QVERIFY(errP <= 1e-10);
  QVERIFY(r.dL > 1e-2);
  ThrustThroughCom off(F, false);  // negative control: line of action misses the CoM
  const RunResult r2 = run(m, armAndWheels(m, true), {&off});
  qInfo("translation-flying control (force at the vehicle origin): L_com changed %.3g", r2.dLc);
  QVERIFY(r2.dLc > 1e-4);
}

void TestModes::flying() {
  const Model m = makeModel();
  Thrusters th(m, twelveThrusters());
  const auto mode = ManeuveringMode::Flying;
  validateActuatorConfiguration(mode, {3, &th});
  QVERIFY(names(errorOf([&] { validateActuatorConfiguration(mode, {3, nullptr}); }), "flying"));
  std::srand(5);
  const VecX u = (VecX::Random(12).array() + 1.0) / 2.0;
  validateThrusterCommands(mode, th, u, Vec3::Zero());
  th.setCommands(u);
  const RunResult r = run(m, armAndWheels(m, true), {&th}, &th);
  const Vec3 dP = r.h1.linear - r.h0.linear, dL = r.h1.angular_origin - r.h0.angular_origin;
  const double eP = (dP - Vec3(r.wrench_integral.head<3>())).norm() / dP.norm();
  const double eL = (dL - Vec3(r.wrench_integral.tail<3>())).norm() / dL.norm();
  qInfo("flying: P changed %.3g rel, L %.3g rel; vs integrated thruster wrench: P %.3g, L %.3g",
        r.dP, r.dL, eP, eL);
  QVERIFY(r.dP > 1e-2 && r.dL > 1e-2);
  QVERIFY(eP <= 1e-9 && eL <= 1e-9);
}

QTEST_APPLESS_MAIN(TestModes)
#include "test_modes.moc"
