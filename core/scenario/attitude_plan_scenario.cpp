#include "core/scenario/attitude_plan_scenario.hpp"

#include <cmath>
#include <stdexcept>

namespace vms {

WaypointsTrajectoryDescription attitudePlanWaypoints(const AttitudeLoopPlan& plan,
                                                     const AttitudePlanTiming& timing) {
  if (plan.corners.empty()) throw std::invalid_argument("attitudePlanWaypoints: empty plan");
  if (timing.samples_per_leg < 1 || !(timing.max_joint_speed > 0) || !(timing.min_leg_time > 0))
    throw std::invalid_argument("attitudePlanWaypoints: timing out of range");
  WaypointsTrajectoryDescription w;
  const VecX& q0 = plan.corners.front();
  w.times.push_back(0.0);
  w.positions.emplace_back(q0.data(), q0.data() + q0.size());
  double t = 0.0;
  for (std::size_t c = 1; c < plan.corners.size(); ++c) {
    const VecX& from = plan.corners[c - 1];
    const VecX& to = plan.corners[c];
    const double length = (to - from).lpNorm<Eigen::Infinity>();
    if (length == 0.0) continue;
    // The quintic's peak speed is 1.875 L / T; legs last a whole number of tenths of a second.
    const double leg_time =
        std::ceil(10.0 * std::max(timing.min_leg_time, 1.875 * length / timing.max_joint_speed)) /
        10.0;
    for (int k = 1; k <= timing.samples_per_leg; ++k) {
      const double u = static_cast<double>(k) / timing.samples_per_leg;
      const double s =
          k == timing.samples_per_leg ? 1.0 : u * u * u * (10.0 - 15.0 * u + 6.0 * u * u);
      const VecX q = k == timing.samples_per_leg ? to : VecX(from + s * (to - from));
      w.times.push_back(std::round(1e9 * (t + leg_time * u)) / 1e9);  // no rounding noise
      w.positions.emplace_back(q.data(), q.data() + q.size());
    }
    t += leg_time;
  }
  return w;
}

ScenarioDescription attitudePlanScenario(const Model& model, const AttitudeLoopPlan& plan,
                                         ModelReference model_reference,
                                         std::optional<StateReference> state,
                                         const AttitudePlanTiming& timing) {
  PathTracking tracking;
  tracking.hold = timing.hold;
  tracking.kp = timing.kp;
  tracking.kd = timing.kd;
  tracking.dt = timing.dt;
  tracking.output_every = timing.output_every;
  return trackedPathScenario(model, attitudePlanWaypoints(plan, timing), std::move(model_reference),
                             std::move(state), tracking);
}

}  // namespace vms
