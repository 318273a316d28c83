#pragma once
// Seed 004 §8's manoeuvre, one joint at a time: each joint "accelerates to 0.1 rad/s for 10 s,
// rests 2 s, rotates at -0.1 rad/s for 20 s, rests 2 s, then rotates back" (10 s at +0.1 rad/s:
// peaks +1 rad and -1 rad, back to 0), the other joints held at their start angles.
//
// Acceleration profile (the paper does not give one): the ideal rectangular velocity profile
// (+r for t1, 0 for t_rest, -r for t2, 0 for t_rest, +r for t3) has each velocity step of size
// dv at time t_k replaced by the quintic smoothstep dv s((t - t_k)/t_b + 1/2), a blend of
// duration t_b centred on t_k. The blend is symmetric (s(x) + s(1 - x) = 1), so it moves exactly
// as far as the step it replaces: the peaks are exactly r t1 and r (t1 - t2), the joint returns
// exactly to its start, and q, qd, qdd (and the jerk) are continuous. Each joint's motion lasts
// t1 + t2 + t3 + 2 t_rest + t_b (44 s + t_b for the paper's numbers); joint j starts at
// j (that + dwell). Requires t_b <= min(t_rest, t1, t2, t3).
#include "core/control/joint_trajectory.hpp"

namespace vms {

struct JointSweepParameters {
  double rate = 0.1;     // r, rad/s
  double first = 10.0;   // t1, s at +r (peak r t1 = +1 rad)
  double rest = 2.0;     // t_rest, s
  double second = 20.0;  // t2, s at -r (down to r (t1 - t2) = -1 rad)
  double back = 10.0;    // t3, s at +r (back to r (t1 - t2 + t3) = 0)
  double blend = 1.0;    // t_b, s: duration of each velocity blend
  double dwell = 0.0;    // s between the end of one joint's motion and the next start
};

class JointSweepTrajectory final : public JointTrajectory {
 public:
  /// q_start: the joints' start (and end) angles. Throws std::invalid_argument for a blend
  /// longer than a phase or a non-positive duration.
  JointSweepTrajectory(const VecX& q_start, const JointSweepParameters& p = {});

  int size() const override { return static_cast<int>(q0_.size()); }
  void evaluate(double t, VecX& q, VecX& qd, VecX& qdd) const override;
  double duration() const override { return size() * perJoint() + (size() - 1) * p_.dwell; }

  /// Duration of one joint's motion: t1 + t2 + t3 + 2 t_rest + t_b.
  double perJoint() const;
  /// Start time of joint j's motion.
  double jointStart(int j) const { return j * (perJoint() + p_.dwell); }
  const JointSweepParameters& parameters() const { return p_; }

 private:
  VecX q0_;
  JointSweepParameters p_;
};

}  // namespace vms
