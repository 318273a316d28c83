// Generalized Jacobian J* = Jm - Jb Mbb^-1 Mbm and the mechanical connection A = Mbb^-1 Mbm
// (core/analysis/generalized_jacobian.hpp), on random trees of every vehicle type:
// - definition: the blocks against a dense inverse of Mbb; the point twist J nu equals
//   J* qd + Jb Mbb^-1 h_b for any velocity; fixed vehicle: J* = Jm exactly;
// - the connection against the momentum algorithm: with nu_b = -A qd the system's momentum
//   (bodiesMomentum, spatial inertias, no mass matrix) has no vehicle-subgroup component;
// - finite differences: column k of J* is the derivative of the point's position and attitude
//   along the zero-momentum displacement (vehicle moved by exp(-iota0 A e_k eps), q + eps e_k);
// - simulation: integrating from zero momentum with joint torques (rk4, 0.5 ms, 2 s), the
//   velocity of a point on the last body (from data.v) equals J* qd along the run; with a
//   non-zero initial momentum mu0 (free vehicle) it equals J* qd + Jb Mbb^-1 S0(t)^T mu0 and
//   J* qd alone misses it.
#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

Model makeModel(BaseType base, std::uint64_t seed, bool chain, int bodies = 7) {
  return compileModel(test::randomDescription(base, seed, chain, bodies, 2));  // no gravity
}

/// World velocity of a point fixed on `body` and the body's angular velocity, from data.v.
Vec6 pointTwist(const Data& d, int body, const Vec3& p) {
  const Vec6& v = d.v[body];
  return makeVec6(Vec3(linear(v)) + Vec3(angular(v)).cross(p), angular(v));
}

/// Sets the vehicle velocity to nu_b = -A qd (zero vehicle momentum).
void setZeroMomentum(const Model& m, State& s) {
  Data d(m);
  crba(m, d, s);
  const MatX A = mechanicalConnection(m, d.M);
  VecX nu = s.generalizedVelocity(m);
  nu.head(m.base_dof) = -A * s.qd;
  s.setGeneralizedVelocity(m, nu);
}

}  // namespace

class TestAnalysisGeneralizedJacobian : public QObject {
  Q_OBJECT
 private slots:
  void definition_data();
  void definition();
  void connectionZeroesMomentum_data();
  void connectionZeroesMomentum();
  void finiteDifferences_data();
  void finiteDifferences();
  void zeroMomentumSimulation_data();
  void zeroMomentumSimulation();
  void nonZeroMomentumSimulation();
};

void TestAnalysisGeneralizedJacobian::definition_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisGeneralizedJacobian::definition() {
  QFETCH(int, base);
  const BaseType bt = static_cast<BaseType>(base);
  double worst = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Model m = makeModel(bt, seed, seed % 2 == 0);
    const int b = m.base_dof, n = m.njoints;
    Data d(m);
    const State s = randomState(m, seed + 10);
    crba(m, d, s);
    computeKinematics(m, d, s);
    GeneralizedJacobian gj(m);
    const int body = m.nbodies - 1;
    const Vec3 p = d.oMi[body].act(Vec3(0.2, -0.1, 0.3));
    computeGeneralizedJacobian(m, d, body, p, gj);

    Mat6X J(6, m.nv);
    pointJacobian(m, d, body, p, J);
    QCOMPARE(gj.J, J);
    if (b == 0) {
      QCOMPARE(gj.Jstar, gj.Jm);
      QCOMPARE(gj.connection.rows(), 0);
    } else {
      // Dense reference with an explicit inverse.
      const MatX Mbb_inv = MatX(d.M.topLeftCorner(b, b)).inverse();
      const MatX A = Mbb_inv * d.M.topRightCorner(b, n);
      const MatX Jstar = J.rightCols(n) - J.leftCols(b) * A;
      VMS_COMPARE_REL(gj.connection, A, 1e-12);
      VMS_COMPARE_REL(mechanicalConnection(m, d.M), A, 1e-12);
      VMS_COMPARE_REL(MatX(gj.Jstar), Jstar, 1e-12);
      VMS_COMPARE_REL(MatX(gj.momentum_map), MatX(J.leftCols(b) * Mbb_inv), 1e-12);
    }
    // Point twist from the full Jacobian = J* qd + Jb Mbb^-1 h_b, for the state's velocity.
    const VecX h = vehicleGeneralizedMomentum(m, d.M, s);
    QCOMPARE(h.size(), b);
    const Vec6 expected = pointTwist(d, body, p);
    const Vec6 got = generalizedPointTwist(gj, s.qd, h);
    const double e = test::relativeError(got, expected);
    worst = std::max(worst, e);
    VMS_COMPARE_REL(got, expected, 1e-12);
    // h_b = S0^T mu, mu the world spatial momentum (momentum algorithm, not the mass matrix).
    const Vec6 mu = bodiesMomentum(d, 0, m.nbodies - 1);
    VMS_COMPARE_REL(vehicleGeneralizedMomentumFromWorld(m, d, mu), h, 1e-12);
    // The frame variant is the point variant at the frame origin.
    const int f = static_cast<int>(m.frames.size()) - 1;
    GeneralizedJacobian gf(m);
    computeFrameGeneralizedJacobian(m, d, f, gf);
    computeGeneralizedJacobian(m, d, m.frames[f].body, framePose(m, d, f).p, gj);
    QCOMPARE(gf.Jstar, gj.Jstar);
  }
  qInfo("%s: J* qd + Jb Mbb^-1 h_b vs data.v at the point: max rel. error %.1e",
        toString(bt).c_str(), worst);
}

