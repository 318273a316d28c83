#pragma once
// A least-disturbance path (core/analysis/least_disturbance_path.hpp) as a scenario: the joints
// follow q(s(t)) with the rest-to-rest quintic timing s = 10u^3 - 15u^4 + 6u^5, u = t / T,
// sampled `samples` times (a waypoint trajectory: its clamped cubic spline follows the smooth
// path closely), tracked by computed torque with feed-forward, then held; floating mode, so the
// vehicle turns as the path makes it (zero momentum). T is the shortest whole tenth of a second
// that keeps every joint below `max_joint_speed` (and at least `min_time`).
#include <optional>

#include "core/analysis/least_disturbance_path.hpp"
#include "core/scenario/tracked_path_scenario.hpp"

namespace vms {

struct PathTiming {
  double max_joint_speed = 0.3;  // rad/s (m/s for prismatic joints)
  double min_time = 5.0;         // s
  int samples = 100;
  double hold = 5.0;  // s after the path
  double kp = 64.0, kd = 16.0;
  double dt = 0.01;
  long output_every = 10;
};

/// The path as waypoints (one row of every joint per time, starting at t = 0).
WaypointsTrajectoryDescription pathWaypoints(const LeastDisturbancePath& path,
                                             const PathTiming& timing = {});

/// The scenario running the path on `model` (by reference, as the caller names it) from
/// `state` (none: the model's neutral state, which must be the path's start).
ScenarioDescription pathScenario(const Model& model, const LeastDisturbancePath& path,
                                 ModelReference model_reference,
                                 std::optional<StateReference> state,
                                 const PathTiming& timing = {});

}  // namespace vms
