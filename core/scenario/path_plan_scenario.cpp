#include "core/scenario/path_plan_scenario.hpp"

#include <cmath>
#include <stdexcept>

namespace vms {

WaypointsTrajectoryDescription pathWaypoints(const LeastDisturbancePath& path,
                                             const PathTiming& timing) {
  if (timing.samples < 2 || !(timing.max_joint_speed > 0) || !(timing.min_time > 0))
    throw std::invalid_argument("pathWaypoints: timing out of range");
  // Peak of |dq/ds| over the path; the quintic's peak ds/du is 1.875.
  double peak = 0.0;
  for (int i = 0; i <= 1000; ++i)
    peak = std::max(peak, path.derivative(i / 1000.0).lpNorm<Eigen::Infinity>());
  const double duration =
      std::ceil(10.0 * std::max(timing.min_time, 1.875 * peak / timing.max_joint_speed)) / 10.0;
  WaypointsTrajectoryDescription w;
  for (int k = 0; k <= timing.samples; ++k) {
    const double u = static_cast<double>(k) / timing.samples;
    const double s = k == timing.samples ? 1.0 : u * u * u * (10.0 - 15.0 * u + 6.0 * u * u);
    const VecX q = k == timing.samples ? path.end : path.at(s);
    w.times.push_back(std::round(1e9 * duration * u) / 1e9);
    w.positions.emplace_back(q.data(), q.data() + q.size());
  }
  return w;
}

ScenarioDescription pathScenario(const Model& model, const LeastDisturbancePath& path,
                                 ModelReference model_reference,
                                 std::optional<StateReference> state, const PathTiming& timing) {
  PathTracking tracking;
  tracking.hold = timing.hold;
  tracking.kp = timing.kp;
  tracking.kd = timing.kd;
  tracking.dt = timing.dt;
  tracking.output_every = timing.output_every;
  return trackedPathScenario(model, pathWaypoints(path, timing), std::move(model_reference),
                             std::move(state), tracking);
}

}  // namespace vms
