#pragma once
// Forward dynamics by the articulated-body recursion (seed 002, Algorithms 1-3, with the
// free-flyer specialisation (3.1)-(3.2)), written with world-frame spatial vectors so that no
// transform is needed between bodies. O(N), no heap allocation.
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

/// Optional inputs beyond joint forces.
struct ExternalForces {
  /// Wrench [f; n] applied to the vehicle at its frame origin, vehicle-frame coordinates.
  /// Only its components along the vehicle's subgroup act.
  Vec6 base_wrench_body = Vec6::Zero();
  /// World spatial forces (at the world origin) on bodies; null or size model.nbodies.
  const std::vector<Vec6>* body_forces_world = nullptr;
};

/// Computes data.qdd (joint accelerations, user order) and data.base_twist_dot (derivative of
/// the vehicle body twist) under joint forces tau (user order), gravity and `external`.
/// Runs computeKinematics itself.
void aba(const Model& model, Data& data, const State& state, const Eigen::Ref<const VecX>& tau,
         const ExternalForces& external = {});

/// World-frame accelerations of the vehicle from data.base_twist_dot: the time derivatives of
/// State::baseLinearVelocityWorld() and baseAngularVelocityWorld().
Vec3 baseLinearAccelerationWorld(const State& state, const Vec6& base_twist_dot);
Vec3 baseAngularAccelerationWorld(const State& state, const Vec6& base_twist_dot);

}  // namespace vms
