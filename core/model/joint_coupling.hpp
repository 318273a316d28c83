#pragma once
// Mimic joints (Model::couplings) in a state: a mimic's position and rate follow its leader.
#include "core/model/model.hpp"
#include "core/model/state.hpp"

namespace vms {

/// Sets each mimic joint's q and qd from its leader (q = multiplier * q_leader + offset,
/// qd = multiplier * qd_leader). Returns the largest change made (0 when already consistent).
double enforceJointCouplings(const Model& model, State& state);

/// The largest |q - (multiplier * q_leader + offset)| and |qd - multiplier * qd_leader| over the
/// mimic joints (0 without any).
double jointCouplingViolation(const Model& model, const State& state);

}  // namespace vms
