#pragma once
// What an open document holds at one point of its edit history: the editable model
// description, the scenario description around it and the Scenario assembled from both. An undo
// step swaps whole snapshots, so undo restores every double bit for bit.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/model/model_problems.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_description.hpp"

namespace vms::ui {

/// Where the scenario around the description comes from.
struct ScenarioSource {
  /// The scenario as its file states it (its model is replaced by the edited description when
  /// assembling); for a bare model file a default scenario (floating, at rest).
  ScenarioDescription description;
  bool from_scenario_file = false;  // false: a bare .vms.json / .urdf wrapped in a default
  std::string source_name;          // file name for messages
  std::string base_dir;             // relative paths in `description` resolve against it
};

struct DocumentSnapshot {
  ModelDescription description;  // the model as edited (scenario "base" override applied)
  Scenario scenario;             // assembled from `description` and `source.description`
  ScenarioSource source;
  std::vector<std::string> warnings;
  /// Added (drafts): why the description does not compile (every refusal, each naming its
  /// item) or the scenario around it does not assemble. Empty: not a draft. A draft's
  /// `scenario` is assembled from the stand-in (ui/document/draft_assembly.hpp) and is only drawn,
  /// never simulated.
  std::vector<ModelProblem> problems;
  std::vector<std::string> scenario_problems;
  bool isDraft() const { return !problems.empty() || !scenario_problems.empty(); }
};

}  // namespace vms::ui
