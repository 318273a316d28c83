// Momentum partition, kinetic-energy split, power balance and vehicle reaction
// (core/analysis/momentum_partition.hpp, power_balance.hpp, vehicle_reaction.hpp):
// - the partition against per-body sums from centres of mass and rotational inertias
//   (m c x c_dot + Ic w, 1/2 m |c_dot|^2 + 1/2 w^T Ic w), every vehicle type;
// - kinetic energy: locked + internal = total; zero vehicle momentum -> locked = 0; joints at
//   rest -> internal = 0;
// - power balance: dT/dt by central differences along rk4 runs with joint torques, damping,
//   gravity, a vehicle wrench and an external body force equals the computed power, with the
//   error of the five-point stencil falling as dt^4;
// - vehicle reaction: the wrench the arm exerts on the vehicle equals minus the rate of change
//   of the arm's world momentum (central differences) plus gravity and external forces on the
//   arm, every vehicle type;
// - attitude deviation: closed forms (q0 exp(theta u) -> theta, including near 0 and pi, and
//   theta > pi -> 2 pi - theta), sign invariance; vehicle CoM displacement: zero at start,
//   and with zero momentum -(1/m0) sum m_i (c_i - c_i(0)) (the system CoM stays put).
#include <cmath>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/analysis/momentum_partition.hpp"
#include "core/analysis/power_balance.hpp"
#include "core/analysis/vehicle_reaction.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

ModelDescription description(BaseType base, std::uint64_t seed, bool chain, int bodies = 7) {
  return test::randomDescription(base, seed, chain, bodies, 2);
}

void setZeroMomentum(const Model& m, State& s) {
  Data d(m);
  crba(m, d, s);
  VecX nu = s.generalizedVelocity(m);
  nu.head(m.base_dof) = -mechanicalConnection(m, d.M) * s.qd;
  s.setGeneralizedVelocity(m, nu);
}

}  // namespace

class TestAnalysisMomentum : public QObject {
  Q_OBJECT
 private slots:
  void partitionAgainstBodySums_data();
  void partitionAgainstBodySums();
  void kineticEnergySplit_data();
  void kineticEnergySplit();
  void powerBalance_data();
  void powerBalance();
  void vehicleReaction_data();
  void vehicleReaction();
  void attitudeDeviation();
  void vehicleComDisplacement();
};

void TestAnalysisMomentum::partitionAgainstBodySums_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisMomentum::partitionAgainstBodySums() {
  QFETCH(int, base);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Model m = compileModel(description(static_cast<BaseType>(base), seed, seed == 2));
    Data d(m);
    const State s = randomState(m, seed + 4);
    computeKinematics(m, d, s);
    const MomentumPartition p = momentumPartition(m, d);
    // Reference from centres of mass.
    double mass = 0;
    Vec3 first = Vec3::Zero();
    for (int i = 0; i < m.nbodies; ++i) {
      mass += m.mass[i];
      first += m.mass[i] * d.oMi[i].act(m.com[i]);
    }
    const Vec3 c = first / mass;
    Vec3 P[2] = {Vec3::Zero(), Vec3::Zero()}, Lo[2] = {Vec3::Zero(), Vec3::Zero()},
         Lc[2] = {Vec3::Zero(), Vec3::Zero()};
    double T[2] = {0, 0};
    for (int i = 0; i < m.nbodies; ++i) {
      const int part = i == 0 ? 0 : 1;
      const Vec3 ci = d.oMi[i].act(m.com[i]);
      const Vec3 w = angular(d.v[i]);
      const Vec3 cdot = Vec3(linear(d.v[i])) + w.cross(ci);
      const Mat3 Ic = d.oMi[i].R * m.inertia_com[i] * d.oMi[i].R.transpose();
      P[part] += m.mass[i] * cdot;
      Lo[part] += ci.cross(m.mass[i] * cdot) + Ic * w;
      Lc[part] += (ci - c).cross(m.mass[i] * cdot) + Ic * w;
      T[part] += 0.5 * m.mass[i] * cdot.squaredNorm() + 0.5 * w.dot(Ic * w);
    }
    QVERIFY(std::abs(p.mass - mass) < 1e-13 * mass);
    VMS_COMPARE_REL(p.center_of_mass, c, 1e-13);
    VMS_COMPARE_REL(p.linear_vehicle, P[0], 1e-13);
    VMS_COMPARE_REL(p.linear_arm, P[1], 1e-13);
    VMS_COMPARE_REL(p.linear_total, Vec3(P[0] + P[1]), 1e-13);
    VMS_COMPARE_REL(p.angular_origin_vehicle, Lo[0], 1e-13);
    VMS_COMPARE_REL(p.angular_origin_arm, Lo[1], 1e-13);
    VMS_COMPARE_REL(p.angular_origin_total, Vec3(Lo[0] + Lo[1]), 1e-13);
    VMS_COMPARE_REL(p.angular_com_vehicle, Lc[0], 1e-13);
    VMS_COMPARE_REL(p.angular_com_arm, Lc[1], 1e-13);
    VMS_COMPARE_REL(p.angular_com_total, Vec3(Lc[0] + Lc[1]), 1e-13);
    QVERIFY(std::abs(p.kinetic_vehicle - T[0]) < 1e-13 * std::max(1.0, T[0]));
    QVERIFY(std::abs(p.kinetic_arm - T[1]) < 1e-13 * std::max(1.0, T[1]));
    // The library's total (computeMomentum) agrees.
    const MomentumSummary tot = computeMomentum(m, d);
    VMS_COMPARE_REL(p.angular_com_total, tot.angular_com, 1e-13);
    QVERIFY(std::abs(p.kinetic_total - tot.kinetic_energy) < 1e-13 * tot.kinetic_energy);
  }
}

