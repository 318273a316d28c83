#pragma once
// Least-disturbance point-to-point motion of a free-floating system: a joint-space path from
// joint positions A to B after which the vehicle's attitude is where it started (zero
// momentum), instead of the turn the straight line in joint space leaves.
//
// The path is the straight line plus a few sine modes of each moving joint,
//   q(s) = A + s (B - A) + sum_{k=1..K} sin(k pi s) c_k,   s in [0, 1],
// (it starts at A and ends at B for any c). Along it the vehicle turns as
// R' = R [D(q) q'(s)]x (core/analysis/attitude_disturbance.hpp), integrated by
// Runge-Kutta-Munthe-Kaas 4 on SO(3) in s; the net turn r(c) = log(R(0)^T R(1)) (vehicle body
// frame) is driven to zero by Levenberg-Marquardt on the coefficients with the minimum-norm
// step (the smallest change of the path that removes the turn). The result is geometric (any
// timing gives it under zero momentum).
//
// The Jacobian dr/dc comes from the sensitivity of the attitude along the path: with
// R~ = R exp(eta) the perturbed attitude, eta' = -w x eta + dw, dw = D(q) dq' + W(q, q') dq,
// integrated by RK4 beside R, and dr = J_r(r)^-1 eta(1). W = d(D q')/dq at fixed q' is the
// angular part of d nu_b/dq = -Mbb^-1 (d(M nu)/dq)_b, nu = [nu_b; q'] the zero-momentum
// velocity: one call of the analytic inverse-dynamics derivatives (with nu as the
// acceleration and no velocity) per evaluation, instead of two integrations per coefficient
// for central differences (kept as an option, for comparison).
#include <vector>

#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

struct LeastDisturbanceOptions {
  int modes = 2;    // K sine modes per joint
  int steps = 200;  // RKMK4 steps in s
  int max_iterations = 30;
  double tolerance = 1e-9;  // |r| (rad) to stop at
  std::vector<int> joints;  // joints whose path may bend (user order); empty: all
  enum class Jacobian { Sensitivity, CentralDifferences };
  Jacobian jacobian = Jacobian::Sensitivity;
};

struct LeastDisturbancePath {
  VecX start, end;                    // A, B
  std::vector<int> joints;            // the bending joints
  MatX coefficients;                  // K x joints.size(): c_k for each bending joint
  Vec3 straight_turn = Vec3::Zero();  // net vehicle turn of the straight line (rotation vector)
  Vec3 turn = Vec3::Zero();           // net vehicle turn of this path
  int iterations = 0;
  bool converged = false;     // |turn| <= tolerance
  bool within_limits = true;  // every limited joint stays within its limits along the path

  /// q(s) (size njoints).
  VecX at(double s) const;
  /// dq/ds.
  VecX derivative(double s) const;
};

/// The vehicle's net turn (rotation vector, vehicle body frame) along the path of `path`'s
/// coefficients from the configuration of `state` (its vehicle attitude and other joints).
Vec3 vehicleTurnAlong(const Model& model, const State& state, const LeastDisturbancePath& path,
                      int steps);

/// The net turn's Jacobian with respect to path.coefficients (3 x coefficients.size(),
/// columns in the coefficients' storage order: mode fastest, then joint), by the attitude's
/// sensitivity along the path, or by central differences (step 1e-5) for comparison.
Eigen::Matrix<double, 3, Eigen::Dynamic> vehicleTurnJacobian(
    const Model& model, const State& state, const LeastDisturbancePath& path, int steps,
    LeastDisturbanceOptions::Jacobian method = LeastDisturbanceOptions::Jacobian::Sensitivity);

/// Plans the least-disturbance path from state.q to `target` (size njoints). Throws
/// std::invalid_argument for a vehicle the arm cannot turn (fixed, not rotating) or the
/// nonholonomic vehicle, for mimic joints, or for a target of the wrong size.
LeastDisturbancePath planLeastDisturbancePath(const Model& model, const State& state,
                                              const VecX& target,
                                              const LeastDisturbanceOptions& options = {});

}  // namespace vms
