#pragma once
// A scenario's equations of motion linearised at one instant of its run (`vms linearize`,
// the Python package's vms.linearize).
//
// The scenario runs on the one run loop (ScenarioRun) to the step instant nearest the
// requested time. There, linearizeDynamics (core/analysis/linearization.hpp) gives the open
// loop A, B at the simulator's state under the joint forces acting over the step from that
// instant (the scenario's held tau plus the controllers' commands, saturated, as the simulator
// applied them: Simulator::lastJointTorque after that step; at the run's last instant, which
// no step follows, the forces a control update there would command), with the model's gravity
// and the joints' viscous damping, as the simulation applies them.
//
// The closed loop is A + B K, K = d(joint forces)/dx by central differences of the
// controllers' commands (with the held tau and the saturation, Simulator::commandedJointForces)
// at the state moved as x moves it. The running controllers cannot be evaluated at another
// state without changing the run, so a second Simulator of the scenario does it: its
// controllers are reset at the instant's state before each evaluation. For stateless
// controllers (joint_pd, computed_torque, wheel_attitude) that is the running controllers'
// feedback exactly; resolved_rate's integrated joint reference restarts at the instant's
// joint positions (its feedback as if restarted there). K treats the control as continuous: the
// zero-order hold over control_period is not modelled.
//
// Refused, because the linearisation does not differentiate the forces they add: the
// underwater environment (drag, buoyancy, current), the gravity gradient, thrusters (and with
// them the flying modes, which need thrusters), and mimic joints. Reaction wheels are joints
// of the model (their torques are joint forces, their speed-dependent saturation is in K); the
// floating and rotation-floating modes constrain nothing without thrusters. A pull (the
// desktop's perturbation) is never part of a scenario.
#include <stdexcept>
#include <string>
#include <vector>

#include "core/analysis/linearization.hpp"
#include "core/scenario/scenario.hpp"

namespace vms {

struct ScenarioLinearization {
  double t = 0.0;           // the step instant used (the one nearest the request)
  long step = 0;            // its step index
  State state;              // the simulator's state there
  VecX joint_forces;        // the joint forces acting over the step from t, user order
  Linearization open_loop;  // A, B and the names of x and u
  MatX eigenvalues;         // of open_loop.A, one row [re, im] each, sorted by re, then im
  bool has_closed_loop = false;
  MatX K;              // d(joint forces)/dx, n x (t + n + nv)
  MatX A_closed_loop;  // open_loop.A + open_loop.B K
  MatX closed_loop_eigenvalues;
};

/// The run diverged before the instant; what() names the file and the divergence.
class LinearizationDiverged : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// "" when the scenario's motion is what linearizeDynamics describes; otherwise
/// "<key>: <why not>" in one line (e.g. "environment.underwater: ...").
std::string linearizationRefusal(const Scenario& scenario);

/// "" when `at` is a time of the run (finite, within [0, duration]); otherwise the problem.
std::string linearizationInstantProblem(const Scenario& scenario, double at);

/// The step index whose instant is nearest `at` (the earlier on a tie): k dt for k below the
/// step count, the duration for the last.
long nearestStepIndex(const Scenario& scenario, double at);

/// Eigenvalues of a square matrix as rows [re, im], sorted by re, then im; a part within
/// 64 eps max(1, max |A_ij|) of zero is 0. Where A is defective (a free vehicle's pose
/// kinematics at a constant twist: clusters at 0 and +-i|w|) its eigenvalues are determined
/// only to about eps^(1/k) for a k-fold cluster, and rounding differences move them by that
/// much.
MatX sortedEigenvalues(const MatX& A);

/// The convention of ScenarioLinearization in one sentence (the `convention` of the output).
const char* scenarioLinearizationConvention();

/// Runs `scenario` to the step instant nearest `at` and linearises there (the closed loop too
/// when `closed_loop`). Throws ModelError "<source>: <key>: <why>" for a refused scenario
/// (linearizationRefusal) and what the run's set-up rejects, std::invalid_argument for an `at`
/// outside the run, LinearizationDiverged when the run diverges before the instant.
ScenarioLinearization linearizeScenario(const Scenario& scenario, double at, bool closed_loop,
                                        const std::string& source);

}  // namespace vms
