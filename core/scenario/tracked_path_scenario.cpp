#include "core/scenario/tracked_path_scenario.hpp"

#include <stdexcept>

namespace vms {

ScenarioDescription trackedPathScenario(const Model& model,
                                        WaypointsTrajectoryDescription waypoints,
                                        ModelReference model_reference,
                                        std::optional<StateReference> state,
                                        const PathTracking& tracking) {
  if (waypoints.times.empty())
    throw std::invalid_argument("trackedPathScenario: the path has no waypoints");
  ScenarioDescription d;
  d.model = std::move(model_reference);
  d.initial_state = std::move(state);
  d.mode = ManeuveringMode::Floating;
  ComputedTorqueDescription controller;
  controller.joints = model.joint_names;
  d.duration = waypoints.times.back() + tracking.hold;
  controller.trajectory = std::move(waypoints);
  controller.gains.gains = JointGainsDescription::Explicit{{tracking.kp}, {tracking.kd}};
  controller.feed_forward = true;
  d.controllers.push_back(controller);
  d.dt = tracking.dt;
  d.control_period = tracking.dt;
  d.output_every = tracking.output_every;
  return d;
}

}  // namespace vms
