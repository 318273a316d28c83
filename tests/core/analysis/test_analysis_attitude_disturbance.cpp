// The attitude disturbance D (core/analysis/attitude_disturbance.hpp), on random trees of every
// vehicle type that rotates, each checked against a computation that shares no code with it:
// - D's columns against the momentum equation: with joint k at unit rate, the vehicle twist
//   that makes the vehicle's generalized momentum S0^T mu zero (mu summed body by body from the
//   velocity kinematics, no mass matrix) has the angular velocity D e_k;
// - dD/dq_k against central differences of D (h = 1e-6);
// - the curvature F_ij against the rotation the vehicle makes around small squares in the
//   (q_i, q_j) plane, integrated by the core's free-floating reposition: a centred square of
//   side eps turns the vehicle by Exp(eps^2 F_ij + O(eps^4)), so rotation / eps^2 -> F_ij;
//   the reversed square turns it back (the sign and the cross term of a 3-D attitude);
// - the reaction null space: D N = 0, N orthonormal, of dimension n - rank(D);
// - the disturbance map: its singular values, directions and curvature at a grid point equal
//   the point computed alone, and B * least has the norm sigma_min.
#include <Eigen/SVD>

#include "allocation_counter.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/spatial/so3.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::relativeError;

namespace {

const BaseType kRotatingBases[] = {BaseType::Free, BaseType::Planar, BaseType::Ball,
                                   BaseType::Schoenflies};

Model randomModel(BaseType base, std::uint64_t seed, bool chain) {
  return compileModel(test::randomDescription(base, seed, chain, 6, 0));
}

// Vehicle body angular velocity when joint k moves at unit rate and the vehicle's generalized
// momentum S0^T mu is zero, from the velocity kinematics and body-by-body momentum only.
Vec3 angularVelocityFromMomentum(const Model& m, const State& at, int k) {
  const int b = m.base_dof;
  Data d(m);
  auto momentumOf = [&](const VecX& nu_b, double qd_k) {
    State s = at;
    s.qd.setZero();
    s.qd[k] = qd_k;
    s.base_twist = m.base_basis * nu_b;
    computeKinematics(m, d, s);
    const MomentumSummary ms = computeMomentum(m, d);
    Vec6 mu;
    mu << ms.linear, ms.angular_origin;
    return VecX(d.S0.transpose() * mu);
  };
  const VecX h0 = momentumOf(VecX::Zero(b), 1.0);
  MatX G(b, b);
  for (int c = 0; c < b; ++c)
    G.col(c) = momentumOf(VecX::Unit(b, c), 0.0) - momentumOf(VecX::Zero(b), 0.0);
  const VecX nu_b = G.partialPivLu().solve(-h0);
  return (m.base_basis * nu_b).tail<3>();
}

// Rotation vector of the vehicle after a centred square of side eps around `at` in (q_i, q_j),
// q_i moved first (counter-clockwise) or q_j first.
Vec3 squareRotation(const Model& m, const State& at, int i, int j, double eps, bool i_first) {
  State s = at;
  s.qd.setZero();
  s.base_twist.setZero();
  const int a = i_first ? i : j, c = i_first ? j : i;
  VecX corner = at.q;
  corner[i] -= eps / 2;
  corner[j] -= eps / 2;
  RepositionOptions options;
  options.tolerance = 1e-14;
  s = freeFloatingReposition(m, s, corner, options).state;
  const Quat start = s.base_orientation;
  VecX target = corner;
  const double steps[4][2] = {{eps, 0}, {0, eps}, {-eps, 0}, {0, -eps}};
  for (const auto& st : steps) {
    target[a] += st[0];
    target[c] += st[1];
    s = freeFloatingReposition(m, s, target, options).state;
  }
  return so3Log((start.conjugate() * s.base_orientation).toRotationMatrix());
}

}  // namespace

