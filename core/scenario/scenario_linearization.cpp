#include "core/scenario/scenario_linearization.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>

#include "core/model/model_error.hpp"
#include "core/scenario/simulator.hpp"
#include "core/scenario/step_count.hpp"
#include "core/scenario/user_scenario.hpp"
#include "core/spatial/se3.hpp"

namespace vms {

namespace {

// Step of the central differences of the controllers' commands (state units: rad, m, rad/s,
// m/s). Linear feedback (joint_pd) is differentiated exactly up to rounding, ~1e-10 relative.
constexpr double kControlDifferenceStep = 1e-6;

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

// The instant of step k: k dt, the duration for the last step (shortened to land on it).
double stepTime(const Scenario& s, long k, long total) {
  return k >= total ? s.duration : static_cast<double>(k) * s.dt;
}

// The state at perturbation x = [delta; dq; dnu] of `nominal`: the vehicle at g exp(T delta),
// q + dq, nu + dnu.
void perturb(const Model& m, const Mat6X& T, const State& nominal, const VecX& x, State& out) {
  const int t = static_cast<int>(T.cols()), n = m.njoints;
  out = nominal;
  const Pose g = nominal.basePose();
  const Pose e = se3Exp(T * x.head(t));
  out.base_orientation = Quat(g.R * e.R).normalized();
  out.base_position = g.R * e.p + g.p;
  out.q += x.segment(t, n);
  out.setGeneralizedVelocity(m, nominal.generalizedVelocity(m) + x.tail(m.nv));
}

// d(joint forces)/dx at (t, nominal) by central differences; `probe` is a Simulator of the
// scenario whose controllers are reset at (t, nominal) before each evaluation.
MatX controlJacobian(Simulator& probe, const Model& m, double t, const State& nominal) {
  const Mat6X T = configurationTangentBasis(m);
  const int size = static_cast<int>(T.cols()) + m.njoints + m.nv;
  MatX K(m.njoints, size);
  VecX x = VecX::Zero(size), plus(m.njoints), minus(m.njoints);
  State moved = nominal;
  for (int j = 0; j < size; ++j) {
    x[j] = kControlDifferenceStep;
    perturb(m, T, nominal, x, moved);
    probe.restart(nominal, t, 0.0);
    probe.commandedJointForces(moved, plus);
    x[j] = -kControlDifferenceStep;
    perturb(m, T, nominal, x, moved);
    probe.restart(nominal, t, 0.0);
    probe.commandedJointForces(moved, minus);
    x[j] = 0.0;
    K.col(j) = (plus - minus) / (2.0 * kControlDifferenceStep);
  }
  return K;
}

}  // namespace

std::string linearizationRefusal(const Scenario& scenario) {
  const EnvironmentSpec& env = scenario.environment;
  if (env.type == EnvironmentSpec::Type::Underwater)
    return "environment.underwater: the fluid's drag, buoyancy and current act on the motion, "
           "and the linearisation does not differentiate them";
  if (env.type == EnvironmentSpec::Type::GravityGradient)
    return "environment.gravity_gradient: the orbital gravity gradient acts on the motion, and "
           "the linearisation does not differentiate it";
  if (!scenario.thrusters.empty())
    return "actuators.thrusters: thruster forces (projected for the " +
           std::string(maneuveringModeName(scenario.mode)) +
           " mode) act on the vehicle, and the linearisation does not differentiate them";
  const Model& m = scenario.model;
  if (m.hasCouplings()) {
    const JointCoupling& c = m.couplings.front();
    return "model: the linearisation needs independent joints, and joint '" +
           m.joint_names[static_cast<std::size_t>(c.joint)] + "' mimics '" +
           m.joint_names[static_cast<std::size_t>(c.leader)] + "'";
  }
  return "";
}

std::string linearizationInstantProblem(const Scenario& scenario, double at) {
  if (!std::isfinite(at)) return "the time must be a finite number of seconds";
  if (at < 0.0 || at > scenario.duration)
    return "t = " + number(at) + " s is outside the run, [0, " + number(scenario.duration) + "] s";
  return "";
}

long nearestStepIndex(const Scenario& scenario, double at) {
  const long total = stepCount(scenario.duration, scenario.dt);
  const double grid = std::floor(at / scenario.dt);
  const long below = std::clamp(static_cast<long>(std::max(0.0, grid)), 0L, total);
  long best = below;
  for (long k : {below + 1, total}) {
    if (k > total) continue;
    const double d = std::abs(stepTime(scenario, k, total) - at);
    const double d_best = std::abs(stepTime(scenario, best, total) - at);
    if (d < d_best || (d == d_best && k < best)) best = k;
  }
  return best;
}

MatX sortedEigenvalues(const MatX& A) {
  MatX out(A.rows(), 2);
  if (A.rows() == 0) return out;
  Eigen::EigenSolver<MatX> solver(A, false);
  if (solver.info() != Eigen::Success)
    throw std::runtime_error("the eigenvalues of A did not converge");
  // Parts at rounding level are zero (an undamped mode's real part, a real eigenvalue's
  // imaginary part), so that rounding does not decide the order.
  const double negligible =
      64.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, A.cwiseAbs().maxCoeff());
  const auto clean = [negligible](double x) { return std::abs(x) <= negligible ? 0.0 : x; };
  std::vector<std::pair<double, double>> values;
  for (Eigen::Index i = 0; i < A.rows(); ++i)
    values.emplace_back(clean(solver.eigenvalues()[i].real()),
                        clean(solver.eigenvalues()[i].imag()));
  std::sort(values.begin(), values.end());
  for (std::size_t i = 0; i < values.size(); ++i) {
    out(static_cast<Eigen::Index>(i), 0) = values[i].first;
    out(static_cast<Eigen::Index>(i), 1) = values[i].second;
  }
  return out;
}

