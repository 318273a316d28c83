#include "core/control/joint_sweep_trajectory.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/control/quintic_trajectory.hpp"

namespace vms {
namespace {

// Integral of the clamped quintic smoothstep from 0 to x (x may exceed 1).
double smoothstepIntegral(double x) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 0.5 + (x - 1.0);
  const double x4 = x * x * x * x;
  return x4 * (2.5 - 3.0 * x + x * x);
}

}  // namespace

JointSweepTrajectory::JointSweepTrajectory(const VecX& q_start, const JointSweepParameters& p)
    : q0_(q_start), p_(p) {
  if (!(p.first > 0.0 && p.second > 0.0 && p.back > 0.0 && p.rest >= 0.0 && p.blend > 0.0 &&
        p.dwell >= 0.0))
    throw std::invalid_argument("JointSweepTrajectory: durations must be positive");
  if (p.blend > std::min({p.rest, p.first, p.second, p.back}))
    throw std::invalid_argument("JointSweepTrajectory: the blend is longer than a phase");
}

double JointSweepTrajectory::perJoint() const {
  return p_.first + p_.second + p_.back + 2.0 * p_.rest + p_.blend;
}

void JointSweepTrajectory::evaluate(double t, VecX& q, VecX& qd, VecX& qdd) const {
  const int n = size();
  q = q0_;
  qd = VecX::Zero(n);
  qdd = VecX::Zero(n);
  const double tb = p_.blend, r = p_.rate;
  // Velocity steps (time from the joint's start, size) of the rectangular profile.
  const double t0 = 0.5 * tb;
  const double steps[6][2] = {{t0, r},
                              {t0 + p_.first, -r},
                              {t0 + p_.first + p_.rest, -r},
                              {t0 + p_.first + p_.rest + p_.second, r},
                              {t0 + p_.first + 2.0 * p_.rest + p_.second, r},
                              {t0 + p_.first + 2.0 * p_.rest + p_.second + p_.back, -r}};
  for (int j = 0; j < n; ++j) {
    const double tau = t - jointStart(j);
    if (tau <= 0.0 || tau >= perJoint()) continue;  // at rest at q0, exactly
    for (const auto& st : steps) {
      const double x = (tau - st[0]) / tb + 0.5;
      double s, ds, dds;
      quinticSmoothstep(x, s, ds, dds);
      q[j] += st[1] * tb * smoothstepIntegral(x);
      qd[j] += st[1] * s;
      qdd[j] += st[1] * ds / tb;
    }
  }
}

}  // namespace vms