class TestAnalysisAttitudeDisturbance : public QObject {
  Q_OBJECT
 private slots:
  void columnsSolveTheMomentumEquation() {
    double worst = 0;
    for (BaseType base : kRotatingBases)
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const Model m = randomModel(base, seed, seed == 1);
        const State s = randomState(m, seed + 10);
        AttitudeDisturbance disturbance(m);
        Data d(m);
        disturbance.compute(m, d, s);
        for (int k = 0; k < m.njoints; ++k) {
          const Vec3 expected = angularVelocityFromMomentum(m, s, k);
          const double err =
              (disturbance.matrix().col(k) - expected).norm() / std::max(1.0, expected.norm());
          worst = std::max(worst, err);
          QVERIFY2(err < 1e-10, qPrintable(QString("%1 seed %2 joint %3: %4")
                                               .arg(QString::fromStdString(toString(base)))
                                               .arg(seed)
                                               .arg(k)
                                               .arg(err)));
        }
      }
    qInfo("largest difference from the momentum equation: %.3g", worst);
  }

  void translatingAndFixedVehiclesAreNotTurned() {
    for (BaseType base : {BaseType::Translation, BaseType::Fixed}) {
      const Model m = randomModel(base, 4, false);
      AttitudeDisturbance disturbance(m);
      Data d(m);
      disturbance.computeWithDerivatives(m, d, randomState(m, 5));
      QCOMPARE(disturbance.matrix().norm(), 0.0);
    }
  }

  void derivativesMatchCentralDifferences() {
    const double h = 1e-6;
    for (BaseType base : kRotatingBases) {
      const Model m = randomModel(base, 7, false);
      const State s = randomState(m, 8);
      AttitudeDisturbance exact(m), fd(m);
      Data d(m);
      exact.computeWithDerivatives(m, d, s);
      for (int k = 0; k < m.njoints; ++k) {
        State sp = s, sm = s;
        sp.q[k] += h;
        sm.q[k] -= h;
        fd.compute(m, d, sp);
        const Mat3X Dp = fd.matrix();
        fd.compute(m, d, sm);
        const Mat3X numeric = (Dp - fd.matrix()) / (2 * h);
        const double err = (exact.derivative(k) - numeric).norm() / std::max(1.0, numeric.norm());
        QVERIFY2(err < 1e-7, qPrintable(QString("%1 joint %2: %3")
                                            .arg(QString::fromStdString(toString(base)))
                                            .arg(k)
                                            .arg(err)));
      }
    }
  }

  void curvatureIsTheTurnOfSmallLoops() {
    for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball}) {
      const Model m = randomModel(base, 11, true);
      const State s = randomState(m, 12);
      AttitudeDisturbance disturbance(m);
      Data d(m);
      disturbance.computeWithDerivatives(m, d, s);
      for (auto [i, j] : {std::pair{0, 1}, std::pair{1, 3}, std::pair{2, 4}}) {
        const Vec3 F = disturbance.curvature(i, j);
        // The holonomy of a centred square is eps^2 F + O(eps^3) for a 3-D attitude (a third-
        // order Magnus term), O(eps^4) for a planar one: halving eps halves the error at most,
        // and the extrapolation 2 r(eps/2) - r(eps) removes the eps^3 term.
        const double eps = 4e-3;
        const Vec3 r1 = squareRotation(m, s, i, j, eps, true) / (eps * eps);
        const Vec3 r2 = squareRotation(m, s, i, j, eps / 2, true) / (eps * eps / 4);
        const Vec3 back = squareRotation(m, s, i, j, eps / 2, false) / (eps * eps / 4);
        const double err1 = (r1 - F).norm() / F.norm(), err2 = (r2 - F).norm() / F.norm();
        const double extrapolated = (2 * r2 - r1 - F).norm() / F.norm();
        qInfo(
            "%s (%d, %d): |F| = %.4g; loop/eps^2 differs by %.2g (eps %g), %.2g (eps %g), "
            "extrapolated %.2g of it",
            toString(base).c_str(), i, j, F.norm(), err1, eps, err2, eps / 2, extrapolated);
        QVERIFY2(F.norm() > 1e-3, "a generic configuration has curvature");
        QVERIFY2(err2 < 0.6 * err1 + 1e-6, "the error falls with eps");
        QVERIFY2(err2 < 2e-3, qPrintable(QString::number(err2)));
        QVERIFY2(extrapolated < 1e-5, qPrintable(QString::number(extrapolated)));
        // The reversed square turns the vehicle the other way.
        QVERIFY((back + r2).norm() / F.norm() < 2 * err2 + 1e-6);
      }
    }
  }

  void reactionNullSpaceLeavesTheAttitude() {
    for (BaseType base : kRotatingBases) {
      const Model m = randomModel(base, 21, false);
      const State s = randomState(m, 22);
      AttitudeDisturbance disturbance(m);
      Data d(m);
      disturbance.compute(m, d, s);
      const Mat3X& D = disturbance.matrix();
      const MatX N = reactionNullSpaceBasis(D);
      const Eigen::Index rank = Eigen::JacobiSVD<MatX>(MatX(D)).setThreshold(1e-10).rank();
      QCOMPARE(N.cols(), m.njoints - rank);
      QVERIFY((D * N).norm() < 1e-12 * std::max(1.0, D.norm()));
      QVERIFY((N.transpose() * N - MatX::Identity(N.cols(), N.cols())).norm() < 1e-12);
      // A finite joint motion along the first basis vector barely turns the vehicle (second
      // order: N changes along the way), while a motion of the same size along D's largest
      // direction turns it at first order.
      State moved = s;
      moved.qd.setZero();
      moved.base_twist.setZero();
      const double step = 1e-3;
      const Quat q0 = moved.base_orientation;
      const State in_null = freeFloatingReposition(m, moved, s.q + step * N.col(0)).state;
      const Eigen::JacobiSVD<MatX> svd(MatX(D), Eigen::ComputeFullV);
      const State worst = freeFloatingReposition(m, moved, s.q + step * svd.matrixV().col(0)).state;
      const double turn_null = q0.angularDistance(in_null.base_orientation);
      const double turn_worst = q0.angularDistance(worst.base_orientation);
      qInfo("%s: turn along N %.3g rad, along D's largest direction %.3g rad",
            toString(base).c_str(), turn_null, turn_worst);
      QVERIFY(turn_null < 1e-3 * turn_worst);
    }
  }

  void disturbanceMapPointsAreThePointsAlone() {
    const Model m = randomModel(BaseType::Free, 31, true);
    const State s = randomState(m, 32);
    const DisturbanceMap map = disturbanceMap(m, s, 1, 3, 5);
    QCOMPARE(int(map.points.size()), 25);
    QCOMPARE(map.qi[0], disturbanceMapRange(m, 1)[0]);
    QCOMPARE(map.qj[4], disturbanceMapRange(m, 3)[1]);
    AttitudeDisturbance disturbance(m);
    Data d(m);
    State at = s;
    at.q[1] = map.qi[2];
    at.q[3] = map.qj[3];
    disturbance.computeWithDerivatives(m, d, at);
    const DisturbancePoint alone = disturbancePoint(disturbance, 1, 3);
    const DisturbancePoint& p = map.points[2 * 5 + 3];
    QCOMPARE(p.sigma_min, alone.sigma_min);
    QCOMPARE(p.sigma_max, alone.sigma_max);
    QVERIFY((p.curvature - alone.curvature).norm() == 0.0);
    Eigen::Matrix<double, 3, 2> B;
    B << disturbance.matrix().col(1), disturbance.matrix().col(3);
    QVERIFY(std::abs((B * p.least).norm() - p.sigma_min) < 1e-12);
    QVERIFY(std::abs((B * p.most).norm() - p.sigma_max) < 1e-12);
    QVERIFY(p.sigma_min <= p.sigma_max);
    QVERIFY(std::abs(p.least.dot(p.most)) < 1e-12);
  }

  void refusals() {
    const Model m = randomModel(BaseType::Free, 41, true);
    const State s = randomState(m, 42);
    QVERIFY(test::errorOf([&] { disturbanceMap(m, s, 1, 1, 5); }).find("two different") !=
            std::string::npos);
    QVERIFY(test::errorOf([&] { disturbanceMap(m, s, 0, 1, 1); }).find("at least 2") !=
            std::string::npos);
    const Model fixed = randomModel(BaseType::Fixed, 41, true);
    QVERIFY(test::errorOf([&] {
              disturbanceMap(fixed, randomState(fixed, 1), 0, 1, 5);
            }).find("fixed") != std::string::npos);
  }

  void computeMakesNoHeapAllocation() {
    const Model m = randomModel(BaseType::Free, 51, false);
    const State s = randomState(m, 52);
    AttitudeDisturbance disturbance(m);
    Data d(m);
    if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
    disturbance.computeWithDerivatives(m, d, s);
    const long before = test::heapAllocations();
    disturbance.computeWithDerivatives(m, d, s);
    const Vec3 F = disturbance.curvature(0, 1);
    QCOMPARE(test::heapAllocations() - before, 0L);
    QVERIFY(F.allFinite());
  }
};

QTEST_APPLESS_MAIN(TestAnalysisAttitudeDisturbance)
#include "test_analysis_attitude_disturbance.moc"
