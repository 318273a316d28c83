#pragma once
// Reading and writing the keys of a scenario file through their table (scenario_keys.hpp):
// what a row's custom read and write functions are given, the structured keys' functions
// (defined in scenario_json.cpp), and the reader and writer over any table (scenarioKeys() for
// `*.scenario.json`; a test passes its own).
#include <string>
#include <vector>

#include "core/io/json_util.hpp"
#include "core/scenario/scenario_keys.hpp"

namespace vms {

struct ScenarioKeyReader {
  io::ObjectReader& object;  // the file's top level
  const std::string& source;
  const std::string& base_dir;  // relative model and STATE paths resolve against it
  std::vector<std::string>* warnings;
};

struct ScenarioKeyWriter {
  io::Json& object;  // the file's top level
};

/// A simple key by its row: read (type checked), checked by the row, set; absent: left at its
/// default (required: "missing (required)").
void readScenarioValue(const ScenarioKey& key, ScenarioKeyReader& in, ScenarioDescription& d);

/// The structured keys and the solver (whose default follows "root").
void readScenarioModel(ScenarioKeyReader& in, ScenarioDescription& d);
void writeScenarioModel(const ScenarioDescription& d, ScenarioKeyWriter& out);
void readScenarioInitialState(ScenarioKeyReader& in, ScenarioDescription& d);
void writeScenarioInitialState(const ScenarioDescription& d, ScenarioKeyWriter& out);
void readScenarioEnvironment(ScenarioKeyReader& in, ScenarioDescription& d);
void writeScenarioEnvironment(const ScenarioDescription& d, ScenarioKeyWriter& out);
void readScenarioActuators(ScenarioKeyReader& in, ScenarioDescription& d);
void writeScenarioActuators(const ScenarioDescription& d, ScenarioKeyWriter& out);
void readScenarioControllers(ScenarioKeyReader& in, ScenarioDescription& d);
void writeScenarioControllers(const ScenarioDescription& d, ScenarioKeyWriter& out);
void readScenarioAnalysis(ScenarioKeyReader& in, ScenarioDescription& d);
void writeScenarioAnalysis(const ScenarioDescription& d, ScenarioKeyWriter& out);
void readScenarioSolver(ScenarioKeyReader& in, ScenarioDescription& d);

/// A scenario file's text read with the keys of `keys` (unknown keys are refused, naming
/// them), and a description written with them.
ScenarioDescription parseScenarioWithKeys(const ScenarioKeyTable& keys, const std::string& text,
                                          const std::string& source, const std::string& base_dir,
                                          std::vector<std::string>* warnings = nullptr);
std::string writeScenarioWithKeys(const ScenarioKeyTable& keys, const ScenarioDescription& d);

}  // namespace vms
