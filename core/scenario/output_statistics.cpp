#include "core/scenario/output_statistics.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace vms {

std::vector<SummaryFigureSpec> summaryFigures(const Scenario& scenario, bool energy_balance) {
  using R = Reduction;
  using S = SummarySection;
  std::vector<SummaryFigureSpec> f = {
      {"linear_momentum_drift", "drift_P", R::Max, S::Momentum, "P_scale"},
      {"angular_momentum_drift", "drift_L", R::Max, S::Momentum, "L_scale"},
      // About the moving system CoM: conserved where L about the origin is not (thrusters
      // through the CoM).
      {"angular_momentum_com_drift", "drift_L_com", R::Max, S::Momentum, "L_com_scale"},
  };
  if (energy_balance)
    f.push_back({"energy_residual", "power_residual", R::MaxAbs, S::Energy, "energy_scale"});
  f.push_back(
      {"max_vehicle_attitude_deviation", "vehicle_attitude_deviation", R::Max, S::Vehicle, ""});
  f.push_back(
      {"final_vehicle_attitude_deviation", "vehicle_attitude_deviation", R::Final, S::Vehicle, ""});
  f.push_back({"max_vehicle_com_displacement", "vehicle_com_displacement", R::Max, S::Vehicle, ""});
  f.push_back({"max_system_com_displacement", "system_com_displacement", R::Max, S::Vehicle, ""});
  if (!scenario.controllers.empty()) {
    f.push_back({"tracking_error_max", "tracking_error", R::Max, S::Tracking, ""});
    f.push_back({"tracking_error_final", "tracking_error", R::Final, S::Tracking, ""});
  }
  if (hasReactionNullSpaceController(scenario)) {
    f.push_back(
        {"reactionless_task_residual_max", "reactionless_task_residual", R::Max, S::Tracking, ""});
    f.push_back(
        {"reactionless_vehicle_rate_max", "reactionless_vehicle_rate", R::Max, S::Tracking, ""});
    f.push_back({"reactionless_first_outside_time", "reactionless_outside", R::FirstTimePositive,
                 S::Tracking, ""});
  }
  if (scenario.analysis) {
    for (const char* q : {"manipulability_fixed", "manipulability_floating"}) {
      f.push_back({std::string(q) + "_min", q, R::Min, S::Analysis, ""});
      f.push_back({std::string(q) + "_max", q, R::Max, S::Analysis, ""});
    }
  }
  return f;
}

OutputStatistics::OutputStatistics(const OutputQuantities& quantities,
                                   std::vector<SummaryFigureSpec> specs) {
  auto quantity = [&](const std::string& name) {
    const OutputQuantity* q = quantities.find(name);
    if (!q) throw std::invalid_argument("summary figure of an unknown quantity '" + name + "'");
    return q;
  };
  for (SummaryFigureSpec& spec : specs) {
    Source source{quantity(spec.quantity),
                  spec.relative_to.empty() ? nullptr : quantity(spec.relative_to)};
    Figure figure;
    figure.value = spec.reduction == Reduction::Min                 ? HUGE_VAL
                   : spec.reduction == Reduction::FirstTimePositive ? -1.0
                                                                    : 0.0;
    figure.spec = std::move(spec);
    figures_.push_back(std::move(figure));
    sources_.push_back(source);
  }
}

void OutputStatistics::accumulate(const OutputSample& at, const Snapshot& first) {
  for (size_t i = 0; i < figures_.size(); ++i) {
    Figure& f = figures_[i];
    const Source& source = sources_[i];
    const double x = source.value->value(at, first);
    // std::max/min(running, x): a NaN instant leaves the running figure as it was.
    switch (f.spec.reduction) {
      case Reduction::Max:
        f.value = std::max(f.value, x);
        break;
      case Reduction::MaxAbs:
        f.value = std::max(f.value, std::abs(x));
        break;
      case Reduction::Min:
        f.value = std::min(f.value, x);
        break;
      case Reduction::Final:
        f.value = x;
        break;
      case Reduction::FirstTimePositive:
        if (f.value < 0.0 && x > 0.0) f.value = at.snapshot->time;
        break;
    }
    if (source.scale) f.scale = std::max(f.scale, source.scale->value(at, first));
  }
}

}  // namespace vms
