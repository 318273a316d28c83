#pragma once
// The top-level keys of a `*.scenario.json` file, one row each: the key, its type, default,
// the one check of its value (and that check's message), how the file reads and writes it,
// the editor the Scenario panel gives it, and its line in docs/scenario-format.md. The
// reader and writer (scenario_json.cpp), scenario assembly, the Scenario panel and the
// documentation's key table all read this table; a new key is one row here plus the code that
// uses its value (assembly, the run).
//
// Simple keys (a string or a number) are read, written, checked and edited through their row
// alone. Keys with nested structure (the model, the initial state, the environment, the
// actuators, the controllers, the analysis) name their own read and write functions.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/scenario/scenario_description.hpp"

namespace vms {

/// The value of a simple key: text, or a number (a whole number is a double that its row's
/// check accepts).
using ScenarioValue = std::variant<std::string, double>;

/// What a custom read or write function is given (core/scenario/detail/scenario_key_json.hpp).
struct ScenarioKeyReader;
struct ScenarioKeyWriter;

struct ScenarioKey {
  enum class Type { Text, Number, WholeNumber, Structured };
  /// How the Scenario panel edits the key: a line (text or number, as the type), a choice of
  /// `choices()`, the key's JSON as the file holds it, widgets of the panel's own (the initial
  /// state's joints and vehicle pose, the environment's gravity), or not at all.
  enum class Editor { None, Line, Choice, JsonSection, Custom };

  const char* name = "";  // the key in the file: "output_every"
  Type type = Type::Text;
  bool required = false;

  // Documentation (docs/scenario-format.md, "Top level").
  const char* type_text = "";  // "integer", "string or object", ...
  /// nullptr: the value of a default ScenarioDescription, as the file writes it.
  const char* default_text = nullptr;
  const char* meaning = "";

  // Simple keys: the value in a description (none: not given, for an optional key) and setting
  // it (none: remove an optional key). Set only values that `problem` accepts.
  std::optional<ScenarioValue> (*get)(const ScenarioDescription&) = nullptr;
  void (*set)(ScenarioDescription&, const std::optional<ScenarioValue>&) = nullptr;
  /// The one check of a value (the reader, assembly and the panel use it): "" or the problem,
  /// completed as "<file>: <key>: <problem>". Checks against the model or other keys are
  /// assembly's.
  std::string (*problem)(const ScenarioValue&) = nullptr;
  /// The accepted names of a choice.
  std::vector<std::string> (*choices)() = nullptr;

  // Reading and writing in the file: custom functions, or null (simple keys: by type).
  void (*read)(ScenarioKeyReader&, ScenarioDescription&) = nullptr;
  void (*write)(const ScenarioDescription&, ScenarioKeyWriter&) = nullptr;

  // The Scenario panel: the editor, its field ("scenario.<field>"), label and tooltip.
  Editor editor = Editor::None;
  const char* field = "";
  const char* label = "";
  const char* tip = "";
};

using ScenarioKeyTable = std::vector<ScenarioKey>;

/// Every top-level key, in the order the file writes them.
const ScenarioKeyTable& scenarioKeys();

/// The row of a key (or of a panel field, "outputEvery"); nullptr if there is none.
const ScenarioKey* findScenarioKey(const std::string& name,
                                   const ScenarioKeyTable& keys = scenarioKeys());
const ScenarioKey* findScenarioField(const std::string& field,
                                     const ScenarioKeyTable& keys = scenarioKeys());

/// The rows' checks of a description's values (a description made in memory, or edited):
/// throws ModelError "<d.source>: <key>: <problem>" for the first refused value.
void checkScenarioKeyValues(const ScenarioDescription& d,
                            const ScenarioKeyTable& keys = scenarioKeys());

/// The default of a key as the documentation states it.
std::string scenarioKeyDefaultText(const ScenarioKey& key);

/// The documentation's key table (markdown, header included, one line per row).
std::string scenarioKeyTableMarkdown(const ScenarioKeyTable& keys = scenarioKeys());

}  // namespace vms
