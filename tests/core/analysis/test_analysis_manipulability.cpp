// Manipulability (core/analysis/manipulability.hpp) and the dynamic-singularity measure
// (core/analysis/dynamic_singularity.hpp):
// - closed form: planar 2R arm on a fixed vehicle, w(Jm_xy) = |l1 l2 sin q2|; blocks with
//   fewer columns than rows report w = 0 with status TooFewColumns;
// - w against sqrt(det(J J^T)); ellipsoid axes orthonormal, J J^T = U diag(sigma^2) U^T, force
//   radii 1/sigma, condition number sigma_max/sigma_min;
// - invariance under rotating (and translating) the whole system: singular values unchanged,
//   axes rotated;
// - an infinitely heavy vehicle (mass and inertia x 1e9): J* -> Jm and the measures agree to
//   ~1e-7, converging as 1/scale, while with the real vehicle they differ;
// - dynamic singularity: a planar 2-link arm on a light planar vehicle has a configuration q*
//   (found by bisection on det J*_xy along q2) where J*_xy is singular and Jm_xy is regular;
//   there the measure rho = w(J*)/w(Jm) vanishes, and the null direction of J* is confirmed
//   by finite differences of the end-effector position along the zero-momentum motion (the
//   end-effector does not move to first order) while the locked-vehicle motion moves it. With
//   a heavy vehicle the singularity is gone.
#include <cmath>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/dynamic_singularity.hpp"
#include "core/analysis/manipulability.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

constexpr double kL1 = 0.9, kL2 = 0.7;

LinkDescription rod(const std::string& name, double mass, double length) {
  LinkDescription l{name, {}, {}};
  l.inertial.mass = mass;
  l.inertial.com = Vec3(0.5 * length, 0.0, 0.0);
  const double w = 0.05;  // thin box length x w x w
  l.inertial.inertia = Vec3(mass * (2 * w * w) / 12.0, mass * (length * length + w * w) / 12.0,
                            mass * (length * length + w * w) / 12.0)
                           .asDiagonal();
  return l;
}

/// Vehicle (body 0) + planar 2R arm about z, end-effector frame "ee" at the tip of link 2.
ModelDescription planar2R(BaseType base, double vehicle_mass, double vehicle_izz,
                          const Vec3& mount = Vec3(0.4, 0.1, 0.0)) {
  ModelDescription d;
  d.name = "planar_2r";
  d.base_type = base;
  LinkDescription v{"vehicle", {}, {}};
  v.inertial.mass = vehicle_mass;
  v.inertial.inertia = Vec3(vehicle_izz, vehicle_izz, vehicle_izz).asDiagonal();
  d.links = {v, rod("link1", 1.0, kL1), rod("link2", 0.8, kL2)};
  JointDescription j1;
  j1.name = "q1";
  j1.parent = "vehicle";
  j1.child = "link1";
  j1.origin.p = mount;
  JointDescription j2 = j1;
  j2.name = "q2";
  j2.parent = "link1";
  j2.child = "link2";
  j2.origin.p = Vec3(kL1, 0, 0);
  d.joints = {j1, j2};
  d.frames.push_back({"ee", "link2", Pose{Mat3::Identity(), Vec3(kL2, 0, 0)}});
  return d;
}

Model makeRandom(BaseType base, std::uint64_t seed, int bodies = 8) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.base = base;
  o.seed = seed;
  o.chain = true;
  o.prismatic_fraction = 0.2;
  return compileModel(randomTree(o));
}

/// J* (or Jm) of the "ee" frame (or the last body's origin) at state s.
void eeJacobian(const Model& m, Data& d, const State& s, GeneralizedJacobian& gj) {
  crba(m, d, s);
  const int f = m.frameIndex("ee");
  if (f >= 0)
    computeFrameGeneralizedJacobian(m, d, f, gj);
  else
    computeGeneralizedJacobian(m, d, m.nbodies - 1, d.oMi[m.nbodies - 1].p, gj);
}

