// Rotational-velocity and force ellipsoids of a Jacobian block (core/analysis/
// jacobian_ellipsoid.hpp) and the operational-space inertia of every link at once
// (core/analysis/link_operational_inertia.hpp):
// - ellipsoids against the SVD of the block (radii sigma_i and 1/sigma_i, the same axes up to
//   sign), the duality (velocity radius x force radius = 1) and the set definitions (a point on
//   the velocity ellipsoid's axis satisfies x^T (J J^T)^-1 x = 1, a force on the force
//   ellipsoid's axis satisfies |J^T F| = 1), for the rotational and translational rows of the
//   fixed-base Jm and the generalized J*, on random trees of every vehicle type;
// - a closed form: a planar 2R arm's force ellipsoid is flat-infinite along z (radius +inf);
// - Lambda(k) of every link: VehicleMode::Locked against (J_k Mmm^-1 J_k^T)^-1 with J_k's joint
//   columns, VehicleMode::Free against the independent block formula
//   J M^-1 J^T = Jb Mbb^-1 Jb^T + J* H*^-1 J*^T (H* = Mmm - Mmb Mbb^-1 Mbm, J* from
//   computeGeneralizedJacobian) and, for a free vehicle, against seed 002's O(N) sweeps;
//   relative error <= 1e-9 (Lambda itself, an inverse: 1e-9 up to condition number 1e6 of
//   the mobility, cond * 1e-15 beyond, the accuracy any inverse has in double precision);
// - no heap allocation in either function after construction.
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include "allocation_counter.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/analysis/jacobian_ellipsoid.hpp"
#include "core/analysis/link_operational_inertia.hpp"
#include "core/analysis/operational_space_inertia_recursive.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::relativeError;

namespace {

constexpr double kTol = 1e-9;

void checkAgainstSvd(const Mat3X& J, const char* what) {
  const JacobianEllipsoid v = jacobianEllipsoid(J, EllipsoidKind::Velocity);
  const JacobianEllipsoid f = jacobianEllipsoid(J, EllipsoidKind::Force);
  const Eigen::JacobiSVD<MatX> svd(J, Eigen::ComputeFullU);
  Vec3 sigma = Vec3::Zero();
  for (Eigen::Index k = 0; k < svd.singularValues().size(); ++k) sigma[k] = svd.singularValues()[k];
  const double scale = std::max(1.0, sigma[0]);
  QVERIFY2(std::abs(v.axes.determinant() - 1.0) < 1e-12, what);
  QVERIFY2((v.axes.transpose() * v.axes - Mat3::Identity()).norm() < 1e-12, what);
  QVERIFY2((v.axes - f.axes).norm() == 0.0, what);  // the same axes
  const Mat3 G = J * J.transpose();
  for (int i = 0; i < 3; ++i) {
    QVERIFY2(std::abs(v.radii[i] - sigma[i]) < 1e-10 * scale, what);
    // Axis i is U's column i up to sign where the singular value is distinct.
    const bool distinct = (i == 0 || sigma[i - 1] - sigma[i] > 1e-6 * scale) &&
                          (i == 2 || sigma[i] - sigma[i + 1] > 1e-6 * scale);
    if (distinct && svd.matrixU().cols() > i)
      QVERIFY2(std::abs(std::abs(v.axes.col(i).dot(svd.matrixU().col(i))) - 1.0) < 1e-8, what);
    // G axis = sigma^2 axis.
    QVERIFY2(
        (G * v.axes.col(i) - sigma[i] * sigma[i] * v.axes.col(i)).norm() < 1e-9 * scale * scale,
        what);
    if (sigma[i] > 1e-6 * scale) {
      QVERIFY2(std::abs(v.radii[i] * f.radii[i] - 1.0) < 1e-9, what);  // duality
      // On the velocity ellipsoid: x^T G^-1 x = 1 (where G is well conditioned).
      if (sigma[2] > 1e-3 * sigma[0]) {
        const Vec3 x = v.radii[i] * v.axes.col(i);
        QVERIFY2(std::abs(x.dot(G.inverse() * x) - 1.0) < 1e-8, what);
      }
      // On the force ellipsoid: |J^T F| = 1.
      const Vec3 F = f.radii[i] * f.axes.col(i);
      QVERIFY2(std::abs((J.transpose() * F).norm() - 1.0) < 1e-9, what);
    }
  }
}

/// J M^-1 J^T at the origin of body k, dense and independent of the class under test.
Mat6 denseMobility(const Model& m, const Data& d, int k, VehicleMode mode) {
  Mat6X J(6, m.nv);
  pointJacobian(m, d, k, d.oMi[k].p, J);
  const MatX Minv = d.M.fullPivLu().inverse();
  if (mode == VehicleMode::Free || m.base_dof == 0) return J * Minv * J.transpose();
  const int n = m.njoints;
  const MatX Mmm_inv = MatX(d.M.bottomRightCorner(n, n)).fullPivLu().inverse();
  return J.rightCols(n) * Mmm_inv * J.rightCols(n).transpose();
}

/// Jb Mbb^-1 Jb^T + J* H*^-1 J*^T: the free-vehicle mobility from the generalized Jacobian.
Mat6 generalizedMobility(const Model& m, const Data& d, int k) {
  GeneralizedJacobian gj(m);
  computeGeneralizedJacobian(m, d, k, d.oMi[k].p, gj);
  const int b = m.base_dof, n = m.njoints;
  const MatX Mbb = d.M.topLeftCorner(b, b), Mbm = d.M.topRightCorner(b, n),
             Mmm = d.M.bottomRightCorner(n, n);
  const MatX Mbb_inv = Mbb.fullPivLu().inverse();
  const MatX Hstar = Mmm - Mbm.transpose() * Mbb_inv * Mbm;
  Mat6 out = gj.Jb * Mbb_inv * gj.Jb.transpose();
  if (n > 0) out += gj.Jstar * Hstar.fullPivLu().inverse() * gj.Jstar.transpose();
  return out;
}

}  // namespace

