#pragma once
// Joint-space controllers: PD with optional gravity / bias compensation, and seed 004's
// computed-torque control (112)-(115) with an optional acceleration feed-forward.
//
// Reduced joint dynamics. For the controlled joints S (all joints by default; the other joints
// are assumed to receive no torque from this controller) the joint accelerations are affine in
// the torque: qdd_S = qdd0_S + (M^-1)_SS tau_S, where qdd0 are the articulated-body (ABA)
// accelerations at tau = 0 (gravity, velocity products and, for a free vehicle, its reaction
// at any momentum). Hence
//   H* qdd_S + c* = tau_S,  H* = ((M^-1)_SS)^-1,  c* = -H* qdd0_S,
// H* being seed 004's reduced inertia (45) (= Hmm for a fixed vehicle, = reducedJointInertia()
// when S is all joints) and c* the exact bias C* qd of (115) for any momentum. Computed torque
//   tau = H* u + c* (+ D qd, the model's joint damping, which SystemDynamics applies)
// therefore gives qdd_S = u exactly (under continuous control; with a zero-order hold the
// error is O(h)). External force models (drag, thrusters) are not compensated.
//
// Allocation: every workspace is sized at construction, so compute(), computeTorque() and
// reducedDynamics() (with H, c already of the controlled-joint size) make no heap allocation
// (the simulation hot path; tests/core/control/test_control_no_allocation.cpp).
#include <Eigen/Cholesky>
#include <vector>

#include "core/control/controller.hpp"
#include "core/control/joint_trajectory.hpp"
#include "core/model/data.hpp"

namespace vms {

struct JointGains {
  VecX kp, kd;
};

/// Seed 004 (113)-(114): K_P,i = tau_max,i / (q_D - q)_max,i and K_D,i = sqrt(2) K_P,i.
JointGains harmonicOscillatorGains(const VecX& tau_max, const VecX& max_error);

/// Common part: the controlled joints, the reference and the reduced dynamics at a state.
class JointSpaceController : public Controller {
 public:
  /// `reference` (not owned; may be null if only computeTorque() is used) drives the joints
  /// `joints` (user indices; empty = all joints, in order). Gains are per controlled joint.
  JointSpaceController(const Model& model, const JointTrajectory* reference, JointGains gains,
                       std::vector<int> joints = {});

  void compute(double t, const State& state, ControlOutput& out) override;
  /// Adds the torques tracking (q_d, qd_d, qdd_d) (controlled-joint vectors) to out.joint_torque.
  virtual void computeTorque(const State& state, const VecX& q_d, const VecX& qd_d,
                             const VecX& qdd_d, ControlOutput& out) = 0;

  const std::vector<int>& joints() const { return joints_; }
  const JointGains& gains() const { return gains_; }
  void setGains(JointGains gains);
  /// Replaces the reference (not owned; its size must be the number of controlled joints).
  void setReference(const JointTrajectory* reference);
  /// Reduced inertia H* and bias c* of the controlled joints (updates the internal data).
  /// Allocation-free when H and c already have the controlled-joint size.
  void reducedDynamics(const State& state, MatX& H, VecX& c);

 protected:
  /// out = v at the controlled joints (out presized: no allocation).
  void gather(const VecX& v, VecX& out) const;
  void scatterAdd(const VecX& tau_s, VecX& tau) const;

  const Model& model_;
  Data data_;
  const JointTrajectory* reference_;
  JointGains gains_;
  std::vector<int> joints_;
  bool compensate_damping_ = true;
  VecX q_d_, qd_d_, qdd_d_;
  // Workspaces (sized once in the constructor), s = controlled joints:
  VecX q_s_, qd_s_, tau_s_;  // gathered q, qd and the torque, s
  VecX damping_s_;           // the model's joint damping at the controlled joints, s

 private:
  Eigen::LLT<MatX> llt_M_;  // of M, nv x nv
  Eigen::LLT<MatX> llt_G_;  // of (M^-1)_SS, s x s
  MatX E_;                  // selection of the controlled joints in nu, nv x s
  MatX Minv_S_;             // M^-1 E, nv x s
  MatX G_;                  // (M^-1)_SS, s x s
  VecX zero_tau_;           // njoints zeros (ABA at tau = 0)
  VecX qdd_s_;              // ABA accelerations at the controlled joints, s

 public:
  /// Adds D qd (the model's viscous joint damping) to the torque. On by default.
  void setDampingCompensation(bool on) { compensate_damping_ = on; }
};

/// tau = K_P (q_d - q) + K_D (qd_d - qd) [+ compensation]. With Compensation::Gravity the
/// reduced bias at zero velocities is added (gravity as the arm feels it on its vehicle); with
/// Compensation::Bias the full c* (gravity and velocity products).
class JointPDController final : public JointSpaceController {
 public:
  enum class Compensation { None, Gravity, Bias };
  JointPDController(const Model& model, const JointTrajectory* reference, JointGains gains,
                    Compensation compensation = Compensation::None, std::vector<int> joints = {});
  std::string name() const override { return "joint_pd"; }
  void computeTorque(const State& state, const VecX& q_d, const VecX& qd_d, const VecX& qdd_d,
                     ControlOutput& out) override;

 private:
  Compensation compensation_;
  MatX H_;  // s x s
  VecX c_;  // s
  State zero_velocity_;
};

/// Seed 004 (112)-(115): u = [qdd_d] + K_D (qd_d - qd) + K_P (q_d - q), tau = H* u + c*.
/// feed_forward = false reproduces the paper (no qdd_d term).
class ComputedTorqueController final : public JointSpaceController {
 public:
  ComputedTorqueController(const Model& model, const JointTrajectory* reference, JointGains gains,
                           bool feed_forward = false, std::vector<int> joints = {});
  std::string name() const override { return "computed_torque"; }
  void computeTorque(const State& state, const VecX& q_d, const VecX& qd_d, const VecX& qdd_d,
                     ControlOutput& out) override;
  void setFeedForward(bool on) { feed_forward_ = on; }

 private:
  bool feed_forward_;
  MatX H_;  // s x s
  VecX c_;  // s
  VecX u_;  // s
};

}  // namespace vms
