#pragma once
// Momentum, kinetic energy and centre of mass of the whole system (world frame).
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

struct MomentumSummary {
  Vec3 linear = Vec3::Zero();          // total linear momentum P
  Vec3 angular_origin = Vec3::Zero();  // angular momentum about the world origin
  Vec3 angular_com = Vec3::Zero();     // angular momentum about the system centre of mass
  Vec3 center_of_mass = Vec3::Zero();
  double kinetic_energy = 0.0;
  double mass = 0.0;
};

/// Needs computeKinematics (poses and velocities) first.
MomentumSummary computeMomentum(const Model& model, const Data& data);

/// World spatial momentum [P; L_origin] of bodies [first, last] of a subtree-free range,
/// e.g. the vehicle alone (0, 0) or the arm (1, nbodies-1). Needs computeKinematics.
Vec6 bodiesMomentum(const Data& data, int first, int last);

/// m_i c_i of body i in world coordinates (needs forwardKinematics); excludes added mass.
Vec3 bodyFirstMoment(const Model& model, const Data& data, int body);

/// System centre of mass from the configuration alone (runs forwardKinematics).
Vec3 centerOfMass(const Model& model, Data& data, const State& state);

}  // namespace vms
