// Integrators on the vehicle group: registry, convergence orders (rk4 ~ 4, euler ~ 1), the
// adaptive rk45 against a fine rk4 reference and landing exactly on t + dt, subgroup
// preservation over long runs, and no heap allocation in advance() after the first call.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <chrono>
#include <cmath>
#include <cstdio>

#include "allocation_counter.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/rk45_integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

Model randomModel(BaseType base, int bodies, std::uint64_t seed, bool gravity = false) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.base = base;
  o.seed = seed;
  o.fixed_links = 1;
  o.prismatic_fraction = 0.3;
  ModelDescription d = randomTree(o);
  if (gravity) d.gravity = Vec3(0.0, 0.0, -9.81);
  return compileModel(d);
}

/// Distance between two states: |log(g_b^-1 g_a)| and max-norm of the other components.
double stateDistance(const State& a, const State& b) {
  const Vec6 d = se3Log(b.basePose().inverse() * a.basePose());
  double e = d.cwiseAbs().maxCoeff();
  e = std::max(e, (a.base_twist - b.base_twist).cwiseAbs().maxCoeff());
  if (a.q.size() > 0) {
    e = std::max(e, (a.q - b.q).cwiseAbs().maxCoeff());
    e = std::max(e, (a.qd - b.qd).cwiseAbs().maxCoeff());
  }
  return e;
}

State integrate(const Model& m, const std::string& name, const State& s0, const VecX& tau,
                double duration, double dt, double rtol = 1e-9, double atol = 1e-12) {
  SystemDynamics dyn(m);
  dyn.setJointForces(tau);
  auto integ = makeIntegrator(name, m, rtol, atol);
  State s = s0;
  const long n = std::lround(duration / dt);
  for (long k = 0; k < n; ++k) integ->advance(dyn, s, dt);
  return s;
}

}  // namespace

class TestIntegrators : public QObject {
  Q_OBJECT
 private slots:
  void registry();
  void allocationCounterWorks();
  void noAllocationAfterFirstCall_data();
  void noAllocationAfterFirstCall();
  void convergenceOrder_data();
  void convergenceOrder();
  void rk45HitsTolerance();
  void rk45LandsExactlyOnDt();
  void rk45CountsRejectedSteps();
  void subgroupIsPreserved_data();
  void subgroupIsPreserved();
  void quaternionStaysUnit();
};

void TestIntegrators::registry() {
  const auto names = integratorNames();
  QVERIFY(!names.empty());
  QCOMPARE(names.front(), defaultIntegratorName());
  const Model m = randomModel(BaseType::Free, 3, 1);
  for (const auto& n : names) {
    auto integ = makeIntegrator(n, m);
    QVERIFY(integ != nullptr);
    QCOMPARE(integ->name(), n);
    QVERIFY(!integ->description().empty());
    QCOMPARE(integ->steps(), 0L);
  }
  QVERIFY(makeIntegrator("no-such-integrator", m) == nullptr);
  for (const char* n : {"rk4", "euler", "rk45"})
    QVERIFY(std::find(names.begin(), names.end(), n) != names.end());
}

// The counter itself must see both kinds of allocation, or the next test could not fail.
void TestIntegrators::allocationCounterWorks() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  long before = test::heapAllocations();
  {
    VecX v = VecX::Random(100);  // Eigen: malloc
    test::escape(v.data());
    QVERIFY(v.size() > 0);
  }
  QVERIFY(test::heapAllocations() > before);
  before = test::heapAllocations();
  {
    std::vector<double> w(10);  // operator new (libstdc++ allocates through malloc)
    test::escape(w.data());
    QVERIFY(!w.empty());
  }
  QVERIFY(test::heapAllocations() > before);
}

void TestIntegrators::noAllocationAfterFirstCall_data() {
  QTest::addColumn<QString>("integrator");
  QTest::addColumn<int>("base");
  for (const char* n : {"rk4", "euler", "rk45", "momentum-rk4"})
    for (BaseType b : kAllBases)
      if (integratorSupports(n, b))
        QTest::newRow((std::string(n) + "_" + toString(b)).c_str())
            << QString(n) << static_cast<int>(b);
}

