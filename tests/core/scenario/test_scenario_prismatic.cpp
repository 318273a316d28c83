// Example scenario models/seed000_prismatic_se3: seed 000's one-link robot on a prismatic
// joint on a free SE(3) vehicle (section 6, Fig. 2), coasting from the notes' state. Checks:
// the initial kinetic energy of the notes (3.094 J, from (105)), conservation of energy, linear
// and angular momentum, the system centre of mass moving on a straight line at P/m, and the
// simulated trajectory satisfying the joint equation (108) with time derivatives taken by
// central differences of the trajectory itself (independent of the solver's accelerations).
#include <cmath>
#include <vector>

#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {
const std::string kScenario = VMS_SOURCE_DIR "/models/seed000_prismatic_se3.scenario.json";
constexpr double kMass = 2.0, kL = 0.5;  // link mass and offset l of the model file
}  // namespace

class TestScenarioPrismatic : public QObject {
  Q_OBJECT
 private slots:
  void coastsConservingAndFollowingEq108();
};

void TestScenarioPrismatic::coastsConservingAndFollowingEq108() {
  const Scenario sc = loadScenario(kScenario);
  QVERIFY(sc.model.base_type == BaseType::Free);
  QCOMPARE(sc.model.njoints, 1);
  QVERIFY(sc.controllers.empty());
  Simulator sim(sc);
  const Snapshot s0 = sim.snapshot();
  const double E0 = s0.kinetic_energy;
  const Vec3 P0 = s0.momenta.linear_total, L0 = s0.momenta.angular_origin_total;
  const Vec3 c0 = s0.momenta.center_of_mass;
  const double mass = s0.momenta.mass;

  std::vector<State> states{s0.state};
  std::vector<double> times{0.0};
  double max_dE = 0.0, max_dP = 0.0, max_dL = 0.0, max_com = 0.0;
  while (!sim.finished()) {
    sim.step();
    const Snapshot s = sim.snapshot();
    max_dE = std::max(max_dE, std::abs(s.kinetic_energy - E0));
    max_dP = std::max(max_dP, (s.momenta.linear_total - P0).norm());
    max_dL = std::max(max_dL, (s.momenta.angular_origin_total - L0).norm());
    max_com = std::max(max_com, (s.momenta.center_of_mass - (c0 + P0 / mass * s.time)).norm());
    states.push_back(s.state);
    times.push_back(s.time);
  }

  // Eq. (108) along the trajectory: qdd1 + vdot_y - l wdot_x + (v_x + l w_y) w_z - v_z w_x
  //   - q1 w_x^2 - q1 w_z^2 = tau / m = 0 (body twist of the vehicle).
  double max_res = 0.0, max_term = 0.0;
  for (size_t k = 1; k + 1 < states.size(); ++k) {
    const double h2 = times[k + 1] - times[k - 1];
    const Vec6 V = states[k].base_twist;
    const Vec6 Vdot = (states[k + 1].base_twist - states[k - 1].base_twist) / h2;
    const double qdd = (states[k + 1].qd[0] - states[k - 1].qd[0]) / h2;
    const double q = states[k].q[0];
    const double vx = V[0], vz = V[2], wx = V[3], wy = V[4], wz = V[5];
    const double res =
        qdd + Vdot[1] - kL * Vdot[3] + (vx + kL * wy) * wz - vz * wx - q * wx * wx - q * wz * wz;
    max_res = std::max(max_res, std::abs(res));
    max_term = std::max(max_term, std::abs(qdd));
  }
  const State& last = states.back();
  qInfo(
      "prismatic: E0 %.6f J, |dE|/E0 %.2e, |dP|/|P| %.2e, |dL|/|L| %.2e, CoM off its line "
      "%.2e m, eq. (108) residual %.2e (|qdd1| up to %.3g), q1 %.4f -> %.4f m",
      E0, max_dE / E0, max_dP / P0.norm(), max_dL / L0.norm(), max_com, max_res, max_term,
      s0.state.q[0], last.q[0]);
  QVERIFY(std::abs(E0 - 3.094) < 5e-4);  // seed-000 notes, 1.8
  QCOMPARE(s0.momenta.mass, 12.0);
  QVERIFY(max_dE <= 1e-10 * E0);
  QVERIFY(max_dP <= 1e-10 * P0.norm());
  QVERIFY(max_dL <= 1e-10 * L0.norm());
  QVERIFY(max_com <= 1e-10);
  QVERIFY(max_term > 0.1);   // the slider does accelerate
  QVERIFY(max_res <= 1e-5);  // central differences, h = 1 ms: O(h^2)
  (void)kMass;
}

QTEST_APPLESS_MAIN(TestScenarioPrismatic)
#include "test_scenario_prismatic.moc"
