// Example scenario models/seed003_inspection: seed 003's inspection spacecraft in
// rotation-floating mode. Three reaction wheels hold the bus attitude while the camera arm
// sweeps. Nothing acts from outside, so the linear momentum and the total angular momentum
// (bus + arm + wheels) are conserved and the system centre of mass stays put; the wheels take
// up the momentum the arm would otherwise give the bus. Without the wheel controller (the same
// arm motion, floating) the bus turns far more: that is what the wheels buy.
// models/seed003_inspection_flying: the same sweep in flying mode, thrusters holding the bus
// position: the bus stays within millimetres, and the momentum changes by exactly the impulse
// (and its moment) of the thrusters.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <cmath>

#include "core/algorithms/kinematics.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed003_inspection.scenario.json";
const std::string kFlying = VMS_SOURCE_DIR "/models/seed003_inspection_flying.scenario.json";

struct Figures {
  double P_ref = 0, L_ref = 0, max_P = 0, max_dL = 0, max_com = 0, max_att = 0, max_track = 0;
  double max_wheel_speed = 0, max_L_wheels = 0, max_L_arm = 0, final_att = 0;
  Vec3 final_L_bus, final_L_arm, final_L_wheels;
  int saturated_steps = 0;
};

Figures run(const Scenario& sc, const std::vector<int>& wheel_joints) {
  Simulator sim(sc);
  Data d(sc.model);
  const Snapshot s0 = sim.snapshot();
  Figures f;
  std::vector<bool> is_wheel(static_cast<size_t>(sc.model.nbodies), false);
  for (int j : wheel_joints)
    is_wheel[static_cast<size_t>(sc.model.joint_body[static_cast<size_t>(j)])] = true;
  while (!sim.finished()) {
    sim.step();
    const Snapshot s = sim.snapshot();
    const MomentumPartition& p = s.momenta;
    // Angular momentum (about the world origin) of the bus, the arm and the wheels.
    computeKinematics(sc.model, d, s.state);
    Vec3 L_bus = Vec3::Zero(), L_arm = Vec3::Zero(), L_wheels = Vec3::Zero();
    for (int i = 0; i < sc.model.nbodies; ++i) {
      const Vec3 L = (d.I[static_cast<size_t>(i)] * d.v[static_cast<size_t>(i)]).tail<3>();
      (i == 0 ? L_bus : is_wheel[static_cast<size_t>(i)] ? L_wheels : L_arm) += L;
    }
    f.P_ref = std::max({f.P_ref, p.linear_vehicle.norm(), p.linear_arm.norm()});
    f.L_ref = std::max({f.L_ref, L_bus.norm(), L_arm.norm(), L_wheels.norm()});
    f.max_L_wheels = std::max(f.max_L_wheels, L_wheels.norm());
    f.max_L_arm = std::max(f.max_L_arm, L_arm.norm());
    f.max_P = std::max(f.max_P, p.linear_total.norm());
    f.max_dL =
        std::max(f.max_dL, (p.angular_origin_total - s0.momenta.angular_origin_total).norm());
    f.max_com = std::max(f.max_com, (p.center_of_mass - s0.momenta.center_of_mass).norm());
    f.max_att = std::max(f.max_att, s.vehicle_attitude_deviation);
    for (int j : wheel_joints)
      f.max_wheel_speed = std::max(f.max_wheel_speed, std::abs(s.state.qd[j]));
    if (sim.saturatedCount() > 0) ++f.saturated_steps;
    f.final_att = s.vehicle_attitude_deviation;
    f.final_L_bus = L_bus;
    f.final_L_arm = L_arm;
    f.final_L_wheels = L_wheels;
    // Joint tracking of the arm controller only (controllers[1]).
    f.max_track = std::max(f.max_track, s.tracking_error);
  }
  return f;
}

}  // namespace

class TestScenarioInspection : public QObject {
  Q_OBJECT
 private slots:
  void wheelsHoldTheBusConservingMomentum();
  void thrustersHoldThePosition();
};