const char* scenarioLinearizationConvention() {
  return "d/dt x = A x + B u at the run's step instant t, x = [delta; dq; dnu] (state_names: "
         "the vehicle moved by g <- g exp(sum_k delta_k e_k), e_k the body twists named after "
         "delta_, then q + dq, then nu = [vehicle body-twist components; qd] + dnu), u = the "
         "joint forces added to those acting over the step from t, with the model's gravity and "
         "joint damping; K = d(controllers' joint forces)/dx by central differences of fresh "
         "controllers reset at t, A_closed_loop = A + B K";
}

ScenarioLinearization linearizeScenario(const Scenario& scenario, double at, bool closed_loop,
                                        const std::string& source) {
  if (const std::string why = linearizationRefusal(scenario); !why.empty())
    throw ModelError(source + ": " + why);
  if (const std::string why = linearizationInstantProblem(scenario, at); !why.empty())
    throw std::invalid_argument(why);

  std::unique_ptr<ScenarioRun> run = startUserScenarioRun(scenario, source);
  Simulator& simulator = run->simulator();
  const long k = nearestStepIndex(scenario, at);
  for (long remaining = k; remaining > 0;) {
    const long taken = run->advance(remaining);
    if (run->diverged())
      throw LinearizationDiverged(source + ": the run diverged before t = " +
                                  number(stepTime(scenario, k, simulator.totalSteps())) +
                                  " s: " + run->divergenceMessage());
    if (taken == 0) break;
    remaining -= taken;
  }
  ScenarioLinearization out;
  out.step = simulator.stepIndex();
  out.t = simulator.time();
  out.state = simulator.state();

  const Model& m = scenario.model;
  std::unique_ptr<Simulator> probe;  // fresh controllers, reset at the instant before each use
  if (!simulator.finished()) {
    run->advance(1);  // the step from t: its joint forces, whatever it gives
    out.joint_forces = simulator.lastJointTorque();
  } else {
    probe = std::make_unique<Simulator>(scenario);
    probe->restart(out.state, out.t, 0.0);
    out.joint_forces = VecX::Zero(m.njoints);
    probe->commandedJointForces(out.state, out.joint_forces);
  }
  out.open_loop = linearizeDynamics(m, out.state, out.joint_forces, true);
  out.eigenvalues = sortedEigenvalues(out.open_loop.A);
  if (closed_loop) {
    if (!probe) probe = std::make_unique<Simulator>(scenario);
    out.K = controlJacobian(*probe, m, out.t, out.state);
    out.A_closed_loop = out.open_loop.A + out.open_loop.B * out.K;
    out.closed_loop_eigenvalues = sortedEigenvalues(out.A_closed_loop);
    out.has_closed_loop = true;
  }
  return out;
}

}  // namespace vms