class TestAnalysisLinkEllipsoids : public QObject {
  Q_OBJECT
 private slots:
  void ellipsoidsMatchSvd_data();
  void ellipsoidsMatchSvd();
  void planarArmForceEllipsoidIsUnboundedOffPlane();
  void linkInertias_data();
  void linkInertias();
  void noAllocation();
};

void TestAnalysisLinkEllipsoids::ellipsoidsMatchSvd_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : test::kAllBases) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisLinkEllipsoids::ellipsoidsMatchSvd() {
  QFETCH(int, base);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Model m =
        compileModel(test::randomDescription(static_cast<BaseType>(base), seed, seed % 2, 6, 0));
    Data d(m);
    const State s = randomState(m, seed + 10);
    crba(m, d, s);
    GeneralizedJacobian gj(m);
    for (int k = 1; k < m.nbodies; ++k) {
      computeGeneralizedJacobian(m, d, k, d.oMi[k].p, gj);
      checkAgainstSvd(gj.Jm.bottomRows<3>(), "rotational rows of Jm");
      checkAgainstSvd(gj.Jstar.bottomRows<3>(), "rotational rows of J*");
      checkAgainstSvd(gj.Jm.topRows<3>(), "translational rows of Jm");
      checkAgainstSvd(gj.Jstar.topRows<3>(), "translational rows of J*");
    }
  }
}

void TestAnalysisLinkEllipsoids::planarArmForceEllipsoidIsUnboundedOffPlane() {
  // A planar 2R arm (unit links, axes z) at q = (0, pi/2): tip velocity J = [[-1, -1], [1, 0],
  // [0, 0]] (x, y, z rows): J J^T = [[2, -1, 0], [-1, 1, 0], [0, 0, 0]], eigenvalues
  // (3 +- sqrt 5)/2 and 0.
  Mat3X J(3, 2);
  J << -1, -1, 1, 0, 0, 0;
  const JacobianEllipsoid v = jacobianEllipsoid(J, EllipsoidKind::Velocity);
  const JacobianEllipsoid f = jacobianEllipsoid(J, EllipsoidKind::Force);
  const double l1 = (3 + std::sqrt(5.0)) / 2, l2 = (3 - std::sqrt(5.0)) / 2;
  QVERIFY(std::abs(v.radii[0] - std::sqrt(l1)) < 1e-14);
  QVERIFY(std::abs(v.radii[1] - std::sqrt(l2)) < 1e-14);
  QCOMPARE(v.radii[2], 0.0);
  QCOMPARE(v.rank, 2);
  QVERIFY(std::abs(f.radii[0] - 1 / std::sqrt(l1)) < 1e-14);
  QVERIFY(std::abs(f.radii[1] - 1 / std::sqrt(l2)) < 1e-14);
  QVERIFY(std::isinf(f.radii[2]));
  QVERIFY(std::abs(std::abs(f.axes(2, 2)) - 1.0) < 1e-14);  // the unbounded axis is z
}

