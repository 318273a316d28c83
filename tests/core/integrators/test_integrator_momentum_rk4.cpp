// "momentum-rk4": RK4 on seed 001's reduced state, the world spatial momentum carried
// exactly. Checks: a 10-link tree spun to ~400 rad/s by constant joint torques for 20 s at
// 1 ms (momentum drift <= 1e-12 where rk4 drifts ~1e-2); order 4 in q; with gravity,
// external body forces, force models and a vehicle wrench the momentum changes exactly as the
// integrated wrench; agreement with rk4 as dt -> 0; the conserved subgroup components of every
// vehicle type; restart from an edited State; no allocation per step; the registry.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): drift figures of long runs (20 s at 1 ms); the sanitizer
// build skips it.
#include <chrono>
#include <cmath>

#include "allocation_counter.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/lie_rk.hpp"
#include "core/integrators/momentum_rk4_integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;
using test::kAllBases;

namespace {

Model makeModel(BaseType base, int bodies, std::uint64_t seed, double prismatic = 0.3,
                Vec3 gravity = Vec3::Zero()) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.base = base;
  o.seed = seed;
  o.prismatic_fraction = prismatic;
  o.fixed_links = 1;
  ModelDescription d = randomTree(o);  // no damping
  d.gravity = gravity;
  return compileModel(d);
}

/// World spatial momentum [P; L_origin] of a state, computeMomentum at the world origin.
Vec6 momentumAtOrigin(const Model& m, Data& data, const State& s) {
  computeKinematics(m, data, s);
  const MomentumSummary h = computeMomentum(m, data);
  return makeVec6(h.linear, h.angular_origin);
}

/// The same, evaluated with the system translated so that its vehicle sits at the origin, then
/// moved back (L = L' + p x P). Spatial velocities at a world origin far from fast-spinning
/// bodies are large and cancel in I v: at 18 m and 200 rad/s that evaluation alone loses
/// ~1e-11 (relative) of L; this one does not.
Vec6 momentumOf(const Model& m, Data& data, const State& s) {
  State t = s;
  t.base_position.setZero();
  const Vec6 mu = momentumAtOrigin(m, data, t);
  return makeVec6(linear(mu), angular(mu) + s.base_position.cross(linear(mu)));
}

/// A force model pushing one body with a constant world wrench (at the world origin).
class ConstantWrench final : public ForceModel {
 public:
  ConstantWrench(int body, const Vec6& wrench) : body_(body), wrench_(wrench) {}
  void apply(const Model&, const Data&, const State&, std::vector<Vec6>& f, VecX&) override {
    f[body_] += wrench_;
  }

 private:
  int body_;
  Vec6 wrench_;
};

struct Drift {
  double P = 0, L = 0, max_qd = 0, seconds = 0;
  double P_origin = 0, L_origin = 0;  // the same from computeMomentum at the world origin
  double floor = 0;  // max difference of the two evaluations of one state (relative to |mu0|)
  State end;
};

/// Maximum relative drift of P and L over a run with constant joint torques.
Drift momentumDrift(const Model& m, const std::string& integrator, const State& s0, const VecX& tau,
                    double T, double dt) {
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  auto integ = makeIntegrator(integrator, m);
  Data data(m);
  const Vec6 mu0 = momentumOf(m, data, s0);
  Drift d;
  State s = s0;
  const long n = std::lround(T / dt);
  const auto start = std::chrono::steady_clock::now();
  for (long k = 1; k <= n; ++k) {
    integ->advance(dyn, s, dt);
    if (k % 10 != 0 && k != n) continue;
    const Vec6 mu = momentumOf(m, data, s), mu_o = momentumAtOrigin(m, data, s);
    d.P = std::max(d.P, (linear(mu) - linear(mu0)).norm() / linear(mu0).norm());
    d.L = std::max(d.L, (angular(mu) - angular(mu0)).norm() / angular(mu0).norm());
    d.P_origin = std::max(d.P_origin, (linear(mu_o) - linear(mu0)).norm() / linear(mu0).norm());
    d.L_origin = std::max(d.L_origin, (angular(mu_o) - angular(mu0)).norm() / angular(mu0).norm());
    d.floor = std::max(d.floor, (mu_o - mu).norm() / mu0.norm());
    d.max_qd = std::max(d.max_qd, s.qd.cwiseAbs().maxCoeff());
  }
  d.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  d.end = s;
  return d;
}

