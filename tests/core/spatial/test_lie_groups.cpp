// SO(3) / SE(3) maps: exp/log round trips (tiny angles, near pi), the left Jacobian against
// finite differences, quaternion exp/log, dexp^-1 against a numerical derivative of exp (both
// trivialisations, which fixes the sign convention the integrators rely on), and the
// adjoint identities.
#include <cmath>
#include <random>

#include "core/spatial/se3.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

constexpr double kPi = 3.14159265358979323846;

struct Rng {
  std::mt19937_64 gen{12345};
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(gen);
  }
  Vec3 unit() {
    Vec3 v;
    do v = Vec3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    while (v.norm() < 0.1 || v.norm() > 1.0);
    return v.normalized();
  }
  Vec3 vec(double scale) { return scale * Vec3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)); }
  Vec6 twist(double scale) { return makeVec6(vec(scale), vec(scale)); }
};

/// Rotation angles to exercise: tiny, small (around the series switch), generic, near pi.
std::vector<double> testAngles() {
  return {0.0, 1e-12, 1e-9, 1e-6,       9e-5,       1.1e-4,     1e-3, 0.3,
          1.0, 2.0,   3.0,  kPi - 1e-3, kPi - 1e-6, kPi - 1e-9, kPi};
}

/// 4x4 homogeneous matrix of a pose, and the hat of a twist. (Dynamic-size: GCC 12 warns
/// falsely inside Eigen's AVX-512 maxCoeff of a fixed 4x4.)
using M4 = Eigen::MatrixXd;
M4 homogeneous(const Pose& M) {
  M4 T = M4::Identity(4, 4);
  T.topLeftCorner<3, 3>() = M.R;
  T.topRightCorner<3, 1>() = M.p;
  return T;
}
M4 hat(const Vec6& xi) {
  M4 X = M4::Zero(4, 4);
  X.topLeftCorner<3, 3>() = skew(angular(xi));
  X.topRightCorner<3, 1>() = linear(xi);
  return X;
}

/// Matrix exponential by scaling and squaring with a Taylor series, in long double: an
/// independent reference for the closed forms (Rodrigues, left Jacobian).
template <typename M>
M expm(const M& A) {
  using L = Eigen::Matrix<long double, M::RowsAtCompileTime, M::ColsAtCompileTime>;
  const L Al = A.template cast<long double>();
  const long double norm = Al.cwiseAbs().rowwise().sum().maxCoeff();
  const int s = norm > 0.25L ? static_cast<int>(std::ceil(std::log2(norm / 0.25L))) : 0;
  const L B = Al / std::pow(2.0L, s);
  L term = L::Identity(), sum = L::Identity();
  for (int k = 1; k < 30; ++k) {
    term = (term * B / static_cast<long double>(k)).eval();
    sum += term;
  }
  for (int k = 0; k < s; ++k) sum = (sum * sum).eval();
  return sum.template cast<double>();
}

}  // namespace

class TestLieGroups : public QObject {
  Q_OBJECT
 private slots:
  void so3ExpMatchesMatrixExponential();
  void so3ExpLogRoundTrip();
  void so3LogOfExpNearZeroIsExact();
  void so3LogNearPi();
  void leftJacobianMatchesFiniteDifferences();
  void leftJacobianInverse();
  void se3ExpMatchesMatrixExponential();
  void se3ExpLogRoundTrip();
  void quaternionExpLog();
  void dexpInvMatchesNumericalDerivative();
  void dexpInvAngularPartIsInverseLeftJacobian();
  void adjointIdentities();
};

void TestLieGroups::so3ExpMatchesMatrixExponential() {
  Rng rng;
  for (double a : testAngles()) {
    const Vec3 w = a * rng.unit();
    const Mat3 R = so3Exp(w);
    VMS_COMPARE_REL(R, expm<Mat3>(skew(w)), 1e-15);
    QVERIFY2(orthonormalityError(R) < 4e-15,  // a few ulp of the |W|^2 ~ 10 terms
             qPrintable(QString("angle %1: |R^T R - I| = %2").arg(a).arg(orthonormalityError(R))));
    QVERIFY(std::abs(R.determinant() - 1.0) < 4e-15);
    VMS_COMPARE_REL(R, axisAngleRotation(w.norm() > 0 ? w.normalized() : Vec3::UnitX(), a), 1e-15);
  }
}

