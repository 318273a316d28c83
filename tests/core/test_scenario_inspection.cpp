// Example scenario models/seed003_inspection: seed 003's inspection spacecraft in
// rotation-floating mode. Three reaction wheels hold the bus attitude while the camera arm
// sweeps. Nothing acts from outside, so the linear momentum and the total angular momentum
// (bus + arm + wheels) are conserved and the system centre of mass stays put; the wheels take
// up the momentum the arm would otherwise give the bus. Without the wheel controller (the same
// arm motion, floating) the bus turns far more: that is what the wheels buy.
#include <cmath>

#include "core/algorithms/kinematics.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed003_inspection.scenario.json";

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

QTEST_APPLESS_MAIN(TestScenarioInspection)
#include "test_scenario_inspection.moc"
