#pragma once
// Inverse dynamics by the recursive Newton-Euler algorithm (seed 002, Algorithm 1) with
// world-frame spatial vectors, and the wrench the arm exerts on the vehicle.
#include "core/algorithms/aba.hpp"

namespace vms {

/// Given the vehicle's body-twist derivative and joint accelerations (user order), computes
/// data.tau (joint forces, user order), data.base_force (generalized vehicle force, b: the
/// vehicle-frame wrench components along iota0) and data.f (world spatial force that each
/// body's joint transmits to it). Includes gravity and `external`. Runs computeKinematics.
void rnea(const Model& model, Data& data, const State& state, const Vec6& base_twist_dot,
          const Eigen::Ref<const VecX>& qdd, const ExternalForces& external = {});

/// Bias forces C(q, nu) nu + gravity terms, as data.nle = [base (b); joints (n)].
void nonLinearEffects(const Model& model, Data& data, const State& state);

/// The wrench [f; n] that the arm exerts on the vehicle (on body 0 through its child joints),
/// in vehicle-frame coordinates at the vehicle frame origin. Needs rnea() first.
Vec6 armReactionOnVehicle(const Model& model, const Data& data);

}  // namespace vms
