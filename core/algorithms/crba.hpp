#pragma once
// Joint-space inertia matrix by the composite-rigid-body algorithm, world-frame vectors.
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

/// Fills data.M (nv x nv, symmetric) for the generalized velocity [iota0^T twist_b; qd]:
/// block (0,0) is the vehicle's locked inertia, the lower-right block is Hmm. Runs
/// forwardKinematics itself.
void crba(const Model& model, Data& data, const State& state);

}  // namespace vms
