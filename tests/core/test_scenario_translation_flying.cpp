// Translation-flying (seed 004 Table 1, mode 4): the thrusters may change the system's linear
// momentum P but not its angular momentum L about the system centre of mass, so their net
// force must pass through the CoM. enforceModeOnThrusterCommands (core/modes) projects the
// commands onto that set; the Simulator applies it at every control update.
//
//  * projection: in [0, 1], zero moment about the CoM to rounding, and the nearest such
//    commands (variational inequality against many other feasible commands); rotation-flying
//    agrees with the Dykstra projectOntoZeroNetForce; no heap allocation per call.
//  * models/seed004_spatial_translation_flying: 24 thrusters move the seed 004 spacecraft
//    2.3 m while the arm swings. L about the moving CoM stays zero up to the zero-order-hold
//    leakage (O(dt^2): halving dt divides it by ~4), P changes by exactly the thrust impulse,
//    L about the origin by the moment of that impulse about the moving CoM, and the vehicle
//    reaches its target.
//  * negative control: the same run without the projection (flying mode) changes L by
//    orders of magnitude more.
#include <cmath>
#include <random>

#include "allocation_counter.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kScenario =
    VMS_SOURCE_DIR "/models/seed004_spatial_translation_flying.scenario.json";

State randomState(const Model& m, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  State s = State::neutral(m);
  s.base_orientation = Quat(u(rng), u(rng), u(rng), u(rng)).normalized();
  s.base_position = Vec3(u(rng), u(rng), u(rng));
  for (int j = 0; j < m.njoints; ++j) s.q[j] = 1.5 * u(rng);
  return s;
}

VecX randomCommands(Eigen::Index n, std::mt19937& rng) {
  // Outside [0, 1] too: the projection clamps first.
  std::uniform_real_distribution<double> u(-0.3, 1.3);
  VecX c(n);
  for (Eigen::Index k = 0; k < n; ++k) c[k] = u(rng);
  return c;
}

struct RunFigures {
  double L_ref = 0.0;    // largest |L_vehicle|, |L_arm| about the system CoM
  double max_dLc = 0.0;  // max |L_com(t) - L_com(0)|
  double impulse_max = 0.0, dP_err = 0.0, dLo_err = 0.0;
  double max_err_after_settle = 0.0, final_err = 0.0, max_thrust = 0.0, com_max = 0.0;
};

// Runs the scenario; impulse and its moment about the moving CoM by the trapezoidal rule
// (the vehicle-frame force is held over each step, its world direction turns with the
// vehicle).
RunFigures runScenario(const Scenario& sc, double settle_time) {
  Simulator sim(sc);
  const Snapshot s0 = sim.snapshot();
  const Vec3 target = sc.controllers[0].target_position;
  RunFigures f;
  Vec3 impulse = Vec3::Zero(), moment = Vec3::Zero();
  Snapshot before = s0, s;
  while (!sim.finished()) {
    const double t0 = sim.time();
    sim.step();
    sim.snapshot(s);
    const VecX& c = sim.lastThrusterCommand();
    Vec3 f_body = Vec3::Zero();
    for (size_t i = 0; i < sc.thrusters.size(); ++i)
      f_body +=
          c[static_cast<Eigen::Index>(i)] * sc.thrusters[i].max_force * sc.thrusters[i].direction;
    f.max_thrust = std::max(f.max_thrust, c.maxCoeff());
    const double h = sim.time() - t0;
    const Vec3 F0 = before.state.base_orientation * f_body;
    const Vec3 F1 = s.state.base_orientation * f_body;
    impulse += 0.5 * h * (F0 + F1);
    moment +=
        0.5 * h * (before.momenta.center_of_mass.cross(F0) + s.momenta.center_of_mass.cross(F1));
    f.impulse_max = std::max(f.impulse_max, impulse.norm());
    f.com_max = std::max(f.com_max, s.momenta.center_of_mass.norm());
    const MomentumPartition& p = s.momenta;
    f.L_ref = std::max({f.L_ref, p.angular_com_vehicle.norm(), p.angular_com_arm.norm()});
    f.max_dLc = std::max(f.max_dLc, (p.angular_com_total - s0.momenta.angular_com_total).norm());
    const double e = (s.state.base_position - target).norm();
    if (sim.time() >= settle_time) f.max_err_after_settle = std::max(f.max_err_after_settle, e);
    f.final_err = e;
    std::swap(before, s);
  }
  const MomentumPartition& p1 = before.momenta;
  f.dP_err = (p1.linear_total - s0.momenta.linear_total - impulse).norm();
  // L_O = L_c + c x P and dL_c/dt = 0: dL_O/dt = c x F (c' x P = 0).
  f.dLo_err = (p1.angular_origin_total - s0.momenta.angular_origin_total - moment).norm();
  return f;
}

}  // namespace