void TestAnalysisGeneralizedJacobian::connectionZeroesMomentum_data() { definition_data(); }

void TestAnalysisGeneralizedJacobian::connectionZeroesMomentum() {
  QFETCH(int, base);
  const BaseType bt = static_cast<BaseType>(base);
  if (bt == BaseType::Fixed) QSKIP("no vehicle momentum");
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Model m = makeModel(bt, seed * 5, seed % 2 == 1);
    State s = randomState(m, seed);
    setZeroMomentum(m, s);
    Data d(m);
    computeKinematics(m, d, s);
    const Vec6 mu = bodiesMomentum(d, 0, m.nbodies - 1);
    // Components of mu along the vehicle subgroup vanish; the others generally do not.
    const VecX hb = d.S0.leftCols(m.base_dof).transpose() * mu;
    QVERIFY2(hb.cwiseAbs().maxCoeff() < 1e-12 * std::max(1.0, mu.norm()),
             qPrintable(QString("|S0^T mu| = %1").arg(hb.cwiseAbs().maxCoeff())));
    // The joint motion alone carries momentum: the check is not vacuous.
    State locked = s;
    locked.base_twist.setZero();
    computeKinematics(m, d, locked);
    const VecX hb_locked =
        d.S0.leftCols(m.base_dof).transpose() * bodiesMomentum(d, 0, m.nbodies - 1);
    QVERIFY(hb_locked.norm() > 1e-3);
  }
}

void TestAnalysisGeneralizedJacobian::finiteDifferences_data() { definition_data(); }

void TestAnalysisGeneralizedJacobian::finiteDifferences() {
  QFETCH(int, base);
  const BaseType bt = static_cast<BaseType>(base);
  const double h = 1e-5;
  double worst = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Model m = makeModel(bt, seed * 13, seed != 2);
    const int b = m.base_dof, n = m.njoints;
    const State s = randomState(m, seed);
    Data d(m), dp(m), dm(m);
    crba(m, d, s);
    const int body = m.nbodies - 1;
    const Vec3 local(0.25, 0.1, -0.2);
    GeneralizedJacobian gj(m);
    computeGeneralizedJacobian(m, d, body, d.oMi[body].act(local), gj);
    const MatX A = mechanicalConnection(m, d.M);
    for (int k = 0; k < n; ++k) {
      // Zero-momentum displacement: vehicle twist -iota0 A e_k, joint rate e_k.
      auto displaced = [&](double eps) {
        State t = s;
        if (b > 0) {
          const Vec6 xi = -m.base_basis * A.col(k);
          const Pose g = s.basePose() * se3Exp(eps * xi);
          t.base_orientation = Quat(g.R);
          t.base_position = g.p;
        }
        t.q[k] += eps;
        return t;
      };
      forwardKinematics(m, dp, displaced(h));
      forwardKinematics(m, dm, displaced(-h));
      Vec6 fd;
      fd << (dp.oMi[body].act(local) - dm.oMi[body].act(local)) / (2 * h),
          so3Log(dp.oMi[body].R * dm.oMi[body].R.transpose()) / (2 * h);
      const double e = test::relativeError(Vec6(gj.Jstar.col(k)), fd);
      worst = std::max(worst, e);
      QVERIFY2(e < 1e-8, qPrintable(QString("seed %1 column %2: rel %3").arg(seed).arg(k).arg(e)));
    }
  }
  qInfo("%s: J* vs central differences (h = 1e-5): max rel. error %.1e", toString(bt).c_str(),
        worst);
}