void TestScenarioInspection::wheelsHoldTheBusConservingMomentum() {
  const Scenario sc = loadScenario(kScenario);
  QCOMPARE(sc.mode, ManeuveringMode::RotationFloating);
  QCOMPARE(sc.reaction_wheels.size(), size_t(3));
  QCOMPARE(sc.model.njoints, 7);
  const std::vector<int> wheels = reactionWheelJoints(sc.model, sc.reaction_wheels);
  const Figures f = run(sc, wheels);
  qInfo(
      "inspection (wheels): attitude deviation max %.3e rad, final %.2e rad, |P| %.2e (rel %.2e), "
      "|dL| %.2e "
      "(rel %.2e), CoM shift %.2e m, |L_arm| up to %.3g, |L_wheels| up to %.3g N m s, wheel "
      "speed up to %.3g rad/s, saturated steps %d, tracking max %.3g",
      f.max_att, f.final_att, f.max_P, f.max_P / f.P_ref, f.max_dL, f.max_dL / f.L_ref, f.max_com,
      f.max_L_arm, f.max_L_wheels, f.max_wheel_speed, f.saturated_steps, f.max_track);
  QVERIFY(f.P_ref > 1e-2 && f.L_ref > 1e-2);
  QVERIFY(f.max_P <= 1e-10 * f.P_ref);
  QVERIFY(f.max_dL <= 1e-10 * f.L_ref);
  QVERIFY(f.max_com <= 1e-10);
  // Pointing budget of the bus during the sweep: 0.3 degrees; after the 20 s hold it has settled.
  QVERIFY(f.max_att < 0.3 * M_PI / 180.0);
  QVERIFY(f.final_att < 1e-4);
  QVERIFY(f.max_wheel_speed < 600.0);
  QCOMPARE(f.saturated_steps, 0);

  // The same arm motion without the wheel controller (floating): the bus turns much more.
  Scenario loose = sc;
  loose.controllers.erase(loose.controllers.begin());
  const Figures g = run(loose, wheels);
  qInfo("inspection (no attitude control): max attitude deviation %.3e rad, |dL| rel %.2e",
        g.max_att, g.max_dL / g.L_ref);
  QVERIFY(g.max_att > 10.0 * f.max_att);
  QVERIFY(g.max_dL <= 1e-10 * g.L_ref);
}

void TestScenarioInspection::thrustersHoldThePosition() {
  const Scenario sc = loadScenario(kFlying);
  QCOMPARE(sc.mode, ManeuveringMode::Flying);
  QCOMPARE(sc.thrusters.size(), size_t(6));
  Simulator sim(sc);
  const Snapshot s0 = sim.snapshot();
  // Impulse and moment of the thrusters (all on the bus, forces through the bus origin), by
  // the trapezoidal rule on the bus pose: the command is held over each step.
  Vec3 impulse = Vec3::Zero(), moment = Vec3::Zero();
  double max_bus_shift = 0.0, max_att = 0.0, max_impulse = 0.0;
  State before = s0.state;
  while (!sim.finished()) {
    const double t0 = sim.time();
    sim.step();
    const VecX& c = sim.lastThrusterCommand();
    Vec3 f_body = Vec3::Zero();
    for (size_t i = 0; i < sc.thrusters.size(); ++i)
      f_body +=
          c[static_cast<Eigen::Index>(i)] * sc.thrusters[i].max_force * sc.thrusters[i].direction;
    const State& after = sim.state();
    const double h = sim.time() - t0;
    const Vec3 F0 = before.base_orientation * f_body, F1 = after.base_orientation * f_body;
    impulse += 0.5 * h * (F0 + F1);
    moment += 0.5 * h * (before.base_position.cross(F0) + after.base_position.cross(F1));
    max_impulse = std::max(max_impulse, impulse.norm());
    const Snapshot s = sim.snapshot();
    max_bus_shift = std::max(max_bus_shift, s.vehicle_com_displacement.norm());
    max_att = std::max(max_att, s.vehicle_attitude_deviation);
    before = after;
  }
  const Snapshot s = sim.snapshot();
  const Vec3 dP = s.momenta.linear_total - s0.momenta.linear_total;
  const Vec3 dL = s.momenta.angular_origin_total - s0.momenta.angular_origin_total;
  qInfo(
      "inspection (flying): bus shift max %.3e m (final %.2e m), attitude max %.3e rad; "
      "|dP - impulse| %.2e (impulse up to %.3g N s), |dL - moment| %.2e (|moment| %.3g)",
      max_bus_shift, s.vehicle_com_displacement.norm(), max_att, (dP - impulse).norm(), max_impulse,
      (dL - moment).norm(), moment.norm());
  QVERIFY(max_impulse > 0.1);  // the thrusters do work against the arm's reaction
  QVERIFY((dP - impulse).norm() <= 1e-6 * max_impulse);
  QVERIFY((dL - moment).norm() <= 1e-6 * max_impulse);
  QVERIFY(max_bus_shift < 0.01);  // rotation-floating lets the bus move 2.8 cm
  QVERIFY(s.vehicle_com_displacement.norm() < 1e-3);
  QVERIFY(max_att < 0.3 * M_PI / 180.0);
}

QTEST_APPLESS_MAIN(TestScenarioInspection)
#include "test_scenario_inspection.moc"
