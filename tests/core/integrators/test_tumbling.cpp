// A tumbling spacecraft with a small swinging arm, 60 s through the attitudes where ZYX Euler
// angles are singular (pitch = +-90 deg, where the Euler-rate matrix T_Theta of seed 000 eq.
// (42) has 1/cos(pitch)). The state is a unit quaternion on SO(3) and the integrator moves it
// by exponentials, so nothing is special there: no blow-up, R stays orthonormal to 1e-12, the
// quaternion stays unit, and momentum is conserved. The run is checked to pass really close to
// both singular attitudes (min |cos(pitch)| < 1e-2).
//
// The vehicle spins about its major principal axis y with a small nutation (w_x, w_z ~ 5e-3),
// its x axis starting horizontal: x sweeps through the vertical twice per revolution. The arm
// (two revolute joints about y and a prismatic joint along x) is driven by a PD law tracking
// sinusoids; its torques are internal, so P and L stay constant.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <chrono>
#include <cmath>

#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Model makeModel() {
  ModelDescription d;
  d.name = "tumbling_spacecraft";
  d.base_type = BaseType::Free;
  LinkDescription bus{"bus", {}, {}};
  bus.inertial.mass = 100.0;
  bus.inertial.inertia = Vec3(20.0, 30.0, 25.0).asDiagonal();
  LinkDescription l1{"upper_arm", {}, {}}, l2{"forearm", {}, {}}, l3{"slider", {}, {}};
  l1.inertial = {2.0, Vec3(0.2, 0.0, 0.0), Vec3(0.005, 0.03, 0.03).asDiagonal()};
  l2.inertial = {1.5, Vec3(0.2, 0.0, 0.0), Vec3(0.004, 0.02, 0.02).asDiagonal()};
  l3.inertial = {0.5, Vec3(0.1, 0.0, 0.0), Vec3(0.001, 0.002, 0.002).asDiagonal()};
  d.links = {bus, l1, l2, l3};
  JointDescription j1, j2, j3;
  j1.name = "shoulder";
  j1.parent = "bus";
  j1.child = "upper_arm";
  j1.origin.p = Vec3(0.6, 0.0, 0.3);
  j1.axis = Vec3::UnitY();
  j2.name = "elbow";
  j2.parent = "upper_arm";
  j2.child = "forearm";
  j2.origin.p = Vec3(0.4, 0.0, 0.0);
  j2.axis = Vec3::UnitY();
  j3.name = "extend";
  j3.kind = JointKind::Prismatic;
  j3.parent = "forearm";
  j3.child = "slider";
  j3.origin.p = Vec3(0.4, 0.0, 0.0);
  j3.axis = Vec3::UnitX();
  d.joints = {j1, j2, j3};
  return compileModel(d);
}

/// ZYX (yaw-pitch-roll) pitch of R = Rz(psi) Ry(theta) Rx(phi): sin(theta) = -R(2,0).
double sinPitch(const Mat3& R) { return -R(2, 0); }

}  // namespace

class TestTumbling : public QObject {
  Q_OBJECT
 private slots:
  void throughEulerSingularities_data();
  void throughEulerSingularities();
};

void TestTumbling::throughEulerSingularities_data() {
  QTest::addColumn<QString>("integrator");
  QTest::newRow("rk4") << QString("rk4");
  QTest::newRow("rk45") << QString("rk45");
}

