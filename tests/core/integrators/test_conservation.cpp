// Conservation laws along simulations (no gravity, no damping, no external force):
// - free-floating random tree with constant joint torques: linear momentum and angular
//   momentum about the origin constant (rk4, 1 ms, 20 s); the centre of mass moves at constant
//   velocity; the energy balance T - tau.(q - q0) is constant; with zero torques T is constant;
// - every vehicle subgroup H with a general 3D arm: the momentum components dual to the
//   subgroup's generators placed at the initial pose, <mu, Ad_g0 iota0_k>, are conserved (Noether
//   for the left action of g0 H g0^-1), and nothing else is claimed: e.g. a ball-jointed vehicle
//   conserves the angular momentum about its pivot but not its linear momentum (the pivot
//   pushes), a planar vehicle conserves the in-plane linear momentum and the angular momentum
//   about the plane normal through its initial origin;
// - energy drift ordering euler > rk4 > rk45, and the orders of the energy error (rk4 ~ 4,
//   euler ~ 1).
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <chrono>
#include <cmath>
#include <functional>

#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Model makeModel(BaseType base, int bodies, std::uint64_t seed) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.base = base;
  o.seed = seed;
  o.prismatic_fraction = 0.3;
  o.fixed_links = 1;
  const ModelDescription d = randomTree(o);  // no gravity, no damping
  return compileModel(d);
}

struct Sample {
  double t;
  State state;
  MomentumSummary momentum;
};

