#pragma once
// SE(3): poses, the exponential map, adjoint actions and spatial cross products.
// Twists are [v; w] (see types.hpp); a pose aMb = (R, p) maps b-coordinates to a.
#include "core/spatial/so3.hpp"

namespace vms {

/// Rigid transform aMb: x_a = R * x_b + p.
struct Pose {
  Mat3 R = Mat3::Identity();
  Vec3 p = Vec3::Zero();

  static Pose identity() { return Pose{}; }
  Pose operator*(const Pose& o) const { return Pose{R * o.R, R * o.p + p}; }
  Pose inverse() const { return Pose{R.transpose(), -(R.transpose() * p)}; }
  Vec3 act(const Vec3& x) const { return R * x + p; }
};

/// exp of a twist [v; w] in closed form (left Jacobian for the translation).
Pose se3Exp(const Vec6& xi);

/// Twist with se3Exp(se3Log(M)) == M.
Vec6 se3Log(const Pose& M);

/// Ad_M (6x6): maps a twist in frame b to frame a, for M = aMb.
Mat6 adjoint(const Pose& M);

/// Ad_M applied to a twist, without forming the matrix.
inline Vec6 actMotion(const Pose& M, const Vec6& xi) {
  const Vec3 w = M.R * angular(xi);
  return makeVec6(M.R * linear(xi) + M.p.cross(w), w);
}

/// Ad_{M^-1} applied to a twist.
inline Vec6 actInvMotion(const Pose& M, const Vec6& xi) {
  const Vec3 w = angular(xi);
  return makeVec6(M.R.transpose() * (linear(xi) - M.p.cross(w)), M.R.transpose() * w);
}

/// Ad_{M^-1}^T applied to a wrench: moves a wrench [f; n] from frame b to frame a (M = aMb).
inline Vec6 actForce(const Pose& M, const Vec6& wrench) {
  const Vec3 f = M.R * linear(wrench);
  return makeVec6(f, M.R * angular(wrench) + M.p.cross(f));
}

/// ad_x y = [x, y]: the motion cross product x (x) y.
inline Vec6 crossMotion(const Vec6& x, const Vec6& y) {
  const Vec3 xv = linear(x), xw = angular(x), yv = linear(y), yw = angular(y);
  return makeVec6(xw.cross(yv) + xv.cross(yw), xw.cross(yw));
}

/// -ad_x^T f: the force cross product x (x)* f.
inline Vec6 crossForce(const Vec6& x, const Vec6& f) {
  const Vec3 xv = linear(x), xw = angular(x), ff = linear(f), fn = angular(f);
  return makeVec6(xw.cross(ff), xw.cross(fn) + xv.cross(ff));
}

/// ad_x as a matrix.
Mat6 adMatrix(const Vec6& x);

/// dexp^{-1}_u(v) for se(3), series to fourth order in u (exact enough for RK up to order 5
/// with steps where |u| is small; the error term is O(|u|^6)).
Vec6 se3DexpInv(const Vec6& u, const Vec6& v);

}  // namespace vms
