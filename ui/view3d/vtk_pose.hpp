#pragma once
// Eigen poses to VTK 4x4 matrices (the only place where the two meet for transforms).
#include <vtkMatrix4x4.h>

#include "core/spatial/se3.hpp"

namespace vms::ui {

/// Writes [linear, translation; 0 0 0 1] into `m` and marks it modified.
inline void setVtkMatrix(vtkMatrix4x4* m, const Mat3& linear, const Vec3& translation) {
  double* e = m->GetData();  // row-major
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) e[4 * r + c] = linear(r, c);
    e[4 * r + 3] = translation(r);
  }
  e[12] = e[13] = e[14] = 0.0;
  e[15] = 1.0;
  m->Modified();
}

inline void setVtkMatrix(vtkMatrix4x4* m, const Pose& pose) { setVtkMatrix(m, pose.R, pose.p); }

/// A rotation whose x axis is `direction` (unit or not; any perpendicular completion).
inline Mat3 rotationWithXAxis(const Vec3& direction) {
  Vec3 x = direction.norm() > 1e-12 ? Vec3(direction.normalized()) : Vec3::UnitX();
  Vec3 helper = std::abs(x.z()) < 0.9 ? Vec3::UnitZ() : Vec3::UnitY();
  Vec3 y = helper.cross(x).normalized();
  Vec3 z = x.cross(y);
  Mat3 R;
  R << x, y, z;
  return R;
}

}  // namespace vms::ui