State integrate(const Model& m, const std::string& name, const State& s0, const VecX& tau, double T,
                double dt, const Vec6& base_wrench = Vec6::Zero()) {
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  dyn.external().base_wrench_body = base_wrench;
  auto integ = makeIntegrator(name, m);
  State s = s0;
  const long n = std::lround(T / dt);
  for (long k = 0; k < n; ++k) integ->advance(dyn, s, dt);
  return s;
}

double stateDistance(const State& a, const State& b) {
  double e = se3Log(b.basePose().inverse() * a.basePose()).cwiseAbs().maxCoeff();
  e = std::max(e, (a.base_twist - b.base_twist).cwiseAbs().maxCoeff());
  if (a.q.size() > 0) {
    e = std::max(e, (a.q - b.q).cwiseAbs().maxCoeff());
    e = std::max(e, (a.qd - b.qd).cwiseAbs().maxCoeff());
  }
  return e;
}

/// The stress case: a free-floating 10-link revolute tree and constant joint torques that
/// spin it up to a few hundred rad/s in 20 s (rk4: ~400 rad/s, momentum drift ~7e-2).
struct IssueCase {
  Model model = makeModel(BaseType::Free, 11, 2024, 0.0);
  State s0 = randomState(model, 7);
  VecX tau = VecX::Zero(model.njoints);
  IssueCase() {
    for (int k = 0; k < model.njoints; ++k) tau[k] = 1.6 * std::sin(1.0 + 2.0 * k);
  }
};

}  // namespace

class TestIntegratorMomentumRk4 : public QObject {
  Q_OBJECT
 private slots:
  void registry();
  void issueCaseConservesMomentum();
  void convergenceOrder_data();
  void convergenceOrder();
  void gravityChangesMomentumExactly();
  void constantWrenchesChangeMomentumExactly();
  void agreesWithRk4AsStepShrinks_data();
  void agreesWithRk4AsStepShrinks();
  void subgroupMomenta_data();
  void subgroupMomenta();
  void editedStateRestartsTheMomentum();
  void scenariosAgreeWithRk4_data();
  void scenariosAgreeWithRk4();
  void noAllocationPerStep_data();
  void noAllocationPerStep();
};

// Listed, constructed for every holonomic vehicle type, and refused for the nonholonomic one
// (its constraint wrench changes the momentum the integrator carries) with a message naming both.
void TestIntegratorMomentumRk4::registry() {
  const auto names = integratorNames();
  QVERIFY(std::find(names.begin(), names.end(), "momentum-rk4") != names.end());
  QCOMPARE(names.front(), defaultIntegratorName());
  for (BaseType b : kAllBases) {
    const Model m = makeModel(b, 4, 3);
    if (!isHolonomic(b)) {
      QVERIFY(!integratorSupports("momentum-rk4", b));
      const std::string error = test::errorOf([&] { makeIntegrator("momentum-rk4", m); });
      QVERIFY2(error.find("momentum-rk4") != std::string::npos &&
                   error.find(toString(b)) != std::string::npos,
               error.c_str());
      continue;
    }
    QVERIFY(integratorSupports("momentum-rk4", b));
    auto integ = makeIntegrator("momentum-rk4", m);
    QVERIFY(integ != nullptr);
    QCOMPARE(integ->name(), std::string("momentum-rk4"));
    QVERIFY(!integ->description().empty());
    QCOMPARE(integ->steps(), 0L);
  }
}

