#include "core/actuators/saturation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace vms {

int saturateJointTorques(const Model& model, VecX& tau) {
  int changed = 0;
  for (int k = 0; k < model.njoints; ++k) {
    const double lim = model.effort_limit[k];
    if (!(lim > 0.0)) continue;
    const double t = std::clamp(tau[k], -lim, lim);
    if (t != tau[k]) {
      tau[k] = t;
      ++changed;
    }
  }
  return changed;
}

int saturateWheelTorques(const Model& model, const std::vector<int>& wheel_joints,
                         const std::vector<ReactionWheelSpec>& specs, const State& state,
                         VecX& tau) {
  if (wheel_joints.size() != specs.size())
    throw std::invalid_argument("saturateWheelTorques: " + std::to_string(wheel_joints.size()) +
                                " joints for " + std::to_string(specs.size()) + " wheels");
  (void)model;
  int changed = 0;
  for (std::size_t j = 0; j < specs.size(); ++j) {
    const int k = wheel_joints[j];
    double t = tau[k];
    if (specs[j].max_torque > 0.0) t = std::clamp(t, -specs[j].max_torque, specs[j].max_torque);
    const double w = state.qd[k];
    if (specs[j].max_speed > 0.0 && std::abs(w) >= specs[j].max_speed && t * w > 0.0) t = 0.0;
    if (t != tau[k]) {
      tau[k] = t;
      ++changed;
    }
  }
  return changed;
}

}  // namespace vms
