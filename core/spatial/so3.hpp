#pragma once
// SO(3): hat map, closed-form exponential and logarithm with small-angle series, and the
// left Jacobian used by the SE(3) exponential.
#include "core/spatial/types.hpp"

namespace vms {

/// Cross-product matrix: skew(a) * b == a.cross(b).
inline Mat3 skew(const Vec3& a) {
  Mat3 s;
  s << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return s;
}

/// Inverse of skew(): the vector of a (skew-symmetric part of a) matrix.
inline Vec3 unskew(const Mat3& s) {
  return 0.5 * Vec3(s(2, 1) - s(1, 2), s(0, 2) - s(2, 0), s(1, 0) - s(0, 1));
}

/// Rotation exp(skew(w)) by Rodrigues' formula; series below 1e-4 rad.
Mat3 so3Exp(const Vec3& w);

/// Rotation vector w with so3Exp(w) == R, |w| <= pi. Robust near 0 and near pi.
Vec3 so3Log(const Mat3& R);

/// Left Jacobian of SO(3): so3Exp(w) = I + skew(w) * ... ; V(w) in the SE(3) exponential.
Mat3 so3LeftJacobian(const Vec3& w);

/// Inverse of so3LeftJacobian.
Mat3 so3LeftJacobianInverse(const Vec3& w);

/// Rotation by angle about a unit axis (axis must be unit length).
Mat3 axisAngleRotation(const Vec3& unit_axis, double angle);

/// Unit quaternion exp: rotation by the rotation vector w, as a quaternion.
Quat quatExp(const Vec3& w);

/// Rotation vector of a unit quaternion (shortest rotation, |result| <= pi).
Vec3 quatLog(const Quat& q);

/// Returns q normalised; if |q| is zero or not finite the result is not finite either.
inline Quat normalized(const Quat& q) { return Quat(q.coeffs() / q.norm()); }

/// Largest deviation of R from a proper rotation: max |R^T R - I|.
inline double orthonormalityError(const Mat3& R) {
  return (R.transpose() * R - Mat3::Identity()).cwiseAbs().maxCoeff();
}

}  // namespace vms
