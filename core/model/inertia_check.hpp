#pragma once
// The compiled model's generalized inertia must be positive definite: otherwise accelerations
// are undefined (a massless subtree, a vehicle without inertia in a direction it moves in).
// Checked in O(N) from the model alone (joint transforms and body inertias in body frames),
// with no kinematics or dynamics algorithm: the model layer is below the algorithms.
#include "core/model/model.hpp"

namespace vms {

/// Throws ModelError naming the joint nearest the root, or the vehicle direction, whose
/// articulated-body pivot is not positive: D_i = S_i^T IA_i S_i (leaves first), and the
/// vehicle's S0^T IA_0 S0. Pivots are compared with 1e-12 x the largest diagonal entry of the
/// mass matrix and with 1e-100 (SI). Checked at q = 0 and at one generic configuration.
void checkInertiaNonSingular(const Model& model);

}  // namespace vms