class TestScenarioTranslationFlying : public QObject {
  Q_OBJECT
 private slots:
  void projectionThroughTheCenterOfMass();
  void rotationFlyingAgreesWithDykstra();
  void otherModesOnlyClampAndOnOffIsRejected();
  void heldCommandsAimAheadAndEdgeCases();
  void projectionDoesNotAllocate();
  void scenarioConservesAngularMomentumAboutTheCenterOfMass();
  void withoutTheProjectionAngularMomentumChanges();
};

void TestScenarioTranslationFlying::projectionThroughTheCenterOfMass() {
  const Scenario sc = loadScenario(kScenario);
  QCOMPARE(sc.mode, ManeuveringMode::TranslationFlying);
  QCOMPARE(sc.thrusters.size(), size_t(24));
  const Model& m = sc.model;
  Thrusters th(m, sc.thrusters);
  Data d(m);
  std::mt19937 rng(7);
  const auto n = static_cast<Eigen::Index>(sc.thrusters.size());
  double worst_moment = 0.0, worst_vi = 0.0, min_force = 1e300, max_change = 0.0;
  for (int trial = 0; trial < 40; ++trial) {
    const State s = randomState(m, rng);
    const Vec3 c = centerOfMass(m, d, s);
    const auto G = thrusterConstraintRows(ManeuveringMode::TranslationFlying, th, m, d, c);
    double scale = 0.0;  // sum of |moment| at full thrust: the rounding scale of G u
    for (Eigen::Index k = 0; k < n; ++k) scale += G.col(k).norm();
    const VecX raw = randomCommands(n, rng);
    const VecX clamped = raw.cwiseMax(0.0).cwiseMin(1.0);
    VecX u = raw;
    enforceModeOnThrusterCommands(ManeuveringMode::TranslationFlying, th, m, d, s, u);
    QVERIFY(u.minCoeff() >= 0.0 && u.maxCoeff() <= 1.0);
    worst_moment = std::max(worst_moment, (G * u).norm() / scale);
    // The moment about the CoM computed independently: Thrusters' own wrench (ForceModel).
    th.setCommands(u);
    forwardKinematics(m, d, s);
    std::vector<Vec6> w(static_cast<size_t>(m.nbodies), Vec6::Zero());
    VecX tau = VecX::Zero(m.njoints);
    th.apply(m, d, s, w, tau);
    Vec6 total = Vec6::Zero();
    for (const Vec6& wi : w) total += wi;
    const Vec3 moment_com = Vec3(total.tail<3>()) - c.cross(Vec3(total.head<3>()));
    worst_moment = std::max(worst_moment, moment_com.norm() / scale);
    min_force = std::min(min_force, Vec3(total.head<3>()).norm());
    max_change = std::max(max_change, (u - clamped).norm());
    // Nearest: (clamped - u) . (v - u) <= 0 for every feasible v (convex set, projection).
    for (int k = 0; k < 30; ++k) {
      VecX v = randomCommands(n, rng);
      if (k % 3 == 0) v = (0.5 * clamped + 0.5 * v).eval();
      enforceModeOnThrusterCommands(ManeuveringMode::TranslationFlying, th, m, d, s, v);
      worst_vi = std::max(worst_vi, (clamped - u).dot(v - u));
      // Convex combinations of feasible points are feasible and no nearer.
      const VecX mid = 0.5 * (u + v);
      QVERIFY((mid - clamped).norm() >= (u - clamped).norm() - 1e-12);
    }
  }
  qInfo(
      "translation-flying projection: max |moment about CoM| / sum |moment columns| %.2e, "
      "variational inequality max %.2e, smallest net force %.3g N, largest change %.3g",
      worst_moment, worst_vi, min_force, max_change);
  QVERIFY(worst_moment <= 1e-14);
  QVERIFY(worst_vi <= 1e-12);
  QVERIFY(min_force > 1.0);   // the projection keeps a net force (it is not just "all off")
  QVERIFY(max_change > 0.1);  // and it does change the requests
}