void TestTumbling::throughEulerSingularities() {
  QFETCH(QString, integrator);
  const Model m = makeModel();
  QCOMPARE(m.njoints, 3);
  SystemDynamics dyn(m);
  auto integ = makeIntegrator(integrator.toStdString(), m, 1e-10, 1e-13);
  Data data(m);
  State s = State::neutral(m);
  s.base_position = Vec3(1.0, 2.0, -0.5);
  s.base_twist << 0.05, -0.02, 0.03, 0.005, 2.0, -0.004;  // spin about y, small nutation
  s.q << 0.3, -0.6, 0.1;

  computeKinematics(m, data, s);
  const MomentumSummary first = computeMomentum(m, data);
  const double w0 = angular(s.base_twist).norm();
  const double dt = 1e-3, T = 60.0;
  const long n = std::lround(T / dt);
  VecX tau(3);
  double min_cos = 1.0, max_sin = -1.0, min_sin = 1.0, max_orth = 0.0, max_qnorm = 0.0;
  double dP = 0.0, dL = 0.0, max_w = 0.0;
  long crossings = 0;
  double previous_sin = 0.0;
  const auto start = std::chrono::steady_clock::now();
  for (long k = 1; k <= n; ++k) {
    const double t = (k - 1) * dt;
    // PD tracking of sinusoids, updated every step (held within the step).
    const double ref[3] = {0.3 + 0.8 * std::sin(0.9 * t), -0.6 + 0.7 * std::sin(1.3 * t + 1.0),
                           0.1 + 0.05 * std::sin(2.1 * t)};
    const double kp[3] = {20.0, 15.0, 10.0}, kd[3] = {2.0, 1.5, 1.0};
    for (int j = 0; j < 3; ++j) tau[j] = kp[j] * (ref[j] - s.q[j]) - kd[j] * s.qd[j];
    dyn.setJointForces(tau);
    integ->advance(dyn, s, dt);
    QVERIFY2(s.allFinite(), qPrintable(QString("non-finite state at t = %1").arg(k * dt)));
    const Mat3 R = s.basePose().R;
    const double sp = sinPitch(R);
    min_cos = std::min(min_cos, std::sqrt(std::max(0.0, 1.0 - sp * sp)));
    max_sin = std::max(max_sin, sp);
    min_sin = std::min(min_sin, sp);
    if ((sp > 0.999) != (previous_sin > 0.999) && sp > 0.999) ++crossings;
    previous_sin = sp;
    max_orth = std::max(max_orth, orthonormalityError(R));
    max_qnorm = std::max(max_qnorm, std::abs(s.base_orientation.norm() - 1.0));
    max_w = std::max(max_w, angular(s.base_twist).norm());
    if (k % 20 == 0 || k == n) {
      computeKinematics(m, data, s);
      const MomentumSummary h = computeMomentum(m, data);
      dP = std::max(dP, (h.linear - first.linear).norm() / first.linear.norm());
      dL = std::max(dL,
                    (h.angular_origin - first.angular_origin).norm() / first.angular_origin.norm());
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  qInfo(
      "%s, 60 s in %.2f s (%ld steps, %ld evaluations): min |cos(pitch)| %.2e, pitch range "
      "[%.6f, %.6f] deg, %ld passes near +90 deg; max |R^T R - I| %.1e, max ||q| - 1| %.1e; "
      "drift P %.1e, L_o %.1e; max |w| %.3f (w0 %.3f)",
      qPrintable(integrator), secs, integ->steps(), dyn.evaluations(), min_cos,
      std::asin(min_sin) * 180 / M_PI, std::asin(max_sin) * 180 / M_PI, crossings, max_orth,
      max_qnorm, dP, dL, max_w, w0);
  // It really went through both singular attitudes, many times.
  QVERIFY2(min_cos < 1e-2, qPrintable(QString("min |cos(pitch)| only %1").arg(min_cos)));
  QVERIFY(max_sin > 1.0 - 5e-5 && min_sin < -1.0 + 5e-5);
  QVERIFY(crossings >= 10);
  // No blow-up, exact group structure, conservation.
  QVERIFY(max_w < 2.0 * w0);
  QVERIFY2(max_orth < 1e-12, qPrintable(QString("orthonormality %1").arg(max_orth)));
  QVERIFY2(max_qnorm < 1e-12, qPrintable(QString("quaternion norm %1").arg(max_qnorm)));
  QVERIFY2(dP < 1e-10, qPrintable(QString("linear momentum drift %1").arg(dP)));
  QVERIFY2(dL < 1e-10, qPrintable(QString("angular momentum drift %1").arg(dL)));
}

QTEST_APPLESS_MAIN(TestTumbling)
#include "test_tumbling.moc"
