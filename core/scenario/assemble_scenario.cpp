// assembleScenario: the one place that compiles a scenario's model and checks every name and
// value of a ScenarioDescription against it (errors: "<scenario>: <key path>: <problem>").
#include <algorithm>
#include <cmath>
#include <memory>

#include "core/algorithms/rnea_derivatives.hpp"
#include "core/environment/uniform_gravity.hpp"
#include "core/integrators/integrator.hpp"
#include "core/io/error_messages.hpp"
#include "core/io/json_util.hpp"
#include "core/io/state_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_keys.hpp"
#include "core/scenario/step_count.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/rooted_solver.hpp"

namespace vms {

namespace {

std::string joinNames(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// Runs `step` and prefixes the scenario file and key to an error that names neither (errors of
// the model compiler and of actuator validation).
template <typename F>
auto withContext(const std::string& source, const std::string& key, F&& step) {
  try {
    return step();
  } catch (const ModelError& e) {
    const std::string what = e.what();
    if (what.rfind(source, 0) == 0) throw;  // already names the scenario file
    throw ModelError(source + ": " + key + ": " + what);
  }
}

/// The assembly of one scenario: the compiled model and the source for messages.
struct Assembly {
  const ScenarioDescription& d;
  const std::string& source;
  const Model& model;
  const std::vector<int>& wheel_joints;

  [[noreturn]] void fail(const std::string& key, const std::string& problem) const {
    io::fail(source, key, problem);
  }

  int joint(const std::string& name, const std::string& key) const {
    const int k = model.jointIndex(name);
    if (k < 0)
      fail(key, "unknown joint " + io::quote(name) +
                    " (the model's joints: " + joinNames(model.joint_names) + ")");
    return k;
  }

  /// n values from one ("every joint") or n numbers.
  VecX perJoint(const std::vector<double>& v, size_t n, const std::string& key) const {
    if (v.size() == 1) return VecX::Constant(static_cast<Eigen::Index>(n), v[0]);
    if (v.size() != n)
      fail(key, "expected " + std::to_string(n) + (n == 1 ? " number" : " numbers") +
                    " (one per controlled joint) or one for all, got " + std::to_string(v.size()));
    return Eigen::Map<const VecX>(v.data(), static_cast<Eigen::Index>(n));
  }

  VecX exactly(const std::vector<double>& v, size_t n, const std::string& key) const {
    if (v.size() != n)
      fail(key, "expected " + std::to_string(n) + (n == 1 ? " number" : " numbers") + ", got " +
                    std::to_string(v.size()));
    return Eigen::Map<const VecX>(v.data(), static_cast<Eigen::Index>(n));
  }

  Mat3 diagonal(const DiagonalGains& g, const std::string& key) const {
    if (g.size() == 1) return Vec3::Constant(g[0]).asDiagonal();
    return Vec3(exactly(g, 3, key)).asDiagonal();
  }

  JointGains gains(const JointGainsDescription& g, size_t n, const std::string& path) const {
    if (g.rule)
      return harmonicOscillatorGains(perJoint(g.rule->tau_max, n, path + ".tau_max"),
                                     perJoint(g.rule->max_error, n, path + ".max_error"));
    JointGains out;
    const JointGainsDescription::Explicit e = g.gains.value_or(JointGainsDescription::Explicit{});
    out.kp = perJoint(e.kp, n, path + ".gains.kp");
    out.kd = perJoint(e.kd, n, path + ".gains.kd");
    return out;
  }

  TrajectorySpec trajectory(const TrajectoryDescription& t, size_t n,
                            const std::string& path) const {
    TrajectorySpec out;
    if (const auto* q = std::get_if<QuinticTrajectoryDescription>(&t)) {
      out.type = TrajectorySpec::Type::Quintic;
      out.target = exactly(q->target, n, path + ".target");
      out.duration = q->duration;
      out.start = q->start;
    } else if (const auto* w = std::get_if<WaypointsTrajectoryDescription>(&t)) {
      out.type = TrajectorySpec::Type::Waypoints;
      out.times = w->times;
      out.positions.resize(static_cast<Eigen::Index>(n),
                           static_cast<Eigen::Index>(w->positions.size()));
      for (size_t i = 0; i < w->positions.size(); ++i)
        out.positions.col(static_cast<Eigen::Index>(i)) =
            exactly(w->positions[i], n, io::indexPath(path + ".positions", i));
    } else {
      out.type = TrajectorySpec::Type::JointSweep;
      out.sweep = std::get<JointSweepTrajectoryDescription>(t).parameters;
    }
    return out;
  }

  void jointController(const JointControllerDescription& c, const std::string& path,
                       JointControllerSetup& out) const {
    if (c.joints) {
      for (size_t i = 0; i < c.joints->size(); ++i)
        out.joints.push_back(joint((*c.joints)[i], io::indexPath(path + ".joints", i)));
    } else {
      for (int k = 0; k < model.njoints; ++k)
        if (std::find(wheel_joints.begin(), wheel_joints.end(), k) == wheel_joints.end())
          out.joints.push_back(k);
      if (out.joints.empty()) fail(path, "the model has no (non-wheel) joints to control");
    }
    if (c.trajectory)
      out.trajectory = trajectory(*c.trajectory, out.joints.size(), path + ".trajectory");
    out.gains = gains(c.gains, out.joints.size(), path);
  }

  /// Joint names to indices, each at most once.
  std::vector<int> distinctJoints(const std::vector<std::string>& names,
                                  const std::string& key) const {
    std::vector<int> out;
    for (size_t i = 0; i < names.size(); ++i) {
      const int k = joint(names[i], io::indexPath(key, i));
      if (std::find(out.begin(), out.end(), k) != out.end())
        fail(io::indexPath(key, i), "joint " + io::quote(names[i]) + " is listed twice");
      out.push_back(k);
    }
    return out;
  }

  ControllerSetup lqr(const LqrDescription& c, const std::string& path) const {
    if (std::holds_alternative<EnvironmentDescription::Underwater>(d.environment.kind) ||
        std::holds_alternative<EnvironmentDescription::GravityGradient>(d.environment.kind))
      fail(path + ".type",
           "lqr is designed on the model's own dynamics (uniform gravity included): the "
           "underwater and gravity-gradient forces are not in its linearisation");
    LqrSetup out;
    LqrRegulatorOptions& o = out.options;
    o.target_attitude = c.target.normalized();
    o.attitude = c.attitude;
    o.joints = distinctJoints(c.joints, path + ".joints");
    o.joint_targets = exactly(c.joint_targets, o.joints.size(), path + ".joint_targets");
    if (c.inputs) {
      o.inputs = distinctJoints(*c.inputs, path + ".inputs");
    } else {  // the wheels and the regulated joints
      o.inputs = wheel_joints;
      for (int j : o.joints)
        if (std::find(o.inputs.begin(), o.inputs.end(), j) == o.inputs.end()) o.inputs.push_back(j);
      if (o.inputs.empty())
        fail(path + ".inputs",
             "no inputs: the model has no reaction wheels and no joint is "
             "regulated (name the acting joints)");
    }
    // The attitude directions: the configuration tangent's rotations.
    const Mat6X T = configurationTangentBasis(model);
    size_t a = 0;
    for (Eigen::Index col = 0; col < T.cols(); ++col)
      a += T.col(col).tail<3>().cwiseAbs().sum() > 0.0;
    if (c.attitude && a == 0)
      fail(path + ".attitude", "a " + toString(model.base_type) +
                                   " vehicle has no attitude to regulate (set attitude false)");
    if (!c.attitude) a = 0;
    const auto weights = [&](const std::vector<double>& w, size_t n, const char* key) -> VecX {
      if (n == 0) return VecX();
      if (w.size() == 1) return VecX::Constant(static_cast<Eigen::Index>(n), w[0]);
      return exactly(w, n, path + "." + key);
    };
    o.q_attitude = weights(c.q_attitude, a, "q_attitude");
    o.q_angular_rate = weights(c.q_angular_rate, a, "q_angular_rate");
    o.q_joint = weights(c.q_joint, o.joints.size(), "q_joint");
    o.q_joint_rate = weights(c.q_joint_rate, o.joints.size(), "q_joint_rate");
    o.r = weights(c.r, o.inputs.size(), "r");
    return out;
  }

  ControllerSetup controller(const ControllerDescription& c, const std::string& path) const {
    if (const auto* ct = std::get_if<ComputedTorqueDescription>(&c)) {
      ComputedTorqueSetup out;
      jointController(*ct, path, out);
      out.feed_forward = ct->feed_forward;
      return out;
    }
    if (const auto* pd = std::get_if<JointPDDescription>(&c)) {
      JointPDSetup out;
      jointController(*pd, path, out);
      using C = JointPDController::Compensation;
      out.compensation = pd->compensation == JointPDDescription::Compensation::Gravity ? C::Gravity
                         : pd->compensation == JointPDDescription::Compensation::Bias  ? C::Bias
                                                                                       : C::None;
      return out;
    }
    if (const auto* rr = std::get_if<ResolvedRateDescription>(&c)) {
      ResolvedRateSetup out;
      if (!wheel_joints.empty())
        fail(path + ".type",
             "resolved_rate drives every joint; it cannot be combined with reaction wheels");
      out.frame = model.frameIndex(rr->frame);
      if (out.frame < 0) fail(path + ".frame", "unknown frame " + io::quote(rr->frame));
      out.target.p = rr->target_position;
      out.target_orientation = rr->target_orientation.has_value();
      if (rr->target_orientation)
        out.target.R = rr->target_orientation->normalized().toRotationMatrix();
      out.options.k_position = rr->k_position;
      out.options.k_orientation = rr->k_orientation;
      out.options.max_linear_speed = rr->max_linear_speed;
      out.options.max_angular_speed = rr->max_angular_speed;
      out.options.use_generalized_jacobian = rr->generalized_jacobian;
      out.options.position_only = rr->position_only;
      out.options.reactionless = rr->reactionless;
      if (rr->reactionless && !rr->generalized_jacobian)
        fail(path + ".generalized_jacobian",
             "reaction_null_space needs the generalized Jacobian (the vehicle is free)");
      if (rr->reactionless && !isHolonomic(model.base_type))
        fail(path + ".type", "reaction_null_space: a " + toString(model.base_type) +
                                 " vehicle's reaction to the arm depends on the momentum its "
                                 "constraint exchanges, not on the joint motion alone");
      out.gains = gains(rr->gains, static_cast<size_t>(model.njoints), path);
      return out;
    }
    if (const auto* wa = std::get_if<WheelAttitudeDescription>(&c)) {
      WheelAttitudeSetup out;
      if (wheel_joints.empty())
        fail(path + ".type", "wheel_attitude needs actuators.reaction_wheels");
      out.target = wa->target.normalized();
      out.gains.kp = diagonal(wa->kp, path + ".kp");
      out.gains.kd = diagonal(wa->kd, path + ".kd");
      return out;
    }
    if (const auto* lq = std::get_if<LqrDescription>(&c)) return lqr(*lq, path);
    const auto& th = std::get<ThrusterHoldDescription>(c);
    ThrusterHoldSetup out;
    if (d.thrusters.empty()) fail(path + ".type", "thruster_hold needs actuators.thrusters");
    out.target_attitude = th.target.normalized();
    out.target_position = th.target_position;
    out.options.attitude = th.attitude;
    out.options.position = th.position;
    out.options.attitude_gains.kp = diagonal(th.kp_attitude, path + ".kp_attitude");
    out.options.attitude_gains.kd = diagonal(th.kd_attitude, path + ".kd_attitude");
    out.options.kp_position = diagonal(th.kp_position, path + ".kp_position");
    out.options.kd_position = diagonal(th.kd_position, path + ".kd_position");
    return out;
  }
};

}  // namespace

Scenario assembleScenario(const ScenarioDescription& d, std::vector<std::string>* warnings) {
  const std::string& source = d.source;
  Scenario s;
  s.source = source;
  s.name = d.name.value_or(scenarioBaseName(source));

  ModelDescription description = d.model.description;
  if (d.base) description.base_type = *d.base;
  const Model arm =
      withContext(source, "model", [&] { return compileModel(description, warnings); });

  // Initial state, against the model without reaction wheels.
  StateFile initial{State::neutral(arm), VecX::Zero(arm.njoints)};
  if (d.initial_state)
    initial =
        stateFromDescription(d.initial_state->description, d.initial_state->source, arm, warnings);

  s.mode = d.mode;

  // Actuators.
  for (const ReactionWheelDescription& w : d.reaction_wheels) {
    s.reaction_wheels.push_back(w.wheel);
    s.reaction_wheels.back().axis.normalize();
  }
  for (size_t i = 0; i < d.thrusters.size(); ++i) {
    ThrusterSpec t = d.thrusters[i];
    if (t.link.empty()) t.link = arm.body_names.empty() ? std::string() : arm.body_names[0];
    if (arm.frameIndex(t.link) < 0 && arm.bodyIndex(t.link) < 0)
      io::fail(source, "actuators.thrusters[" + std::to_string(i) + "].link",
               "unknown link or frame " + io::quote(t.link));
    t.direction.normalize();
    s.thrusters.push_back(t);
  }
  if (arm.base_type == BaseType::Fixed && (!s.reaction_wheels.empty() || !s.thrusters.empty()))
    io::fail(source,
             s.reaction_wheels.empty() ? "actuators.thrusters" : "actuators.reaction_wheels",
             "vehicle actuators on a fixed base (the vehicle cannot move; use a floating base)");
  if (!s.reaction_wheels.empty())
    withContext(source, "actuators.reaction_wheels",
                [&] { addReactionWheels(description, s.reaction_wheels); });

  // Environment: gravity and added mass go into the model description (the compiled model is
  // not changed afterwards); buoyancy, damping and the gravity gradient are force models of the
  // Simulator.
  EnvironmentSpec& env = s.environment;
  if (const auto* g = std::get_if<EnvironmentDescription::Gravity>(&d.environment.kind)) {
    env.type = EnvironmentSpec::Type::Gravity;
    withContext(source, "environment.gravity", [&] { setUniformGravity(description, g->gravity); });
  } else if (const auto* u = std::get_if<EnvironmentDescription::Underwater>(&d.environment.kind)) {
    env.type = EnvironmentSpec::Type::Underwater;
    env.fluid = u->fluid;
    env.bodies = u->bodies;
    for (size_t i = 0; i < env.bodies.size(); ++i)
      if (arm.frameIndex(env.bodies[i].link) < 0 && arm.bodyIndex(env.bodies[i].link) < 0)
        io::fail(source, "environment.underwater.bodies[" + std::to_string(i) + "].link",
                 "unknown link " + io::quote(env.bodies[i].link));
    withContext(source, "environment.underwater.gravity",
                [&] { setUniformGravity(description, u->gravity); });
    addAddedMass(description, env.bodies);
  } else if (const auto* o =
                 std::get_if<EnvironmentDescription::GravityGradient>(&d.environment.kind)) {
    env.type = EnvironmentSpec::Type::GravityGradient;
    env.mean_motion = o->mean_motion;
  }

  s.model = withContext(source, "model", [&] { return compileModel(description, warnings); });

  // The initial state of the full model: wheels (appended last) at their initial speeds.
  s.initial_state = initial.state;
  s.constant_tau = VecX::Zero(s.model.njoints);
  for (int k = 0; k < arm.njoints; ++k)
    s.constant_tau[s.model.jointIndex(arm.joint_names[static_cast<size_t>(k)])] = initial.tau[k];
  std::vector<int> wheel_joints;
  if (!s.reaction_wheels.empty()) {
    wheel_joints = reactionWheelJoints(s.model, s.reaction_wheels);
    State full = State::neutral(s.model);
    full.base_orientation = initial.state.base_orientation;
    full.base_position = initial.state.base_position;
    full.base_twist = initial.state.base_twist;
    for (int k = 0; k < arm.njoints; ++k) {
      const int kk = s.model.jointIndex(arm.joint_names[static_cast<size_t>(k)]);
      full.q[kk] = initial.state.q[k];
      full.qd[kk] = initial.state.qd[k];
    }
    for (size_t i = 0; i < wheel_joints.size(); ++i)
      full.qd[wheel_joints[i]] = d.reaction_wheels[i].initial_speed;
    s.initial_state = full;
  }

  // Mode / actuator consistency.
  try {
    std::unique_ptr<Thrusters> th;
    if (!s.thrusters.empty()) th = std::make_unique<Thrusters>(s.model, s.thrusters);
    validateActuatorConfiguration(s.mode, {static_cast<int>(s.reaction_wheels.size()), th.get()});
  } catch (const ModeError& e) {
    io::fail(source, s.thrusters.empty() ? "actuators.reaction_wheels" : "actuators.thrusters",
             e.what());
  } catch (const std::invalid_argument& e) {
    io::fail(source, "actuators.thrusters", e.what());
  } catch (const ModelError& e) {
    io::fail(source, "actuators.thrusters", e.what());
  }

  // Controllers.
  const Assembly a{d, source, s.model, wheel_joints};
  for (size_t i = 0; i < d.controllers.size(); ++i)
    s.controllers.push_back(a.controller(d.controllers[i], io::indexPath("controllers", i)));

  // Time settings, and every simple key's own check (scenario_keys.cpp).
  checkScenarioKeyValues(d);
  s.duration = d.duration;
  s.dt = d.dt;
  if (const std::string problem = stepCountProblem(s.duration, s.dt); !problem.empty())
    io::fail(source, "duration", problem);
  s.control_period = d.control_period.value_or(s.dt);
  const double ratio = s.control_period / s.dt;
  if (ratio < 1.0 - 1e-9 || std::abs(ratio - std::round(ratio)) > 1e-9)
    io::fail(source, "control_period", "must be a whole multiple of dt (s)");
  // "root" (seed 002, Appendix A): a vehicle the rooted solver does not handle is the root's
  // problem when the file names no solver.
  if (d.root) {
    if (d.solver != rootedSolverName())
      io::fail(source, "root",
               "a root link selects the " + rootedSolverName() +
                   " solver; it cannot be combined with solver " + io::quote(d.solver));
    if (const std::string problem = rootProblem(s.model, *d.root); !problem.empty())
      io::fail(source, "root", problem);
    s.root = *d.root;
  }
  if (const std::string problem = integratorSupportProblem(d.integrator, s.model.base_type);
      !problem.empty())
    io::fail(source, "integrator", problem);
  if (const std::string problem = solverSupportProblem(d.solver, s.model.base_type);
      !problem.empty())
    io::fail(source, "solver", problem);
  // The LQR designs (linearisation and Riccati equation at the target) refuse here, not at
  // the first step.
  for (size_t i = 0; i < s.controllers.size(); ++i)
    if (auto* lq = std::get_if<LqrSetup>(&s.controllers[i])) {
      lq->options.period = s.control_period;
      try {
        LqrRegulator(s.model, lq->options).reset(0.0, s.initial_state);
      } catch (const std::invalid_argument& e) {
        io::fail(source, io::indexPath("controllers", i), e.what());
      }
    }
  s.integrator = d.integrator;
  s.solver = d.solver;
  s.output_every = d.output_every;

  // Optional analysis output: manipulability of a frame, fixed base vs floating.
  if (d.analysis_end_effector) {
    AnalysisSpec spec;
    spec.end_effector = *d.analysis_end_effector;
    spec.end_effector_frame = s.model.frameIndex(spec.end_effector);
    if (spec.end_effector_frame < 0)
      io::fail(source, "analysis.end_effector", "unknown frame " + io::quote(spec.end_effector));
    if (s.model.njoints == 0) io::fail(source, "analysis.end_effector", "the model has no joints");
    s.analysis = spec;
  }
  return s;
}

}  // namespace vms