void TestIntegrators::noAllocationAfterFirstCall() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  QFETCH(QString, integrator);
  QFETCH(int, base);
  const Model m = randomModel(static_cast<BaseType>(base), 9, 17, true);
  SystemDynamics dyn(m, "aba");
  dyn.setJointForces(VecX::Constant(m.njoints, 0.3));
  auto integ = makeIntegrator(integrator.toStdString(), m, 1e-8, 1e-10);
  State s = randomState(m, 5);
  integ->advance(dyn, s, 1e-3);  // the first call may allocate
  const long before = test::heapAllocations();
  for (int k = 0; k < 100; ++k) integ->advance(dyn, s, 1e-3);
  const long allocations = test::heapAllocations() - before;
  QVERIFY(s.allFinite());
  QVERIFY(integ->steps() >= 101);
  if (allocations != 0)
    QFAIL(qPrintable(QString("advance() allocated %1 times over 100 steps").arg(allocations)));
}

void TestIntegrators::convergenceOrder_data() {
  QTest::addColumn<QString>("integrator");
  QTest::addColumn<int>("base");
  QTest::addColumn<double>("h0");
  QTest::addColumn<double>("order");
  for (BaseType b : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Schoenflies,
                     BaseType::Nonholonomic}) {
    QTest::newRow(("rk4_" + toString(b)).c_str())
        << QString("rk4") << static_cast<int>(b) << 0.04 << 4.0;
    QTest::newRow(("euler_" + toString(b)).c_str())
        << QString("euler") << static_cast<int>(b) << 0.004 << 1.0;
  }
}

// Global error at T = 1 s against a reference (rk4 with a much smaller step) for h, h/2, h/4:
// the error ratio when halving h must be 2^order. A wrong sign in dexp^-1 would make rk4
// second order.
void TestIntegrators::convergenceOrder() {
  QFETCH(QString, integrator);
  QFETCH(int, base);
  QFETCH(double, h0);
  QFETCH(double, order);
  const Model m = randomModel(static_cast<BaseType>(base), 6, 23);
  State s0 = randomState(m, 11);
  // A fast tumble makes the Lie-group terms matter.
  s0.base_twist = s0.base_twist.cwiseProduct(twistMask(m)) * 3.0;
  const VecX tau = VecX::LinSpaced(m.njoints, -0.5, 0.5);
  const double T = 1.0;
  const State ref = integrate(m, "rk4", s0, tau, T, h0 / 64.0);
  double err[3];
  for (int k = 0; k < 3; ++k) {
    const double h = h0 / std::pow(2.0, k);
    err[k] = stateDistance(integrate(m, integrator.toStdString(), s0, tau, T, h), ref);
  }
  const double p1 = std::log2(err[0] / err[1]), p2 = std::log2(err[1] / err[2]);
  qInfo("%s %s: errors %.3e %.3e %.3e, observed orders %.3f %.3f (ratios %.2f %.2f)",
        qPrintable(integrator), toString(m.base_type).c_str(), err[0], err[1], err[2], p1, p2,
        err[0] / err[1], err[1] / err[2]);
  QVERIFY(err[2] < (order > 2.0 ? 1e-6 : 2e-2));
  QVERIFY2(std::abs(p1 - order) < 0.3 && std::abs(p2 - order) < 0.3,
           qPrintable(QString("observed orders %1, %2; expected %3").arg(p1).arg(p2).arg(order)));
}

// rk45's global error against a fine rk4 reference shrinks with the tolerance and stays within
// a modest factor of it.
void TestIntegrators::rk45HitsTolerance() {
  const Model m = randomModel(BaseType::Free, 8, 31);
  State s0 = randomState(m, 4);
  s0.base_twist *= 2.0;
  const VecX tau = VecX::LinSpaced(m.njoints, -1.0, 1.0);
  const double T = 2.0;
  const State ref = integrate(m, "rk4", s0, tau, T, 2.5e-4);
  double previous = 1.0;
  for (double tol : {1e-5, 1e-7, 1e-9}) {
    SystemDynamics dyn(m);
    dyn.setJointForces(tau);
    Rk45Integrator integ(m, tol, tol * 1e-2);
    State s = s0;
    for (int k = 0; k < 20; ++k) integ.advance(dyn, s, T / 20.0);
    const double err = stateDistance(s, ref);
    qInfo("rk45 rtol %.0e: global error %.3e, %ld steps, %ld rejected, %ld evaluations", tol, err,
          integ.steps(), integ.rejectedSteps(), dyn.evaluations());
    QVERIFY2(err < 20.0 * tol, qPrintable(QString("error %1 for rtol %2").arg(err).arg(tol)));
    QVERIFY(err < previous);
    previous = err;
  }
}

