#pragma once
// Reading and writing `*.scenario.json` (docs/scenario-format.md) as a ScenarioDescription.
// Reading checks the syntax, the keys, the types and the ranges of every value (errors:
// ModelError "<file>: <key path>: <problem>") and loads the model and STATE files the scenario
// names (relative to its folder). Names are not resolved here: that is scenario assembly.
// parseScenarioDescription(writeScenarioJson(d)) == d (the model and the state inline or by
// path, as in d).
#include <string>
#include <vector>

#include "core/scenario/scenario_description.hpp"

namespace vms {

/// From text; relative model/state paths resolve against `base_dir` ("" = as written).
ScenarioDescription parseScenarioDescription(const std::string& text, const std::string& source,
                                             const std::string& base_dir,
                                             std::vector<std::string>* warnings = nullptr);

/// From a file (its folder resolves relative paths).
ScenarioDescription readScenarioDescription(const std::string& path,
                                            std::vector<std::string>* warnings = nullptr);

/// The scenario as JSON text: every value written explicitly, the model and the initial state
/// inline when their path is empty, else by path.
std::string writeScenarioJson(const ScenarioDescription& description);

/// "<folder of path>" (or "." for a bare file name), and `p` resolved against a folder.
std::string scenarioFolder(const std::string& path);
std::string resolveScenarioPath(const std::string& base_dir, const std::string& p);

/// The file name without ".scenario.json"/".json": a scenario's default name.
std::string scenarioBaseName(const std::string& path);

}  // namespace vms
