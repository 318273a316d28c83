#include "scenario_runner.hpp"

#include <chrono>
#include <cmath>

#include "cli_common.hpp"
#include "core/actuators/reaction_wheel.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/output_csv.hpp"

namespace vms::cli {

namespace {

// Momenta, energies and the state of a snapshot are finite (what every row and summary figure
// is made of).
bool finiteFigures(const Snapshot& s) {
  const MomentumPartition& p = s.momenta;
  return s.state.allFinite() && p.linear_total.allFinite() && p.angular_origin_total.allFinite() &&
         p.angular_com_total.allFinite() && p.linear_vehicle.allFinite() &&
         p.linear_arm.allFinite() && p.angular_origin_vehicle.allFinite() &&
         p.angular_origin_arm.allFinite() && p.center_of_mass.allFinite() &&
         std::isfinite(p.kinetic_total) && std::isfinite(s.energy) &&
         std::isfinite(s.actuator_work) && std::isfinite(s.vehicle_attitude_deviation) &&
         s.vehicle_com_displacement.allFinite() && std::isfinite(s.tracking_error) &&
         s.joint_torque.allFinite() && s.thruster_command.allFinite();
}

}  // namespace

// The scenario's "analysis": the end-effector figures at the current state by the desktop
// application's own core function (EndEffectorAnalyzer, core/analysis/
// end_effector_analysis.hpp), for the manipulability columns: translational Yoshikawa
// manipulability for the fixed-base Jacobian Jm (vehicle held) and the generalized Jacobian J*
// (vehicle free, zero momentum), over the directions the frame can move in and the arm joints
// only (reaction wheels excluded), so the CLI and the app report the same numbers.
class ScenarioRunner::AnalysisProbe {
 public:
  AnalysisProbe(const Model& m, int frame, std::vector<int> wheel_joints)
      : analyzer_(m, frame, std::move(wheel_joints)), tau_(VecX::Zero(m.njoints)) {}
  const OutputAnalysis& evaluate(const State& state) {
    analyzer_.compute(state, tau_, analysis_);  // tau only enters the reaction wrench
    figures_ = OutputAnalysis(analysis_);
    return figures_;
  }
  int taskDimension() const { return analysis_.task_dimension; }

 private:
  EndEffectorAnalyzer analyzer_;
  EndEffectorAnalysis analysis_;
  OutputAnalysis figures_;
  VecX tau_;
};

ScenarioRunner::ScenarioRunner(const Scenario& scenario, const std::string& source)
    : scenario_(scenario) {
  // Whatever the scenario's set-up rejects (a controller, an actuator) names the file too.
  simulator_ = namingFile(source, [&] { return std::make_unique<Simulator>(scenario); });
  // An initial state whose momentum or energy overflows is an input error: found before any
  // output exists.
  if (!finiteFigures(simulator_->snapshot()))
    throw ModelError(source +
                     ": initial_state: the momentum or energy of the initial state is not "
                     "finite (velocities or the model's numbers too large for double "
                     "precision)");
  // Every column and summary figure comes from one table (core/scenario/output_quantities.hpp).
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
}

ScenarioRunner::~ScenarioRunner() = default;

int ScenarioRunner::analysisTaskDimension() const { return probe_ ? probe_->taskDimension() : 0; }

bool ScenarioRunner::run(std::FILE* file) {
  Simulator& sim = *simulator_;
  std::unique_ptr<OutputCsvWriter> csv;
  if (file) {
    csv = std::make_unique<OutputCsvWriter>(file, *quantities_);
    csv->writeHeader();
    columns_ = csv->columns();
  }
  Snapshot first, s;
  double last_finite_time = 0.0;
  auto record = [&](bool write) {
    sim.snapshot(s);  // reuses s's storage
    // A row of inf/nan is never written: the run has diverged even if the state itself is
    // still finite (an energy that overflowed).
    if (!finiteFigures(s)) throw SimulationDiverged(s.time, last_finite_time);
    last_finite_time = s.time;
    if (sim.stepIndex() == 0) first = s;
    OutputSample sample{&s, probe_ ? &probe_->evaluate(s.state) : nullptr};
    statistics_->accumulate(sample, first);
    if (write && csv) csv->writeRow(sample, first);
  };

  const auto start = std::chrono::steady_clock::now();
  record(true);
  bool ok = true;
  try {
    while (!sim.finished()) {
      sim.step();
      const bool write = sim.stepIndex() % scenario_.output_every == 0 || sim.finished();
      record(write);
    }
  } catch (const SimulationDiverged& e) {
    divergence_ = e.what();
    ok = false;
  }
  wall_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ok;
}

std::vector<std::pair<std::string, double>> ScenarioRunner::summaryNumbers() const {
  // summary.json writes the figures section by section (command_run.cpp).
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

}  // namespace vms::cli
