#pragma once
// Pieces of a scenario as the app's scenario panel edits them, read and written by the same
// reader and writer as `*.scenario.json` (core/scenario/scenario_json.hpp), so that what the
// panel accepts is what `vms run` reads.
#include <string>
#include <vector>

#include "core/model/model_error.hpp"
#include "core/scenario/scenario_description.hpp"

namespace vms {

/// The scenario's "controllers" array as a scenario file writes it (indented JSON text); "[]"
/// when it has none.
std::string controllersJson(const ScenarioDescription& d);

/// The controllers of `json`, a JSON array as in a scenario file's "controllers", read by the
/// scenario reader. Throws ModelError "<source>: controllers[i].<key>: <problem>" (or
/// "<source>: ..." for malformed JSON). Joint and frame names are checked when the scenario is
/// assembled, not here.
std::vector<ControllerDescription> parseControllersJson(const std::string& json,
                                                        const std::string& source);

}  // namespace vms
