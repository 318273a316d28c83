#pragma once
// Motion through waypoints (t_k, q_k), k = 0..m-1, by a clamped cubic spline per joint:
// q, qd and qdd are continuous on [t_0, t_{m-1}] (C^2), the velocity is zero at the first and
// last waypoints (rest to rest), and the curve passes through every waypoint. The end
// accelerations are those of the spline (not zero in general): qdd jumps to 0 where the motion
// is held before t_0 and after t_{m-1}. With two waypoints the spline is the cubic
// rest-to-rest blend.
#include <vector>

#include "core/control/joint_trajectory.hpp"

namespace vms {

class WaypointTrajectory final : public JointTrajectory {
 public:
  /// positions: n x m (one column per waypoint). Throws std::invalid_argument unless
  /// m = times.size() >= 2, times strictly increase and positions has m columns.
  WaypointTrajectory(std::vector<double> times, const MatX& positions);

  int size() const override { return static_cast<int>(q_.rows()); }
  void evaluate(double t, VecX& q, VecX& qd, VecX& qdd) const override;
  double duration() const override { return t_.back(); }

 private:
  std::vector<double> t_;
  MatX q_;    // n x m waypoints
  MatX acc_;  // n x m spline second derivatives at the waypoints
};

}  // namespace vms