void TestScenarioTranslationFlying::rotationFlyingAgreesWithDykstra() {
  const Scenario sc = loadScenario(kScenario);
  const Model& m = sc.model;
  Thrusters th(m, sc.thrusters);
  Data d(m);
  std::mt19937 rng(11);
  const auto n = static_cast<Eigen::Index>(sc.thrusters.size());
  double worst_force = 0.0, worst_diff = 0.0, min_moment = 1e300;
  for (int trial = 0; trial < 20; ++trial) {
    const State s = randomState(m, rng);
    const VecX raw = randomCommands(n, rng);
    VecX u = raw;
    enforceModeOnThrusterCommands(ManeuveringMode::RotationFlying, th, m, d, s, u);
    const VecX ref = projectOntoZeroNetForce(th, raw.cwiseMax(0.0).cwiseMin(1.0));
    QVERIFY(u.minCoeff() >= 0.0 && u.maxCoeff() <= 1.0);
    const Vec6 w = thrusterWrench(th, u, Vec3::Zero());
    worst_force = std::max(worst_force, w.head<3>().norm() / 10.0);
    min_moment = std::min(min_moment, w.tail<3>().norm());
    worst_diff = std::max(worst_diff, (u - ref).cwiseAbs().maxCoeff());
  }
  qInfo(
      "rotation-flying: max |net force| / max_force %.2e, max |u - Dykstra| %.2e, min |couple| "
      "%.3g N m",
      worst_force, worst_diff, min_moment);
  QVERIFY(worst_force <= 1e-14);
  QVERIFY(worst_diff <= 1e-8);  // Dykstra's own convergence
  QVERIFY(min_moment > 1.0);
}

void TestScenarioTranslationFlying::otherModesOnlyClampAndOnOffIsRejected() {
  const Scenario sc = loadScenario(kScenario);
  const Model& m = sc.model;
  Thrusters th(m, sc.thrusters);
  Data d(m);
  std::mt19937 rng(3);
  const State s = randomState(m, rng);
  const VecX raw = randomCommands(24, rng);
  for (ManeuveringMode mode :
       {ManeuveringMode::Flying, ManeuveringMode::Floating, ManeuveringMode::RotationFloating}) {
    VecX u = raw;
    enforceModeOnThrusterCommands(mode, th, m, d, s, u);
    QVERIFY(u == raw.cwiseMax(0.0).cwiseMin(1.0));
  }
  VecX wrong = VecX::Zero(3);
  QVERIFY_THROWS_EXCEPTION(ModeError, enforceModeOnThrusterCommands(
                                          ManeuveringMode::TranslationFlying, th, m, d, s, wrong));
  std::vector<ThrusterSpec> specs = sc.thrusters;
  specs[5].proportional = false;
  Thrusters onoff(m, specs);
  VecX u = raw;
  QVERIFY_THROWS_EXCEPTION(ModeError, enforceModeOnThrusterCommands(
                                          ManeuveringMode::TranslationFlying, onoff, m, d, s, u));
}

