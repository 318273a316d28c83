#pragma once
// Rest-to-rest point-to-point motion with the quintic time scaling
//   s(x) = 10 x^3 - 15 x^4 + 6 x^5,  x = (t - t0) / T,
// q(t) = q0 + (q1 - q0) s(x): zero velocity and acceleration at both ends, so q, qd and qdd are
// continuous when the motion is held before t0 and after t0 + T.
#include "core/control/joint_trajectory.hpp"

namespace vms {

class QuinticTrajectory final : public JointTrajectory {
 public:
  /// Throws std::invalid_argument for mismatched sizes or a non-positive duration.
  QuinticTrajectory(const VecX& q0, const VecX& q1, double duration, double t0 = 0.0);

  int size() const override { return static_cast<int>(q0_.size()); }
  void evaluate(double t, VecX& q, VecX& qd, VecX& qdd) const override;
  /// t0 + duration: the time at which the motion ends.
  double duration() const override { return t0_ + T_; }

 private:
  VecX q0_, dq_;
  double T_, t0_;
};

/// Quintic smoothstep s(x) and its first two derivatives with respect to x, x clamped to [0, 1].
void quinticSmoothstep(double x, double& s, double& ds, double& dds);

}  // namespace vms
