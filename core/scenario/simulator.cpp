#include "core/scenario/simulator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/actuators/saturation.hpp"
#include "core/actuators/thrusters.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/vehicle_reaction.hpp"
#include "core/control/quintic_trajectory.hpp"
#include "core/control/waypoint_trajectory.hpp"
#include "core/environment/gravity_gradient.hpp"
#include "core/environment/underwater.hpp"
#include "core/solvers/rooted_solver.hpp"

namespace vms {

namespace {
std::string divergedMessage(double t, double good) {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "simulation diverged at t = %.17g s (state became NaN/Inf); last finite state at "
                "t = %.17g s",
                t, good);
  return buf;
}

// Steps per control update (>= 1; a control period too long to count holds the first command).
long controlEvery(double control_period, double dt) {
  const double ratio = std::round(control_period / dt);
  return ratio >= 1e15 ? static_cast<long>(1e15) : std::max(1L, static_cast<long>(ratio));
}

VecX gatherJoints(const VecX& v, const std::vector<int>& joints) {
  VecX out(static_cast<Eigen::Index>(joints.size()));
  for (size_t i = 0; i < joints.size(); ++i) out[static_cast<Eigen::Index>(i)] = v[joints[i]];
  return out;
}
}  // namespace

SimulationDiverged::SimulationDiverged(double t, double t_last_good)
    : std::runtime_error(divergedMessage(t, t_last_good)), time(t), last_good_time(t_last_good) {}

Simulator::~Simulator() = default;

namespace {
// The joint part of a computed-torque or joint-PD controller; nullptr for the others.
const JointControllerSetup* jointSetup(const ControllerSetup& setup) {
  if (const auto* c = std::get_if<ComputedTorqueSetup>(&setup)) return c;
  if (const auto* c = std::get_if<JointPDSetup>(&setup)) return c;
  return nullptr;
}
}  // namespace

void Simulator::addController(const ControllerSetup& setup) {
  const Model& m = scenario_.model;
  if (const JointControllerSetup* c = jointSetup(setup)) {
    // The reference: the trajectory, or holding the initial positions.
    const VecX q0 = gatherJoints(state_.q, c->joints);
    if (!c->trajectory) {
      trajectories_.push_back(std::make_unique<QuinticTrajectory>(q0, q0, 1.0, 0.0));
    } else if (const TrajectorySpec& t = *c->trajectory; t.type == TrajectorySpec::Type::Quintic) {
      trajectories_.push_back(
          std::make_unique<QuinticTrajectory>(q0, t.target, t.duration, t.start));
    } else if (t.type == TrajectorySpec::Type::Waypoints) {
      trajectories_.push_back(std::make_unique<WaypointTrajectory>(t.times, t.positions));
    } else {
      trajectories_.push_back(std::make_unique<JointSweepTrajectory>(q0, t.sweep));
    }
    JointTrajectory* ref = trajectories_.back().get();
    if (const auto* ct = std::get_if<ComputedTorqueSetup>(&setup))
      controllers_.push_back(std::make_unique<ComputedTorqueController>(
          m, ref, ct->gains, ct->feed_forward, ct->joints));
    else
      controllers_.push_back(std::make_unique<JointPDController>(
          m, ref, c->gains, std::get<JointPDSetup>(setup).compensation, c->joints));
  } else if (const auto* rr = std::get_if<ResolvedRateSetup>(&setup)) {
    std::vector<int> every_joint(static_cast<size_t>(m.njoints));
    for (int k = 0; k < m.njoints; ++k) every_joint[static_cast<size_t>(k)] = k;
    auto inner =
        std::make_unique<ComputedTorqueController>(m, nullptr, rr->gains, false, every_joint);
    auto* inner_ptr = inner.get();
    inner_.push_back(std::move(inner));
    Pose target = rr->target;
    if (!rr->target_orientation) {  // hold the frame's initial orientation
      computeKinematics(m, data_, state_);
      target.R = framePose(m, data_, rr->frame).R;
    }
    controllers_.push_back(
        std::make_unique<ResolvedRateController>(m, rr->frame, target, *inner_ptr, rr->options));
  } else if (const auto* wa = std::get_if<WheelAttitudeSetup>(&setup)) {
    controllers_.push_back(
        std::make_unique<WheelAttitudeController>(m, wheel_joints_, wa->target, wa->gains));
  } else if (const auto* lq = std::get_if<LqrSetup>(&setup)) {
    controllers_.push_back(std::make_unique<LqrRegulator>(m, lq->options));
  } else {
    const auto& th = std::get<ThrusterHoldSetup>(setup);
    if (!thrusters_) throw std::invalid_argument("thruster_hold needs thrusters");
    controllers_.push_back(std::make_unique<ThrusterVehicleController>(
        m, thrusters_->vehicleAllocationMatrix(), th.target_attitude, th.target_position,
        th.options));
  }
}

