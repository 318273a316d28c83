// A single free rigid body (one link, full rotated inertia, centre of mass away from the frame
// origin) against Euler's equations I w' + w x I w = 0 about the centre of mass, integrated
// independently (classical RK4 on w and on the quaternion 4-vector, tiny step), plus momentum,
// energy and the straight-line motion of the centre of mass.
#include <cmath>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

struct Body {
  double m = 3.7;
  Vec3 c = Vec3(0.31, -0.22, 0.45);  // centre of mass in the body frame
  Mat3 Ic;                           // about the centre of mass, body frame
};

Body makeBody() {
  Body b;
  const Mat3 R = so3Exp(Vec3(0.4, -1.1, 0.7));
  b.Ic = R * Vec3(0.9, 1.7, 2.3).asDiagonal() * R.transpose();  // full, asymmetric body
  return b;
}

Model makeModel(const Body& b) {
  ModelDescription d;
  d.name = "free_body";
  d.base_type = BaseType::Free;
  LinkDescription l;
  l.name = "body";
  l.inertial.mass = b.m;
  l.inertial.com = b.c;
  l.inertial.inertia = b.Ic;
  d.links.push_back(l);
  return compileModel(d);
}

/// Independent reference: Euler's equations for w (body) and qdot = q (x) (0, w) / 2 on the
/// raw quaternion 4-vector, classical RK4; the centre of mass moves at constant velocity.
struct Reference {
  Mat3 Ic, Ic_inv;
  Eigen::Vector4d q;  // w, x, y, z
  Vec3 w;

  Vec3 wdot(const Vec3& om) const { return Ic_inv * (-om.cross(Ic * om)); }
  static Eigen::Vector4d qdot(const Eigen::Vector4d& q, const Vec3& om) {
    // q (x) (0, om) / 2
    Eigen::Vector4d r;
    r[0] = -q.tail<3>().dot(om);
    r.tail<3>() = q[0] * om + q.tail<3>().cross(om);
    return 0.5 * r;
  }
  void step(double h) {
    const Vec3 k1w = wdot(w);
    const Eigen::Vector4d k1q = qdot(q, w);
    const Vec3 w2 = w + 0.5 * h * k1w;
    const Eigen::Vector4d q2 = q + 0.5 * h * k1q;
    const Vec3 k2w = wdot(w2);
    const Eigen::Vector4d k2q = qdot(q2, w2);
    const Vec3 w3 = w + 0.5 * h * k2w;
    const Eigen::Vector4d q3 = q + 0.5 * h * k2q;
    const Vec3 k3w = wdot(w3);
    const Eigen::Vector4d k3q = qdot(q3, w3);
    const Vec3 w4 = w + h * k3w;
    const Eigen::Vector4d q4 = q + h * k3q;
    const Vec3 k4w = wdot(w4);
    const Eigen::Vector4d k4q = qdot(q4, w4);
    w += h / 6.0 * (k1w + 2 * k2w + 2 * k3w + k4w);
    q += h / 6.0 * (k1q + 2 * k2q + 2 * k3q + k4q);
    q.normalize();
  }
  Mat3 R() const { return Quat(q[0], q[1], q[2], q[3]).toRotationMatrix(); }
};

State initialState(const Model& m) {
  State s = State::neutral(m);
  s.base_orientation = Quat(so3Exp(Vec3(-0.3, 0.8, 2.0)));
  s.base_position = Vec3(1.0, -2.0, 0.5);
  s.base_twist << 0.3, -0.1, 0.2, 1.3, -0.7, 2.1;  // fast tumble about an unstable-ish axis
  return s;
}

}  // namespace

class TestFreeBody : public QObject {
  Q_OBJECT
 private slots:
  void accelerationsMatchEulerEquations();
  void trajectoryMatchesEulerEquations_data();
  void trajectoryMatchesEulerEquations();
  void momentumAndEnergy();
};

// Pointwise: w' = Ic^-1 (-w x Ic w); the centre of mass does not accelerate, so
// d/dt [R (v + w x c)] = 0  =>  v' = -w' x c - w x (v + w x c).
void TestFreeBody::accelerationsMatchEulerEquations() {
  const Body b = makeBody();
  const Model m = makeModel(b);
  QCOMPARE(m.nbodies, 1);
  QCOMPARE(m.njoints, 0);
  VMS_COMPARE_REL(m.com[0], b.c, 1e-15);
  VMS_COMPARE_REL(m.inertia_com[0], b.Ic, 1e-14);
  Data data(m);
  for (int k = 0; k < 20; ++k) {
    State s = State::neutral(m);
    s.base_orientation = Quat(so3Exp(Vec3::Random() * 3.0));
    s.base_position = Vec3::Random() * 5.0;
    s.base_twist = Vec6::Random() * 2.0;
    aba(m, data, s, VecX::Zero(0));
    const Vec3 v = linear(s.base_twist), w = angular(s.base_twist);
    const Vec3 wdot = b.Ic.inverse() * (-w.cross(b.Ic * w));
    const Vec3 vdot = -wdot.cross(b.c) - w.cross(v + w.cross(b.c));
    VMS_COMPARE_REL(Vec3(angular(data.base_twist_dot)), wdot, 1e-13);
    VMS_COMPARE_REL(Vec3(linear(data.base_twist_dot)), vdot, 1e-13);
  }
}

void TestFreeBody::trajectoryMatchesEulerEquations_data() {
  QTest::addColumn<QString>("integrator");
  QTest::addColumn<double>("dt");
  QTest::addColumn<double>("tol");
  QTest::newRow("rk4") << QString("rk4") << 1e-3 << 1e-10;
  QTest::newRow("rk45") << QString("rk45") << 0.05 << 1e-9;
  QTest::newRow("euler") << QString("euler") << 1e-4 << 5e-3;
}