void checkConsistency(const Manipulability& mm, const MatX& J) {
  const int r = static_cast<int>(J.rows()), n = static_cast<int>(J.cols());
  QCOMPARE(mm.rows, r);
  QCOMPARE(mm.cols, n);
  const MatX U = mm.axes;
  VMS_COMPARE_REL(MatX(U.transpose() * U), MatX::Identity(r, r), 1e-14);
  const VecX s = mm.singular_values;
  const MatX JJt = J * J.transpose();
  VMS_COMPARE_REL(MatX(U * s.array().square().matrix().asDiagonal() * U.transpose()), JJt, 1e-13);
  for (int i = 0; i + 1 < r; ++i) QVERIFY(s[i] >= s[i + 1]);
  if (n >= r) {
    QCOMPARE(mm.status, ManipulabilityStatus::Ok);
    // w^2 against det(J J^T), not w against sqrt(det): at a singular configuration det is
    // rounding noise (6e-21 was seen for a rank-deficient block) and its square root (8e-11)
    // is not the error of w. Away from zero the bound is as tight (1e-12 on w^2 is 5e-13 on w).
    const double det = JJt.determinant();
    const double w2 = mm.yoshikawa * mm.yoshikawa;
    QVERIFY2(std::abs(w2 - det) <= 1e-12 * std::max(1.0, det),
             qPrintable(QString("w^2 %1 vs det(J J^T) %2").arg(w2).arg(det)));
    QCOMPARE(mm.min_singular_value, s[r - 1]);
    if (s[r - 1] > 0) {
      QVERIFY(std::abs(mm.condition_number - s[0] / s[r - 1]) <= 1e-12 * mm.condition_number);
    } else {
      QVERIFY(std::isinf(mm.condition_number));
    }
    const VecX fr = mm.forceRadii();
    for (int i = 0; i < r; ++i)
      QVERIFY(s[i] > 0 ? std::abs(fr[i] * s[i] - 1.0) < 1e-14 : std::isinf(fr[i]));
  } else {
    QCOMPARE(mm.status, ManipulabilityStatus::TooFewColumns);
    QCOMPARE(mm.yoshikawa, 0.0);
    QVERIFY(std::isinf(mm.condition_number));
    QVERIFY(std::string(mm.reason()).size() > 0);
  }
}

}  // namespace

class TestAnalysisManipulability : public QObject {
  Q_OBJECT
 private slots:
  void planar2RClosedForm();
  void consistency_data();
  void consistency();
  void rotationInvariance();
  void heavyVehicleLimit();
  void dynamicSingularity();
};

void TestAnalysisManipulability::planar2RClosedForm() {
  const Model m = compileModel(planar2R(BaseType::Fixed, 10.0, 1.0));
  Data d(m);
  GeneralizedJacobian gj(m);
  State s = State::neutral(m);
  double worst = 0;
  for (double q1 : {-1.0, 0.0, 0.7})
    for (double q2 : {-2.5, -0.3, 0.0, 1e-3, 0.4, M_PI / 2, 2.9}) {
      s.q << q1, q2;
      s.base_orientation = Quat(Eigen::AngleAxisd(0.3 * q1 + 0.2, Vec3::UnitZ()));
      eeJacobian(m, d, s, gj);
      // The fixed vehicle: J* = Jm.
      QCOMPARE(gj.Jstar, gj.Jm);
      const Manipulability mxy = manipulability(MatX(gj.Jm.topRows<2>()));
      const double w = std::abs(kL1 * kL2 * std::sin(q2));
      worst = std::max(worst, std::abs(mxy.yoshikawa - w));
      QVERIFY2(std::abs(mxy.yoshikawa - w) < 1e-15,
               qPrintable(QString("q2 %1: w %2 vs %3").arg(q2).arg(mxy.yoshikawa).arg(w)));
      // 2 joints: the 3-row blocks and the full block are rank-deficient by construction.
      const ManipulabilitySet set = manipulabilitySet(gj.Jm);
      QCOMPARE(set.translational.status, ManipulabilityStatus::TooFewColumns);
      QCOMPARE(set.translational.yoshikawa, 0.0);
      QCOMPARE(set.full.status, ManipulabilityStatus::TooFewColumns);
      // The planar rotational rate is q1d + q2d: sigma = sqrt(2) about z.
      QVERIFY(std::abs(set.rotational.max_singular_value - std::sqrt(2.0)) < 1e-15);
      QVERIFY(std::abs(std::abs(set.rotational.axes(2, 0)) - 1.0) < 1e-15);
    }
  qInfo("planar 2R: |w(Jm_xy) - l1 l2 |sin q2|| <= %.1e", worst);
}

