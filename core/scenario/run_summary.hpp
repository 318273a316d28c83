#pragma once
// summary.json of a run, as data: the entries `vms run` writes, in its order, for the command
// line to print and the Python package's vms.run to return as a dict.
#include <string>
#include <variant>
#include <vector>

#include "core/scenario/scenario_run.hpp"

namespace vms {

/// A value of summary.json: a number, an integer, a string or a list of strings.
using SummaryValue = std::variant<double, long, std::string, std::vector<std::string>>;

struct SummaryEntry {
  std::string key;
  SummaryValue value;
};

/// The summary of `run` after runToEnd() (finished or diverged): scenario, model, base_type,
/// mode, integrator, status, final_time, steps, wall_time_s (`wall_time_s`, measured by the
/// caller around runToEnd), real_time_factor, the momentum figures, the energy check and its
/// figures, the vehicle and tracking figures, with a reaction_null_space controller
/// "reaction_null_space" (the run's notice of the task leaving the null space, or that it
/// stayed in it), the analysis figures, columns (the trajectory CSV's).
std::vector<SummaryEntry> runSummary(const ScenarioRun& run, double wall_time_s);

}  // namespace vms