void TestLieGroups::so3ExpLogRoundTrip() {
  Rng rng;
  for (double a : testAngles()) {
    for (int k = 0; k < 20; ++k) {
      const Vec3 w = a * rng.unit();
      const Mat3 R = so3Exp(w);
      const Vec3 l = so3Log(R);
      QVERIFY(l.norm() <= kPi + 1e-15);
      VMS_COMPARE_REL(so3Exp(l), R, 4e-15);
      if (a < kPi - 1e-6) {
        // Unique logarithm: the vector itself comes back. Near pi the log is ill-conditioned
        // (d angle ~ eps / sin(angle/2)... fine) but not its direction.
        QVERIFY2(
            (l - w).norm() <= 1e-14 * std::max(1.0, a) + 1e-15,
            qPrintable(QString("angle %1: |log(exp(w)) - w| = %2").arg(a).arg((l - w).norm())));
      }
    }
  }
}

// Relative accuracy for tiny rotations: the series branches must not lose digits.
void TestLieGroups::so3LogOfExpNearZeroIsExact() {
  Rng rng;
  for (double a : {1e-15, 1e-12, 1e-9, 1e-7, 5e-5, 2e-4}) {
    const Vec3 w = a * rng.unit();
    const Vec3 l = so3Log(so3Exp(w));
    QVERIFY2((l - w).norm() <= 1e-14 * a,
             qPrintable(QString("angle %1: relative error %2").arg(a).arg((l - w).norm() / a)));
    const Vec3 lq = quatLog(quatExp(w));
    QVERIFY((lq - w).norm() <= 1e-15 * a);
  }
}

void TestLieGroups::so3LogNearPi() {
  Rng rng;
  for (double eps : {1e-3, 1e-6, 1e-9, 0.0}) {
    for (int k = 0; k < 20; ++k) {
      const Vec3 axis = rng.unit();
      const Mat3 R = axisAngleRotation(axis, kPi - eps);
      const Vec3 l = so3Log(R);
      QVERIFY(std::abs(l.norm() - (kPi - eps)) < 1e-12);
      // Parallel to the axis (either sign at exactly pi).
      QVERIFY(l.normalized().cross(axis).norm() < 1e-12);
      if (eps > 0) QVERIFY(l.normalized().dot(axis) > 0.0);
      VMS_COMPARE_REL(so3Exp(l), R, 1e-14);
    }
  }
}

// exp(w + dw) = exp(J_l(w) dw) exp(w) to first order: J_l(w) v = d/dt log(exp(w + t v) exp(w)^T).
void TestLieGroups::leftJacobianMatchesFiniteDifferences() {
  Rng rng;
  for (double a : {0.0, 1e-9, 1e-5, 0.2, 1.5, 3.0, kPi - 1e-3}) {
    for (int k = 0; k < 10; ++k) {
      const Vec3 w = a * rng.unit(), v = rng.unit();
      const double h = 1e-6;
      const Mat3 Rt = so3Exp(w).transpose();
      const Vec3 fd = (so3Log(so3Exp(w + h * v) * Rt) - so3Log(so3Exp(w - h * v) * Rt)) / (2 * h);
      VMS_COMPARE_REL(Vec3(so3LeftJacobian(w) * v), fd, 1e-8);
      // Right Jacobian J_r(w) = J_l(-w): exp(w + dw) = exp(w) exp(J_r dw).
      const Mat3 R = so3Exp(w);
      const Vec3 fdr =
          (so3Log(R.transpose() * so3Exp(w + h * v)) - so3Log(R.transpose() * so3Exp(w - h * v))) /
          (2 * h);
      VMS_COMPARE_REL(Vec3(so3LeftJacobian(-w) * v), fdr, 1e-8);
    }
  }
  // J_l(w) = int_0^1 exp(s w) ds (midpoint rule, 2000 points): the SE(3) translation factor.
  const Vec3 w(0.7, -1.1, 0.4);
  Mat3 integral = Mat3::Zero();
  const int n = 2000;
  for (int i = 0; i < n; ++i) integral += so3Exp(((i + 0.5) / n) * w) / n;
  VMS_COMPARE_REL(so3LeftJacobian(w), integral, 1e-7);
}