void TestAnalysisMomentum::kineticEnergySplit_data() { partitionAgainstBodySums_data(); }

void TestAnalysisMomentum::kineticEnergySplit() {
  QFETCH(int, base);
  const Model m = compileModel(description(static_cast<BaseType>(base), 11, false));
  Data d(m);
  State s = randomState(m, 2);
  crba(m, d, s);
  computeKinematics(m, d, s);
  KineticEnergySplit k = vms::kineticEnergySplit(m, d.M, s);
  const double T = momentumPartition(m, d).kinetic_total;
  QVERIFY(std::abs(k.total - T) < 1e-13 * T);
  QVERIFY(std::abs(k.locked + k.internal - T) < 1e-13 * T);
  QVERIFY(k.locked >= 0 && k.internal >= 0);
  QCOMPARE(k.locked_velocity.size(), m.base_dof);
  if (m.base_dof == 0) {
    QCOMPARE(k.locked, 0.0);
    return;
  }
  QVERIFY(k.locked > 1e-3 * T);  // a random state carries vehicle momentum
  // Zero vehicle momentum: everything is internal.
  setZeroMomentum(m, s);
  k = vms::kineticEnergySplit(m, d.M, s);
  QVERIFY(k.locked < 1e-14 * k.total);
  QVERIFY(k.locked_velocity.norm() < 1e-13);
  QVERIFY(std::abs(k.internal - k.total) < 1e-13 * k.total);
  // Joints at rest: the system moves as a locked body, all energy is "locked".
  s = randomState(m, 3);
  s.qd.setZero();
  k = vms::kineticEnergySplit(m, d.M, s);
  QCOMPARE(k.internal, 0.0);
  QVERIFY(std::abs(k.locked - k.total) < 1e-13 * k.total);
  VMS_COMPARE_REL(k.locked_velocity, VecX(m.base_basis.transpose() * s.base_twist), 1e-15);
}

