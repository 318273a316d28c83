#pragma once
// What an open document holds at one point of its edit history: the editable model
// description, the scenario compiled from it and the scenario text it was built from. An undo
// step swaps whole snapshots, so undo restores every double bit for bit.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/scenario/scenario.hpp"

namespace vms::ui {

/// Where the scenario around the description comes from.
struct ScenarioSource {
  /// The scenario file's JSON text (its "model" is replaced by the edited description when
  /// rebuilding); for a bare model file a generated default scenario.
  std::string json;
  bool from_scenario_file = false;  // false: a bare .vms.json / .urdf wrapped in a default
  std::string source_name;          // file name for messages
  std::string base_dir;             // relative paths in `json` are resolved against it
};

struct DocumentSnapshot {
  ModelDescription description;  // the model as edited (scenario "base" override applied)
  Scenario scenario;             // compiled from `description` and `source.json`
  ScenarioSource source;
  std::vector<std::string> warnings;
};

}  // namespace vms::ui
