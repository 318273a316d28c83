#pragma once
// Desired joint motion q_d(t), qd_d(t), qdd_d(t) for joint-space controllers.
#include <string>

#include "core/spatial/types.hpp"

namespace vms {

class JointTrajectory {
 public:
  virtual ~JointTrajectory() = default;
  /// Number of joints the trajectory drives.
  virtual int size() const = 0;
  /// Fills q, qd, qdd (each of size()) at time t; holds the final point after the end.
  virtual void evaluate(double t, VecX& q, VecX& qd, VecX& qdd) const = 0;
  /// Time at which the motion ends.
  virtual double duration() const = 0;
};

}  // namespace vms