void TestAnalysisManipulability::consistency_data() {
  QTest::addColumn<int>("bodies");
  for (int b : {3, 4, 7, 10}) QTest::newRow(std::to_string(b - 1).append("_joints").c_str()) << b;
}

void TestAnalysisManipulability::consistency() {
  QFETCH(int, bodies);
  const Model m = makeRandom(BaseType::Free, 100 + bodies, bodies);
  Data d(m);
  GeneralizedJacobian gj(m);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    eeJacobian(m, d, randomState(m, seed), gj);
    for (const Mat6X* J : {&gj.Jm, &gj.Jstar}) {
      const ManipulabilitySet set = manipulabilitySet(*J);
      checkConsistency(set.translational, MatX(J->topRows<3>()));
      checkConsistency(set.rotational, MatX(J->bottomRows<3>()));
      checkConsistency(set.full, MatX(*J));
    }
    const ManipulabilityComparison c = compareManipulability(gj);
    QCOMPARE(c.floating.full.yoshikawa, manipulability(gj.Jstar, JacobianRows::Full).yoshikawa);
    QCOMPARE(c.fixed_base.translational.yoshikawa,
             manipulability(gj.Jm, JacobianRows::Translational).yoshikawa);
  }
}

void TestAnalysisManipulability::rotationInvariance() {
  const Model m = makeRandom(BaseType::Free, 7, 8);
  Data d(m);
  GeneralizedJacobian g0(m), g1(m);
  const State s0 = randomState(m, 3);
  State s1 = s0;
  const Mat3 R = so3Exp(Vec3(0.4, -1.1, 0.7));
  s1.base_orientation = Quat(R) * s0.base_orientation;
  s1.base_position = R * s0.base_position + Vec3(0.3, -2.0, 1.0);
  s1.base_twist = s0.base_twist;  // body twist: the same motion seen from the rotated world
  eeJacobian(m, d, s0, g0);
  eeJacobian(m, d, s1, g1);
  double worst = 0;
  for (JacobianRows rows : {JacobianRows::Translational, JacobianRows::Rotational}) {
    for (int which = 0; which < 2; ++which) {
      const Manipulability a = manipulability(which ? g0.Jstar : g0.Jm, rows);
      const Manipulability b = manipulability(which ? g1.Jstar : g1.Jm, rows);
      VMS_COMPARE_REL(b.singular_values, a.singular_values, 1e-13);
      QVERIFY(std::abs(b.yoshikawa - a.yoshikawa) <= 1e-13 * a.yoshikawa);
      worst = std::max(worst, std::abs(b.yoshikawa - a.yoshikawa) / a.yoshikawa);
      // Axes turn with the system (up to sign; singular values are distinct here).
      for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(std::abs(b.axes.col(i).dot(R * a.axes.col(i))) - 1.0) < 1e-12);
    }
  }
  // The full 6-row block: [v; w] -> blockdiag(R, R) [v; w], also invariant.
  const Manipulability a = manipulability(g0.Jstar, JacobianRows::Full);
  const Manipulability b = manipulability(g1.Jstar, JacobianRows::Full);
  VMS_COMPARE_REL(b.singular_values, a.singular_values, 1e-13);
  // Not vacuous: the Jacobians themselves changed.
  QVERIFY((g1.Jstar - g0.Jstar).norm() > 0.1);
  qInfo("rotation invariance: max rel. change of w %.1e", worst);
}

