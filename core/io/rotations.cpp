#include "core/io/rotations.hpp"

#include <cmath>

namespace vms::io {

namespace {
void cosSin(double a, double* c, double* s) {
  *c = std::cos(a);
  *s = std::sin(a);
  // Snap the rounding residue of multiples of pi/2 (|residue| < 1e-15, far below the
  // precision of the angle itself) so that 90-degree rotations have exact 0 and +-1 entries.
  if (std::abs(*c) < 1e-15) {
    *c = 0.0;
    *s = *s > 0.0 ? 1.0 : -1.0;
  } else if (std::abs(*s) < 1e-15) {
    *s = 0.0;
    *c = *c > 0.0 ? 1.0 : -1.0;
  }
}
}  // namespace

Mat3 rotX(double a) {
  double c, s;
  cosSin(a, &c, &s);
  Mat3 R;
  R << 1, 0, 0, 0, c, -s, 0, s, c;
  return R;
}

Mat3 rotY(double a) {
  double c, s;
  cosSin(a, &c, &s);
  Mat3 R;
  R << c, 0, s, 0, 1, 0, -s, 0, c;
  return R;
}

Mat3 rotZ(double a) {
  double c, s;
  cosSin(a, &c, &s);
  Mat3 R;
  R << c, -s, 0, s, c, 0, 0, 0, 1;
  return R;
}

Mat3 rpyToRotation(const Vec3& rpy) { return rotZ(rpy.z()) * rotY(rpy.y()) * rotX(rpy.x()); }

Vec3 rotationToRpy(const Mat3& R) {
  // Pitch and yaw from the first column, then roll from what is left, Rx(roll) =
  // (Rz(yaw) Ry(pitch))^T R. Near gimbal lock yaw is ill-determined, but an error in it is
  // then (almost) an x rotation, which the roll absorbs: Rz(yaw) Ry(pitch) Rx(roll) reproduces
  // R to round-off everywhere.
  const double pitch = std::atan2(-R(2, 0), std::hypot(R(0, 0), R(1, 0)));
  const double yaw = std::atan2(R(1, 0), R(0, 0));
  const Mat3 M = (Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * Eigen::AngleAxisd(pitch, Vec3::UnitY()))
                     .toRotationMatrix()
                     .transpose() *
                 R;
  const double roll = std::atan2(M(2, 1), M(1, 1));
  return Vec3(roll + 0.0, pitch + 0.0, yaw + 0.0);  // + 0.0: no "-0" in files
}

}  // namespace vms::io