void TestScenarioTranslationFlying::heldCommandsAimAheadAndEdgeCases() {
  const Scenario sc = loadScenario(kScenario);
  const Model& m = sc.model;
  Thrusters th(m, sc.thrusters);
  Data d(m);
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const auto mode = ManeuveringMode::TranslationFlying;

  // Held for h: zero moment about the CoM moved by h/2 times its velocity relative to the
  // vehicle (so the hold's angular impulse about the moving CoM is O(h^3)).
  double worst_ahead = 0.0;
  for (int trial = 0; trial < 10; ++trial) {
    State s = randomState(m, rng);
    for (int k = 0; k < 6; ++k) s.base_twist[k] = 0.2 * uni(rng);
    for (int j = 0; j < m.njoints; ++j) s.qd[j] = 0.3 * uni(rng);
    const double h = 0.05;
    VecX u = randomCommands(24, rng);
    enforceModeOnThrusterCommands(mode, th, m, d, s, u, h);
    computeKinematics(m, d, s);
    const MomentumSummary ms = computeMomentum(m, d);
    const Vec3 w = angular(d.v[0]);
    const Vec3 rel = ms.linear / ms.mass - (Vec3(linear(d.v[0])) + w.cross(ms.center_of_mass));
    QVERIFY(rel.norm() > 1e-3);
    const auto G = thrusterConstraintRows(mode, th, m, d, ms.center_of_mass + 0.5 * h * rel);
    const auto G0 = thrusterConstraintRows(mode, th, m, d, ms.center_of_mass);
    double scale = 0.0;
    for (Eigen::Index k = 0; k < G.cols(); ++k) scale += G.col(k).norm();
    worst_ahead = std::max(worst_ahead, (G * u).norm() / scale);
    QVERIFY((G0 * u).norm() > 1e3 * (G * u).norm());  // not the CoM of the instant
  }
  qInfo("held commands: moment about the CoM half a hold ahead / scale %.2e", worst_ahead);
  QVERIFY(worst_ahead <= 1e-14);

  const State s = State::neutral(m);
  const Vec3 c = centerOfMass(m, d, s);
  // A lone thruster whose line misses the CoM: it must stay off.
  {
    Thrusters one(m, {{"a", "base", Vec3(-1.75, 1.0, 0.0), Vec3::UnitX(), 10.0, true}});
    VecX u = VecX::Constant(1, 0.7);
    enforceModeOnThrusterCommands(mode, one, m, d, s, u);
    QCOMPARE(u[0], 0.0);
  }
  // Two thrusters along the line through the CoM: nothing to project (G = 0).
  {
    Thrusters two(m, {{"a", "base", Vec3(c.x() - 1.0, c.y(), c.z()), Vec3::UnitX(), 10.0, true},
                      {"b", "base", Vec3(c.x() + 1.0, c.y(), c.z()), -Vec3::UnitX(), 10.0, true}});
    VecX u(2);
    u << 0.3, 1.4;
    enforceModeOnThrusterCommands(mode, two, m, d, s, u);
    QVERIFY(u[0] == 0.3 && u[1] == 1.0);
  }
  // Many random thrusters (more than kMaxInPlaceThrusters: the heap path): feasible and the
  // nearest (variational inequality), the same answer as the rotation-flying projection where
  // the latter applies.
  {
    std::vector<ThrusterSpec> specs;
    for (int k = 0; k < kMaxInPlaceThrusters + 6; ++k)
      specs.push_back({"t" + std::to_string(k), "base",
                       Vec3(1.75 * uni(rng), 1.75 * uni(rng), 1.75 * uni(rng)),
                       Vec3(uni(rng), uni(rng), uni(rng)), 5.0 + 5.0 * (uni(rng) + 1.0), true});
    Thrusters many(m, specs);
    const auto n = static_cast<Eigen::Index>(specs.size());
    const auto G = thrusterConstraintRows(mode, many, m, d, c);
    double scale = 0.0;
    for (Eigen::Index k = 0; k < n; ++k) scale += G.col(k).norm();
    double worst = 0.0, worst_vi = 0.0;
    for (int trial = 0; trial < 5; ++trial) {
      const VecX raw = randomCommands(n, rng);
      const VecX clamped = raw.cwiseMax(0.0).cwiseMin(1.0);
      VecX u = raw;
      enforceModeOnThrusterCommands(mode, many, m, d, s, u);
      QVERIFY(u.minCoeff() >= 0.0 && u.maxCoeff() <= 1.0);
      worst = std::max(worst, (G * u).norm() / scale);
      for (int k = 0; k < 10; ++k) {
        VecX v = randomCommands(n, rng);
        enforceModeOnThrusterCommands(mode, many, m, d, s, v);
        worst_vi = std::max(worst_vi, (clamped - u).dot(v - u));
      }
    }
    qInfo("%d random thrusters: moment / scale %.2e, variational inequality %.2e",
          static_cast<int>(n), worst, worst_vi);
    QVERIFY(worst <= 1e-14);
    QVERIFY(worst_vi <= 1e-12);
  }
}

