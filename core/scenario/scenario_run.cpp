#include "core/scenario/scenario_run.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/actuators/reaction_wheel.hpp"
#include "core/analysis/end_effector_analysis.hpp"

namespace vms {

const char* nonFiniteFigure(const Snapshot& s) {
  const MomentumPartition& p = s.momenta;
  if (!s.state.allFinite()) return "state";
  if (!p.linear_total.allFinite() || !p.angular_origin_total.allFinite() ||
      !p.angular_com_total.allFinite() || !p.linear_vehicle.allFinite() ||
      !p.linear_arm.allFinite() || !p.angular_origin_vehicle.allFinite() ||
      !p.angular_origin_arm.allFinite())
    return "momentum";
  if (!p.center_of_mass.allFinite()) return "centre of mass";
  if (!std::isfinite(p.kinetic_total) || !std::isfinite(s.kinetic_energy) ||
      !std::isfinite(s.potential_energy) || !std::isfinite(s.energy))
    return "energy";
  if (!std::isfinite(s.actuator_work)) return "actuator work";
  if (!std::isfinite(s.vehicle_attitude_deviation)) return "vehicle attitude deviation";
  if (!s.vehicle_com_displacement.allFinite()) return "vehicle CoM displacement";
  if (!std::isfinite(s.tracking_error)) return "tracking error";
  if (!std::isfinite(s.reactionless_task_residual) || !std::isfinite(s.reactionless_vehicle_rate))
    return "reaction null-space figures";
  if (!s.joint_torque.allFinite()) return "joint torque";
  if (!s.thruster_command.allFinite()) return "thruster command";
  if (!s.perturbation_point.allFinite() || !s.perturbation_force.allFinite() ||
      !std::isfinite(s.perturbation_work))
    return "pull";
  return nullptr;
}

// The scenario's "analysis": the end-effector figures at the current state by the desktop
// application's own core function (EndEffectorAnalyzer), for the manipulability quantities:
// translational Yoshikawa manipulability for the fixed-base Jacobian Jm (vehicle held) and the
// generalized Jacobian J* (vehicle free, zero momentum), over the directions the frame can move
// in and the arm joints only (reaction wheels excluded).
class ScenarioRun::AnalysisProbe {
 public:
  AnalysisProbe(const Model& m, int frame, std::vector<int> wheel_joints)
      : analyzer_(m, frame, std::move(wheel_joints)), tau_(VecX::Zero(m.njoints)) {}
  void evaluate(const State& state) {
    analyzer_.compute(state, tau_, analysis_);  // tau only enters the reaction wrench
    figures_ = OutputAnalysis(analysis_);
  }
  const OutputAnalysis& figures() const { return figures_; }
  int taskDimension() const { return analysis_.task_dimension; }

 private:
  EndEffectorAnalyzer analyzer_;
  EndEffectorAnalysis analysis_;
  OutputAnalysis figures_;
  VecX tau_;
};

ScenarioRun::ScenarioRun(const Scenario& scenario)
    : simulator_(std::make_shared<Simulator>(scenario)) {
  start();
}

ScenarioRun::ScenarioRun(const ScenarioDescription& description, std::vector<std::string>* warnings)
    : ScenarioRun(assembleScenario(description, warnings)) {}

ScenarioRun::ScenarioRun(std::shared_ptr<Simulator> simulator) : simulator_(std::move(simulator)) {
  if (!simulator_) throw std::invalid_argument("ScenarioRun: no simulator");
  start();
}

ScenarioRun::~ScenarioRun() = default;

void ScenarioRun::start() {
  const Scenario& scenario = simulator_->scenario();
  // Every column and summary figure comes from one table (output_quantities.hpp).
  quantities_ = std::make_unique<OutputQuantities>(OutputQuantities::forScenario(scenario));
  statistics_ = std::make_unique<OutputStatistics>(
      *quantities_, summaryFigures(scenario, !simulator_->externalWork()));
  if (scenario.analysis) {
    const Model& m = simulator_->model();
    std::vector<int> wheels;
    if (!scenario.reaction_wheels.empty())
      wheels = reactionWheelJoints(m, scenario.reaction_wheels);
    probe_ = std::make_unique<AnalysisProbe>(m, scenario.analysis->end_effector_frame,
                                             std::move(wheels));
  }
  notice_.reserve(320);
  Snapshot& s = snapshots_[current_];
  simulator_->snapshot(s);
  snapshots_[1 - current_] = s;  // sizes the spare: the steps allocate nothing
  if (const char* what = nonFiniteFigure(s)) {
    diverged_ = true;
    divergence_time_ = s.time;
    divergence_ = std::string("the initial ") + what + " is not finite (NaN/Inf)";
    return;
  }
  has_finite_ = true;
  first_ = s;
  if (probe_) probe_->evaluate(s.state);
  statistics_->accumulate(sample(), first_);
}

void ScenarioRun::setOutput(RunOutput* output) {
  output_ = output;
  if (output_ && !stepped_ && has_finite_) output_->write(sample(), first_);
}

OutputSample ScenarioRun::sample() const {
  return OutputSample{&current(), probe_ ? &probe_->figures() : nullptr};
}

bool ScenarioRun::atOutputInstant() const {
  const Simulator& sim = *simulator_;
  return sim.stepIndex() % std::max(1L, sim.scenario().output_every) == 0 || sim.finished();
}

void ScenarioRun::diverge(const char* what, double t, double last_good_time) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "simulation diverged at t = %.17g s (%s became NaN/Inf); last finite state at "
                "t = %.17g s",
                t, what, last_good_time);
  diverged_ = true;
  divergence_time_ = t;
  divergence_ = buf;
}

