#pragma once
// Builds a document's Scenario from its (edited) model description: the scenario file's JSON
// with the model inline, or a default scenario around a bare model file. Also writes that JSON
// back (saving, autosave) with the model inline and the relative paths rebased.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/scenario/scenario.hpp"
#include "ui/model/document_content.hpp"

namespace vms::ui {

/// Duration written when a default scenario is saved as a .scenario.json file.
constexpr double kSavedDefaultDuration = 10.0;

/// The default scenario around a bare model file (built by vms::defaultScenario: the model's
/// base and gravity, floating mode, at rest, open-ended duration); its JSON is what saving it
/// as a .scenario.json writes.
ScenarioSource defaultScenarioSource(const std::string& model_path);

/// The scenario file `path` as a source (reads the file; throws ModelError naming it).
ScenarioSource scenarioFileSource(const std::string& path);

/// The model a scenario source uses: its "model" file or inline object, with the scenario's
/// "base" override applied. `model_dir` (optional) receives the folder of the model file.
/// Throws ModelError "<file>: <key>: <problem>".
ModelDescription scenarioModelDescription(const ScenarioSource& source,
                                          std::vector<std::string>* warnings,
                                          std::string* model_dir = nullptr);

/// Compiles `description` (clean compile errors, no file prefix) and then the scenario around
/// it. Throws ModelError.
Scenario buildScenario(const ModelDescription& description, const ScenarioSource& source,
                       std::vector<std::string>* warnings);

/// The scenario JSON text with `description` inline as "model", "base" (if present) set to its
/// base type, and relative file paths (initial_state) rewritten for a file in `new_base_dir`
/// (absolute when `absolute_paths`).
std::string scenarioTextWithModel(const ModelDescription& description, const ScenarioSource& source,
                                  const std::string& new_base_dir, bool absolute_paths);

}  // namespace vms::ui
