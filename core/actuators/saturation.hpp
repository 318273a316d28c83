#pragma once
// Actuator limits applied to commanded generalized forces before they reach the dynamics.
#include <vector>

#include "core/actuators/reaction_wheel.hpp"
#include "core/model/state.hpp"

namespace vms {

/// Clamps each joint force to [-effort_limit, effort_limit] (model.effort_limit, user order;
/// 0 = unlimited). tau has size model.njoints. Returns how many entries were changed.
int saturateJointTorques(const Model& model, VecX& tau);

/// Reaction-wheel motor limits, for the wheels `specs` whose joints are `wheel_joints` (see
/// reactionWheelJoints): |tau| <= max_torque (0 = unlimited), and a torque that would further
/// accelerate a wheel already at or beyond max_speed (|qd| >= max_speed with tau * qd > 0) is
/// set to zero (braking is always allowed). Returns how many entries were changed. Throws
/// std::invalid_argument if the two lists differ in size.
int saturateWheelTorques(const Model& model, const std::vector<int>& wheel_joints,
                         const std::vector<ReactionWheelSpec>& specs, const State& state,
                         VecX& tau);

}  // namespace vms
