#pragma once
// A headless run of a Scenario: owns the Model, the SystemDynamics with its force models, the
// integrator and the controllers. step() = controllers at their period (zero-order hold) →
// saturation (core/actuators/saturation.hpp) → apply → advance one dt. Snapshot is a plain
// value for writers (vms run) and, later, the desktop application.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/analysis/momentum_partition.hpp"
#include "core/control/controller.hpp"
#include "core/control/joint_trajectory.hpp"
#include "core/environment/perturbation.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/model/data.hpp"
#include "core/scenario/scenario.hpp"

namespace vms {

/// The state became NaN/Inf; what() names the time.
class SimulationDiverged : public std::runtime_error {
 public:
  SimulationDiverged(double t, double t_last_good);
  double time, last_good_time;
};

struct Snapshot {
  double time = 0.0;
  State state;
  MomentumPartition momenta;                // vehicle / arm / total (momentum_partition.hpp)
  double kinetic_energy = 0.0;              // T
  double potential_energy = 0.0;            // uniform gravity: -m g·c (0 otherwise)
  double energy = 0.0;                      // T + V
  double actuator_work = 0.0;               // ∫ tau·qd dt of the joint actuators since t = 0
  double vehicle_attitude_deviation = 0.0;  // rad, from the initial attitude
  Vec3 vehicle_com_displacement = Vec3::Zero();  // m, world frame
  bool tracking = false;                         // a controller tracks a reference
  double tracking_error = 0.0;                   // joint controllers: max |q_d - q| (rad or m);
                                                 // resolved_rate: end-effector position error (m);
  // wheel_attitude/thruster_hold: attitude error (rad); lqr: the largest of the attitude error
  // and max |q_target - q| of its joints
  // reaction_null_space controllers (reaction_null_space.hpp's figures of the last control
  // update, held over the step like the joint forces; zero before the first update, the
  // largest over several controllers): the null-space residual |v - J qd_N| (m/s, or m/s and
  // rad/s for a pose task), the vehicle rotation rate |D qd| of the commanded rates (rad/s),
  // and whether the task left the reaction null space (least-disturbance rates).
  bool reactionless = false;
  double reactionless_task_residual = 0.0;
  double reactionless_vehicle_rate = 0.0;
  bool reactionless_outside = false;
  VecX joint_torque;      // last applied (saturated) joint forces, every joint
  VecX thruster_command;  // thruster commands in [0, 1] acting at the start of the last step
                          // (held commands projected for the mode at that state; within the
                          // step the force model re-projects them at every evaluation)
  // A user's pull (Simulator::setPerturbation): on which body (-1: none), the pulled point and
  // the force on it at this state (world), and the work the pull has done since t = 0.
  int perturbed_body = -1;
  Vec3 perturbation_point = Vec3::Zero(), perturbation_force = Vec3::Zero();
  double perturbation_work = 0.0;
};

class Simulator {
 public:
  explicit Simulator(const Scenario& scenario);
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  /// One step of dt (the last one shortened to land on the duration). Throws SimulationDiverged.
  /// A scenario with an infinite duration (defaultScenario) never finishes.
  void step();
  bool finished() const { return step_index_ >= total_steps_; }
  long stepIndex() const { return step_index_; }
  long totalSteps() const { return total_steps_; }

  double time() const { return t_; }
  const State& state() const { return state_; }
  const Model& model() const { return scenario_.model; }
  const Scenario& scenario() const { return scenario_; }
  /// The solver the steps use (setSolver/setRoot replace it).
  const ForwardDynamicsSolver& solver() const { return dynamics_->solver(); }
  const VecX& lastJointTorque() const { return tau_; }
  /// Thruster commands acting at the start of the last step (Snapshot::thruster_command).
  const VecX& lastThrusterCommand() const { return thrust_; }
  /// Thruster commands held since the last control update (clamped to [0, 1], on/off
  /// quantised), before the mode's projection; empty without thrusters.
  const VecX& heldThrusterCommand() const;
  /// True when something other than the joint actuators can do work (thrusters, water, orbit,
  /// a perturbation).
  bool externalWork() const;

  /// A user's pull on a body from the next step on (PerturbationForce: a spring-damper from a
  /// point of the body to a world point, its force held over each step), until
  /// clearPerturbation(). Its work over each step, f . (p_end - p_start), adds to
  /// perturbationWork(). Throws std::invalid_argument for a spec the model cannot take;
  /// changes nothing then.
  void setPerturbation(const PerturbationSpec& spec);
  void clearPerturbation();
  bool perturbed() const;
  double perturbationWork() const { return perturbation_work_; }
  int saturatedCount() const { return saturated_; }

  /// A controller made by the caller (the Python package's callback), run after the
  /// scenario's controllers at the same control period, its commands added to theirs and
  /// saturated with them; reset with them on restart(). Throws std::invalid_argument if null.
  void addController(std::unique_ptr<Controller> controller);
  /// Joint forces added to the held ones over the next step only (the sum saturated to the
  /// actuators' limits, lastJointTorque() and the actuator work included); the held forces
  /// act again from the step after. std::invalid_argument unless it has one entry per joint.
  void addJointForcesOnce(const VecX& tau);
  /// The joint forces a control update at the current time would apply at `state`: the
  /// scenario's held tau plus every controller's command, saturated as step() saturates them,
  /// into `tau` (no allocation once sized). The simulator's state, time, held forces and
  /// thruster commands do not change, but the controllers update as at a control update: one
  /// with internal state (resolved_rate's integrated joint reference) moves on, and restart()
  /// resets it. std::invalid_argument for a state of another model.
  void commandedJointForces(const State& state, VecX& tau);

