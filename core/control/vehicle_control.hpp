#pragma once
// Vehicle attitude control on SO(3) and position hold, with reaction-wheel or thruster
// allocation.
//
// Attitude law (geodesic, no Euler angles), in the VEHICLE BODY frame:
//   phi = log(R_d^T R)^v  (so3Log; R = world <- vehicle, R_d the desired one),
//   tau_b = -K_p phi - K_d (w_b - w_d,b),
// w_b the body angular velocity (State::base_twist), w_d,b the desired one in body
// coordinates (zero for a slew to rest). With R = R_d Exp(phi) the body rate -k phi moves phi
// along the geodesic; V = 1/2 w^T J w + K_p (1 - cos|phi|)-type arguments give convergence
// from any attitude but |phi| = pi, and gyroscopic terms (wheel momentum) do no work.
//
// Position hold (world frame): f_w = K_p,x (p_d - p) - K_d,x (v - v_d), body force R^T f_w.
//
// Allocation:
//  * wheels: a wheel's motor torque u_i on its wheel (joint torque, + about its spin axis a_i in
//    the vehicle frame) acts on the vehicle as -u_i a_i. u = -A^+ tau_b, A = [a_1 ... a_k]
//    (3 x k; minimum-norm, exact when A has rank 3). Wheel speed and torque limits are left
//    to the simulation's saturation.
//  * thrusters: commands c in [0, 1]^m with B c ~= w (B = Thrusters::vehicleAllocationMatrix(),
//    6 x m, wrench [f; n] in the vehicle frame at its origin): non-negative least squares
//    (Lawson-Hanson active set) for min |W (B c - w)|, W = diag(row weights: 0 drops a wrench
//    component, e.g. forces for attitude-only control by couples); if a command exceeds 1 the
//    whole vector is scaled down by its maximum, keeping the wrench direction.
//
// Allocation: the controllers' compute() makes no heap allocation (workspaces sized at
// construction, tests/core/control/test_control_no_allocation.cpp); the free functions
// nonNegativeLeastSquares() and allocateThrusters() allocate theirs on each call.
#include <Eigen/QR>
#include <vector>

#include "core/control/controller.hpp"

namespace vms {

/// Non-negative least squares: x >= 0 minimising |A x - b| (Lawson & Hanson 1974).
VecX nonNegativeLeastSquares(const MatX& A, const VecX& b, int max_iterations = 200);

/// nonNegativeLeastSquares() with its workspaces (one complete orthogonal decomposition per
/// passive-set size 1..cols) sized once: solve() makes no heap allocation.
class NonNegativeLeastSquares {
 public:
  NonNegativeLeastSquares(Eigen::Index rows, Eigen::Index cols);
  /// x >= 0 minimising |A x - b| for A of the constructed size (x: size cols). Throws
  /// std::invalid_argument for another size.
  void solve(const MatX& A, const VecX& b, VecX& x, int max_iterations = 200);

 private:
  /// z_ = least-squares solution on the passive columns, zero elsewhere.
  void solvePassive(const MatX& A, const VecX& b);

  std::vector<Eigen::CompleteOrthogonalDecomposition<MatX>> cod_;  // [p - 1]: rows x p
  std::vector<VecX> y_;                                            // [p - 1]: p
  std::vector<char> passive_;
  std::vector<Eigen::Index> idx_;  // passive columns, capacity cols
  MatX Ap_;                        // rows x cols: the passive columns first
  VecX z_, w_, r_, c_, t_, temp_;  // cols, cols, rows, rows, rows, cols + 1
};

/// Thruster commands in [0, 1] for the vehicle-frame wrench `w` (see above).
VecX allocateThrusters(const Mat6X& B, const Vec6& w, const Vec6& row_weights = Vec6::Ones());

/// allocateThrusters() for m thrusters without heap allocation (workspaces sized once).
class ThrusterAllocator {
 public:
  explicit ThrusterAllocator(Eigen::Index thrusters);
  /// c (size m) = allocateThrusters(B, w, row_weights), B: 6 x m.
  void allocate(const Mat6X& B, const Vec6& w, const Vec6& row_weights, VecX& c);

 private:
  MatX WB_;  // 6 x m
  VecX Ww_;  // 6
  NonNegativeLeastSquares nnls_;
};

/// phi = log(R_d^T R) and tau_b = -K_p phi - K_d (w_b - w_d) (vehicle body frame).
Vec3 attitudeErrorVector(const Quat& R, const Quat& R_d);
Vec3 attitudeTorque(const State& state, const Quat& R_d, const Vec3& w_d_body, const Mat3& Kp,
                    const Mat3& Kd);

struct AttitudeGains {
  Mat3 kp = Mat3::Identity();
  Mat3 kd = Mat3::Identity();
};

/// Attitude control by reaction wheels (joint torques on the wheel joints).
class WheelAttitudeController final : public Controller {
 public:
  /// `wheel_joints`: user indices of the wheels' continuous joints (e.g.
  /// reactionWheelJoints()); each wheel body must hang on the vehicle (body 0). Throws
  /// std::invalid_argument otherwise.
  WheelAttitudeController(const Model& model, std::vector<int> wheel_joints, const Quat& R_d,
                          AttitudeGains gains);
  std::string name() const override { return "wheel_attitude"; }
  void compute(double t, const State& state, ControlOutput& out) override;

  void setTarget(const Quat& R_d, const Vec3& w_d_body = Vec3::Zero()) {
    R_d_ = R_d;
    w_d_ = w_d_body;
  }
  /// Spin axes (vehicle frame), 3 x k.
  const MatX& wheelAxes() const { return axes_; }
  /// Last commanded body torque.
  const Vec3& lastTorque() const { return tau_b_; }

 private:
  std::vector<int> joints_;
  MatX axes_, pinv_;  // 3 x k, k x 3
  VecX u_;            // wheel torques, k
  Quat R_d_;
  Vec3 w_d_ = Vec3::Zero(), tau_b_ = Vec3::Zero();
  AttitudeGains gains_;
};

/// Vehicle attitude and/or position control by thrusters on the vehicle.
class ThrusterVehicleController final : public Controller {
 public:
  struct Options {
    bool attitude = true;
    bool position = true;
    AttitudeGains attitude_gains;
    Mat3 kp_position = Mat3::Identity();
    Mat3 kd_position = Mat3::Identity();
  };
  /// `allocation` = Thrusters::vehicleAllocationMatrix().
  ThrusterVehicleController(const Model& model, const Mat6X& allocation, const Quat& R_d,
                            const Vec3& p_d, Options options);
  std::string name() const override { return "thruster_vehicle"; }
  void compute(double t, const State& state, ControlOutput& out) override;
  void setTarget(const Quat& R_d, const Vec3& p_d) {
    R_d_ = R_d;
    p_d_ = p_d;
  }
  /// Desired vehicle-frame wrench [f; n] of the last update (before allocation).
  const Vec6& lastWrench() const { return wrench_; }

 private:
  Mat6X B_;
  Quat R_d_;
  Vec3 p_d_;
  Options opt_;
  Vec6 wrench_ = Vec6::Zero();
  ThrusterAllocator allocator_;
  VecX c_;  // commands, one per thruster
};

}  // namespace vms
