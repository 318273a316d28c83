#pragma once
// What the arm does to the vehicle: the reaction wrench through the arm's root joints, the
// vehicle's attitude deviation from an initial attitude (quaternion based, no Euler angles),
// and the displacement of the vehicle's centre of mass.
#include "core/algorithms/aba.hpp"

namespace vms {

struct VehicleReaction {
  Vec6 body = Vec6::Zero();   // [f; n] on the vehicle, vehicle coordinates at the vehicle origin
  Vec6 world = Vec6::Zero();  // the same wrench in world coordinates at the world origin
};

/// Runs aba() under (tau, external) and then rnea() with the resulting accelerations, and
/// returns the wrench the arm exerts on the vehicle (armReactionOnVehicle()). Leaves data.qdd,
/// data.base_twist_dot (forward dynamics) and data.f, data.tau (inverse dynamics) filled.
VehicleReaction vehicleReaction(const Model& model, Data& data, const State& state,
                                const Eigen::Ref<const VecX>& tau,
                                const ExternalForces& external = {});

/// Rotation angle in [0, pi] of R0^T R, for unit quaternions q0 (initial) and q (current):
/// 2 atan2(|vec(q0* q)|, |w(q0* q)|), accurate near 0 and near pi, sign-invariant in q and q0.
double attitudeDeviationAngle(const Quat& q0, const Quat& q);

/// Rotation vector of R0^T R (initial vehicle frame), |result| <= pi.
Vec3 attitudeDeviationVector(const Quat& q0, const Quat& q);

/// World position of the vehicle's centre of mass (model.com[0], which includes links fused
/// to the vehicle by fixed joints).
Vec3 vehicleCenterOfMass(const Model& model, const State& state);

/// vehicleCenterOfMass(state) - vehicleCenterOfMass(initial), world frame.
Vec3 vehicleCenterOfMassDisplacement(const Model& model, const State& initial, const State& state);

}  // namespace vms