void TestAnalysisLinkEllipsoids::linkInertias_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : test::kAllBases) QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestAnalysisLinkEllipsoids::linkInertias() {
  QFETCH(int, base);
  const BaseType type = static_cast<BaseType>(base);
  double worst_cond = 0.0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Model m = compileModel(test::randomDescription(type, seed, seed != 2, 9, 1));
    Data d(m);
    const State s = randomState(m, seed + 20);
    crba(m, d, s);
    LinkOperationalInertias links(m);
    OperationalSpaceInertiaSweeps sweeps(m);
    if (type == BaseType::Free) {
      Data d2(m);
      operationalSpaceInertiaAllBodies(m, d2, s, sweeps);
    }
    for (VehicleMode mode : {VehicleMode::Free, VehicleMode::Locked}) {
      links.compute(m, d, mode);
      QCOMPARE(int(links.links().size()), m.nbodies);
      int full_rank = 0;
      for (int k = 0; k < m.nbodies; ++k) {
        const OperationalSpaceInertia& L = links.links()[size_t(k)];
        QVERIFY((links.points()[size_t(k)] - d.oMi[k].p).norm() == 0.0);
        const Mat6 dense = denseMobility(m, d, k, mode);
        double err = relativeError(L.Lambda_inv, dense);
        QVERIFY2(err <= kTol, test::describe("mobility vs dense", err, kTol).c_str());
        if (mode == VehicleMode::Free && m.base_dof > 0) {
          err = relativeError(L.Lambda_inv, generalizedMobility(m, d, k));
          QVERIFY2(err <= kTol, test::describe("mobility vs J* form", err, kTol).c_str());
        }
        if (L.rank == 6) {
          ++full_rank;
          // An inverse is accurate to about cond * eps whichever way it is computed: 1e-9
          // where the mobility's condition number allows it (<= 1e6), cond * 1e-15 beyond.
          const Eigen::SelfAdjointEigenSolver<Mat6> es(dense);
          const double cond = es.eigenvalues()[5] / es.eigenvalues()[0];
          worst_cond = std::max(worst_cond, cond);
          const double tol = std::max(kTol, 1e-15 * cond);
          const Mat6 lambda_dense = dense.inverse();
          err = relativeError(L.Lambda, lambda_dense);
          QVERIFY2(err <= tol, test::describe("Lambda vs dense", err, tol).c_str());
          if (mode == VehicleMode::Free && type == BaseType::Free) {
            err = relativeError(L.Lambda, sweeps.Lambda[size_t(k)]);
            QVERIFY2(err <= kTol, test::describe("Lambda vs O(N) sweeps", err, kTol).c_str());
          }
        }
      }
      if (mode == VehicleMode::Free && type == BaseType::Free) QCOMPARE(full_rank, m.nbodies);
      if (mode == VehicleMode::Locked && m.base_dof > 0)
        QCOMPARE(links.links()[0].rank, 0);  // the held vehicle cannot move
    }
  }
  qInfo("largest condition number of a full-rank mobility: %.3g", worst_cond);
}

void TestAnalysisLinkEllipsoids::noAllocation() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType type : {BaseType::Free, BaseType::Planar, BaseType::Fixed}) {
    const Model m = compileModel(test::randomDescription(type, 5, true, 10, 1));
    Data d(m);
    const State s = randomState(m, 3);
    crba(m, d, s);
    LinkOperationalInertias links(m);
    Mat6X J(6, m.nv);
    pointJacobian(m, d, m.nbodies - 1, Vec3::Zero(), J);
    const Mat3X Jw = J.bottomRows<3>();
    double sink = 0;
    links.compute(m, d, VehicleMode::Free);  // warm up
    const long before = test::heapAllocations();
    for (VehicleMode mode : {VehicleMode::Free, VehicleMode::Locked}) {
      links.compute(m, d, mode);
      sink += links.links().back().Lambda(0, 0);
    }
    sink += jacobianEllipsoid(Jw, EllipsoidKind::Velocity).radii[0];
    sink += jacobianEllipsoid(Jw, EllipsoidKind::Force).radii[1];
    const long used = test::heapAllocations() - before;
    QVERIFY2(used == 0, qPrintable(QString("%1 allocations (%2)").arg(used).arg(sink)));
  }
}

QTEST_APPLESS_MAIN(TestAnalysisLinkEllipsoids)
#include "test_analysis_link_ellipsoids.moc"