// The stress case, the whole 20 s at 1 ms, for both integrators.
void TestIntegratorMomentumRk4::issueCaseConservesMomentum() {
  const IssueCase c;
  const Drift mrk = momentumDrift(c.model, "momentum-rk4", c.s0, c.tau, 20.0, 1e-3);
  const Drift rk4 = momentumDrift(c.model, "rk4", c.s0, c.tau, 20.0, 1e-3);
  qInfo(
      "issue case (%d bodies), 20 s at 1 ms: momentum-rk4 (max |qd| %.0f rad/s) drift P %.2e "
      "L %.2e (%.2f s); rk4 drift P %.2e L %.2e (%.2f s, max |qd| %.0f)",
      c.model.nbodies, mrk.max_qd, mrk.P, mrk.L, mrk.seconds, rk4.P, rk4.L, rk4.seconds,
      rk4.max_qd);
  qInfo(
      "  evaluated at the world origin instead: momentum-rk4 P %.2e L %.2e, rk4 P %.2e L %.2e; "
      "that evaluation's own rounding (difference of the two on one state) up to %.2e",
      mrk.P_origin, mrk.L_origin, rk4.P_origin, rk4.L_origin, std::max(mrk.floor, rk4.floor));
  // The runs are chaotic at these rates: the two integrators' trajectories part, each reaches
  // a few hundred rad/s (the exact figures depend on the last bits of the arithmetic).
  QVERIFY2(std::max(mrk.max_qd, rk4.max_qd) > 150.0,
           qPrintable(QString("spin-up to only %1 rad/s").arg(std::max(mrk.max_qd, rk4.max_qd))));
  QVERIFY2(mrk.P <= 1e-12 && mrk.L <= 1e-12,
           qPrintable(QString("momentum-rk4 drift P %1, L %2").arg(mrk.P).arg(mrk.L)));
  QVERIFY2(mrk.P_origin <= 2e-11 && mrk.L_origin <= 2e-11,
           qPrintable(QString("momentum-rk4 drift at the origin P %1, L %2")
                          .arg(mrk.P_origin)
                          .arg(mrk.L_origin)));
  QVERIFY2(std::max(rk4.P, rk4.L) > 1e-4, "rk4 no longer drifts on this case: make it harder");
}

void TestIntegratorMomentumRk4::convergenceOrder_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases)
    if (isHolonomic(b)) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

// Error in q at T = 1 s for dt, dt/2, dt/4 against a fine rk4 reference: ratio ~16.
void TestIntegratorMomentumRk4::convergenceOrder() {
  QFETCH(int, base);
  const Model m = makeModel(static_cast<BaseType>(base), 6, 23, 0.3, Vec3(0, 0, -9.81));
  State s0 = randomState(m, 11);
  s0.base_twist = s0.base_twist.cwiseProduct(twistMask(m)) * 3.0;
  const VecX tau = VecX::LinSpaced(m.njoints, -0.5, 0.5);
  // Steps of 10, 5, 2.5 and 1.25 ms; the order is judged on the finest pair. Plain rk4 shows the
  // same pre-asymptotic ratios on these systems (e.g. 20.3 and 18.9 for the spinning cylindrical
  // vehicle at 10/5/2.5 ms, against 16 in the limit), so this is the system, not the method.
  const double T = 1.0, h0 = 0.01;
  const State ref = integrate(m, "rk4", s0, tau, T, h0 / 64.0);
  double err[4];
  for (int k = 0; k < 4; ++k)
    err[k] = (integrate(m, "momentum-rk4", s0, tau, T, h0 / std::pow(2.0, k)).q - ref.q)
                 .cwiseAbs()
                 .maxCoeff();
  const double r1 = err[0] / err[1], r2 = err[1] / err[2], r3 = err[2] / err[3];
  qInfo(
      "momentum-rk4 %s: q errors %.3e %.3e %.3e %.3e, ratios %.2f %.2f %.2f (orders %.2f %.2f "
      "%.2f)",
      toString(m.base_type).c_str(), err[0], err[1], err[2], err[3], r1, r2, r3, std::log2(r1),
      std::log2(r2), std::log2(r3));
  QVERIFY(err[3] < 1e-6);
  // The finest pair still above rounding (1e-11; the translation vehicle reaches 5e-14).
  int k = 2;
  while (k > 0 && err[k + 1] < 1e-11) --k;
  const double ratio = err[k] / err[k + 1];
  QVERIFY2(std::abs(std::log2(ratio) - 4.0) < 0.2,
           qPrintable(QString("ratio %1 at the finest usable pair; expected ~16").arg(ratio)));
}

