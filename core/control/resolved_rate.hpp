#pragma once
// Resolved-motion rate control of an end-effector frame (seed 004 (111) with a damped
// least-squares inverse), on top of a joint controller.
//
// At each update, with the frame's world pose (R, p) and the target (R_d, p_d):
//   v_d = k_p (p_d - p),   w_d = -k_r R log(R_d^T R)      (world frame; log is so3Log, no Euler
// angles: with R = R_d Exp(phi), the body rate -k_r phi gives phi' = -k_r phi, and
// R phi = R_d phi), each clamped in norm to max_linear_speed / max_angular_speed (0 = none).
// The joint-rate command is qd_d = J^DLS ([v_d; w_d] - drift), where, when the vehicle is free
// (use_generalized_jacobian), J = J* (seed 004 (110)) and drift = Jb Mbb^-1 h_b is the motion the
// vehicle's momentum h_b alone gives the point (zero under zero momentum); otherwise J = Jm, the
// fixed-base Jacobian, and drift = the point twist due to the vehicle's current velocity.
// Damped least squares with an adaptive damping (Nakamura & Hanafusa / Chiaverini):
//   J^DLS = sum_i sigma_i / (sigma_i^2 + lambda^2) v_i u_i^T,
//   lambda^2 = lambda_max^2 (1 - (sigma_min / epsilon)^2) if sigma_min < epsilon, else 0,
// so the inverse is the exact pseudo-inverse away from singularities and its gain stays below
// 1 / (2 lambda sqrt(1 - lambda^2/epsilon^2)) (<= 1.16 / epsilon for lambda_max = epsilon / 2)
// near them. q_d is integrated from qd_d on the controller's clock (explicit Euler between
// updates, starting at q on reset()) and tracked by the joint controller with
// (q_d, qd_d, qdd_d = 0).
//
// Allocation: the Jacobians, the SVD (DampedLeastSquares) and every vector are sized at
// construction; compute() makes no heap allocation
// (tests/core/control/test_control_no_allocation.cpp).
#include <Eigen/SVD>
#include <memory>

#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/control/joint_controllers.hpp"
#include "core/control/reaction_null_space.hpp"

namespace vms {

struct ResolvedRateOptions {
  double k_position = 1.0;               // 1/s
  double k_orientation = 1.0;            // 1/s
  double max_linear_speed = 0.0;         // m/s, 0 = unlimited
  double max_angular_speed = 0.0;        // rad/s, 0 = unlimited
  double epsilon = 0.05;                 // singular-value threshold of the damping
  double lambda_max = 0.025;             // maximum damping
  bool use_generalized_jacobian = true;  // J* (free vehicle) or Jm (vehicle treated as fixed)
  bool damped = true;                    // false: plain pseudo-inverse (for comparison)
  // The end effector's position only (3 task rows; the orientation is left free), and rates
  // in the reaction null space (core/control/reaction_null_space.hpp: joint motion that
  // leaves the vehicle attitude unchanged under zero momentum, least disturbance when the task
  // leaves it). Either one solves the task with ReactionNullSpaceSolver (D = 0 when not
  // reactionless: plain damped least squares on the task rows).
  bool position_only = false;
  bool reactionless = false;
};

/// x = J^DLS v with the adaptive damping above (J: 6 x n). Returns the damping lambda^2 used.
/// Allocates its SVD; in a loop, use a DampedLeastSquares workspace.
double dampedLeastSquares(const Mat6X& J, const Vec6& v, double epsilon, double lambda_max,
                          VecX& x);

/// dampedLeastSquares() with its SVD and vectors sized once for 6 x n Jacobians: solve()
/// makes no heap allocation (x of size n).
class DampedLeastSquares {
 public:
  explicit DampedLeastSquares(Eigen::Index n);
  /// x = J^DLS v (J: 6 x n). Returns lambda^2.
  double solve(const Mat6X& J, const Vec6& v, double epsilon, double lambda_max, VecX& x);
  /// Singular values of the last J, descending, min(6, n) of them.
  const VecX& singularValues() const { return svd_.singularValues(); }

 private:
  MatX J_;  // 6 x n copy of J (the SVD's matrix type)
  Eigen::JacobiSVD<MatX> svd_;
  VecX utv_, w_;  // min(6, n)
};

class ResolvedRateController final : public Controller {
 public:
  /// `frame`: model frame index of the end effector; `joint_controller` (not owned) tracks the
  /// integrated reference on all the model's joints (it must control all joints, in order).
  ResolvedRateController(const Model& model, int frame, const Pose& target,
                         JointSpaceController& joint_controller, ResolvedRateOptions options = {});
  std::string name() const override { return "resolved_rate"; }
  void compute(double t, const State& state, ControlOutput& out) override;
  void reset(double t, const State& state) override;

  void setTarget(const Pose& target) { target_ = target; }
  /// End-effector twist command [v_d; w_d] (world) for `state` (runs forward kinematics).
  Vec6 taskVelocity(const State& state);
  /// The joint-rate command qd_d for `state` (also updates the Jacobians). The reference is
  /// to an internal buffer, overwritten by the next call.
  const VecX& jointRateCommand(const State& state);
  /// Position and orientation errors |p_d - p| and |log(R_d^T R)| at `state`.
  void poseError(const State& state, double& position, double& orientation);
  const VecX& desiredPosition() const { return q_d_; }
  double lastDamping() const { return lambda2_; }
  /// The task velocity the last jointRateCommand() inverted: [v_d; w_d] - drift.
  const Vec6& lastTaskVelocity() const { return task_; }
  double lastSigmaMin() const { return sigma_min_; }
  /// The last reactionless / position-only solve (default values otherwise).
  const ReactionlessCommand& lastReactionless() const { return reactionless_; }

 private:
  const Model& model_;
  Data data_;
  int frame_;
  Pose target_;
  JointSpaceController& inner_;
  ResolvedRateOptions opt_;
  GeneralizedJacobian gj_;
  DampedLeastSquares dls_;
  VecX q_d_, qd_d_, zero_;  // n
  VecX nu_b_, h_b_;         // vehicle velocity iota0^T twist_b and momentum h_b, b
  VecX qd_cmd_;             // jointRateCommand(), n
  Vec6 task_ = Vec6::Zero();
  AttitudeDisturbance disturbance_;
  ReactionNullSpaceSolver rns_;
  Mat3X no_disturbance_;
  MatX task_jacobian_;  // 3 or 6 x n
  VecX task_rows_;      // 3 or 6
  ReactionlessCommand reactionless_;
  double t_prev_ = 0.0, lambda2_ = 0.0, sigma_min_ = 0.0;
  bool initialised_ = false;
};

}  // namespace vms