Simulator::Simulator(const Scenario& scenario) : scenario_(scenario), data_(scenario_.model) {
  const Model& m = scenario_.model;
  state_ = initial_state_ = scenario_.initial_state;
  dynamics_ = makeDynamics(scenario_.solver, scenario_.root);
  integrator_ = makeIntegrator(scenario_.integrator, m);
  if (!integrator_)  // a Scenario built in code, not read: the reader names the key
    throw std::invalid_argument("unknown integrator '" + scenario_.integrator + "'");
  countSteps();
  control_every_ = controlEvery(scenario_.control_period, scenario_.dt);

  const EnvironmentSpec& env = scenario_.environment;
  if (env.type == EnvironmentSpec::Type::Underwater)
    force_models_.push_back(std::make_unique<Underwater>(m, env.bodies, env.fluid));
  else if (env.type == EnvironmentSpec::Type::GravityGradient)
    force_models_.push_back(std::make_unique<OrbitalGravityGradient>(env.mean_motion));
  if (!scenario_.thrusters.empty()) {
    auto th = std::make_unique<Thrusters>(m, scenario_.thrusters);
    th->setMode(scenario_.mode);  // the mode's rule at every force evaluation
    thrusters_ = th.get();
    force_models_.push_back(std::move(th));
  }
  for (auto& f : force_models_) dynamics_->addForceModel(f.get());
  if (!scenario_.reaction_wheels.empty())
    wheel_joints_ = reactionWheelJoints(m, scenario_.reaction_wheels);

  for (const ControllerSetup& setup : scenario_.controllers) addController(setup);
  for (auto& c : controllers_) c->reset(0.0, state_);
  tau_ = VecX::Zero(m.njoints);
  q_before_ = state_.q;
  thrust_ = VecX::Zero(static_cast<Eigen::Index>(scenario_.thrusters.size()));
  out_.joint_torque = tau_;
  out_.thruster_command = thrust_;
  dynamics_->setJointForces(tau_);
}

const VecX& Simulator::heldThrusterCommand() const {
  return thrusters_ ? thrusters_->commands() : thrust_;
}

bool Simulator::externalWork() const {
  return perturbation_ != nullptr || !scenario_.thrusters.empty() ||
         scenario_.environment.type == EnvironmentSpec::Type::Underwater ||
         scenario_.environment.type == EnvironmentSpec::Type::GravityGradient;
}

int Simulator::commandJointForces(const State& state, VecX& tau) {
  const Model& m = scenario_.model;
  out_.joint_torque.setZero(m.njoints);
  out_.thruster_command.setZero(thrust_.size());
  if (scenario_.constant_tau.size() == m.njoints) out_.joint_torque += scenario_.constant_tau;
  for (auto& c : controllers_) c->compute(t_, state, out_);
  tau = out_.joint_torque;
  int saturated = saturateJointTorques(m, tau);
  if (!wheel_joints_.empty())
    saturated += saturateWheelTorques(m, wheel_joints_, scenario_.reaction_wheels, state, tau);
  return saturated;
}

void Simulator::commandedJointForces(const State& state, VecX& tau) {
  const Model& m = scenario_.model;
  if (state.q.size() != m.njoints || state.qd.size() != m.njoints)
    throw std::invalid_argument("commandedJointForces: the state has " +
                                std::to_string(state.q.size()) + " joint positions, the model " +
                                std::to_string(m.njoints) + " joints");
  commandJointForces(state, tau);
}

