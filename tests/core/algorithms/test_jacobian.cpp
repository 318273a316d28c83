// Jacobians and spatial accelerations against finite differences along an exact path of the
// state: g(t) = g0 exp(t xi0 + t^2/2 xi_dot), q(t) = q0 + t qd0 + t^2/2 qdd, whose body twist
// is dexp_{-u(t)}(u'(t)) (a fast-converging series), so that twist(0) = xi0 and
// twist'(0) = xi_dot. On random trees with revolute and prismatic joints, every vehicle type:
//   J nu = d/dt [p; angle],  dJ/dt = d/dt J,  d/dt (J nu) = dJ nu + J nu_dot,
//   data.a (ABA and RNEA) = d/dt data.v (world-frame spatial vectors: a plain derivative).
// The last one checks the velocity-product terms, including the prismatic one that seed 002's
// (2.2) misses (notes/seed-002.md, section 1).
#include "core/algorithms/aba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

/// Body velocity of t -> exp(u(t)): exp(-u) d/dt exp(u) = dexp_{-u}(u') = sum (-ad_u)^k/(k+1)! u'.
Vec6 dexpBody(const Vec6& u, const Vec6& udot) {
  Vec6 term = udot, sum = udot;
  for (int k = 1; k < 25; ++k) {
    term = -crossMotion(u, term) / (k + 1.0);
    sum += term;
  }
  return sum;
}

struct Path {
  State s0;
  Vec6 xi_dot = Vec6::Zero();
  VecX qdd;

  State at(double t) const {
    State s = s0;
    const Vec6 u = t * s0.base_twist + 0.5 * t * t * xi_dot;
    const Vec6 udot = s0.base_twist + t * xi_dot;
    const Pose g = s0.basePose() * se3Exp(u);
    s.base_orientation = Quat(g.R);
    s.base_position = g.p;
    s.base_twist = dexpBody(u, udot);
    s.q = s0.q + t * s0.qd + 0.5 * t * t * qdd;
    s.qd = s0.qd + t * qdd;
    return s;
  }
};

Model makeModel(BaseType base, std::uint64_t seed, bool chain) {
  RandomTreeOptions o;
  o.bodies = 8;
  o.base = base;
  o.seed = seed;
  o.chain = chain;
  o.prismatic_fraction = 0.45;
  o.fixed_links = 2;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.5, -0.2, -9.81);
  return compileModel(d);
}

constexpr double kH = 1e-5;  // central differences: truncation ~h^2, rounding ~1e-16/h

}  // namespace

class TestJacobian : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void finiteDifferences_data();
  void finiteDifferences();
  void frameJacobianIsPointJacobianAtFrameOrigin();
};

void TestJacobian::initTestCase() {
  // The path reproduces the twist and its derivative it was built from.
  const Model m = makeModel(BaseType::Free, 1, false);
  Path path;
  path.s0 = randomState(m, 4);
  path.xi_dot << 0.3, -0.2, 0.5, 1.1, -0.7, 0.4;
  path.qdd = VecX::Zero(m.njoints);
  VMS_COMPARE_REL(path.at(0.0).base_twist, path.s0.base_twist, 1e-15);
  const Vec6 fd = (path.at(kH).base_twist - path.at(-kH).base_twist) / (2 * kH);
  VMS_COMPARE_REL(fd, path.xi_dot, 1e-9);
  // ... and the body twist is g^-1 dg/dt.
  const Pose gp = path.at(kH).basePose(), gm = path.at(-kH).basePose();
  const Vec6 fd_twist = se3Log(gm.inverse() * gp) / (2 * kH);
  VMS_COMPARE_REL(fd_twist, path.s0.base_twist, 1e-9);
}

void TestJacobian::finiteDifferences_data() {
  QTest::addColumn<int>("base");
  QTest::addColumn<bool>("chain");
  for (BaseType b : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Translation,
                     BaseType::Schoenflies, BaseType::Fixed})
    for (bool chain : {false, true})
      QTest::newRow((toString(b) + (chain ? "_chain" : "_tree")).c_str())
          << static_cast<int>(b) << chain;
}

