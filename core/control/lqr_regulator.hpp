#pragma once
// A linear-quadratic regulator of the vehicle's attitude and chosen joints about a target at
// rest, designed on the analytic linearisation (core/analysis/linearization.hpp) and
// discretised for the control period (zero-order hold, as the simulation holds commands):
//
//  * regulated states x_r: the vehicle's attitude directions of the configuration tangent
//    (wx, wy, wz of a free or ball vehicle, wz of a planar one) and the chosen joints, with
//    their rates, in the linearisation's order [attitude; joints; angular rates; joint rates];
//  * inputs: chosen joints' forces (reaction-wheel and arm joints);
//  * at the first reset() the equations are linearised at the target (the target attitude
//    and joint positions, the other joints where reset() finds them, every velocity zero)
//    under the held joint forces u_0 that keep the regulated states at rest there against the
//    model's gravity (least squares on the inputs; zero in free-floating space; the scenario's
//    held tau and other controllers' forces are not part of the design), the regulated rows
//    and columns and the inputs' columns are taken, discretised over the period, and the
//    discrete algebraic Riccati equation solved once (core/control/riccati.hpp): K = (R + Bd^T P
//    Bd)^-1 Bd^T P Ad;
//  * compute(): u = u_0 - K x_r, x_r = [log(R_target^T R) on the attitude directions;
//    q - q_target; the vehicle's body angular rates; qd] (no heap allocation).
//
// The states left out (the vehicle's translation and its velocity, the wheels' angles and
// rates, unregulated joints) must not feed the regulated rows at the target: the design
// checks A's columns and refuses otherwise. Rates that a conservation law ties together
// (the total angular momentum of a free vehicle binds its angular rate, the arm's and the
// wheels' rates) cannot all be regulated: such a pair is not stabilisable and the design
// refuses it, naming the mode. The design needs holonomic vehicle velocities along the
// tangent's directions (every vehicle but the nonholonomic one) and no mimic joints.
#include <string>
#include <vector>

#include "core/control/controller.hpp"

namespace vms {

struct LqrRegulatorOptions {
  Quat target_attitude = Quat::Identity();
  bool attitude = true;        // regulate the vehicle's attitude directions and rates
  std::vector<int> joints;     // regulated joints (user indices)
  VecX joint_targets;          // one per regulated joint
  std::vector<int> inputs;     // acting joints (user indices)
  VecX q_attitude;             // diagonal weights, one per attitude direction (> 0)
  VecX q_angular_rate;         // one per attitude direction (> 0)
  VecX q_joint, q_joint_rate;  // one per regulated joint (> 0)
  VecX r;                      // one per input (> 0)
  double period = 0.01;        // control period, s: the zero-order hold's
};

/// What the design found (after the first reset()).
struct LqrDesign {
  std::vector<int> states;               // indices into the linearisation's state vector
  std::vector<std::string> state_names;  // the regulated states' names (Linearization's)
  std::vector<std::string> input_names;  // the inputs' joint names
  std::vector<int> attitude_axes;        // per attitude direction: 0, 1, 2 for wx, wy, wz
  MatX A, B;                             // continuous, regulated rows/columns and inputs
  MatX Ad, Bd;                           // zero-order hold over the period
  MatX P, K;                             // DARE solution, gain (inputs x states)
  VecX held_input;                       // u_0, one per input
};

class LqrRegulator final : public Controller {
 public:
  /// Checks the options' sizes and weights and the indices against the model (throws
  /// std::invalid_argument); the design itself runs at the first reset().
  LqrRegulator(const Model& model, LqrRegulatorOptions options);
  std::string name() const override { return "lqr"; }
  /// At the first call: linearises at the target and solves the DARE (allocates; throws
  /// std::invalid_argument for a target or a choice of states and inputs the design refuses).
  /// Later calls keep that design: it does not depend on the state.
  void reset(double t, const State& state) override;
  void compute(double t, const State& state, ControlOutput& out) override;

  bool designed() const { return designed_; }
  const LqrDesign& design() const { return design_; }
  const LqrRegulatorOptions& options() const { return options_; }
  /// The regulated state x_r of `state` (as compute() forms it), into x (sized states).
  void regulatedState(const State& state, VecX& x) const;
  /// The angle (rad) between the vehicle's attitude and the target's.
  double attitudeError(const State& state) const;
  /// max |q_j - q_target,j| over the regulated joints (0 without any).
  double jointError(const State& state) const;

 private:
  void makeDesign(const State& state);

  const Model* model_;
  LqrRegulatorOptions options_;
  LqrDesign design_;
  bool designed_ = false;
  VecX x_, u_;
};

}  // namespace vms