bool ScenarioRun::takeInstant(double last_good_time) {
  Snapshot& next = snapshots_[1 - current_];
  simulator_->snapshot(next);  // reuses next's storage
  if (const char* what = nonFiniteFigure(next)) {
    diverge(what, next.time, last_good_time);
    return false;
  }
  current_ = 1 - current_;
  if (probe_) probe_->evaluate(current().state);
  return true;
}

void ScenarioRun::noteEvents() {
  const Snapshot& s = current();
  if (!s.reactionless_outside || reactionless_left_) return;
  reactionless_left_ = true;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "the end-effector task left the reaction null space at t = %.6g s (null-space "
                "residual %.3g, vehicle rotation rate %.3g rad/s): least-disturbance joint rates "
                "while it is outside",
                s.time, s.reactionless_task_residual, s.reactionless_vehicle_rate);
  notice_.assign(buf);  // within the capacity reserved in start()
  ++notice_count_;
}

void ScenarioRun::record() {
  noteEvents();
  statistics_->accumulate(sample(), first_);
  if (output_ && atOutputInstant()) output_->write(sample(), first_);
}

long ScenarioRun::advance(long max_steps) {
  long taken = 0;
  Simulator& sim = *simulator_;
  while (taken < max_steps && !diverged_ && !sim.finished()) {
    const double last_good_time = current().time;
    try {
      sim.step();
    } catch (const SimulationDiverged& e) {
      diverge("state", e.time, e.last_good_time);
      return taken;
    }
    ++taken;
    stepped_ = true;
    if (!takeInstant(last_good_time)) return taken;
    ++steps_;
    record();
  }
  return taken;
}

bool ScenarioRun::runToEnd() {
  while (advance(1024) > 0) {
  }
  return !diverged_;
}

void ScenarioRun::refresh() {
  if (diverged_) return;  // the last finite instant is kept for resumeFromLastFinite()
  Snapshot& s = snapshots_[current_];
  simulator_->snapshot(s);
  if (const char* what = nonFiniteFigure(s)) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "the %s is not finite (NaN/Inf) at t = %.17g s", what, s.time);
    has_finite_ = false;
    diverged_ = true;
    divergence_time_ = s.time;
    divergence_ = buf;
    return;
  }
  has_finite_ = true;
  if (probe_) probe_->evaluate(s.state);
}

void ScenarioRun::restart(const State& state, double t, double actuator_work) {
  simulator_->restart(state, t, actuator_work);  // copies before the snapshot is retaken
  diverged_ = false;
  refresh();
}

bool ScenarioRun::resumeFromLastFinite() {
  if (!has_finite_) return false;
  const Snapshot& s = current();
  restart(s.state, s.time, s.actuator_work);
  return true;
}

int ScenarioRun::analysisTaskDimension() const { return probe_ ? probe_->taskDimension() : 0; }

std::vector<std::pair<std::string, double>> ScenarioRun::summaryNumbers() const {
  std::vector<std::pair<std::string, double>> numbers;
  for (SummarySection section :
       {SummarySection::Momentum, SummarySection::Energy, SummarySection::Vehicle,
        SummarySection::Tracking, SummarySection::Analysis})
    for (const OutputStatistics::Figure& f : statistics_->figures()) {
      if (f.spec.section != section) continue;
      numbers.emplace_back(f.spec.key, f.value);
      if (f.relative()) numbers.emplace_back(f.spec.key + "_relative", f.relativeValue());
    }
  return numbers;
}

}  // namespace vms
