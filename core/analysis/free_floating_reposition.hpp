#pragma once
// Teach mode's vehicle reaction: the joints move from q0 to q1 along the straight joint-space
// path q(s) = q0 + s (q1 - q0), s in [0, 1], and the vehicle moves as the free-floating
// system would under zero vehicle momentum (h_b = 0, generalized_jacobian.hpp):
//   nu_b(s) = -A(q(s)) dq/ds,   A = Mbb^-1 Mbm (the mechanical connection),
// i.e. the vehicle body twist is iota0 nu_b, and the pose follows g' = g [iota0 nu_b]^ on its
// group. Without gravity or external forces this is exactly what the dynamics do when the
// joints are driven along the path from rest (any timing: the motion is geometric), so the
// system centre of mass stays where it was. A fixed vehicle stays. Velocities are not
// touched; the result is a configuration.
// Not for the nonholonomic vehicle (std::invalid_argument): its wheels change the momentum
// along the way, so the vehicle's reaction is not given by the connection alone.
//
// Integration: Runge-Kutta-Munthe-Kaas 4 on the vehicle's group in s (the connection depends
// on q(s) only, so each stage is one crba() + Cholesky solve), with N, 2N, 4N, ... substeps
// until two successive results agree to `tolerance` (RK4's error is then about 1/15 of that).
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

struct RepositionOptions {
  double tolerance = 1e-11;  // |Δposition| (m) + |Δangle| (rad) between N and 2N substeps
  int min_substeps = 8;
  int max_substeps = 1 << 16;
  double max_joint_step = 0.05;  // initial N >= |q1 - q0|_inf / max_joint_step
};

struct RepositionResult {
  State state;                  // q = q1, vehicle pose moved; velocities as in the input state
  int substeps = 0;             // substeps of the accepted result
  double error_estimate = 0.0;  // difference between the last two refinements
  bool converged = false;       // error_estimate <= tolerance within max_substeps
};

/// Moves from `state` (configuration q0 = state.q) to joint positions q1 (size njoints).
RepositionResult freeFloatingReposition(const Model& model, const State& state, const VecX& q1,
                                        const RepositionOptions& options = {});

/// One RKMK4 integration of the path with exactly `substeps` steps (for convergence studies).
State freeFloatingRepositionFixedSteps(const Model& model, const State& state, const VecX& q1,
                                       int substeps);

}  // namespace vms
