// Example scenario models/seed001_rover_2r: seed 001's planar rover (SE(2)) with a 2R arm,
// spinning about six full turns while the arm tilts out. The planar vehicle conserves the
// momentum components of its subgroup (P_x, P_y and L_z: the constraint wrench has only f_z,
// n_x, n_y), the system centre of mass stays put in the plane, energy follows the actuator
// work (gravity included: the constraint does no work), and once the arm is still the system
// spins as one rigid body: omega_z = L_z,c / I_zz,c with I_zz,c summed body by body.
#include <cmath>

#include "core/algorithms/kinematics.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed001_rover_2r.scenario.json";

double yaw(const Quat& q) { return 2.0 * std::atan2(q.z(), q.w()); }

// Moment of inertia of the whole system about the vertical line through its centre of mass,
// from the bodies' masses, centres of mass and inertias at their world poses.
double verticalInertiaAboutCom(const Model& m, const Data& d, const Vec3& c) {
  double I = 0.0;
  for (int i = 0; i < m.nbodies; ++i) {
    const Pose& X = d.oMi[static_cast<size_t>(i)];
    const Mat3 Iw = X.R * m.inertia_com[static_cast<size_t>(i)] * X.R.transpose();
    const Vec3 r = X.R * m.com[static_cast<size_t>(i)] + X.p - c;
    I += Iw(2, 2) + m.mass[static_cast<size_t>(i)] * (r.x() * r.x() + r.y() * r.y());
  }
  return I;
}

}  // namespace

class TestScenarioRover : public QObject {
  Q_OBJECT
 private slots:
  void spinsConservingPlanarMomentum();
};

void TestScenarioRover::spinsConservingPlanarMomentum() {
  const Scenario sc = loadScenario(kScenario);
  QVERIFY(sc.model.base_type == BaseType::Planar);
  QCOMPARE(sc.model.njoints, 2);
  QCOMPARE(sc.model.gravity.z(), -9.81);
  Simulator sim(sc);
  const Snapshot s0 = sim.snapshot();
  const double Lz0 = s0.momenta.angular_origin_total.z();
  double P_ref = 0.0, max_Pxy = 0.0, max_dLz = 0.0, max_com_xy = 0.0, max_dPz = 0.0;
  double max_power = 0.0, E_ref = 0.0, max_track = 0.0;
  double turned = 0.0, last_yaw = 0.0;
  Snapshot s;
  while (!sim.finished()) {
    sim.step();
    s = sim.snapshot();
    const MomentumPartition& p = s.momenta;
    P_ref = std::max({P_ref, p.linear_vehicle.head<2>().norm(), p.linear_arm.head<2>().norm()});
    max_Pxy = std::max(max_Pxy, p.linear_total.head<2>().norm());
    max_dPz = std::max(max_dPz, std::abs(p.linear_total.z()));
    max_dLz = std::max(max_dLz, std::abs(p.angular_origin_total.z() - Lz0));
    max_com_xy =
        std::max(max_com_xy, (p.center_of_mass - s0.momenta.center_of_mass).head<2>().norm());
    max_power = std::max(max_power, std::abs(s.energy - s0.energy - s.actuator_work));
    E_ref = std::max({E_ref, s.kinetic_energy, std::abs(s.actuator_work)});
    max_track = std::max(max_track, s.tracking_error);
    const double y = yaw(s.state.base_orientation);
    turned += std::remainder(y - last_yaw, 2.0 * M_PI);  // steps are << half a turn
    last_yaw = y;
  }
  const double turns = turned / (2.0 * M_PI);

  // Rigid-body spin at the end (the arm has been still since t = 15 s).
  Data d(sc.model);
  computeKinematics(sc.model, d, s.state);
  const double Izz = verticalInertiaAboutCom(sc.model, d, s.momenta.center_of_mass);
  const double omega_expected = s.momenta.angular_com_total.z() / Izz;
  const double omega = s.state.base_twist[5];
  const double omega0 = s0.state.base_twist[5];
  qInfo(
      "rover: %.4f turns, omega %.6f -> %.6f rad/s (rigid-body L_zc/I_zzc %.6f, rel. diff "
      "%.2e), |P_xy| %.2e (rel %.2e), |dL_z| rel %.2e, CoM xy shift %.2e m, |P_z| up to %.3g, "
      "power balance %.2e (rel %.2e), tracking max %.2e rad",
      turns, omega0, omega, omega_expected, std::abs(omega - omega_expected) / omega_expected,
      max_Pxy, max_Pxy / P_ref, max_dLz / std::abs(Lz0), max_com_xy, max_dPz, max_power,
      max_power / E_ref, max_track);

  QVERIFY(turns > 5.0 && turns < 6.4);  // several full turns; the spin slows as the arm tilts
  QVERIFY(omega < 0.9 * omega0);
  QVERIFY(P_ref > 1e-2);  // the rover and the arm do exchange momentum
  QVERIFY(max_Pxy <= 1e-10 * P_ref);
  QVERIFY(max_dLz <= 1e-10 * std::abs(Lz0));
  QVERIFY(max_com_xy <= 1e-10);
  QVERIFY(max_dPz > 1e-2);  // not conserved: the plane pushes on the system
  QVERIFY(max_power <= 1e-8 * E_ref);
  QVERIFY(std::abs(omega - omega_expected) <= 1e-6 * omega_expected);
  QVERIFY(std::abs(s.state.q[0] - 0.8) < 1e-6 && std::abs(s.state.q[1] + 1.0) < 1e-6);
  QVERIFY(max_track < 1e-3);
}

QTEST_APPLESS_MAIN(TestScenarioRover)
#include "test_scenario_rover.moc"
