#include "core/spatial/so3.hpp"

#include <cmath>

namespace vms {

namespace {
constexpr double kSmallAngle = 1e-4;

// Coefficients a = sin(t)/t, b = (1-cos t)/t^2, c = (t - sin t)/t^3 with series near 0.
struct RodriguesCoefficients {
  double a, b, c;
};

RodriguesCoefficients rodrigues(double t) {
  const double t2 = t * t;
  if (t < kSmallAngle) {
    return {1.0 - t2 / 6.0 + t2 * t2 / 120.0, 0.5 - t2 / 24.0 + t2 * t2 / 720.0,
            1.0 / 6.0 - t2 / 120.0 + t2 * t2 / 5040.0};
  }
  const double s = std::sin(t), sh = std::sin(0.5 * t);  // 1 - cos t = 2 sin^2(t/2), exactly
  return {s / t, 2.0 * sh * sh / t2, (t - s) / (t2 * t)};
}
}  // namespace

Mat3 so3Exp(const Vec3& w) {
  const auto k = rodrigues(w.norm());
  const Mat3 W = skew(w);
  return Mat3::Identity() + k.a * W + k.b * W * W;
}

Mat3 so3LeftJacobian(const Vec3& w) {
  const auto k = rodrigues(w.norm());
  const Mat3 W = skew(w);
  return Mat3::Identity() + k.b * W + k.c * W * W;
}

Mat3 so3LeftJacobianInverse(const Vec3& w) {
  const double t = w.norm();
  const Mat3 W = skew(w);
  double d;  // (1/t^2) (1 - (t/2) cot(t/2))
  if (t < kSmallAngle) {
    const double t2 = t * t;
    d = 1.0 / 12.0 + t2 / 720.0 + t2 * t2 / 30240.0;
  } else {
    d = (1.0 - 0.5 * t * std::cos(0.5 * t) / std::sin(0.5 * t)) / (t * t);  // no 1 - cos t
  }
  return Mat3::Identity() - 0.5 * W + d * W * W;
}

Vec3 so3Log(const Mat3& R) {
  return quatLog(Quat(R));
}

Mat3 axisAngleRotation(const Vec3& u, double angle) {
  const double s = std::sin(angle), c = std::cos(angle), v = 1.0 - c;
  Mat3 R;
  R << c + u.x() * u.x() * v, u.x() * u.y() * v - u.z() * s, u.x() * u.z() * v + u.y() * s,
      u.y() * u.x() * v + u.z() * s, c + u.y() * u.y() * v, u.y() * u.z() * v - u.x() * s,
      u.z() * u.x() * v - u.y() * s, u.z() * u.y() * v + u.x() * s, c + u.z() * u.z() * v;
  return R;
}

Quat quatExp(const Vec3& w) {
  const double t = w.norm();
  const double half = 0.5 * t;
  // sin(t/2)/t with series near 0.
  const double k = t < kSmallAngle ? 0.5 - t * t / 48.0 : std::sin(half) / t;
  return Quat(std::cos(half), k * w.x(), k * w.y(), k * w.z());
}

Vec3 quatLog(const Quat& q_in) {
  Quat q = q_in;
  if (q.w() < 0.0) q.coeffs() = -q.coeffs();  // shortest rotation
  const Vec3 v = q.vec();
  const double s = v.norm();
  // angle = 2 atan2(s, w); result = angle * v / s, with series when s is tiny.
  if (s < 1e-8) {
    return (2.0 / q.w()) * (1.0 - s * s / (3.0 * q.w() * q.w())) * v;
  }
  const double angle = 2.0 * std::atan2(s, q.w());
  return (angle / s) * v;
}

}  // namespace vms
