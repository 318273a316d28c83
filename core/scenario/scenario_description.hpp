#pragma once
// A scenario as its file states it, before anything is checked against the model: what an
// editor edits, and what reading and writing a `*.scenario.json` (core/scenario/scenario_json.hpp)
// map to and from, exactly (read(write(d)) == d). Names (joints, frames, links) are kept as
// text; turning them into indices, compiling the model and checking every value against it is
// the job of scenario assembly. A value type: no I/O. The format: docs/scenario-format.md.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/actuators/reaction_wheel.hpp"
#include "core/actuators/thrusters.hpp"
#include "core/control/joint_sweep_trajectory.hpp"
#include "core/environment/underwater.hpp"
#include "core/model/model_description.hpp"
#include "core/model/state_description.hpp"
#include "core/modes/maneuvering_modes.hpp"

namespace vms {

/// Joint-space references of the controlled joints, in the listed order.
struct QuinticTrajectoryDescription {  // from the initial positions to `target`
  std::vector<double> target;
  double duration = 1.0, start = 0.0;
};
struct WaypointsTrajectoryDescription {  // cubic spline through one row per time
  std::vector<double> times;
  std::vector<std::vector<double>> positions;
};
struct JointSweepTrajectoryDescription {  // seed 004 §8, each joint in turn
  JointSweepParameters parameters;
};
using TrajectoryDescription =
    std::variant<QuinticTrajectoryDescription, WaypointsTrajectoryDescription,
                 JointSweepTrajectoryDescription>;

/// Gains of a joint-space loop: explicit kp/kd, or the harmonic-oscillator rule from tau_max
/// and max_error; neither: kp = kd = 1. A vector of one number means "every joint".
struct JointGainsDescription {
  struct Explicit {
    std::vector<double> kp = {1.0}, kd = {1.0};
  };
  struct Rule {
    std::vector<double> tau_max, max_error = {0.1};
  };
  std::optional<Explicit> gains;
  std::optional<Rule> rule;
};

/// What the joint controllers share: joints by name (none: every joint that is not a wheel),
/// an optional trajectory (none: hold the initial positions), gains.
struct JointControllerDescription {
  std::optional<std::vector<std::string>> joints;
  std::optional<TrajectoryDescription> trajectory;
  JointGainsDescription gains;
};

struct ComputedTorqueDescription : JointControllerDescription {
  bool feed_forward = false;
};

struct JointPDDescription : JointControllerDescription {
  enum class Compensation { None, Gravity, Bias };
  Compensation compensation = Compensation::None;
};

// Quaternions, wheel axes and thruster directions are kept as written (non-zero); assembly
// normalises them.

struct ResolvedRateDescription {
  std::string frame;
  Vec3 target_position = Vec3::Zero();
  std::optional<Quat> target_orientation;  // none: keep the frame's initial orientation
  double k_position = 1.0, k_orientation = 1.0;
  double max_linear_speed = 0.0, max_angular_speed = 0.0;  // 0: unlimited
  bool generalized_jacobian = true;
  // The end effector's position only ("task": "position"), and joint rates in the reaction
  // null space (type "reaction_null_space": the vehicle attitude left unchanged).
  bool position_only = false;
  bool reactionless = false;
  JointGainsDescription gains;  // of the inner computed-torque loop
};

/// Diagonal gains: one number (every axis) or three.
using DiagonalGains = std::vector<double>;

struct WheelAttitudeDescription {
  Quat target = Quat::Identity();
  DiagonalGains kp = {1.0}, kd = {1.0};
};

struct ThrusterHoldDescription {
  Quat target = Quat::Identity();
  Vec3 target_position = Vec3::Zero();
  bool attitude = true, position = true;
  DiagonalGains kp_attitude = {1.0}, kd_attitude = {1.0}, kp_position = {1.0}, kd_position = {1.0};
};

/// Linear-quadratic regulation of the vehicle's attitude and chosen joints about a target at
/// rest (core/control/lqr_regulator.hpp). Weights: one number (every state of the kind) or one
/// per attitude direction, regulated joint or input.
struct LqrDescription {
  Quat target = Quat::Identity();
  bool attitude = true;
  std::vector<std::string> joints;                 // regulated joints (none: attitude only)
  std::vector<double> joint_targets;               // one per regulated joint
  std::optional<std::vector<std::string>> inputs;  // none: the wheels and the regulated joints
  std::vector<double> q_attitude = {1.0}, q_angular_rate = {1.0};
  std::vector<double> q_joint = {1.0}, q_joint_rate = {1.0};
  std::vector<double> r = {1.0};
};

using ControllerDescription =
    std::variant<ComputedTorqueDescription, JointPDDescription, ResolvedRateDescription,
                 WheelAttitudeDescription, ThrusterHoldDescription, LqrDescription>;

/// The file name of each controller type ("computed_torque", ...).
inline const char* controllerTypeName(const ControllerDescription& controller) {
  static const char* const kNames[] = {"computed_torque", "joint_pd",      "resolved_rate",
                                       "wheel_attitude",  "thruster_hold", "lqr"};
  if (const auto* rr = std::get_if<ResolvedRateDescription>(&controller))
    if (rr->reactionless) return "reaction_null_space";
  return kNames[controller.index()];
}

struct ReactionWheelDescription {
  ReactionWheelSpec wheel;
  double initial_speed = 0.0;  // rad/s
};

struct EnvironmentDescription {
  struct Gravity {
    Vec3 gravity = Vec3::Zero();  // world frame, replaces the model's
  };
  struct Underwater {
    FluidProperties fluid;
    Vec3 gravity = Vec3(0.0, 0.0, -9.80665);  // world frame, replaces the model's (weight and
                                              // buoyancy)
    std::vector<HydrodynamicBody> bodies;     // added mass: diagonal, link frame
  };
  struct GravityGradient {
    double mean_motion = 0.0;  // rad/s (a file may give the orbit radius instead)
  };
  std::variant<std::monostate, Gravity, Underwater, GravityGradient> kind;
};

/// The model of a scenario: a file (path as written, relative to the scenario file) or inline.
struct ModelReference {
  std::string path;  // empty: inline
  ModelDescription description;
};

/// The initial state: a STATE file (path as written) or inline; none: neutral, at rest.
struct StateReference {
  std::string path;  // empty: inline
  StateDescription description;
  std::string source;  // for messages: the file read, or "<scenario>: initial_state" (not written)
};

struct ScenarioDescription {
  std::string source;                  // for messages: the file it was read from (not written)
  std::optional<std::string> comment;  // the top-level "comment" (kept when written back)
  std::optional<std::string> name;     // none: the file name without .scenario.json
  ModelReference model;
  std::optional<BaseType> base;  // vehicle type override
  std::optional<StateReference> initial_state;
  EnvironmentDescription environment;
  std::vector<ReactionWheelDescription> reaction_wheels;
  std::vector<ThrusterSpec> thrusters;
  ManeuveringMode mode = ManeuveringMode::Floating;
  std::vector<ControllerDescription> controllers;
  double duration = 0.0, dt = 0.01;
  std::optional<double> control_period;  // none: dt
  std::string integrator = "rk4", solver = "aba";
  /// "root": the base-invariant solver with this link's body as the root (seed 002, Appendix
  /// A); the file's "solver" is then absent (read as base-invariant) or base-invariant.
  std::optional<std::string> root;
  long output_every = 1;
  std::optional<std::string> analysis_end_effector;  // "analysis": {"end_effector": ...}
};

}  // namespace vms
