// Example scenario models/seed000_uvms: seed 000's underwater vehicle with a 4-link arm
// (section 3.1: buoyancy, added mass, linear + quadratic damping, current). Every body is
// neutrally buoyant and the arm bodies' centres of buoyancy are their centres of mass, so the
// only hydrostatic wrench is the vehicle's righting moment. Checks:
//  - the scenario (0.1 m/s current): the arm reaches out and holds; at the end the whole system
//    drifts with the current (relative velocity zero: no damping left), and the vehicle is
//    upright again whatever the arm's pose (the arm bodies' weight and buoyancy cancel);
//  - without current: the total energy (kinetic incl. added mass + weight + buoyancy
//    potentials) minus the actuator work never increases, and its loss equals the integral of
//    the damping power (Underwater::dampingPower, trapezoidal rule);
//  - at rest without controllers: the neutral equilibrium stays put.
#include <cmath>

#include "core/algorithms/kinematics.hpp"
#include "core/environment/underwater.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

// Angle between the vehicle's z axis and the world's vertical (accurate for small angles).
double tilt(const Quat& q) {
  const Vec3 up = q * Vec3::UnitZ();
  return std::atan2(up.head<2>().norm(), up.z());
}

const std::string kScenario = VMS_SOURCE_DIR "/models/seed000_uvms.scenario.json";

// Weight and buoyancy potential: -sum m g.c + sum rho V g.x_b (g the model's gravity).
double hydrostaticPotential(const Model& m, const Data& d, const EnvironmentSpec& env) {
  const Vec3 g = m.gravity;
  double V = 0.0;
  for (int i = 0; i < m.nbodies; ++i) {
    const Pose& X = d.oMi[static_cast<size_t>(i)];
    V -= m.mass[static_cast<size_t>(i)] * g.dot(X.R * m.com[static_cast<size_t>(i)] + X.p);
  }
  for (const HydrodynamicBody& b : env.bodies) {
    const int f = m.frameIndex(b.link);
    const Pose X = framePose(m, d, f);
    V += env.fluid.density * b.volume * g.dot(X.R * b.center_of_buoyancy + X.p);
  }
  return V;
}

}  // namespace

class TestScenarioUnderwater : public QObject {
  Q_OBJECT
 private slots:
  void driftsWithTheCurrentAndRightsItself();
  void dampingDissipatesTheEnergy();
  void neutralEquilibriumStaysPut();
};

void TestScenarioUnderwater::driftsWithTheCurrentAndRightsItself() {
  const Scenario sc = loadScenario(kScenario);
  QCOMPARE(sc.environment.type, EnvironmentSpec::Type::Underwater);
  QCOMPARE(sc.model.njoints, 4);
  QVERIFY(sc.model.hasAddedMass());
  // Neutral buoyancy, body by body.
  double displaced = 0.0;
  for (const auto& b : sc.environment.bodies) displaced += sc.environment.fluid.density * b.volume;
  QVERIFY(std::abs(displaced - sc.model.total_mass) < 1e-12 * sc.model.total_mass);

  Simulator sim(sc);
  double max_track = 0.0, max_tilt = 0.0;
  while (!sim.finished()) {
    sim.step();
    const Snapshot s = sim.snapshot();
    max_track = std::max(max_track, s.tracking_error);
    max_tilt = std::max(max_tilt, tilt(s.state.base_orientation));
  }
  const State& x = sim.state();
  const Vec3 v_world = x.base_orientation * x.base_twist.head<3>();
  const Vec3 w_world = x.base_orientation * x.base_twist.tail<3>();
  const Vec3 current = sc.environment.fluid.current_world;
  const double final_tilt = tilt(x.base_orientation);
  qInfo(
      "underwater: final vehicle velocity (%.6f, %.2e, %.2e) m/s vs current %.3g, |w| %.2e "
      "rad/s, tilt max %.4f rad -> final %.2e rad, joint rates %.2e, tracking max %.3g rad",
      v_world.x(), v_world.y(), v_world.z(), current.x(), w_world.norm(), max_tilt, final_tilt,
      x.qd.norm(), max_track);
  QVERIFY((v_world - current).norm() < 1e-3 * current.norm());
  QVERIFY(w_world.norm() < 1e-4);
  QVERIFY(max_tilt > 1e-2);    // the arm does tip the vehicle
  QVERIFY(final_tilt < 1e-6);  // and the righting moment brings it back
  QVERIFY(max_track < 0.05);
  QVERIFY(
      (x.q - std::get<JointPDSetup>(sc.controllers[0]).trajectory->target).cwiseAbs().maxCoeff() <
      0.01);
}

void TestScenarioUnderwater::dampingDissipatesTheEnergy() {
  Scenario sc = loadScenario(kScenario);
  sc.environment.fluid.current_world.setZero();
  sc.duration = 20.0;
  Simulator sim(sc);
  FluidProperties still = sc.environment.fluid;
  Underwater water(sc.model, sc.environment.bodies, still);
  Data d(sc.model);
  auto budget = [&](const Snapshot& s, double& damping_power) {
    computeKinematics(sc.model, d, s.state);
    damping_power = water.dampingPower(d);
    return s.kinetic_energy + hydrostaticPotential(sc.model, d, sc.environment) - s.actuator_work;
  };
  double p_prev = 0.0;
  const double B0 = budget(sim.snapshot(), p_prev);
  double B_prev = B0, dissipated = 0.0, t_prev = 0.0, max_rise = 0.0, T_max = 0.0;
  int rises = 0;
  while (!sim.finished()) {
    sim.step();
    const Snapshot s = sim.snapshot();
    double p = 0.0;
    const double B = budget(s, p);
    QVERIFY(p <= 0.0);
    dissipated += 0.5 * (p + p_prev) * (s.time - t_prev);
    if (B > B_prev) {
      ++rises;
      max_rise = std::max(max_rise, B - B_prev);
    }
    T_max = std::max(T_max, s.kinetic_energy);
    B_prev = B;
    p_prev = p;
    t_prev = s.time;
  }
  const double loss = B_prev - B0;
  qInfo(
      "underwater, no current: energy - work lost %.6e J, integral of the damping power %.6e J "
      "(rel. diff %.2e), steps where it rose: %d (max %.2e J), max T %.3g J",
      loss, dissipated, std::abs(loss - dissipated) / std::abs(dissipated), rises, max_rise, T_max);
  QVERIFY(dissipated < -1e-3);  // the water does take energy out
  QVERIFY(max_rise <= 1e-12 * T_max);
  QVERIFY(std::abs(loss - dissipated) <= 1e-4 * std::abs(dissipated));
}

void TestScenarioUnderwater::neutralEquilibriumStaysPut() {
  Scenario sc = loadScenario(kScenario);
  sc.controllers.clear();
  sc.environment.fluid.current_world.setZero();
  sc.duration = 10.0;
  Simulator sim(sc);
  while (!sim.finished()) sim.step();
  const State& x = sim.state();
  const double moved = x.base_position.norm() + x.q.norm();
  const double turned = x.base_orientation.angularDistance(Quat::Identity());
  qInfo("underwater at rest: moved %.2e m, turned %.2e rad, |nu| %.2e", moved, turned,
        x.base_twist.norm() + x.qd.norm());
  QVERIFY(moved < 1e-12);
  QVERIFY(turned < 1e-12);
}

QTEST_APPLESS_MAIN(TestScenarioUnderwater)
#include "test_scenario_underwater.moc"