  Snapshot snapshot();
  /// The same into an existing Snapshot (reuses its storage: no allocation once sized).
  void snapshot(Snapshot& out);

  /// The scenario's initial state: the reference of the attitude deviation and the vehicle
  /// CoM displacement, kept across restart() and reconfiguration.
  const State& initialState() const { return initial_state_; }
  double actuatorWork() const { return work_; }

  /// Continues from `state` at time t (teach mode, resuming from a scrubbed instant): the
  /// steps restart at t with the current dt, controllers are reset at (t, state), the held
  /// joint forces are cleared, the actuator work becomes `actuator_work`. The initial state
  /// (references) and the controllers' references (trajectories) are kept.
  void restart(const State& state, double t, double actuator_work);

  /// Teach mode's "hold pose": with `on`, every joint controller (computed_torque, joint_pd)
  /// tracks the current joint positions of its joints (a constant reference) instead of the
  /// scenario's reference; `off` gives the scenario's references back. Kept across restart()
  /// (call it again after a restart to hold the new positions); a new Simulator starts
  /// without it. Other controllers are not changed.
  void holdJointPositions(bool on);
  bool holdsJointPositions() const { return !held_references_.empty(); }

  // Reconfiguration from the current state on (time, state, controllers and held forces are
  // kept; scenario() reflects the change). Each throws and changes nothing if invalid.
  /// std::invalid_argument for an unknown solver (solverNames()). base-invariant keeps the
  /// scenario's root; any other solver clears it.
  void setSolver(const std::string& name);
  /// Steps with `solver`, made by the caller for model() (the app's errata ghost runs a printed
  /// form of the equations this way); scenario().solver keeps its name. std::invalid_argument
  /// for a null solver.
  void useSolver(std::unique_ptr<ForwardDynamicsSolver> solver);
  /// The base-invariant solver re-rooted at `link`'s body ("" = the vehicle, the model's own
  /// root); std::invalid_argument (rootProblem, core/solvers/rooted_solver.hpp) if it cannot be.
  void setRoot(const std::string& link);
  /// std::invalid_argument for an unknown integrator (integratorNames()).
  void setIntegrator(const std::string& name);
  /// std::invalid_argument unless dt is finite and > 0. The steps restart at the current time
  /// with the new dt; a control period equal to the old dt follows the new one.
  void setTimeStep(double dt);
  /// ModeError (core/modes) if the scenario's actuators contradict the mode.
  void setManeuveringMode(ManeuveringMode mode);

 private:
  void countSteps();
  /// The dynamics with `solver` (re-rooted at `root` unless empty), without force models.
  std::unique_ptr<SystemDynamics> makeDynamics(const std::string& solver,
                                               const std::string& root) const;
  /// Swaps in makeDynamics(solver, root) with the force models and held joint forces.
  void replaceDynamics(const std::string& solver, const std::string& root);
  /// Makes the controller (and its reference trajectory) of one setup.
  void addController(const ControllerSetup& setup);
  void control();
  /// The held tau plus the controllers' commands at (t_, state), saturated, into `tau`;
  /// returns the number of saturated joints. Leaves the thruster commands in out_.
  int commandJointForces(const State& state, VecX& tau);
  void recordThrust();

  Scenario scenario_;
  State state_, initial_state_;
  double t_ = 0.0, work_ = 0.0;
  long step_index_ = 0, total_steps_ = 0, control_every_ = 1;
  // Steps are counted from (time_origin_, step index 0): t_k = time_origin_ + k dt. The origin
  // moves on restart() and setTimeStep(), so times stay exact multiples of dt from there.
  double time_origin_ = 0.0;
  int saturated_ = 0;
  std::unique_ptr<SystemDynamics> dynamics_;
  std::unique_ptr<Integrator> integrator_;
  std::vector<std::unique_ptr<ForceModel>> force_models_;
  class Thrusters* thrusters_ = nullptr;
  PerturbationForce* perturbation_ = nullptr;  // one of force_models_ once a pull was set
  double perturbation_work_ = 0.0;
  std::vector<std::unique_ptr<JointTrajectory>> trajectories_;
  std::vector<std::unique_ptr<JointTrajectory>> held_references_;  // scenario's, while holding
  std::vector<std::unique_ptr<Controller>> controllers_;
  std::vector<std::unique_ptr<Controller>> inner_;  // inner loops of resolved_rate
  std::vector<int> wheel_joints_;
  VecX tau_, thrust_, q_before_;
  // addJointForcesOnce(): the forces to add over the next step, and the held ones to act
  // again after it (tau_ holds the sum during that step).
  VecX once_, held_tau_;
  bool once_pending_ = false, restore_held_ = false;
  // snapshot()'s workspaces: q, qd, qdd of each joint controller's reference, in order.
  std::vector<VecX> references_;
  ControlOutput out_;
  Data data_;
};

}  // namespace vms