void TestJacobian::finiteDifferences() {
  QFETCH(int, base);
  QFETCH(bool, chain);
  int prismatic = 0;
  double worst[6] = {0, 0, 0, 0, 0, 0};
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Model m = makeModel(static_cast<BaseType>(base), seed * 31 + (chain ? 7 : 0), chain);
    for (int i = 1; i < m.nbodies; ++i) prismatic += m.joint_type[i] == JointType::Prismatic;
    Data d0(m), dp(m), dm(m);
    const VecX tau = VecX::LinSpaced(m.njoints, -1.0, 1.0);

    // Accelerations from forward dynamics at s0 define the path.
    Path path;
    path.s0 = randomState(m, seed);
    aba(m, d0, path.s0, tau);
    path.xi_dot = d0.base_twist_dot;
    path.qdd = d0.qdd;
    const State sp = path.at(kH), sm = path.at(-kH);

    // data.a = d/dt data.v, for every body (ABA's accelerations, then RNEA's).
    computeKinematics(m, dp, sp);
    computeKinematics(m, dm, sm);
    aba(m, d0, path.s0, tau);
    for (int i = 0; i < m.nbodies; ++i) {
      const Vec6 fd = (dp.v[i] - dm.v[i]) / (2 * kH);
      const double e = test::relativeError(d0.a[i], fd);
      worst[0] = std::max(worst[0], e);
      QVERIFY2(e < 1e-7, qPrintable(QString("seed %1 body %2 (%3): |a - dv/dt| rel %4")
                                        .arg(seed)
                                        .arg(i)
                                        .arg(i > 0 && m.joint_type[i] == JointType::Prismatic
                                                 ? "prismatic"
                                                 : "revolute/base")
                                        .arg(e)));
    }
    Data dr(m);
    rnea(m, dr, path.s0, path.xi_dot, path.qdd);
    for (int i = 0; i < m.nbodies; ++i) VMS_COMPARE_REL(dr.a[i], d0.a[i], 1e-11);

    // Jacobians of a point on every body.
    computeKinematics(m, d0, path.s0);
    const VecX nu = path.s0.generalizedVelocity(m);
    VecX nudot(m.nv);
    nudot << m.base_basis.transpose() * path.xi_dot, path.qdd;
    Mat6X J(6, m.nv), Jp(6, m.nv), Jm(6, m.nv), dJ(6, m.nv);
    for (int body = 0; body < m.nbodies; ++body) {
      const Vec3 local = Vec3(0.3, -0.2, 0.1) * (1.0 + body);
      const Vec3 p0 = d0.oMi[body].act(local);
      const Vec3 pp = dp.oMi[body].act(local), pm = dm.oMi[body].act(local);
      pointJacobian(m, d0, body, p0, J);
      pointJacobianDerivative(m, d0, body, p0, dJ);
      pointJacobian(m, dp, body, pp, Jp);
      pointJacobian(m, dm, body, pm, Jm);
      // J nu: point velocity and angular velocity.
      Vec6 fd_vel;
      fd_vel << (pp - pm) / (2 * kH),
          so3Log(dp.oMi[body].R * dm.oMi[body].R.transpose()) / (2 * kH);
      const Vec6 Jnu = J * nu;
      double e = test::relativeError(Jnu, fd_vel);
      worst[1] = std::max(worst[1], e);
      QVERIFY2(e < 1e-8,
               qPrintable(QString("seed %1 body %2: J nu rel %3").arg(seed).arg(body).arg(e)));
      // The velocity columns agree with the world spatial velocity seen at the point.
      const Vec6& v = d0.v[body];
      VMS_COMPARE_REL(Jnu, makeVec6(Vec3(linear(v)) + Vec3(angular(v)).cross(p0), angular(v)),
                      1e-13);
      // dJ/dt.
      const Mat6X fd_dJ = (Jp - Jm) / (2 * kH);
      e = test::relativeError(dJ, fd_dJ);
      worst[2] = std::max(worst[2], e);
      QVERIFY2(e < 1e-7,
               qPrintable(QString("seed %1 body %2: dJ rel %3").arg(seed).arg(body).arg(e)));
      // d/dt (J nu) = dJ nu + J nu_dot.
      const VecX nup = sp.generalizedVelocity(m), num = sm.generalizedVelocity(m);
      const Vec6 fd_acc = (Jp * nup - Jm * num) / (2 * kH);
      e = test::relativeError(Vec6(dJ * nu + J * nudot), fd_acc);
      worst[3] = std::max(worst[3], e);
      QVERIFY2(
          e < 1e-7,
          qPrintable(
              QString("seed %1 body %2: point acceleration rel %3").arg(seed).arg(body).arg(e)));
    }
  }
  qInfo("%s: max rel. error dv/dt %.1e, J nu %.1e, dJ %.1e, point acc %.1e (%d prismatic joints)",
        toString(static_cast<BaseType>(base)).c_str(), worst[0], worst[1], worst[2], worst[3],
        prismatic);
  QVERIFY(prismatic > 0);
}

void TestJacobian::frameJacobianIsPointJacobianAtFrameOrigin() {
  const Model m = makeModel(BaseType::Free, 5, false);
  Data d(m);
  const State s = randomState(m, 2);
  computeKinematics(m, d, s);
  Mat6X Jf(6, m.nv), Jp(6, m.nv);
  for (int f = 0; f < static_cast<int>(m.frames.size()); ++f) {
    frameJacobian(m, d, f, Jf);
    const Pose oMf = framePose(m, d, f);
    pointJacobian(m, d, m.frames[f].body, oMf.p, Jp);
    VMS_COMPARE_REL(Jf, Jp, 1e-15);
  }
}

QTEST_APPLESS_MAIN(TestJacobian)
#include "test_jacobian.moc"