// Free-floating under uniform gravity: P(t) = P0 + m g t to rounding; L_o(t) = L0 +
// (c0 t + P0 t^2 / 2m) x m g up to the RK4 error of the centre-of-mass path.
void TestIntegratorMomentumRk4::gravityChangesMomentumExactly() {
  const Vec3 g(0.0, 0.0, -9.81);
  const Model m = makeModel(BaseType::Free, 8, 5, 0.3, g);
  const State s0 = randomState(m, 3);
  SystemDynamics dyn(m);
  dyn.setJointForces(VecX::LinSpaced(m.njoints, -0.4, 0.4));
  auto integ = makeIntegrator("momentum-rk4", m);
  Data data(m);
  computeKinematics(m, data, s0);
  const MomentumSummary h0 = computeMomentum(m, data);
  State s = s0;
  const double dt = 1e-3;
  double dP = 0, dL = 0;
  for (int k = 1; k <= 5000; ++k) {
    integ->advance(dyn, s, dt);
    if (k % 50 != 0) continue;
    const double t = k * dt;
    const Vec6 mu = momentumOf(m, data, s);
    const Vec3 P = h0.linear + h0.mass * g * t;
    const Vec3 L = h0.angular_origin +
                   (h0.center_of_mass * t + h0.linear * t * t / (2 * h0.mass)).cross(h0.mass * g);
    dP = std::max(dP, (linear(mu) - P).norm() / P.norm());
    dL = std::max(dL, (angular(mu) - L).norm() / L.norm());
  }
  qInfo("gravity, 5 s at 1 ms: P vs P0 + m g t %.2e, L vs its closed form %.2e", dP, dL);
  QVERIFY2(dP < 1e-12, qPrintable(QString("P deviates by %1").arg(dP)));
  QVERIFY2(dL < 1e-8, qPrintable(QString("L deviates by %1").arg(dL)));
}

// Constant world wrenches (ExternalForces::body_forces_world and a force model): both P and L
// change exactly as (sum of the wrenches) t.
void TestIntegratorMomentumRk4::constantWrenchesChangeMomentumExactly() {
  const Model m = makeModel(BaseType::Free, 8, 9);
  const State s0 = randomState(m, 4);
  std::vector<Vec6> forces(m.nbodies, Vec6::Zero());
  forces[2] << 1.0, -2.0, 0.5, 0.3, 0.1, -0.2;
  ConstantWrench model_force(m.nbodies - 1, makeVec6(Vec3(-0.4, 0.2, 0.9), Vec3(0.05, 0.0, 0.1)));
  SystemDynamics dyn(m);
  dyn.setJointForces(VecX::LinSpaced(m.njoints, -0.3, 0.3));
  dyn.external().body_forces_world = &forces;
  dyn.addForceModel(&model_force);
  auto integ = makeIntegrator("momentum-rk4", m);
  Data data(m);
  const Vec6 mu0 = momentumOf(m, data, s0);
  const Vec6 W = forces[2] + makeVec6(Vec3(-0.4, 0.2, 0.9), Vec3(0.05, 0.0, 0.1));
  State s = s0;
  double err = 0;
  for (int k = 1; k <= 3000; ++k) {
    integ->advance(dyn, s, 1e-3);
    if (k % 30 != 0) continue;
    const Vec6 expected = mu0 + W * (k * 1e-3);
    err = std::max(err, (momentumOf(m, data, s) - expected).norm() / expected.norm());
  }
  qInfo("constant world wrenches, 3 s at 1 ms: momentum vs mu0 + W t %.2e", err);
  QVERIFY2(err < 1e-12, qPrintable(QString("deviation %1").arg(err)));
}