void TestFreeBody::trajectoryMatchesEulerEquations() {
  QFETCH(QString, integrator);
  QFETCH(double, dt);
  QFETCH(double, tol);
  const Body b = makeBody();
  const Model m = makeModel(b);
  SystemDynamics dyn(m);
  auto integ = makeIntegrator(integrator.toStdString(), m, 1e-11, 1e-13);
  State s = initialState(m);

  Reference ref;
  ref.Ic = b.Ic;
  ref.Ic_inv = b.Ic.inverse();
  ref.q << s.base_orientation.w(), s.base_orientation.x(), s.base_orientation.y(),
      s.base_orientation.z();
  ref.w = angular(s.base_twist);
  const Mat3 R0 = s.basePose().R;
  const Vec3 com0 = s.base_position + R0 * b.c;
  const Vec3 vcom = R0 * (Vec3(linear(s.base_twist)) + ref.w.cross(b.c));

  const double T = 10.0, h_ref = 1e-4;
  const int n = static_cast<int>(std::lround(T / dt));
  const int sub = static_cast<int>(std::lround(dt / h_ref));
  double err_w = 0, err_R = 0, err_com = 0, err_v = 0;
  for (int k = 1; k <= n; ++k) {
    integ->advance(dyn, s, dt);
    for (int j = 0; j < sub; ++j) ref.step(h_ref);
    const double t = k * dt;
    const Mat3 R = s.basePose().R;
    const Vec3 w = angular(s.base_twist);
    err_w = std::max(err_w, (w - ref.w).norm() / ref.w.norm());
    err_R = std::max(err_R, so3Log(ref.R().transpose() * R).norm());
    const Vec3 com = s.base_position + R * b.c;
    err_com = std::max(err_com, (com - (com0 + t * vcom)).norm() / std::max(1.0, com.norm()));
    // Body-frame velocity of the frame origin from the centre of mass's constant velocity.
    const Vec3 v_expected = R.transpose() * vcom - w.cross(b.c);
    err_v = std::max(err_v, (Vec3(linear(s.base_twist)) - v_expected).norm());
  }
  qInfo("%s dt %.0e over %.0f s: max rel. error w %.2e, attitude %.2e rad, CoM %.2e, v %.2e",
        qPrintable(integrator), dt, T, err_w, err_R, err_com, err_v);
  QVERIFY2(err_w < tol, qPrintable(QString("angular velocity error %1").arg(err_w)));
  QVERIFY2(err_R < tol, qPrintable(QString("attitude error %1").arg(err_R)));
  QVERIFY2(err_com < tol, qPrintable(QString("CoM error %1").arg(err_com)));
  QVERIFY2(err_v < tol, qPrintable(QString("velocity error %1").arg(err_v)));
}

void TestFreeBody::momentumAndEnergy() {
  const Body b = makeBody();
  const Model m = makeModel(b);
  Data data(m);
  SystemDynamics dyn(m);
  auto integ = makeIntegrator("rk4", m);
  State s = initialState(m);
  auto expected = [&](const State& st) {
    const Mat3 R = st.basePose().R;
    const Vec3 w = angular(st.base_twist);
    const Vec3 vc = R * (Vec3(linear(st.base_twist)) + w.cross(b.c));
    const Vec3 com = st.base_position + R * b.c;
    MomentumSummary e;
    e.linear = b.m * vc;
    e.angular_com = R * (b.Ic * w);
    e.angular_origin = e.angular_com + com.cross(e.linear);
    e.kinetic_energy = 0.5 * b.m * vc.squaredNorm() + 0.5 * w.dot(b.Ic * w);
    e.center_of_mass = com;
    return e;
  };
  computeKinematics(m, data, s);
  const MomentumSummary first = computeMomentum(m, data);
  double drift_p = 0, drift_l = 0, drift_t = 0;
  for (int k = 0; k <= 10000; ++k) {  // 10 s at 1 ms
    if (k > 0) integ->advance(dyn, s, 1e-3);
    if (k % 100 != 0) continue;
    computeKinematics(m, data, s);
    const MomentumSummary got = computeMomentum(m, data), e = expected(s);
    VMS_COMPARE_REL(got.linear, e.linear, 1e-13);
    VMS_COMPARE_REL(got.angular_com, e.angular_com, 1e-13);
    VMS_COMPARE_REL(got.angular_origin, e.angular_origin, 1e-13);
    VMS_COMPARE_REL(got.center_of_mass, e.center_of_mass, 1e-13);
    QVERIFY(std::abs(got.kinetic_energy - e.kinetic_energy) < 1e-13 * e.kinetic_energy);
    QCOMPARE(got.mass, b.m);
    // Conserved along the motion (rk4 truncation error scales as h^4: measured 1.1e-10,
    // 7e-12, 4.7e-13 for P at 2, 1, 0.5 ms).
    drift_p = std::max(drift_p, (got.linear - first.linear).norm() / first.linear.norm());
    drift_l = std::max(
        drift_l, (got.angular_origin - first.angular_origin).norm() / first.angular_origin.norm());
    drift_t = std::max(drift_t,
                       std::abs(got.kinetic_energy - first.kinetic_energy) / first.kinetic_energy);
  }
  qInfo("rk4 1 ms, 10 s: relative drift P %.2e, L_origin %.2e, T %.2e", drift_p, drift_l, drift_t);
  QVERIFY(drift_p < 1e-10);
  QVERIFY(drift_l < 1e-10);
  QVERIFY(drift_t < 1e-12);
}

QTEST_APPLESS_MAIN(TestFreeBody)
#include "test_free_body.moc"