/// Integrates for `duration` in steps of dt and calls `f` every `every` steps (and at t = 0).
double simulate(const Model& m, const std::string& integrator, const State& s0, const VecX& tau,
                double duration, double dt, int every, const std::function<void(const Sample&)>& f,
                double rtol = 1e-9, double atol = 1e-12) {
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  auto integ = makeIntegrator(integrator, m, rtol, atol);
  Data data(m);
  State s = s0;
  const long n = std::lround(duration / dt);
  const auto start = std::chrono::steady_clock::now();
  for (long k = 0; k <= n; ++k) {
    if (k > 0) integ->advance(dyn, s, dt);
    if (k % every != 0 && k != n) continue;
    computeKinematics(m, data, s);
    f(Sample{k * dt, s, computeMomentum(m, data)});
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double relDiff(const Vec3& a, const Vec3& b, double scale) { return (a - b).norm() / scale; }

/// Maximum relative drift of the kinetic energy over a run with zero torques.
double energyDrift(const Model& m, const std::string& integrator, const State& s0, double T,
                   double dt, double rtol = 1e-9) {
  double e0 = 0, drift = 0;
  simulate(
      m, integrator, s0, VecX::Zero(m.njoints), T, dt, 1,
      [&](const Sample& s) {
        if (s.t == 0) e0 = s.momentum.kinetic_energy;
        drift = std::max(drift, std::abs(s.momentum.kinetic_energy - e0) / e0);
      },
      rtol, rtol * 1e-3);
  return drift;
}

}  // namespace

class TestConservation : public QObject {
  Q_OBJECT
 private slots:
  void freeFloatingMomentumWithJointTorques();
  void freeFloatingEnergyWithoutTorques();
  void subgroupMomenta_data();
  void subgroupMomenta();
  void energyDriftOrdering();
  void energyErrorOrder_data();
  void energyErrorOrder();
};

void TestConservation::freeFloatingMomentumWithJointTorques() {
  const Model m = makeModel(BaseType::Free, 10, 2024);
  int prismatic = 0;
  for (int i = 1; i < m.nbodies; ++i) prismatic += m.joint_type[i] == JointType::Prismatic;
  QVERIFY(prismatic > 0 && prismatic < m.njoints);
  const State s0 = randomState(m, 7);
  VecX tau(m.njoints);
  // Constant torques that keep the joints below ~4 rad/s over 20 s. (rk4's momentum drift is
  // truncation error, ~h^4: with 5x these torques the joints reach 24 rad/s and P drifts
  // 1.0e-8, 6.2e-10, 3.9e-11 at dt = 2, 1, 0.5 ms.)
  for (int k = 0; k < m.njoints; ++k) tau[k] = 0.02 * std::sin(1.0 + 2.0 * k);
  MomentumSummary first;
  double dP = 0, dL = 0, dC = 0, dE = 0, max_qd = 0;
  const double secs = simulate(m, "rk4", s0, tau, 20.0, 1e-3, 10, [&](const Sample& s) {
    if (s.t == 0) first = s.momentum;
    const MomentumSummary& h = s.momentum;
    dP = std::max(dP, relDiff(h.linear, first.linear, first.linear.norm()));
    dL = std::max(dL, relDiff(h.angular_origin, first.angular_origin, first.angular_origin.norm()));
    const Vec3 com = first.center_of_mass + s.t * first.linear / first.mass;
    dC = std::max(dC, (h.center_of_mass - com).norm() / std::max(1.0, com.norm()));
    // Work of constant torques: T - tau.(q - q0) is constant.
    const double balance = h.kinetic_energy - tau.dot(s.state.q - s0.q);
    dE = std::max(dE, std::abs(balance - first.kinetic_energy) / first.kinetic_energy);
    max_qd = std::max(max_qd, s.state.qd.cwiseAbs().maxCoeff());
  });
  qInfo(
      "free tree (%d bodies, %d prismatic), rk4 1 ms, 20 s in %.2f s: drift P %.2e, L_o %.2e, "
      "CoM %.2e, energy balance %.2e (max |qd| %.1f)",
      m.nbodies, prismatic, secs, dP, dL, dC, dE, max_qd);
  QVERIFY2(dP < 1e-10, qPrintable(QString("linear momentum drift %1").arg(dP)));
  QVERIFY2(dL < 1e-10, qPrintable(QString("angular momentum drift %1").arg(dL)));
  QVERIFY2(dC < 1e-10, qPrintable(QString("centre of mass deviation %1").arg(dC)));
  QVERIFY2(dE < 1e-8, qPrintable(QString("energy balance drift %1").arg(dE)));
}

void TestConservation::freeFloatingEnergyWithoutTorques() {
  const Model m = makeModel(BaseType::Free, 10, 2024);
  const State s0 = randomState(m, 7);
  MomentumSummary first;
  double dE = 0, dP = 0, dL = 0;
  simulate(m, "rk4", s0, VecX::Zero(m.njoints), 20.0, 1e-3, 10, [&](const Sample& s) {
    if (s.t == 0) first = s.momentum;
    dE = std::max(
        dE, std::abs(s.momentum.kinetic_energy - first.kinetic_energy) / first.kinetic_energy);
    dP = std::max(dP, relDiff(s.momentum.linear, first.linear, first.linear.norm()));
    dL = std::max(
        dL, relDiff(s.momentum.angular_origin, first.angular_origin, first.angular_origin.norm()));
  });
  qInfo("free tree, zero torques, rk4 1 ms, 20 s: drift T %.2e, P %.2e, L_o %.2e", dE, dP, dL);
  QVERIFY2(dE < 1e-8, qPrintable(QString("kinetic energy drift %1").arg(dE)));
  QVERIFY(dP < 1e-10 && dL < 1e-10);
}

void TestConservation::subgroupMomenta_data() {
  QTest::addColumn<int>("base");
  QTest::addColumn<QString>("integrator");
  for (BaseType b : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Translation,
                     BaseType::Schoenflies})
    for (const char* integ : {"rk4", "rk45"})
      QTest::newRow((toString(b) + "_" + integ).c_str()) << static_cast<int>(b) << QString(integ);
}

