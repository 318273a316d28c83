#pragma once
// An attitude plan (core/analysis/attitude_loop_planner.hpp) as a scenario: the joints follow
// the plan's straight legs, each a quintic rest-to-rest profile 10u^3 - 15u^4 + 6u^5 sampled
// `samples_per_leg` times (a waypoint trajectory: its clamped cubic spline stays within
// about 5 L / samples^4 of a leg of length L), tracked by computed torque with feed-forward,
// then a hold; floating mode, so the vehicle turns as the plan says (zero momentum).
#include <optional>

#include "core/analysis/attitude_loop_planner.hpp"
#include "core/scenario/tracked_path_scenario.hpp"

namespace vms {

struct AttitudePlanTiming {
  double max_joint_speed = 0.5;  // rad/s: peak speed of the longest leg's profile
  double min_leg_time = 2.0;     // s
  int samples_per_leg = 20;
  double hold = 5.0;  // s after the path
  double kp = 64.0, kd = 16.0;
  double dt = 0.01;
  long output_every = 10;
};

/// The plan's path as waypoints (one row of every joint per time, starting at t = 0).
WaypointsTrajectoryDescription attitudePlanWaypoints(const AttitudeLoopPlan& plan,
                                                     const AttitudePlanTiming& timing = {});

/// The scenario running the plan on `model` (by reference, as the caller names it) from
/// `state` (none: the model's neutral state, which must be the plan's start).
ScenarioDescription attitudePlanScenario(const Model& model, const AttitudeLoopPlan& plan,
                                         ModelReference model_reference,
                                         std::optional<StateReference> state,
                                         const AttitudePlanTiming& timing = {});

}  // namespace vms
