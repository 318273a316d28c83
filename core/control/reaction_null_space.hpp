#pragma once
// Reactionless joint rates (Nenchev and Yoshida's reaction null space): for a task Jacobian J
// (k x n, e.g. the end effector's rows of the generalized Jacobian J*) and the vehicle's
// attitude disturbance D (3 x n, core/analysis/attitude_disturbance.hpp; w_vehicle = D qd under
// zero momentum), the joint rates
//   qd = N zeta,   zeta = (J N)^DLS v,   N an orthonormal basis of null(D),
// follow the task velocity v as well as motions that leave the vehicle attitude unchanged can.
// When they cannot (the task leaves the reaction null space: |J qd - v| above the tolerance),
// the least-disturbance rates are used instead, the minimiser of
//   |D qd|^2 + w |J qd - v|^2 + mu |qd|^2,
// which trades a small vehicle rotation for the task (w = `task_weight`, mu a small
// regularisation), and the command says so.
//
// The figures of a solve (ReactionlessCommand), for the outputs of a run:
//   null_space_residual = |v - J qd_N|, qd_N = N (J N)^DLS v the null-space rates: the part of
//     the task velocity that reactionless joint rates do not give (task units: m/s for a
//     position task; m/s and rad/s in one norm for a pose task). Zero to rounding where J N
//     has full row rank and its smallest singular value is at least epsilon; positive where
//     v has a part outside the range of J N (more task rows than null-space dimensions, or a
//     rank-deficient J N at a reactionless singularity) or where the damping acts.
//   vehicle_rate = D qd for the rates returned (vehicle body frame, rad/s): the vehicle's
//     angular velocity the rates cause under zero momentum (w_b = D qd, the mechanical
//     connection's rotation rows); zero to rounding in the null space, the least-disturbance
//     solution's disturbance outside it.
//
// DLS is the adaptive damped least squares of resolved_rate.hpp (exact pseudo-inverse when
// the smallest singular value of J N is above epsilon). Every matrix is sized in the
// constructor: solve() makes no heap allocation.
#include <Eigen/Cholesky>
#include <Eigen/SVD>

#include "core/analysis/attitude_disturbance.hpp"

namespace vms {

struct ReactionlessOptions {
  double epsilon = 0.05;             // singular-value threshold of the damping
  double lambda_max = 0.025;         // maximum damping
  double residual_tolerance = 1e-3;  // relative to |v|: above it, least disturbance
  double task_weight = 100.0;        // w of the least-disturbance trade-off
  double regularisation = 1e-8;      // mu
};

struct ReactionlessCommand {
  bool in_null_space = true;         // false: the least-disturbance rates were used
  double null_space_residual = 0;    // |v - J qd_N| of the null-space rates (see above)
  double task_residual = 0;          // |J qd - v| of the rates returned
  double disturbance = 0;            // |D qd|: vehicle rotation rate the rates cause (rad/s)
  Vec3 vehicle_rate = Vec3::Zero();  // D qd (vehicle body frame, rad/s)
  int null_space_dimension = 0;
};

class ReactionNullSpaceSolver {
 public:
  ReactionNullSpaceSolver(Eigen::Index joints, Eigen::Index task_rows);

  /// Fills qd (size n) for D (3 x n), J (k x n) and v (k).
  const ReactionlessCommand& solve(const Mat3X& D, const MatX& J, const VecX& v,
                                   const ReactionlessOptions& options, VecX& qd);

 private:
  MatX D_;                         // 3 x n copy of D
  Eigen::JacobiSVD<MatX> svd_D_;   // 3 x n, full V
  MatX N_;                         // n x n: the null-space basis, zero columns after it
  MatX JN_;                        // k x n: J N (zero columns after the basis)
  Eigen::JacobiSVD<MatX> svd_JN_;  // k x n, thin
  VecX utv_, w_, zeta_, residual_;
  MatX normal_;  // n x n normal matrix of the least-disturbance problem
  Eigen::LLT<MatX> normal_llt_;
  VecX rhs_;
  ReactionlessCommand last_;
};

}  // namespace vms