void Simulator::control() {
  saturated_ = commandJointForces(state_, tau_);
  dynamics_->setJointForces(tau_);
  // Held thruster commands. The flying modes' rule (core/modes: rotation-flying couples only,
  // translation-flying thrust through the system CoM) is enforced by the Thrusters force model
  // itself at every force evaluation, at the poses of that instant (Thrusters::setMode).
  if (thrusters_) thrusters_->setCommands(out_.thruster_command);
}

void Simulator::recordThrust() {
  // The commands that act at the start of the step: the held ones projected for the mode at
  // the current state, exactly what the force model applies at the step's first evaluation.
  if (!thrusters_) return;
  thrust_ = thrusters_->commands();  // same size: no allocation
  enforceModeOnThrusterCommands(scenario_.mode, *thrusters_, scenario_.model, data_, state_,
                                thrust_);
}

void Simulator::addController(std::unique_ptr<Controller> controller) {
  if (!controller) throw std::invalid_argument("addController: null controller");
  controller->reset(t_, state_);
  controllers_.push_back(std::move(controller));
}

void Simulator::addJointForcesOnce(const VecX& tau) {
  const Model& m = scenario_.model;
  if (tau.size() != m.njoints)
    throw std::invalid_argument("joint forces: expected " + std::to_string(m.njoints) +
                                " entries, got " + std::to_string(tau.size()));
  once_ = tau;
  once_pending_ = true;
}

void Simulator::step() {
  if (finished()) return;
  if (restore_held_) {
    tau_ = held_tau_;
    dynamics_->setJointForces(tau_);
    restore_held_ = false;
  }
  if (step_index_ % control_every_ == 0) control();
  if (once_pending_) {
    held_tau_ = tau_;
    tau_ += once_;
    saturated_ = saturateJointTorques(scenario_.model, tau_);
    if (!wheel_joints_.empty())
      saturated_ += saturateWheelTorques(scenario_.model, wheel_joints_, scenario_.reaction_wheels,
                                         state_, tau_);
    dynamics_->setJointForces(tau_);
    once_pending_ = false;
    restore_held_ = true;
  }
  recordThrust();
  const long k = step_index_ + 1;
  const double t_next =
      k == total_steps_ ? scenario_.duration : time_origin_ + static_cast<double>(k) * scenario_.dt;
  q_before_ = state_.q;  // same size every step: no allocation
  // A pull is held over the step (as tau): its work is exactly f . (p_end - p_start).
  const bool pulled = perturbed();
  Vec3 pulled_from = Vec3::Zero();
  if (pulled) {
    computeKinematics(scenario_.model, data_, state_);
    perturbation_->hold(data_);
    pulled_from = perturbation_->pointWorld(data_);
  }
  integrator_->advance(*dynamics_, state_, t_next - t_);
  if (!state_.allFinite()) throw SimulationDiverged(t_next, t_);
  if (pulled) {
    forwardKinematics(scenario_.model, data_, state_);
    perturbation_work_ +=
        perturbation_->heldForce().dot(perturbation_->pointWorld(data_) - pulled_from);
  }
  // Work of the (zero-order-held) joint forces over the step: tau·Δq, exactly.
  work_ += tau_.dot(state_.q - q_before_);
  t_ = t_next;
  step_index_ = k;
}

void Simulator::countSteps() {
  if (!std::isfinite(scenario_.duration)) {
    total_steps_ = std::numeric_limits<long>::max();
    return;
  }
  const double steps = std::ceil((scenario_.duration - time_origin_) / scenario_.dt - 1e-9);
  // A run longer than a long can count (only an unbounded interactive run) is unbounded too.
  total_steps_ = !(steps > 0.0)    ? 0L
                 : steps >= 9.0e18 ? std::numeric_limits<long>::max()
                                   : static_cast<long>(steps);
}

void Simulator::setPerturbation(const PerturbationSpec& spec) {
  if (!perturbation_) {
    PerturbationForce check;
    check.set(scenario_.model, spec);  // throws before anything changes
    auto force = std::make_unique<PerturbationForce>();
    perturbation_ = force.get();
    force_models_.push_back(std::move(force));
    dynamics_->addForceModel(perturbation_);
  }
  perturbation_->set(scenario_.model, spec);
  computeKinematics(scenario_.model, data_, state_);
  perturbation_->hold(data_);  // what the next step starts with, and snapshots show
}

