#pragma once
// A scenario named by a user (a *.scenario.json file, or JSON text such as a Python dict),
// read, assembled and started as `vms run` and the Python package's vms.run both do: whatever
// goes wrong is a ModelError whose message starts with the file (or source) name, a rejected
// link inertia points to the repair option.
#include <memory>
#include <string>
#include <vector>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_run.hpp"

namespace vms {

/// The scenario file `path`, assembled; `repair_inertia`: link inertias that are not physical
/// get the mean of their principal moments first (a warning "<path>: model: ..." each).
Scenario loadUserScenario(const std::string& path, bool repair_inertia,
                          std::vector<std::string>* warnings);

/// The same from JSON text; `source` names it in messages and relative model/state paths
/// resolve against `base_dir`.
Scenario parseUserScenario(const std::string& text, const std::string& source,
                           const std::string& base_dir, bool repair_inertia,
                           std::vector<std::string>* warnings);

/// The run loop of `scenario` at its first instant. Throws ModelError "<source>: ..." for what
/// the Simulator's set-up rejects and for an initial state whose momentum or energy is not
/// finite.
std::unique_ptr<ScenarioRun> startUserScenarioRun(const Scenario& scenario,
                                                  const std::string& source);

}  // namespace vms