void TestAnalysisMomentum::powerBalance_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : {BaseType::Free, BaseType::Planar, BaseType::Schoenflies, BaseType::Fixed})
    QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisMomentum::powerBalance() {
  QFETCH(int, base);
  ModelDescription desc = description(static_cast<BaseType>(base), 21, true);
  desc.gravity = Vec3(0.4, -0.3, -9.81);
  for (std::size_t j = 0; j < desc.joints.size(); ++j) desc.joints[j].damping = 0.05 * (j + 1);
  const Model m = compileModel(desc);
  std::vector<Vec6> forces(m.nbodies, Vec6::Zero());
  forces[m.nbodies - 1] << 0.5, -1.0, 0.7, 0.2, 0.1, -0.3;
  Vec6 wrench;
  wrench << 3.0, -2.0, 1.0, 0.5, -0.4, 0.8;
  const VecX tau = VecX::LinSpaced(m.njoints, 2.0, -1.5);
  // Central differences of T along a run with step dt; returns max |FD - power| / max |power|.
  auto run = [&](double dt, double* max_power) {
    SystemDynamics dyn(m);
    dyn.setJointForces(tau);
    dyn.setDampingEnabled(true);
    dyn.external().base_wrench_body = wrench;
    dyn.external().body_forces_world = &forces;
    auto integ = makeIntegrator("rk4", m);
    State s = randomState(m, 7);
    Data d(m);
    const int steps = static_cast<int>(std::lround(1.0 / dt));
    std::vector<double> T(steps + 1), P(steps + 1);
    ExternalForces ext;
    ext.base_wrench_body = wrench;
    ext.body_forces_world = &forces;
    double worst = 0, pmax = 0;
    int bad_sums = 0;
    for (int k = 0; k <= steps; ++k) {
      if (k > 0) integ->advance(dyn, s, dt);
      computeKinematics(m, d, s);
      T[k] = momentumPartition(m, d).kinetic_total;
      const PowerBalance pb = vms::powerBalance(m, d, s, tau, ext, true);
      const double sum =
          pb.joints + pb.damping + pb.vehicle_wrench + pb.gravity + pb.external_bodies;
      if (std::abs(pb.total - sum) > 1e-12 * std::abs(pb.total) + 1e-15) ++bad_sums;
      P[k] = pb.total;
      pmax = std::max(pmax, std::abs(pb.total));
    }
    // Five-point central difference, error O(dt^4).
    for (int k = 2; k + 2 <= steps; ++k) {
      const double dT = (T[k - 2] - 8 * T[k - 1] + 8 * T[k + 1] - T[k + 2]) / (12 * dt);
      worst = std::max(worst, std::abs(dT - P[k]));
    }
    *max_power = pmax;
    return bad_sums > 0 ? 1e300 : worst / pmax;
  };
  double p0 = 0, p1 = 0, p2 = 0;
  const double e0 = run(2e-3, &p0), e1 = run(1e-3, &p1), e2 = run(5e-4, &p2);
  QVERIFY(p1 > 1.0);
  // (The fixed vehicle's arm falls under gravity with the largest accelerations: 3e-7 at 1 ms.)
  QVERIFY2(e2 < 1e-7, qPrintable(QString("dT/dt vs power: rel %1").arg(e2)));
  // Fourth order in dt (stencil and rk4): a missing or wrong power term would not converge.
  // (Between 2 and 1 ms: at 0.5 ms the free vehicle's error reaches the rounding floor.)
  QVERIFY2(e0 / e1 > 12 && e0 / e1 < 20, qPrintable(QString("ratio %1").arg(e0 / e1)));
  qInfo(
      "%s: |dT/dt (5-point diff.) - power| / max power = %.1e (dt 2 ms), %.1e (1 ms), %.1e "
      "(0.5 ms); ratio 2 ms / 1 ms %.2f",
      toString(m.base_type).c_str(), e0, e1, e2, e0 / e1);
}

void TestAnalysisMomentum::vehicleReaction_data() { partitionAgainstBodySums_data(); }

void TestAnalysisMomentum::vehicleReaction() {
  QFETCH(int, base);
  ModelDescription desc = description(static_cast<BaseType>(base), 31, false);
  desc.gravity = Vec3(0.0, 0.5, -9.81);
  const Model m = compileModel(desc);
  std::vector<Vec6> forces(m.nbodies, Vec6::Zero());
  forces[m.nbodies - 1] << -0.5, 1.0, 0.3, 0.1, 0.2, -0.2;
  ExternalForces ext;
  ext.body_forces_world = &forces;
  ext.base_wrench_body << 1.0, 0.5, -2.0, 0.3, 0.3, 0.1;
  const VecX tau = VecX::LinSpaced(m.njoints, -1.0, 2.0);
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  dyn.setDampingEnabled(false);
  dyn.external() = ext;
  auto integ = makeIntegrator("rk4", m);
  const double dt = 1e-4;
  State s = randomState(m, 12);
  State prev = s, next = s;
  Data d(m), dp(m), dn(m);
  double worst = 0, scale = 0;
  for (int k = 0; k < 400; ++k) {
    // prev, s, next: three consecutive states (s advances by one step per iteration).
    prev = s;
    integ->advance(dyn, s, dt);
    next = s;
    integ->advance(dyn, next, dt);
    if (k % 40 != 0) continue;
    // Reaction at the middle state s; arm momentum at the neighbours.
    const VehicleReaction r = vms::vehicleReaction(m, d, s, tau, ext);
    computeKinematics(m, dp, prev);
    computeKinematics(m, dn, next);
    const Vec6 dmu =
        (bodiesMomentum(dn, 1, m.nbodies - 1) - bodiesMomentum(dp, 1, m.nbodies - 1)) / (2 * dt);
    Vec6 applied = Vec6::Zero();  // gravity and external forces on the arm (world, origin)
    computeKinematics(m, d, s);
    for (int i = 1; i < m.nbodies; ++i) applied += d.I[i].leftCols<3>() * m.gravity + forces[i];
    const Vec6 expected = -(dmu - applied);
    const double e = (r.world - expected).norm();
    worst = std::max(worst, e);
    scale = std::max(scale, expected.norm());
    // The vehicle-frame value is the same wrench.
    VMS_COMPARE_REL(actForce(d.oMi[0], r.body), r.world, 1e-13);
  }
  QVERIFY(scale > 1.0);
  QVERIFY2(worst < 1e-6 * scale,
           qPrintable(QString("reaction vs -d(mu_arm)/dt: %1 (scale %2)").arg(worst).arg(scale)));
  qInfo("%s: |reaction - (applied on arm - d mu_arm/dt)| = %.1e relative to %.1f",
        toString(m.base_type).c_str(), worst / scale, scale);
}