// Not the nonholonomic vehicle: its wheels change the momentum, so v = J* qd does not last
// (test_nonholonomic_vehicle shows the momentum change).
void TestAnalysisGeneralizedJacobian::zeroMomentumSimulation_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : kAllBases)
    if (b != BaseType::Fixed && isHolonomic(b))
      QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisGeneralizedJacobian::zeroMomentumSimulation() {
  QFETCH(int, base);
  const BaseType bt = static_cast<BaseType>(base);
  const Model m = makeModel(bt, 77, true, 6);
  State s = randomState(m, 5);
  setZeroMomentum(m, s);
  SystemDynamics dyn(m);
  dyn.setDampingEnabled(false);
  VecX tau = VecX::LinSpaced(m.njoints, 1.5, -0.8);
  dyn.setJointForces(tau);
  auto integ = makeIntegrator("rk4", m);
  QVERIFY(integ);
  Data d(m);
  GeneralizedJacobian gj(m);
  const int body = m.nbodies - 1;
  const Vec3 local(0.1, 0.2, 0.3);
  // rk4's momentum drift is ~1e-10 (relative to |nu_b|) after 2 s at 1 ms and falls as dt^4
  // (7e-12 at 0.5 ms, 4e-13 at 0.25 ms): 0.5 ms keeps it well below the tolerance.
  const double dt = 5e-4;
  double worst = 0, worst_base = 0, max_speed = 0;
  for (int k = 0; k <= 4000; ++k) {
    if (k > 0) integ->advance(dyn, s, dt);
    if (k % 50 != 0) continue;
    crba(m, d, s);
    computeKinematics(m, d, s);
    const Vec3 p = d.oMi[body].act(local);
    computeGeneralizedJacobian(m, d, body, p, gj);
    const Vec6 truth = pointTwist(d, body, p);
    const Vec6 pred = gj.Jstar * s.qd;
    const double e = test::relativeError(pred, truth);
    worst = std::max(worst, e);
    max_speed = std::max(max_speed, truth.norm());
    QVERIFY2(e < 1e-10, qPrintable(QString("t = %1: |v - J* qd| rel %2").arg(k * dt).arg(e)));
    // The vehicle moves with -A qd.
    const VecX nub = m.base_basis.transpose() * s.base_twist;
    const double eb = test::relativeError(nub, VecX(-gj.connection * s.qd));
    worst_base = std::max(worst_base, eb);
    QVERIFY2(eb < 1e-10, qPrintable(QString("t = %1: nu_b + A qd rel %2").arg(k * dt).arg(eb)));
  }
  QVERIFY(max_speed > 0.1);  // the arm actually moved
  qInfo("%s: zero momentum, 2 s rk4 (0.5 ms): max rel. |v - J* qd| %.1e, |nu_b + A qd| %.1e",
        toString(bt).c_str(), worst, worst_base);
}

void TestAnalysisGeneralizedJacobian::nonZeroMomentumSimulation() {
  const Model m = makeModel(BaseType::Free, 78, false, 7);
  State s = randomState(m, 6);  // random vehicle twist: non-zero momentum
  SystemDynamics dyn(m);
  dyn.setDampingEnabled(false);
  dyn.setJointForces(VecX::LinSpaced(m.njoints, -1.0, 1.2));
  auto integ = makeIntegrator("rk4", m);
  Data d(m);
  computeKinematics(m, d, s);
  const Vec6 mu0 = bodiesMomentum(d, 0, m.nbodies - 1);
  QVERIFY(mu0.norm() > 0.1);
  GeneralizedJacobian gj(m);
  const int body = m.nbodies - 1;
  const double dt = 1e-3;
  double worst = 0, smallest_miss = 1e300;
  for (int k = 0; k <= 2000; ++k) {
    if (k > 0) integ->advance(dyn, s, dt);
    if (k % 50 != 0) continue;
    crba(m, d, s);
    computeKinematics(m, d, s);
    const Vec3 p = d.oMi[body].act(Vec3(-0.1, 0.3, 0.05));
    computeGeneralizedJacobian(m, d, body, p, gj);
    const Vec6 truth = pointTwist(d, body, p);
    // The conserved world momentum, mapped to the current vehicle frame.
    const VecX hb = vehicleGeneralizedMomentumFromWorld(m, d, mu0);
    const Vec6 pred = generalizedPointTwist(gj, s.qd, hb);
    const double e = test::relativeError(pred, truth);
    worst = std::max(worst, e);
    QVERIFY2(e < 1e-10, qPrintable(QString("t = %1: rel %2").arg(k * dt).arg(e)));
    smallest_miss = std::min(smallest_miss, test::relativeError(Vec6(gj.Jstar * s.qd), truth));
  }
  QVERIFY2(smallest_miss > 1e-2,
           qPrintable(QString("J* qd alone should miss the momentum term: %1").arg(smallest_miss)));
  qInfo(
      "free, mu0 != 0: max rel. |v - (J* qd + Jb Mbb^-1 S0^T mu0)| %.1e; J* qd alone misses "
      "by >= %.2e",
      worst, smallest_miss);
}

QTEST_APPLESS_MAIN(TestAnalysisGeneralizedJacobian)
#include "test_analysis_generalized_jacobian.moc"