void TestLieGroups::leftJacobianInverse() {
  Rng rng;
  for (double a : {0.0, 1e-12, 1e-9, 5e-5, 2e-4, 0.5, 2.0, 3.0, kPi - 1e-3}) {
    const Vec3 w = a * rng.unit();
    VMS_COMPARE_REL(Mat3(so3LeftJacobianInverse(w) * so3LeftJacobian(w)), Mat3::Identity(), 1e-14);
    // J_l(w) w = w.
    VMS_COMPARE_REL(Vec3(so3LeftJacobian(w) * w), w, 1e-15);
  }
}

void TestLieGroups::se3ExpMatchesMatrixExponential() {
  Rng rng;
  for (double a : testAngles()) {
    for (int k = 0; k < 5; ++k) {
      const Vec6 xi = makeVec6(rng.vec(2.0), a * rng.unit());
      const M4 E = expm<Eigen::Matrix4d>(Eigen::Matrix4d(hat(xi)));
      VMS_COMPARE_REL(homogeneous(se3Exp(xi)), E, 2e-15);
    }
  }
}

void TestLieGroups::se3ExpLogRoundTrip() {
  Rng rng;
  for (double a : testAngles()) {
    for (int k = 0; k < 10; ++k) {
      const Vec6 xi = makeVec6(rng.vec(3.0), a * rng.unit());
      const Pose M = se3Exp(xi);
      const Vec6 l = se3Log(M);
      VMS_COMPARE_REL(homogeneous(se3Exp(l)), homogeneous(M), 1e-14);
      if (a < kPi - 1e-3) VMS_COMPARE_REL(l, xi, 1e-12);
    }
  }
  // Pure translation and tiny rotations keep full relative accuracy.
  const Vec6 t = makeVec6(Vec3(1e-9, -2e-9, 3e-9), Vec3(1e-10, 0, -1e-10));
  QVERIFY((se3Log(se3Exp(t)) - t).norm() < 1e-15 * t.norm());
}

void TestLieGroups::quaternionExpLog() {
  Rng rng;
  for (double a : testAngles()) {
    for (int k = 0; k < 10; ++k) {
      const Vec3 w = a * rng.unit();
      const Quat q = quatExp(w);
      QVERIFY(std::abs(q.norm() - 1.0) < 1e-15);
      VMS_COMPARE_REL(q.toRotationMatrix(), so3Exp(w), 1e-15);
      const Vec3 l = quatLog(q);
      if (a < kPi - 1e-6) VMS_COMPARE_REL(l, w, 1e-14);
      VMS_COMPARE_REL(quatExp(l).toRotationMatrix(), q.toRotationMatrix(), 1e-14);
      // -q is the same rotation: the same (shortest) log.
      const Vec3 lneg = quatLog(Quat(-q.coeffs()));
      if (a < kPi - 1e-6) VMS_COMPARE_REL(lneg, w, 1e-14);
    }
  }
  // Composition on the right agrees with the rotation matrices.
  const Vec3 w1(0.3, -0.2, 1.0), w2(-1.2, 0.4, 0.1);
  VMS_COMPARE_REL((quatExp(w1) * quatExp(w2)).toRotationMatrix(), Mat3(so3Exp(w1) * so3Exp(w2)),
                  1e-15);
}

// Right-trivialised: (d/dt exp(u + t v)) exp(u)^-1 = dexp_u(v), so dexp^-1_u of that is v.
// Left-trivialised (what the integrators use): exp(u)^-1 d/dt exp(u + t v) = dexp_{-u}(v),
// so dexp^-1_{-u} of that is v. The series is truncated after ad^4 (error O(|u|^6)).
void TestLieGroups::dexpInvMatchesNumericalDerivative() {
  Rng rng;
  for (double scale : {1e-6, 0.01, 0.1, 0.3}) {
    for (int k = 0; k < 20; ++k) {
      const Vec6 u = rng.twist(scale), v = rng.twist(1.0);
      const double h = 1e-5;
      const Pose E = se3Exp(u), Einv = E.inverse();
      const Vec6 right =
          (se3Log(se3Exp(u + h * v) * Einv) - se3Log(se3Exp(u - h * v) * Einv)) / (2 * h);
      const Vec6 left =
          (se3Log(Einv * se3Exp(u + h * v)) - se3Log(Einv * se3Exp(u - h * v))) / (2 * h);
      const double tol = 1e-9 + 2e-4 * std::pow(u.norm(), 6);
      VMS_COMPARE_REL(se3DexpInv(u, right), v, tol);
      VMS_COMPARE_REL(se3DexpInv(-u, left), v, tol);
      // The other sign is wrong at first order in u, which this test must be able to see.
      if (scale >= 0.01) QVERIFY(test::relativeError(se3DexpInv(u, left), v) > 100 * tol);
    }
  }
}