// A fixed base with one prismatic joint under a constant force: q(t) = q0 + qd0 t + a t^2 / 2
// exactly, which every RK method of order >= 2 reproduces to rounding. So q after advance(dt)
// tells the time that was actually integrated.
void TestIntegrators::rk45LandsExactlyOnDt() {
  ModelDescription d;
  d.base_type = BaseType::Fixed;
  d.links.push_back({"base", Inertial{1.0, Vec3::Zero(), Mat3::Identity()}, {}});
  d.links.push_back({"slider", Inertial{2.0, Vec3(0.1, 0, 0), Mat3::Identity() * 0.1}, {}});
  JointDescription j;
  j.name = "slide";
  j.kind = JointKind::Prismatic;
  j.parent = "base";
  j.child = "slider";
  j.axis = Vec3::UnitX();
  d.joints.push_back(j);
  const Model m = compileModel(d);
  SystemDynamics dyn(m);
  const double force = 3.0, a = force / 2.0;
  dyn.setJointForces(VecX::Constant(1, force));
  Rk45Integrator integ(m, 1e-6, 1e-9);
  State s = State::neutral(m);
  s.q[0] = 0.2;
  s.qd[0] = -0.7;
  double t = 0.0;
  for (double dt : {0.37, 1e-3, 2.5, 0.1, 1e-6, 0.777, 3.0}) {
    integ.advance(dyn, s, dt);
    t += dt;
    const double q = 0.2 - 0.7 * t + 0.5 * a * t * t, qd = -0.7 + a * t;
    QVERIFY2(std::abs(s.q[0] - q) < 1e-12 * std::max(1.0, std::abs(q)),
             qPrintable(QString("t %1: q %2 vs %3").arg(t).arg(s.q[0], 0, 'g', 17).arg(q)));
    QVERIFY(std::abs(s.qd[0] - qd) < 1e-12 * std::max(1.0, std::abs(qd)));
  }
  QVERIFY(integ.steps() >= 7);
}

void TestIntegrators::rk45CountsRejectedSteps() {
  // A large first advance with a tight tolerance on a fast system forces rejections.
  const Model m = randomModel(BaseType::Free, 6, 3);
  State s = randomState(m, 8);
  s.qd *= 20.0;
  SystemDynamics dyn(m);
  Rk45Integrator integ(m, 1e-10, 1e-12);
  integ.setStepLimits(1e-12, 0.5);
  integ.advance(dyn, s, 1.0);
  QVERIFY(s.allFinite());
  QVERIFY(integ.steps() > 10);
  QVERIFY(integ.rejectedSteps() > 0);
  QVERIFY(integ.stepSize() > 0.0 && integ.stepSize() <= 0.5);
  qInfo("rk45: %ld accepted, %ld rejected steps", integ.steps(), integ.rejectedSteps());
}

void TestIntegrators::subgroupIsPreserved_data() {
  QTest::addColumn<QString>("integrator");
  QTest::addColumn<int>("base");
  for (const char* n : {"rk4", "euler", "rk45", "momentum-rk4"})
    for (BaseType b : kAllBases)
      if (integratorSupports(n, b))
        QTest::newRow((std::string(n) + "_" + toString(b)).c_str())
            << QString(n) << static_cast<int>(b);
}