// mu = [P; L_o] is the world spatial momentum at the origin; the generator iota0_k of the
// vehicle subgroup, placed at the initial pose g0, is the world twist Ad_g0 iota0_k. Its
// pairing with mu is conserved; for a free vehicle that is all of mu.
void TestConservation::subgroupMomenta() {
  QFETCH(int, base);
  QFETCH(QString, integrator);
  const BaseType type = static_cast<BaseType>(base);
  const Model m = makeModel(type, 8, 99);
  const State s0 = randomState(m, 12);
  const Pose g0 = s0.basePose();
  Mat6X generators(6, m.base_dof);
  for (int k = 0; k < m.base_dof; ++k) generators.col(k) = actMotion(g0, m.base_basis.col(k));
  VecX tau(m.njoints);
  for (int k = 0; k < m.njoints; ++k) tau[k] = 0.03 * std::cos(0.5 + 3.0 * k);
  VecX c0;
  double scale = 0, drift = 0, unconstrained_change = 0, dE = 0;
  Vec6 mu0;
  double e0 = 0;
  simulate(
      m, integrator.toStdString(), s0, tau, 10.0, 1e-3, 10,
      [&](const Sample& s) {
        Vec6 mu;
        mu << s.momentum.linear, s.momentum.angular_origin;
        const VecX c = generators.transpose() * mu;
        if (s.t == 0) {
          c0 = c;
          mu0 = mu;
          scale = mu.norm();
          e0 = s.momentum.kinetic_energy;
        }
        drift = std::max(drift, (c - c0).cwiseAbs().maxCoeff() / scale);
        unconstrained_change = std::max(unconstrained_change, (mu - mu0).norm() / scale);
        const double balance = s.momentum.kinetic_energy - tau.dot(s.state.q - s0.q);
        dE = std::max(dE, std::abs(balance - e0) / e0);
      },
      1e-10, 1e-13);
  qInfo(
      "%s (%s): drift of the %d conserved momentum components %.2e; whole spatial momentum "
      "changes by %.2e; energy balance %.2e",
      toString(type).c_str(), qPrintable(integrator), m.base_dof, drift, unconstrained_change, dE);
  QVERIFY2(drift < 1e-10, qPrintable(QString("conserved components drift %1").arg(drift)));
  QVERIFY2(dE < 1e-8, qPrintable(QString("energy balance drift %1").arg(dE)));
  // The constraint forces really act: a vehicle with fewer than 6 DoF changes the rest of mu.
  if (m.base_dof < 6) QVERIFY(unconstrained_change > 1e-3);
}

// Zero torques, same step for the fixed-step methods: symplectic Euler's energy error is first
// order, rk4's fourth order; rk45 at a tight tolerance beats both.
void TestConservation::energyDriftOrdering() {
  const Model m = makeModel(BaseType::Free, 10, 5);
  const State s0 = randomState(m, 3);
  const double T = 10.0, dt = 5e-3;
  const double euler = energyDrift(m, "euler", s0, T, dt);
  const double rk4 = energyDrift(m, "rk4", s0, T, dt);
  const double rk45 = energyDrift(m, "rk45", s0, T, dt, 1e-11);
  qInfo("relative energy drift over %.0f s, dt %.0e: euler %.2e, rk4 %.2e, rk45 (rtol 1e-11) %.2e",
        T, dt, euler, rk4, rk45);
  QVERIFY(euler > 100.0 * rk4);
  QVERIFY(rk4 > rk45);
  QVERIFY(euler < 0.1);  // bounded: symplectic Euler does not blow up
}

void TestConservation::energyErrorOrder_data() {
  QTest::addColumn<QString>("integrator");
  QTest::addColumn<double>("h");
  QTest::addColumn<double>("order");
  QTest::newRow("rk4") << QString("rk4") << 0.02 << 4.0;
  QTest::newRow("euler") << QString("euler") << 2e-3 << 1.0;
}

void TestConservation::energyErrorOrder() {
  QFETCH(QString, integrator);
  QFETCH(double, h);
  QFETCH(double, order);
  const Model m = makeModel(BaseType::Free, 10, 5);
  const State s0 = randomState(m, 3);
  double e[3];
  for (int k = 0; k < 3; ++k)
    e[k] = energyDrift(m, integrator.toStdString(), s0, 4.0, h / std::pow(2.0, k));
  const double p1 = std::log2(e[0] / e[1]), p2 = std::log2(e[1] / e[2]);
  qInfo("%s energy drift %.3e %.3e %.3e: ratios %.2f %.2f, orders %.2f %.2f",
        qPrintable(integrator), e[0], e[1], e[2], e[0] / e[1], e[1] / e[2], p1, p2);
  QVERIFY(std::abs(p1 - order) < 0.35 && std::abs(p2 - order) < 0.35);
}

QTEST_APPLESS_MAIN(TestConservation)
#include "test_conservation.moc"