void TestAnalysisManipulability::heavyVehicleLimit() {
  RandomTreeOptions o;
  o.bodies = 8;
  o.chain = true;
  o.seed = 21;
  o.prismatic_fraction = 0.2;
  const ModelDescription desc = randomTree(o);
  const State s = randomState(compileModel(desc), 4);
  struct Gap {
    double J = 0, w = 0, rho = 0;  // rel. |J* - Jm|, max rel. |w(J*) - w(Jm)|, |rho - 1|
    Mat6X Jm;
  };
  // Vehicle mass and inertia scaled by k. J* - Jm = -Jb A, A = O(arm / vehicle inertia).
  auto gap = [&](double k) {
    ModelDescription dk = desc;
    dk.links[0].inertial.mass *= k;
    dk.links[0].inertial.inertia *= k;
    const Model m = compileModel(dk);
    Data d(m);
    GeneralizedJacobian gj(m);
    eeJacobian(m, d, s, gj);
    Gap g;
    g.Jm = gj.Jm;
    g.J = test::relativeError(MatX(gj.Jstar), MatX(gj.Jm));
    const ManipulabilityComparison c = compareManipulability(gj);
    for (auto [f, j] : {std::pair{&c.fixed_base.translational, &c.floating.translational},
                        std::pair{&c.fixed_base.rotational, &c.floating.rotational},
                        std::pair{&c.fixed_base.full, &c.floating.full}}) {
      g.w = std::max(g.w, std::abs(j->yoshikawa - f->yoshikawa) / f->yoshikawa);
      g.w = std::max(g.w, test::relativeError(j->singular_values, f->singular_values));
    }
    const DynamicSingularity ds = vms::dynamicSingularity(gj, JacobianRows::Full);
    g.rho = ds.defined ? std::abs(ds.ratio - 1.0) : 1e300;
    return g;
  };
  // (compileModel rejects much larger ratios: the joints' inertia would vanish in M's scale.)
  const Gap g1 = gap(1.0), g8 = gap(1e8), g9 = gap(1e9);
  QCOMPARE(g9.Jm, g1.Jm);  // geometry only
  QVERIFY2(g1.J > 1e-2, qPrintable(QString("real vehicle: |J* - Jm| rel %1").arg(g1.J)));
  QVERIFY2(g9.J < 1e-7, qPrintable(QString("x1e9: |J* - Jm| rel %1").arg(g9.J)));
  QVERIFY2(g9.w < 2e-7, qPrintable(QString("x1e9: |w(J*) - w(Jm)| rel %1").arg(g9.w)));
  QVERIFY2(g9.rho < 2e-7, qPrintable(QString("x1e9: |rho - 1| %1").arg(g9.rho)));
  // ... and the gaps are exactly first order in 1/k: ten times larger at 1e8.
  for (auto [a, b] : {std::pair{g8.J, g9.J}, std::pair{g8.w, g9.w}, std::pair{g8.rho, g9.rho}})
    QVERIFY2(std::abs(a / b - 10.0) < 1e-2, qPrintable(QString("gap x1e8 / x1e9 = %1").arg(a / b)));
  qInfo(
      "vehicle x 1e9: |J* - Jm| rel %.1e (x1: %.1e), max rel. gap in w and sigma %.1e, "
      "|rho - 1| %.1e; all x10 at 1e8 (%.4f, %.4f, %.4f)",
      g9.J, g1.J, g9.w, g9.rho, g8.J / g9.J, g8.w / g9.w, g8.rho / g9.rho);
}

