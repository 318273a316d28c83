#pragma once
// A joint path given as waypoints, as a scenario: every joint of `model` follows the waypoints'
// clamped cubic spline, tracked by computed torque with feed-forward, then holds the last
// waypoint for `hold` seconds; floating mode, so the free-floating vehicle moves as the joints
// make it (zero momentum). The planners' scenarios (attitude_plan_scenario.hpp,
// path_plan_scenario.hpp) are this with their own waypoints.
#include <optional>

#include "core/scenario/scenario_description.hpp"

namespace vms {

struct PathTracking {
  double hold = 5.0;  // s after the last waypoint
  double kp = 64.0, kd = 16.0;
  double dt = 0.01;
  long output_every = 10;
};

ScenarioDescription trackedPathScenario(const Model& model,
                                        WaypointsTrajectoryDescription waypoints,
                                        ModelReference model_reference,
                                        std::optional<StateReference> state,
                                        const PathTracking& tracking);

}  // namespace vms
