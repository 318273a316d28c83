#pragma once
// Momentum of the vehicle, of the arm (every other body) and of the whole system, and the
// split of the kinetic energy, world frame.
//   linear momentum P, angular momentum about the world origin L_o and about the system centre
//   of mass c: L_c = L_o - c x P (for each part, about the same point c, so parts add up);
//   kinetic energy per part;
//   locked / internal split (seed 001 Lemma 4, eqs. 73-75): with the connection A = Mbb^-1 Mbm,
//     T = 1/2 W^T Mbb W + 1/2 qd^T H* qd,  W = nu_b + A qd (the "locked" velocity),
//   where H* = Mmm - Mbm^T Mbb^-1 Mbm; the first term is the energy of the system moving as
//   if frozen, the second that of the arm's motion relative to it (all of T when the vehicle
//   momentum h_b = Mbb W is zero).
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

struct MomentumPartition {
  double mass = 0.0;
  Vec3 center_of_mass = Vec3::Zero();  // system centre of mass c
  Vec3 linear_vehicle = Vec3::Zero(), linear_arm = Vec3::Zero(), linear_total = Vec3::Zero();
  // About the world origin.
  Vec3 angular_origin_vehicle = Vec3::Zero(), angular_origin_arm = Vec3::Zero(),
       angular_origin_total = Vec3::Zero();
  // About the system centre of mass.
  Vec3 angular_com_vehicle = Vec3::Zero(), angular_com_arm = Vec3::Zero(),
       angular_com_total = Vec3::Zero();
  double kinetic_vehicle = 0.0, kinetic_arm = 0.0, kinetic_total = 0.0;
};

/// Needs computeKinematics (poses and velocities).
MomentumPartition momentumPartition(const Model& model, const Data& data);

struct KineticEnergySplit {
  double locked = 0.0;    // 1/2 W^T Mbb W
  double internal = 0.0;  // 1/2 qd^T H* qd
  double total = 0.0;     // 1/2 nu^T M nu
  VecX locked_velocity;   // W = nu_b + A qd (size b)
};

/// From M (crba()) and the state's velocities. For a fixed vehicle locked = 0, W is empty.
KineticEnergySplit kineticEnergySplit(const Model& model, const MatX& M, const State& state);

}  // namespace vms
