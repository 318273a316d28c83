#pragma once
// Builds a document's Scenario from its (edited) model description: the scenario file's
// ScenarioDescription with the edited model in it, assembled by the core (assembleScenario), or
// a default scenario around a bare model file. Also writes that description back (saving,
// autosave) with the model inline and the relative paths rebased. No JSON text in between.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/scenario/scenario.hpp"
#include "ui/document/document_content.hpp"

namespace vms::ui {

/// Duration written when a default scenario is saved as a .scenario.json file.
constexpr double kSavedDefaultDuration = 10.0;

/// The default scenario around a bare model file (built by vms::defaultScenario: the model's
/// base and gravity, floating mode, at rest, open-ended duration); its JSON is what saving it
/// as a .scenario.json writes.
ScenarioSource defaultScenarioSource(const std::string& model_path);

/// The scenario file `path` as a source: read by the core reader (with the model and STATE
/// files it names); throws ModelError "<file>: <key>: <problem>".
ScenarioSource scenarioFileSource(const std::string& path,
                                  std::vector<std::string>* warnings = nullptr);

/// The model a scenario source uses, with the scenario's "base" override applied. `model_dir`
/// (optional) receives the folder of the model file (the scenario's for an inline model).
ModelDescription scenarioModelDescription(const ScenarioSource& source,
                                          std::string* model_dir = nullptr);

/// Compiles `description` (clean compile errors, no file prefix) and then the scenario around
/// it. Throws ModelError.
Scenario buildScenario(const ModelDescription& description, const ScenarioSource& source,
                       std::vector<std::string>* warnings);

/// The scenario JSON text (writeScenarioJson) with `description` inline as "model", "base" (if
/// present) set to its base type, and a relative initial_state path rewritten for a file in
/// `new_base_dir` (absolute when `absolute_paths`).
std::string scenarioTextWithModel(const ModelDescription& description, const ScenarioSource& source,
                                  const std::string& new_base_dir, bool absolute_paths);

}  // namespace vms::ui
