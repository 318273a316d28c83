#pragma once
// Uniform gravity is part of the model itself: Model::gravity (world frame, m/s^2), copied
// from ModelDescription::gravity by compileModel(). Every algorithm (aba, rnea, crba's bias
// terms, SystemDynamics) applies it as the weight m g at each body's centre of mass; it is not
// a ForceModel, and the Model is not changed after compiling: set it in the description.
// The added mass (Model::added_mass) has no weight;
// buoyancy is a separate force (see underwater.hpp).
#include "core/model/model.hpp"

namespace vms {

constexpr double kStandardGravity = 9.80665;  // m/s^2

/// Standard gravity along -z of the world: (0, 0, -9.80665).
inline Vec3 standardGravityVector() { return Vec3(0.0, 0.0, -kStandardGravity); }

/// Sets the uniform gravity of a description (compileModel copies it into Model::gravity).
/// Throws ModelError for a non-finite vector.
void setUniformGravity(ModelDescription& description, const Vec3& gravity);

}  // namespace vms