// On SO(3), dexp_u (right-trivialised) is the left Jacobian, so the angular part of
// dexp^-1_u(v) must be J_l^-1(u_w) v_w up to the truncation O(|u|^6).
void TestLieGroups::dexpInvAngularPartIsInverseLeftJacobian() {
  Rng rng;
  for (double scale : {1e-8, 0.05, 0.2}) {
    const Vec6 u = rng.twist(scale), v = rng.twist(1.0);
    const Vec3 expected = so3LeftJacobianInverse(angular(u)) * angular(v);
    QVERIFY((Vec3(angular(se3DexpInv(u, v))) - expected).norm() <
            1e-15 + 1e-4 * std::pow(angular(u).norm(), 6));
  }
}

void TestLieGroups::adjointIdentities() {
  Rng rng;
  for (int k = 0; k < 50; ++k) {
    const Pose g = se3Exp(rng.twist(2.0)), h = se3Exp(rng.twist(2.0));
    const Vec6 x = rng.twist(1.0), y = rng.twist(1.0), z = rng.twist(1.0), f = rng.twist(1.0);
    const Mat6 Ag = adjoint(g);
    // Ad_g ad_x Ad_g^-1 = ad_{Ad_g x}.
    VMS_COMPARE_REL(Mat6(Ag * adMatrix(x) * adjoint(g.inverse())), adMatrix(actMotion(g, x)),
                    1e-13);
    // Homomorphism and inverse.
    VMS_COMPARE_REL(Mat6(adjoint(g * h)), Mat6(Ag * adjoint(h)), 1e-13);
    VMS_COMPARE_REL(Mat6(adjoint(g.inverse())), Mat6(Ag.inverse()), 1e-12);
    // Matrix-free versions.
    VMS_COMPARE_REL(actMotion(g, x), Vec6(Ag * x), 1e-14);
    VMS_COMPARE_REL(actInvMotion(g, x), Vec6(adjoint(g.inverse()) * x), 1e-14);
    VMS_COMPARE_REL(actForce(g, f), Vec6(adjoint(g.inverse()).transpose() * f), 1e-14);
    // Power pairing is invariant: <Ad_g x, Ad_g^-T f> = <x, f>.
    QVERIFY(std::abs(actMotion(g, x).dot(actForce(g, f)) - x.dot(f)) < 1e-12);
    // Ad_g x is the twist of g exp(t x) g^-1: Ad_g(x)^ = g x^ g^-1.
    const M4 G = homogeneous(g);
    VMS_COMPARE_REL(hat(actMotion(g, x)), M4(G * hat(x) * G.inverse()), 1e-13);
    // ad is the matrix commutator and crossMotion / crossForce are ad and -ad^T.
    VMS_COMPARE_REL(hat(crossMotion(x, y)), M4(hat(x) * hat(y) - hat(y) * hat(x)), 1e-14);
    VMS_COMPARE_REL(crossMotion(x, y), Vec6(adMatrix(x) * y), 1e-15);
    VMS_COMPARE_REL(crossForce(x, f), Vec6(-adMatrix(x).transpose() * f), 1e-15);
    // Jacobi identity.
    const Vec6 jac = crossMotion(x, crossMotion(y, z)) + crossMotion(y, crossMotion(z, x)) +
                     crossMotion(z, crossMotion(x, y));
    QVERIFY(jac.norm() < 1e-14);
    // Ad_{exp(x)} = exp(ad_x).
    VMS_COMPARE_REL(adjoint(se3Exp(x)), expm<Mat6>(adMatrix(x)), 1e-13);
  }
}

QTEST_APPLESS_MAIN(TestLieGroups)
#include "test_lie_groups.moc"
