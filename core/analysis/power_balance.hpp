#pragma once
// Power balance of a vehicle-manipulator system: without potential energy in T, the kinetic
// energy changes at the rate of the power of every applied force,
//   dT/dt = tau . qd  -  qd^T D qd  +  w_b . xi_b  +  g . P  +  sum_i f_i . v_i,
// joint forces tau (user order), viscous joint damping D (model.damping; when the simulation
// applies it, as SystemDynamics does by default), the vehicle wrench w_b = [f; n] in vehicle
// coordinates at the vehicle origin against the vehicle body twist xi_b (constraint wrenches
// of a restricted vehicle do no work: xi_b stays in the subgroup), gravity g against the
// total linear momentum P (sum m_i g . c_i_dot), and world spatial forces f_i at the world
// origin on body i against the body's world spatial velocity v_i.
#include "core/algorithms/aba.hpp"

namespace vms {

struct PowerBalance {
  double joints = 0.0;           // tau . qd
  double damping = 0.0;          // -qd^T D qd (0 unless damping is included)
  double vehicle_wrench = 0.0;   // w_b . xi_b
  double gravity = 0.0;          // g . P
  double external_bodies = 0.0;  // sum f_i . v_i
  double total = 0.0;            // = dT/dt
};

/// Needs computeKinematics (data.I, data.v). `include_damping` mirrors
/// SystemDynamics::setDampingEnabled.
PowerBalance powerBalance(const Model& model, const Data& data, const State& state,
                          const Eigen::Ref<const VecX>& tau, const ExternalForces& external = {},
                          bool include_damping = false);

}  // namespace vms