// Long runs with a general 3D arm: the relative pose g0^-1 g stays in the subgroup to 1e-12.
void TestIntegrators::subgroupIsPreserved() {
  QFETCH(QString, integrator);
  QFETCH(int, base);
  const BaseType type = static_cast<BaseType>(base);
  const Model m = randomModel(type, 7, 41, true);
  SystemDynamics dyn(m);
  // On wheels the arm's reaction drives the vehicle: these torques reach 900 rad/s (and the
  // vehicle 60 m/s) at 18 s, past fixed-step RK4's stability at 1 ms; a third of them keeps
  // |qd| dt below 0.3 as on the other vehicles.
  const double torque = type == BaseType::Nonholonomic ? 0.1 : 0.3;
  dyn.setJointForces(VecX::LinSpaced(m.njoints, -torque, torque));
  auto integ = makeIntegrator(integrator.toStdString(), m, 1e-8, 1e-10);
  State s = randomState(m, 2);
  const Pose g0 = s.basePose();
  double worst = 0.0, max_dist = 0.0;
  for (int k = 0; k < 20000; ++k) {  // 20 s at 1 ms
    integ->advance(dyn, s, 1e-3);
    if (k % 50 != 0 && k != 19999) continue;
    const Pose rel = g0.inverse() * s.basePose();
    const double scale = std::max(1.0, rel.p.norm());
    max_dist = std::max(max_dist, rel.p.norm());
    double dev = 0.0;
    switch (type) {
      case BaseType::Planar:
      case BaseType::Nonholonomic:  // velocities v_x, w_z; the pose ranges over SE(2)
        dev = std::max({std::abs(rel.R(2, 2) - 1.0), rel.R.row(2).head<2>().cwiseAbs().maxCoeff(),
                        rel.R.col(2).head<2>().cwiseAbs().maxCoeff(), std::abs(rel.p.z()) / scale});
        break;
      case BaseType::Ball:
        dev = rel.p.cwiseAbs().maxCoeff();
        break;
      case BaseType::Translation:
        dev = (rel.R - Mat3::Identity()).cwiseAbs().maxCoeff();
        break;
      case BaseType::Schoenflies:
        dev = std::max({std::abs(rel.R(2, 2) - 1.0), rel.R.row(2).head<2>().cwiseAbs().maxCoeff(),
                        rel.R.col(2).head<2>().cwiseAbs().maxCoeff()});
        break;
      case BaseType::Fixed:
        dev = std::max((rel.R - Mat3::Identity()).cwiseAbs().maxCoeff(), rel.p.norm());
        break;
      // Positions relative to the distance travelled (as for planar): rounding grows with it.
      case BaseType::Gantry:  // T(2): no rotation, no motion along z
        dev =
            std::max((rel.R - Mat3::Identity()).cwiseAbs().maxCoeff(), std::abs(rel.p.z()) / scale);
        break;
      case BaseType::Rail:  // T(1): along x only
        dev = std::max((rel.R - Mat3::Identity()).cwiseAbs().maxCoeff(),
                       rel.p.tail<2>().cwiseAbs().maxCoeff() / scale);
        break;
      case BaseType::Cylindrical:  // C(1): about and along z
        dev = std::max({std::abs(rel.R(2, 2) - 1.0), rel.R.row(2).head<2>().cwiseAbs().maxCoeff(),
                        rel.R.col(2).head<2>().cwiseAbs().maxCoeff(),
                        rel.p.head<2>().cwiseAbs().maxCoeff() / scale});
        break;
      case BaseType::Turntable:  // SO(2): about z, no translation
        dev = std::max({std::abs(rel.R(2, 2) - 1.0), rel.R.row(2).head<2>().cwiseAbs().maxCoeff(),
                        rel.R.col(2).head<2>().cwiseAbs().maxCoeff(), rel.p.norm()});
        break;
      case BaseType::Free:
        break;
    }
    worst = std::max(worst, dev);
    // The twist itself stays in span(iota0) exactly.
    QCOMPARE(s.base_twist.cwiseProduct(Vec6::Ones() - twistMask(m)).cwiseAbs().maxCoeff(), 0.0);
  }
  qInfo("%s %s: max deviation from the subgroup %.3e (base travelled up to %.2f m)",
        qPrintable(integrator), toString(type).c_str(), worst, max_dist);
  QVERIFY2(worst < 1e-12, qPrintable(QString("deviation %1").arg(worst)));
  QVERIFY(s.allFinite());
}

void TestIntegrators::quaternionStaysUnit() {
  const Model m = randomModel(BaseType::Free, 5, 77);
  for (const auto& name : integratorNames()) {
    SystemDynamics dyn(m);
    auto integ = makeIntegrator(name, m);
    State s = randomState(m, 3);
    s.base_twist *= 10.0;
    for (int k = 0; k < 5000; ++k) {
      integ->advance(dyn, s, 2e-3);
      QVERIFY(std::abs(s.base_orientation.norm() - 1.0) < 1e-14);
    }
    QVERIFY(orthonormalityError(s.basePose().R) < 1e-14);
  }
}

QTEST_APPLESS_MAIN(TestIntegrators)
#include "test_integrators.moc"