void Simulator::clearPerturbation() {
  if (perturbation_) perturbation_->clear();
}

bool Simulator::perturbed() const { return perturbation_ && perturbation_->active(); }

void Simulator::restart(const State& state, double t, double actuator_work) {
  state_ = state;
  t_ = t;
  work_ = actuator_work;
  time_origin_ = t;
  step_index_ = 0;
  countSteps();
  for (auto& c : controllers_) c->reset(t, state_);
  tau_.setZero();
  once_pending_ = restore_held_ = false;
  thrust_.setZero();
  out_.joint_torque = tau_;
  out_.thruster_command = thrust_;
  saturated_ = 0;
  dynamics_->setJointForces(tau_);
  if (thrusters_) thrusters_->setCommands(thrust_);
}

void Simulator::holdJointPositions(bool on) {
  const bool holding = !held_references_.empty();
  if (!on && !holding) return;
  if (!holding) held_references_.resize(trajectories_.size());
  size_t traj = 0;  // joint controllers own one trajectory each, in order
  for (size_t i = 0; i < scenario_.controllers.size(); ++i) {
    const JointControllerSetup* joint = jointSetup(scenario_.controllers[i]);
    if (!joint) continue;
    std::unique_ptr<JointTrajectory> reference;
    if (on) {
      const VecX q = gatherJoints(state_.q, joint->joints);
      reference = std::make_unique<QuinticTrajectory>(q, q, 1.0, 0.0);
      if (!holding) held_references_[traj] = std::move(trajectories_[traj]);
    } else {
      reference = std::move(held_references_[traj]);
    }
    static_cast<JointSpaceController&>(*controllers_[i]).setReference(reference.get());
    trajectories_[traj++] = std::move(reference);
  }
  if (!on) held_references_.clear();
}

std::unique_ptr<SystemDynamics> Simulator::makeDynamics(const std::string& solver,
                                                        const std::string& root) const {
  if (root.empty())
    return std::make_unique<SystemDynamics>(scenario_.model, solver);  // throws if unknown
  if (solver != rootedSolverName())
    throw std::invalid_argument("a root link selects the " + rootedSolverName() + " solver, not '" +
                                solver + "'");
  return std::make_unique<SystemDynamics>(scenario_.model, makeRootedSolver(scenario_.model, root));
}

void Simulator::replaceDynamics(const std::string& solver, const std::string& root) {
  auto dynamics = makeDynamics(solver, root);
  for (auto& f : force_models_) dynamics->addForceModel(f.get());
  dynamics->setJointForces(tau_);
  dynamics_ = std::move(dynamics);
  scenario_.solver = solver;
  scenario_.root = root;
}

void Simulator::setSolver(const std::string& name) {
  // Staying with base-invariant keeps the root; another solver has none.
  replaceDynamics(name, name == rootedSolverName() ? scenario_.root : std::string());
}

void Simulator::useSolver(std::unique_ptr<ForwardDynamicsSolver> solver) {
  auto dynamics = std::make_unique<SystemDynamics>(scenario_.model, std::move(solver));
  for (auto& f : force_models_) dynamics->addForceModel(f.get());
  dynamics->setJointForces(tau_);
  dynamics_ = std::move(dynamics);
}

void Simulator::setRoot(const std::string& link) { replaceDynamics(rootedSolverName(), link); }

void Simulator::setIntegrator(const std::string& name) {
  auto integrator = makeIntegrator(name, scenario_.model);
  if (!integrator) throw std::invalid_argument("unknown integrator '" + name + "'");
  integrator_ = std::move(integrator);
  scenario_.integrator = name;
}

void Simulator::setTimeStep(double dt) {
  if (!(std::isfinite(dt) && dt > 0.0))
    throw std::invalid_argument("time step must be a finite number > 0");
  if (scenario_.control_period == scenario_.dt) scenario_.control_period = dt;
  scenario_.dt = dt;
  time_origin_ = t_;
  step_index_ = 0;
  countSteps();
  control_every_ = controlEvery(scenario_.control_period, scenario_.dt);
}

