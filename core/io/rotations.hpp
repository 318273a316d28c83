#pragma once
// The rotations the file formats state: elementary rotations (DH tables) and URDF's
// roll-pitch-yaw angles. Public: the desktop app's editors show and edit link frames in the
// same angles the files hold.
#include "core/spatial/se3.hpp"

namespace vms::io {

/// Elementary rotations, exact (0 / +-1 entries) at multiples of 90 degrees.
Mat3 rotX(double angle);
Mat3 rotY(double angle);
Mat3 rotZ(double angle);

/// URDF convention: R = Rz(yaw) Ry(pitch) Rx(roll).
Mat3 rpyToRotation(const Vec3& rpy);
Vec3 rotationToRpy(const Mat3& R);

}  // namespace vms::io
