#include "core/spatial/se3.hpp"

namespace vms {

Pose se3Exp(const Vec6& xi) {
  const Vec3 w = angular(xi);
  return Pose{so3Exp(w), so3LeftJacobian(w) * linear(xi)};
}

Vec6 se3Log(const Pose& M) {
  const Vec3 w = so3Log(M.R);
  return makeVec6(so3LeftJacobianInverse(w) * M.p, w);
}

Mat6 adjoint(const Pose& M) {
  Mat6 A;
  A.topLeftCorner<3, 3>() = M.R;
  A.topRightCorner<3, 3>() = skew(M.p) * M.R;
  A.bottomLeftCorner<3, 3>().setZero();
  A.bottomRightCorner<3, 3>() = M.R;
  return A;
}

Mat6 adMatrix(const Vec6& x) {
  Mat6 A;
  const Mat3 W = skew(angular(x));
  A.topLeftCorner<3, 3>() = W;
  A.topRightCorner<3, 3>() = skew(linear(x));
  A.bottomLeftCorner<3, 3>().setZero();
  A.bottomRightCorner<3, 3>() = W;
  return A;
}

Vec6 se3DexpInv(const Vec6& u, const Vec6& v) {
  // dexp^{-1}_u = sum_k B_k/k! ad_u^k with Bernoulli numbers B0=1, B1=-1/2, B2=1/6, B4=-1/30.
  const Vec6 a1 = crossMotion(u, v);
  const Vec6 a2 = crossMotion(u, a1);
  const Vec6 a3 = crossMotion(u, a2);
  const Vec6 a4 = crossMotion(u, a3);
  return v - 0.5 * a1 + a2 / 12.0 - a4 / 720.0;
}

}  // namespace vms