void TestAnalysisManipulability::dynamicSingularity() {
  // Light planar vehicle: 2 kg, Izz 0.1 kg m^2, against arm links of 1 and 0.8 kg.
  const Model m = compileModel(planar2R(BaseType::Planar, 2.0, 0.1));
  Data d(m);
  GeneralizedJacobian gj(m);
  State s = State::neutral(m);
  const double q1 = 1.0;
  auto detStar = [&](double q2) {
    s.q << q1, q2;
    eeJacobian(m, d, s, gj);
    return gj.Jstar.topLeftCorner<2, 2>().determinant();
  };
  // Scan q2 in (0.2, pi - 0.2), where the fixed-base arm is regular, for a sign change.
  double lo = 0, hi = 0;
  bool found = false;
  const int steps = 400;
  for (int k = 0; k < steps && !found; ++k) {
    const double a = 0.2 + (M_PI - 0.4) * k / steps, b = 0.2 + (M_PI - 0.4) * (k + 1) / steps;
    if (detStar(a) * detStar(b) < 0) {
      lo = a;
      hi = b;
      found = true;
    }
  }
  QVERIFY2(found, "no dynamic singularity along q2 for the light vehicle");
  for (int it = 0; it < 200 && hi - lo > 1e-15; ++it) {
    const double mid = 0.5 * (lo + hi);
    (detStar(lo) * detStar(mid) <= 0 ? hi : lo) = mid;
  }
  const double q2s = 0.5 * (lo + hi);
  detStar(q2s);
  const Manipulability mf = manipulability(MatX(gj.Jm.topLeftCorner<2, 2>()));
  const Manipulability ms = manipulability(MatX(gj.Jstar.topLeftCorner<2, 2>()));
  const DynamicSingularity ds = vms::dynamicSingularity(mf, ms);
  // Jm regular: w = l1 l2 sin q2*, well away from 0.
  QVERIFY(std::abs(mf.yoshikawa - kL1 * kL2 * std::abs(std::sin(q2s))) < 1e-15);
  QVERIFY(mf.yoshikawa > 0.1);
  QVERIFY(!ds.kinematic_singularity);
  QVERIFY(ds.defined);
  QVERIFY2(ds.ratio < 1e-12, qPrintable(QString("rho = %1 at q2* = %2").arg(ds.ratio).arg(q2s)));
  QVERIFY(ds.inverse_condition_floating < 1e-12);
  // Away from q2* the measure is of order one.
  detStar(q2s + 1.0);
  const DynamicSingularity away =
      vms::dynamicSingularity(manipulability(MatX(gj.Jm.topLeftCorner<2, 2>())),
                              manipulability(MatX(gj.Jstar.topLeftCorner<2, 2>())));
  QVERIFY2(away.ratio > 1e-2, qPrintable(QString("rho away = %1").arg(away.ratio)));

  // Finite differences at q*: along the null direction n of J*_xy with the vehicle moving by
  // the zero-momentum connection, the end-effector does not move to first order; with the
  // vehicle locked it does.
  detStar(q2s);
  const Eigen::JacobiSVD<MatX> svd(MatX(gj.Jstar.topLeftCorner<2, 2>()), Eigen::ComputeFullV);
  const Eigen::Vector2d nvec = svd.matrixV().col(1);
  const MatX A = gj.connection;
  const int f = m.frameIndex("ee");
  auto eeAt = [&](double eps, bool locked) {
    State t = s;
    if (!locked) {
      const Vec6 xi = -m.base_basis * (A * nvec);
      const Pose g = s.basePose() * se3Exp(eps * xi);
      t.base_orientation = Quat(g.R);
      t.base_position = g.p;
    }
    t.q += eps * nvec;
    Data dd(m);
    forwardKinematics(m, dd, t);
    return framePose(m, dd, f).p;
  };
  const double h = 1e-5;
  const Vec3 v_free = (eeAt(h, false) - eeAt(-h, false)) / (2 * h);
  const Vec3 v_locked = (eeAt(h, true) - eeAt(-h, true)) / (2 * h);
  QVERIFY2(v_free.head<2>().norm() < 1e-9,
           qPrintable(QString("zero-momentum EE speed %1").arg(v_free.head<2>().norm())));
  QVERIFY2(v_locked.head<2>().norm() > 0.1,
           qPrintable(QString("locked EE speed %1").arg(v_locked.head<2>().norm())));

  // A heavy vehicle has no dynamic singularity on the same interval.
  const Model heavy = compileModel(planar2R(BaseType::Planar, 2e6, 0.1e6));
  Data dh(heavy);
  GeneralizedJacobian gh(heavy);
  State sh = State::neutral(heavy);
  double min_ratio = 1e300;
  for (int k = 0; k <= steps; ++k) {
    sh.q << q1, 0.2 + (M_PI - 0.4) * k / steps;
    eeJacobian(heavy, dh, sh, gh);
    const DynamicSingularity r =
        vms::dynamicSingularity(manipulability(MatX(gh.Jm.topLeftCorner<2, 2>())),
                                manipulability(MatX(gh.Jstar.topLeftCorner<2, 2>())));
    min_ratio = std::min(min_ratio, r.ratio);
  }
  QVERIFY2(min_ratio > 0.99, qPrintable(QString("heavy vehicle: min rho %1").arg(min_ratio)));
  qInfo(
      "light vehicle: dynamic singularity at q = (%.3f, %.12f): rho = %.1e, 1/cond(J*) = %.1e, "
      "w(Jm) = %.3f; zero-momentum EE speed along the null direction %.1e (locked %.2f); "
      "heavy vehicle: min rho %.6f",
      q1, q2s, ds.ratio, ds.inverse_condition_floating, mf.yoshikawa, v_free.head<2>().norm(),
      v_locked.head<2>().norm(), min_ratio);
}

QTEST_APPLESS_MAIN(TestAnalysisManipulability)
#include "test_analysis_manipulability.moc"