void TestAnalysisMomentum::attitudeDeviation() {
  const Quat q0 = quatExp(Vec3(0.3, -1.2, 0.8));
  const Vec3 u = Vec3(1.0, 2.0, -0.5).normalized();
  double worst = 0;
  for (double theta : {0.0, 1e-12, 1e-8, 1e-4, 0.5, 2.0, M_PI - 1e-7, M_PI}) {
    const Quat q = q0 * quatExp(theta * u);
    const double a = attitudeDeviationAngle(q0, q);
    worst = std::max(worst, std::abs(a - theta));
    QVERIFY2(std::abs(a - theta) <= 1e-15 * std::max(1.0, theta) + 4e-16 * theta,
             qPrintable(QString("theta %1: %2").arg(theta).arg(a)));
    // Sign invariance of the quaternions.
    QCOMPARE(attitudeDeviationAngle(Quat(-q0.coeffs()), q), a);
    QCOMPARE(attitudeDeviationAngle(q0, Quat(-q.coeffs())), a);
    if (theta < M_PI - 1e-3)
      VMS_COMPARE_REL(attitudeDeviationVector(q0, q), Vec3(theta * u), 1e-14);
    // Against the rotation matrices (well-conditioned range of acos).
    if (theta > 0.1 && theta < 3.0) {
      const Mat3 R = q0.toRotationMatrix().transpose() * q.toRotationMatrix();
      QVERIFY(std::abs(std::acos(0.5 * (R.trace() - 1.0)) - a) < 1e-14);
    }
  }
  // More than half a turn is the shorter way round.
  QVERIFY(std::abs(attitudeDeviationAngle(q0, q0 * quatExp(4.0 * u)) - (2 * M_PI - 4.0)) < 1e-14);
  qInfo("attitude deviation: max |angle - theta| %.1e rad", worst);
}

void TestAnalysisMomentum::vehicleComDisplacement() {
  const Model m = compileModel(description(BaseType::Free, 41, true));
  State s0 = randomState(m, 5);
  setZeroMomentum(m, s0);
  SystemDynamics dyn(m);
  dyn.setDampingEnabled(false);
  dyn.setJointForces(VecX::LinSpaced(m.njoints, 1.0, -1.0));
  auto integ = makeIntegrator("rk4", m);
  Data d0(m), d(m);
  forwardKinematics(m, d0, s0);
  QCOMPARE(vehicleCenterOfMassDisplacement(m, s0, s0), Vec3::Zero());
  VMS_COMPARE_REL(vehicleCenterOfMass(m, s0), Vec3(d0.oMi[0].act(m.com[0])), 1e-15);
  State s = s0;
  double worst = 0, largest = 0, max_angle = 0;
  for (int k = 1; k <= 2000; ++k) {
    integ->advance(dyn, s, 1e-3);
    if (k % 100 != 0) continue;
    forwardKinematics(m, d, s);
    Vec3 arm = Vec3::Zero();
    for (int i = 1; i < m.nbodies; ++i)
      arm += m.mass[i] * (d.oMi[i].act(m.com[i]) - d0.oMi[i].act(m.com[i]));
    const Vec3 expected = -arm / m.mass[0];
    const Vec3 got = vehicleCenterOfMassDisplacement(m, s0, s);
    worst = std::max(worst, (got - expected).norm());
    largest = std::max(largest, got.norm());
    max_angle =
        std::max(max_angle, attitudeDeviationAngle(s0.base_orientation, s.base_orientation));
  }
  QVERIFY(largest > 1e-2);
  QVERIFY2(worst < 1e-10, qPrintable(QString("vehicle CoM displacement error %1").arg(worst)));
  qInfo(
      "zero momentum 2 s: vehicle CoM moved up to %.3f m, attitude up to %.3f rad; "
      "|displacement + sum m_i dc_i / m0| <= %.1e m",
      largest, max_angle, worst);
}

QTEST_APPLESS_MAIN(TestAnalysisMomentum)
#include "test_analysis_momentum.moc"
