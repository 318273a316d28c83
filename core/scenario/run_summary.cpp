#include "core/scenario/run_summary.hpp"

namespace vms {

namespace {

void addFigures(std::vector<SummaryEntry>& out, const OutputStatistics& statistics,
                SummarySection section) {
  for (const OutputStatistics::Figure& f : statistics.figures()) {
    if (f.spec.section != section) continue;
    out.push_back({f.spec.key, f.value});
    if (f.relative()) out.push_back({f.spec.key + "_relative", f.relativeValue()});
  }
}

}  // namespace

std::vector<SummaryEntry> runSummary(const ScenarioRun& run, double wall_time_s) {
  const Scenario& scenario = run.scenario();
  const Simulator& sim = run.simulator();
  const Model& m = sim.model();
  const OutputStatistics& statistics = run.statistics();
  // The last instant the rows and figures cover (before a divergence, if any).
  const double final_time = run.current().time;
  std::vector<SummaryEntry> out = {
      {"scenario", scenario.name},
      {"model", m.name},
      {"base_type", toString(m.base_type)},
      {"mode", std::string(maneuveringModeName(scenario.mode))},
      {"integrator", scenario.integrator},
      {"status", std::string(run.diverged() ? "diverged" : "ok")},
      {"final_time", final_time},
      {"steps", run.steps()},
      {"wall_time_s", wall_time_s},
      {"real_time_factor", wall_time_s > 0.0 ? final_time / wall_time_s : 0.0},
  };
  addFigures(out, statistics, SummarySection::Momentum);
  if (sim.externalWork()) {
    out.push_back({"energy_check",
                   std::string("none (thrusters, water or orbit do work that is not accounted)")});
  } else {
    const bool driven = !scenario.controllers.empty() || !scenario.constant_tau.isZero();
    out.push_back({"energy_check", std::string(driven ? "power_balance" : "energy_drift")});
    addFigures(out, statistics, SummarySection::Energy);
  }
  addFigures(out, statistics, SummarySection::Vehicle);
  addFigures(out, statistics, SummarySection::Tracking);
  if (hasReactionNullSpaceController(scenario))
    out.push_back({"reaction_null_space",
                   run.notice().empty() ? std::string("the task stayed in the reaction null space")
                                        : run.notice()});
  if (scenario.analysis) {
    out.push_back({"analysis_frame", scenario.analysis->end_effector});
    out.push_back({"analysis_task_dimension", static_cast<long>(run.analysisTaskDimension())});
    addFigures(out, statistics, SummarySection::Analysis);
  }
  out.push_back({"columns", run.columns()});
  return out;
}

}  // namespace vms