void TestScenarioTranslationFlying::projectionDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  const Scenario sc = loadScenario(kScenario);
  const Model& m = sc.model;
  Thrusters th(m, sc.thrusters);
  Data d(m);
  std::mt19937 rng(5);
  State s = randomState(m, rng);
  s.base_twist << 0.1, -0.2, 0.05, 0.01, 0.02, -0.03;
  s.qd.setConstant(0.1);
  std::vector<VecX> commands;
  for (int k = 0; k < 10; ++k) commands.push_back(randomCommands(24, rng));
  const long before = test::heapAllocations();
  for (VecX& u : commands) {
    enforceModeOnThrusterCommands(ManeuveringMode::TranslationFlying, th, m, d, s, u, 0.01);
    enforceModeOnThrusterCommands(ManeuveringMode::RotationFlying, th, m, d, s, u);
  }
  QCOMPARE(test::heapAllocations(), before);
}

void TestScenarioTranslationFlying::scenarioConservesAngularMomentumAboutTheCenterOfMass() {
  const Scenario sc = loadScenario(kScenario);
  QCOMPARE(sc.controllers.size(), size_t(2));
  QCOMPARE(sc.controllers[0].type, ControllerSpec::Type::ThrusterHold);
  QVERIFY(!sc.controllers[0].thruster.attitude && sc.controllers[0].thruster.position);
  const RunFigures f = runScenario(sc, 40.0);
  qInfo(
      "translation-flying (dt %.3g): |L_com - L_com(0)| max %.2e N m s (rel %.2e of %.3g), "
      "impulse up to %.4g N s, |dP - impulse| %.2e, |dL_O - moment of impulse| %.2e (|c| up to "
      "%.3g m), "
      "position error after 40 s <= %.3g m, final %.2e m, max command %.3f",
      sc.dt, f.max_dLc, f.max_dLc / f.L_ref, f.L_ref, f.impulse_max, f.dP_err, f.dLo_err, f.com_max,
      f.max_err_after_settle, f.final_err, f.max_thrust);
  QVERIFY(f.L_ref > 10.0);         // the arm really exchanges momentum with the vehicle
  QVERIFY(f.impulse_max > 100.0);  // and the thrusters really push
  QVERIFY(f.max_dLc <= 2e-7 * f.L_ref);
  // Trapezoidal quadrature of the turning thrust: O(dt^2), 1e-8 here.
  QVERIFY(f.dP_err <= 5e-8 * f.impulse_max);
  QVERIFY(f.dLo_err <= 5e-8 * f.com_max * f.impulse_max);
  QVERIFY(f.max_err_after_settle < 0.03);
  QVERIFY(f.final_err < 2e-4);

  // Half the step (and control period): the zero-order-hold leakage is second order.
  Scenario fine = sc;
  fine.dt = fine.control_period = 0.5 * sc.dt;
  const RunFigures g = runScenario(fine, 40.0);
  qInfo("translation-flying (dt %.3g): |L_com - L_com(0)| max %.2e (rel %.2e), ratio %.2f", fine.dt,
        g.max_dLc, g.max_dLc / g.L_ref, f.max_dLc / g.max_dLc);
  QVERIFY(g.max_dLc <= f.max_dLc / 3.0);
  QVERIFY(g.final_err < 2e-4);
}

void TestScenarioTranslationFlying::withoutTheProjectionAngularMomentumChanges() {
  Scenario sc = loadScenario(kScenario);
  sc.mode = ManeuveringMode::Flying;  // thrusters allowed to make torques: no projection
  const RunFigures f = runScenario(sc, 40.0);
  qInfo("without projection (flying): |L_com - L_com(0)| max %.3g N m s (rel %.2e)", f.max_dLc,
        f.max_dLc / f.L_ref);
  QVERIFY(f.max_dLc > 1e-2 * f.L_ref);
  // L about the origin now changes by more than the moment of the impulse about the CoM.
  QVERIFY(f.dLo_err > 1e-2 * f.L_ref);
}

QTEST_APPLESS_MAIN(TestScenarioTranslationFlying)
#include "test_scenario_translation_flying.moc"
