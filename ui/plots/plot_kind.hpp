#pragma once
// The built-in plots of the panel (user-chosen quantities come on top). Included by
// plot_panel.hpp, which is where the app meets it.

namespace vms::ui {

enum class PlotKind {
  Momentum,        // total / vehicle / arm, linear and angular
  MomentumDrift,   // |P(t) - P(0)|, |L(t) - L(0)|, log scale
  BaseReaction,    // wrench on the vehicle, attitude deviation, vehicle CoM displacement
  Manipulability,  // fixed-base vs floating Yoshikawa measure, dynamic singularity
  Energy,          // T, T + V, actuator work, power-balance residual
  JointAngles,
  JointRates,
  JointTorques,
};

}  // namespace vms::ui