void TestIntegratorMomentumRk4::agreesWithRk4AsStepShrinks_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases)
    if (isHolonomic(b)) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

// With gravity, joint torques and a vehicle wrench (thruster), both integrators approach the
// same trajectory: their difference shrinks like dt^4.
void TestIntegratorMomentumRk4::agreesWithRk4AsStepShrinks() {
  QFETCH(int, base);
  const Model m = makeModel(static_cast<BaseType>(base), 7, 31, 0.3, Vec3(0.0, 0.0, -9.81));
  State s0 = randomState(m, 6);
  s0.base_twist = s0.base_twist.cwiseProduct(twistMask(m)) * 2.0;
  const VecX tau = VecX::LinSpaced(m.njoints, -1.0, 1.0);
  Vec6 thrust;
  thrust << 3.0, -1.0, 2.0, 0.5, -0.4, 0.3;
  double d[3];
  for (int k = 0; k < 3; ++k) {
    const double dt = 0.02 / std::pow(2.0, k);
    d[k] = stateDistance(integrate(m, "momentum-rk4", s0, tau, 1.0, dt, thrust),
                         integrate(m, "rk4", s0, tau, 1.0, dt, thrust));
  }
  qInfo("%s: |momentum-rk4 - rk4| at dt 20, 10, 5 ms: %.3e %.3e %.3e",
        toString(m.base_type).c_str(), d[0], d[1], d[2]);
  QVERIFY(d[2] < 1e-5);
  if (m.base_type != BaseType::Fixed) {  // the fixed base is the same method: d = 0
    QVERIFY(d[0] / d[1] > 8.0 && d[1] / d[2] > 8.0);
  } else {
    QVERIFY(d[2] < 1e-13);
  }
}

void TestIntegratorMomentumRk4::subgroupMomenta_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases)
    if (b != BaseType::Fixed && isHolonomic(b))
      QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

// Every vehicle subgroup: the momentum components along its generators placed at the initial
// pose (test_conservation's subgroupMomenta) are constant to rounding under fast joint motion;
// for a free vehicle that is the whole spatial momentum. The carried momentum's components
// equal the State's.
void TestIntegratorMomentumRk4::subgroupMomenta() {
  QFETCH(int, base);
  const Model m = makeModel(static_cast<BaseType>(base), 8, 99, 0.0);
  const State s0 = randomState(m, 12);
  Mat6X G(6, m.base_dof);
  for (int k = 0; k < m.base_dof; ++k) G.col(k) = actMotion(s0.basePose(), m.base_basis.col(k));
  VecX tau(m.njoints);
  for (int k = 0; k < m.njoints; ++k) tau[k] = 0.5 * std::cos(0.5 + 3.0 * k);
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  MomentumRk4Integrator integ(m);
  Data data(m);
  const Vec6 mu0 = momentumOf(m, data, s0);
  const VecX c0 = G.transpose() * mu0;
  State s = s0;
  double drift = 0, carried = 0;
  for (int k = 1; k <= 5000; ++k) {
    integ.advance(dyn, s, 2e-3);
    if (k % 25 != 0) continue;
    const VecX c = G.transpose() * momentumOf(m, data, s);
    drift = std::max(drift, (c - c0).cwiseAbs().maxCoeff() / mu0.norm());
    carried = std::max(carried,
                       (c - G.transpose() * integ.momentum()).cwiseAbs().maxCoeff() / mu0.norm());
  }
  qInfo(
      "%s, 10 s at 2 ms, max |qd| %.0f: drift of the %d conserved components %.2e, state vs "
      "carried %.2e",
      toString(m.base_type).c_str(), s.qd.cwiseAbs().maxCoeff(), m.base_dof, drift, carried);
  QVERIFY2(drift < 1e-12, qPrintable(QString("drift %1").arg(drift)));
  QVERIFY(carried < 1e-12);
}

