#pragma once
// Reaction wheels are bodies of the model: each wheel is a link on the vehicle with a
// continuous joint about its spin axis, so wheel speeds are joint rates (part of the state and
// of every momentum) and the motor torque is that joint's generalized force. The arm's
// joints keep their indices: wheel joints come after them.
#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace vms {

struct ReactionWheelSpec {
  std::string name;              // also the name of its joint and link
  Vec3 position = Vec3::Zero();  // wheel centre, vehicle (root link) frame
  Vec3 axis = Vec3::UnitZ();     // spin axis, vehicle frame (normalised)
  double mass = 0.0;
  double spin_inertia = 0.0;        // about the spin axis, kg m^2 (> 0)
  double transverse_inertia = 0.0;  // about any axis through the centre normal to spin
  double max_torque = 0.0;          // motor torque limit, N m (0 = unlimited)
  double max_speed = 0.0;           // wheel speed limit, rad/s (0 = unlimited)
};

/// Appends the wheels to a description (links on the root link, continuous joints). Throws
/// ModelError naming the wheel for a zero axis, non-positive spin inertia, a transverse
/// inertia that breaks the triangle inequality, or a duplicate name.
void addReactionWheels(ModelDescription& description, const std::vector<ReactionWheelSpec>& wheels);

/// Joint indices (user order) of the wheels in a compiled model, in `wheels` order.
std::vector<int> reactionWheelJoints(const Model& model,
                                     const std::vector<ReactionWheelSpec>& wheels);

}  // namespace vms
