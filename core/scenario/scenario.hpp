#pragma once
// A scenario: everything one headless run needs (model, initial state, environment, actuators,
// maneuvering mode, controllers, time settings), read from a strict `*.scenario.json` file.
// The format is documented in docs/scenario-format.md. Every problem is reported as a
// ModelError "<file>: <key path>: <problem>".
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/actuators/reaction_wheel.hpp"
#include "core/actuators/thrusters.hpp"
#include "core/control/joint_controllers.hpp"
#include "core/control/joint_sweep_trajectory.hpp"
#include "core/control/lqr_regulator.hpp"
#include "core/control/resolved_rate.hpp"
#include "core/control/vehicle_control.hpp"
#include "core/environment/underwater.hpp"
#include "core/model/model.hpp"
#include "core/model/state.hpp"
#include "core/modes/maneuvering_modes.hpp"
#include "core/scenario/scenario_description.hpp"

namespace vms {

struct TrajectorySpec {
  enum class Type { Quintic, Waypoints, JointSweep };
  Type type = Type::Quintic;
  // quintic: from the initial joint positions to `target` over [start, start + duration]
  VecX target;
  double start = 0.0, duration = 1.0;
  // waypoints: times (strictly increasing) and one column of positions per time
  std::vector<double> times;
  MatX positions;
  // joint_sweep (seed 004 §8): each controlled joint in turn, from its initial position
  JointSweepParameters sweep;
};

// The controllers of an assembled scenario: joints resolved to model indices, sizes checked
// against the model. One type per controller (the description's counterparts, resolved).

/// What the joint controllers share.
struct JointControllerSetup {
  std::vector<int> joints;                   // model joint indices, in the listed order
  std::optional<TrajectorySpec> trajectory;  // none: hold the initial positions
  JointGains gains;
};

struct ComputedTorqueSetup : JointControllerSetup {
  bool feed_forward = false;
};

struct JointPDSetup : JointControllerSetup {
  JointPDController::Compensation compensation = JointPDController::Compensation::None;
};

/// Drives every joint (an inner computed-torque loop with `gains`).
struct ResolvedRateSetup {
  int frame = -1;
  Pose target;
  bool target_orientation = false;  // false: keep the frame's initial orientation
  ResolvedRateOptions options;
  JointGains gains;
};

/// Drives the reaction wheels.
struct WheelAttitudeSetup {
  Quat target = Quat::Identity();
  AttitudeGains gains;
};

/// Drives the thrusters.
struct ThrusterHoldSetup {
  Quat target_attitude = Quat::Identity();
  Vec3 target_position = Vec3::Zero();
  ThrusterVehicleController::Options options;
};

/// Drives its input joints (reaction wheels, arm joints); `options.period` is the scenario's
/// control period (set by assembly).
struct LqrSetup {
  LqrRegulatorOptions options;
};

using ControllerSetup = std::variant<ComputedTorqueSetup, JointPDSetup, ResolvedRateSetup,
                                     WheelAttitudeSetup, ThrusterHoldSetup, LqrSetup>;

struct EnvironmentSpec {
  enum class Type { None, Gravity, Underwater, GravityGradient };
  Type type = Type::None;
  FluidProperties fluid;  // underwater
  std::vector<HydrodynamicBody> bodies;
  double mean_motion = 0.0;  // gravity_gradient: orbit rate n, rad/s
};

/// Optional per-step analysis that `vms run` adds to its output (the "analysis" key).
struct AnalysisSpec {
  std::string end_effector;  // frame name
  int end_effector_frame = -1;
};

struct Scenario {
  std::string name;    // "name" or the file name without .scenario.json
  std::string source;  // file the scenario was read from (for messages)
  Model model;         // compiled, with base override, reaction wheels and environment applied
  State initial_state;
  VecX constant_tau;  // the STATE's optional `tau`, held constant and added to the controllers'
  EnvironmentSpec environment;
  std::vector<ReactionWheelSpec> reaction_wheels;
  std::vector<ThrusterSpec> thrusters;
  ManeuveringMode mode = ManeuveringMode::Floating;
  std::vector<ControllerSetup> controllers;
  double duration = 0.0, dt = 0.01, control_period = 0.01;
  std::string integrator = "rk4", solver = "aba";
  std::string root;  // "root" link (solver base-invariant, re-rooted there); empty: the vehicle
  long output_every = 1;
  std::optional<AnalysisSpec> analysis;  // none: no analysis columns
};

/// Compiles the description's model (with its base override, reaction wheels and environment)
/// and checks every name and value against it: the one place that does. Throws ModelError
/// "<description.source>: <key path>: <problem>".
Scenario assembleScenario(const ScenarioDescription& description,
                          std::vector<std::string>* warnings = nullptr);

/// Reads and validates a scenario file (throws ModelError naming the file and the key path):
/// assembleScenario(readScenarioDescription(path)).
Scenario loadScenario(const std::string& path, std::vector<std::string>* warnings = nullptr);

/// The same from text; relative model/state paths are resolved against `base_dir`.
Scenario parseScenarioJson(const std::string& text, const std::string& source_name,
                           const std::string& base_dir,
                           std::vector<std::string>* warnings = nullptr);

}  // namespace vms