void Simulator::setManeuveringMode(ManeuveringMode mode) {
  validateActuatorConfiguration(
      mode, ActuatorConfiguration{static_cast<int>(scenario_.reaction_wheels.size()), thrusters_});
  if (thrusters_) thrusters_->setMode(mode);  // throws (unchanged) for on/off thrusters
  scenario_.mode = mode;
}

Snapshot Simulator::snapshot() {
  Snapshot s;
  snapshot(s);
  return s;
}

void Simulator::snapshot(Snapshot& s) {
  const Model& m = scenario_.model;
  s.tracking = false;
  s.tracking_error = 0.0;
  s.reactionless = s.reactionless_outside = false;
  s.reactionless_task_residual = s.reactionless_vehicle_rate = 0.0;
  s.time = t_;
  s.state = state_;
  computeKinematics(m, data_, state_);
  s.momenta = momentumPartition(m, data_);
  s.kinetic_energy = s.momenta.kinetic_total;
  s.potential_energy = -s.momenta.mass * m.gravity.dot(s.momenta.center_of_mass);
  s.energy = s.kinetic_energy + s.potential_energy;
  s.actuator_work = work_;
  s.vehicle_attitude_deviation =
      attitudeDeviationAngle(initial_state_.base_orientation, state_.base_orientation);
  s.vehicle_com_displacement = vehicleCenterOfMassDisplacement(m, initial_state_, state_);
  s.joint_torque = tau_;
  s.thruster_command = thrust_;
  s.perturbed_body = perturbed() ? perturbation_->spec().body : -1;
  s.perturbation_point = perturbed() ? perturbation_->pointWorld(data_) : Vec3::Zero();
  s.perturbation_force = perturbed() ? perturbation_->heldForce() : Vec3::Zero();
  s.perturbation_work = perturbation_work_;

  size_t traj = 0;  // joint controllers own one trajectory each, in order
  for (size_t i = 0; i < scenario_.controllers.size(); ++i) {
    const ControllerSetup& setup = scenario_.controllers[i];
    double e = 0.0;
    if (const auto* joint = jointSetup(setup)) {
      // Into workspaces sized by the first snapshot: the next ones allocate nothing.
      if (references_.size() < 3 * traj + 3) references_.resize(3 * traj + 3);
      VecX& reference = references_[3 * traj];
      trajectories_[traj]->evaluate(t_, reference, references_[3 * traj + 1],
                                    references_[3 * traj + 2]);
      ++traj;
      for (size_t k = 0; k < joint->joints.size(); ++k) {
        const double d =
            std::abs(reference[static_cast<Eigen::Index>(k)] - state_.q[joint->joints[k]]);
        if (std::isnan(d) || d > e) e = d;  // max |q_d - q|, NaN kept
      }
    } else if (const auto* rr = std::get_if<ResolvedRateSetup>(&setup)) {
      auto& controller = static_cast<ResolvedRateController&>(*controllers_[i]);
      double pos = 0.0, ori = 0.0;
      controller.poseError(state_, pos, ori);
      e = pos;
      if (rr->options.reactionless) {
        const ReactionlessCommand& c = controller.lastReactionless();
        s.reactionless = true;
        s.reactionless_task_residual =
            std::max(s.reactionless_task_residual, c.null_space_residual);
        s.reactionless_vehicle_rate = std::max(s.reactionless_vehicle_rate, c.disturbance);
        s.reactionless_outside = s.reactionless_outside || !c.in_null_space;
      }
    } else if (const auto* w = std::get_if<WheelAttitudeSetup>(&setup)) {
      e = attitudeDeviationAngle(w->target, state_.base_orientation);
    } else if (std::holds_alternative<LqrSetup>(setup)) {
      const auto& lqr = static_cast<const LqrRegulator&>(*controllers_[i]);
      const double attitude = lqr.attitudeError(state_), joints = lqr.jointError(state_);
      e = std::isnan(attitude) || attitude > joints ? attitude : joints;
    } else {
      e = attitudeDeviationAngle(std::get<ThrusterHoldSetup>(setup).target_attitude,
                                 state_.base_orientation);
    }
    s.tracking = true;
    if (std::isnan(e) || e > s.tracking_error) s.tracking_error = e;  // NaN kept
  }
}

}  // namespace vms
