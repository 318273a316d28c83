#pragma once
// The state of a vehicle-manipulator system: vehicle pose on its group (unit quaternion and
// position, never Euler angles), vehicle body twist, joint positions and rates.
#include "core/model/model.hpp"

namespace vms {

struct State {
  Quat base_orientation = Quat::Identity();  // world <- base rotation (unit)
  Vec3 base_position = Vec3::Zero();         // base frame origin in the world
  Vec6 base_twist = Vec6::Zero();            // body twist [v_b; w_b], base-frame coordinates,
                                             // always inside span(model.base_basis)
  VecX q;                                    // joint positions, user order
  VecX qd;                                   // joint rates, user order

  /// Identity pose, zero velocities, q = 0, sized for the model.
  static State neutral(const Model& model);

  Pose basePose() const { return Pose{base_orientation.toRotationMatrix(), base_position}; }

  /// World-frame velocity of the base origin and world angular velocity.
  Vec3 baseLinearVelocityWorld() const;
  Vec3 baseAngularVelocityWorld() const;
  /// Sets the body twist from world-frame velocities (no projection on the subgroup).
  void setBaseVelocityWorld(const Vec3& linear_world, const Vec3& angular_world);

  /// Generalized velocity [iota0^T * base_twist; qd] (size model.nv).
  VecX generalizedVelocity(const Model& model) const;
  void setGeneralizedVelocity(const Model& model, const Eigen::Ref<const VecX>& nu);

  bool allFinite() const;
};

}  // namespace vms
