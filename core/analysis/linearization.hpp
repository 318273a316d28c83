#pragma once
// The equations of motion linearised at a state, on the vehicle's group: for a perturbation
// x = [delta (t); dq (n); dnu (nv)] of the state (the vehicle at g exp(T delta), T the
// configuration tangent basis; q + dq; nu + dnu) and of the joint forces u = dtau (n),
//   d/dt delta = -T^T ad(xi) T delta + T^T iota0 dnu_b        (xi = the vehicle body twist)
//   d/dt dq    = dnu_joints
//   d/dt dnu   = ddq_dq [delta; dq] + (ddq_dv - ddq_dtau D) dnu + ddq_dtau u
// with the analytic derivatives of core/algorithms/aba_derivatives.hpp and D the joints'
// viscous damping. The first line is exact for the group's kinematics: g = gbar exp(T delta)
// moving with body twists xi + dxi gives T d(delta)/dt = -ad(xi) T delta + dxi to first order.
#include <string>
#include <vector>

#include "core/algorithms/aba_derivatives.hpp"

namespace vms {

struct Linearization {
  MatX A;                                // (t + n + nv) x (t + n + nv)
  MatX B;                                // (t + n + nv) x n
  int tangent_dof = 0;                   // t: delta's size
  std::vector<std::string> state_names;  // "delta_wz", "q_<joint>", "nu_vx", "nu_<joint>", ...
  std::vector<std::string> input_names;  // the joints, in the file's order
};

/// The open-loop linearisation at `state` under the held joint forces `tau` (user order),
/// the model's gravity and `external` (world body forces held fixed in the world, the
/// vehicle wrench fixed in the vehicle), with the joints' viscous damping when `damping`.
/// Throws std::invalid_argument for a model with mimic joints or sizes that do not match.
Linearization linearizeDynamics(const Model& model, const State& state, const VecX& tau,
                                bool damping = true, const ExternalForces& external = {});

}  // namespace vms
