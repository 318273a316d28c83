#pragma once
// A state as one row of the trajectory CSV's state columns (docs/contracts.md, `vms simulate`),
// without t: base_px base_py base_pz, base_qw base_qx base_qy base_qz, base_vx base_vy base_vz
// (velocity of the base frame's origin, world frame), base_wx base_wy base_wz (world), then
// q:<joint> and qd:<joint> for every joint: 13 + 2 njoints numbers. Read and written in place,
// without allocating, for batches of states.
#include "core/model/model.hpp"
#include "core/model/state.hpp"

namespace vms {

/// Numbers in a row: 13 + 2 njoints.
inline int trajectoryRowSize(const Model& model) { return 13 + 2 * model.njoints; }

/// Sets `state` (sized for `model`: q, qd of njoints) from `row`: the quaternion normalised,
/// the world velocities turned into the body twist and projected onto the vehicle's subgroup,
/// mimic joints set from their leaders. Returns the size of the twist components the vehicle
/// cannot have (largest absolute body-frame component removed by the projection), for the
/// caller to reject the row; 0 for a free vehicle. A zero quaternion gives a NaN state.
double stateFromTrajectoryRow(const Model& model, const double* row, State& state);

/// Writes `state` as a row (trajectoryRowSize(model) numbers), as `vms simulate` writes it.
void trajectoryRowFromState(const Model& model, const State& state, double* row);

}  // namespace vms
