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

/// The top-level `key` of the scenario file ("controllers", "actuators", "environment", ...)
/// as `writeScenarioJson` writes it, indented; "" when the file has no such key.
std::string scenarioSectionJson(const ScenarioDescription& d, const std::string& key);

/// `d` with its top-level `key` replaced by `json` (a JSON value as the file would hold it;
/// blank text removes the key), read back by the scenario reader with relative paths against
/// `base_dir`: every check of the file applies (e.g. thrusters against the mode), and a
/// problem is a ModelError "<d.source>: <key path>: <problem>". Malformed JSON:
/// "<d.source>: <key>: malformed JSON: ...".
ScenarioDescription withScenarioSection(const ScenarioDescription& d, const std::string& key,
                                        const std::string& json, const std::string& base_dir);

}  // namespace vms