// A State the integrator did not leave (edited between steps) restarts the carried momentum
// from that State: no stale momentum.
void TestIntegratorMomentumRk4::editedStateRestartsTheMomentum() {
  const Model m = makeModel(BaseType::Free, 6, 13);
  SystemDynamics dyn(m);
  MomentumRk4Integrator integ(m);
  Data data(m);
  State s = randomState(m, 1);
  for (int k = 0; k < 10; ++k) integ.advance(dyn, s, 1e-3);
  s.qd *= 2.0;
  s.base_twist *= -1.0;
  const Vec6 edited = momentumOf(m, data, s);
  integ.advance(dyn, s, 1e-3);
  VMS_COMPARE_REL(integ.momentum(), edited, 1e-13);
  VMS_COMPARE_REL(momentumOf(m, data, s), edited, 1e-13);
}

void TestIntegratorMomentumRk4::scenariosAgreeWithRk4_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<double>("duration");
  // Water: added mass, buoyancy, drag, a current, gravity, a joint PD controller.
  QTest::newRow("seed000_uvms") << QString("seed000_uvms") << 30.0;
  // Thrusters (force model) under a vehicle controller.
  QTest::newRow("seed003_inspection_flying") << QString("seed003_inspection_flying") << 30.0;
  QTest::newRow("seed004_spatial_translation_flying")
      << QString("seed004_spatial_translation_flying") << 30.0;
}

// The example scenarios with water and thrusters: the same trajectory as rk4 (both order 4, dt
// 10 ms), so every external wrench reaches the carried momentum.
void TestIntegratorMomentumRk4::scenariosAgreeWithRk4() {
  QFETCH(QString, file);
  QFETCH(double, duration);
  State end[2];
  const char* names[2] = {"rk4", "momentum-rk4"};
  for (int k = 0; k < 2; ++k) {
    Scenario sc = loadScenario(VMS_SOURCE_DIR "/models/" + file.toStdString() + ".scenario.json");
    sc.duration = std::min(sc.duration, duration);
    sc.integrator = names[k];
    Simulator sim(sc);
    while (!sim.finished()) sim.step();
    end[k] = sim.state();
  }
  const double d = stateDistance(end[1], end[0]);
  qInfo("%s, %.0f s: |momentum-rk4 - rk4| %.2e", qPrintable(file), duration, d);
  QVERIFY2(d < 1e-7, qPrintable(QString("states differ by %1").arg(d)));
}

void TestIntegratorMomentumRk4::noAllocationPerStep_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases)
    if (isHolonomic(b)) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestIntegratorMomentumRk4::noAllocationPerStep() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  QFETCH(int, base);
  const Model m = makeModel(static_cast<BaseType>(base), 9, 17, 0.3, Vec3(0, 0, -9.81));
  std::vector<Vec6> forces(m.nbodies, Vec6::Constant(0.1));
  ConstantWrench model_force(1, Vec6::Constant(-0.2));
  SystemDynamics dyn(m, "aba");
  dyn.setJointForces(VecX::Constant(m.njoints, 0.3));
  dyn.external().body_forces_world = &forces;
  dyn.external().base_wrench_body = Vec6::Constant(0.5);
  dyn.addForceModel(&model_force);
  auto integ = makeIntegrator("momentum-rk4", m);
  State s = randomState(m, 5);
  integ->advance(dyn, s, 1e-3);  // the first call may allocate
  const long before = test::heapAllocations();
  for (int k = 0; k < 100; ++k) {
    if (k == 50) s.qd *= 0.5;  // an edited State: the restart must not allocate either
    integ->advance(dyn, s, 1e-3);
  }
  const long allocations = test::heapAllocations() - before;
  QVERIFY(s.allFinite());
  QCOMPARE(integ->steps(), 101L);
  if (allocations != 0)
    QFAIL(qPrintable(QString("advance() allocated %1 times over 100 steps").arg(allocations)));
}

QTEST_APPLESS_MAIN(TestIntegratorMomentumRk4)
#include "test_integrator_momentum_rk4.moc"
