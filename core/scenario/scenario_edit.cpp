#include "core/scenario/scenario_edit.hpp"

#include <nlohmann/json.hpp>

#include "core/scenario/scenario_json.hpp"

namespace vms {

namespace {
using Json = nlohmann::json;
}  // namespace

std::string controllersJson(const ScenarioDescription& d) {
  if (d.controllers.empty()) return "[]";
  ScenarioDescription only;
  only.model.description = d.model.description;
  only.controllers = d.controllers;
  const Json root = Json::parse(writeScenarioJson(only));
  return root.value("controllers", Json::array()).dump(2);
}

std::vector<ControllerDescription> parseControllersJson(const std::string& json,
                                                        const std::string& source) {
  Json controllers;
  try {
    controllers = Json::parse(json);
  } catch (const Json::parse_error& e) {
    throw ModelError(source + ": malformed JSON: " + e.what());
  }
  if (!controllers.is_array())
    throw ModelError(source + ": expected a JSON array of controllers ([ ... ])");
  // The scenario reader itself, around a one-body model (names are resolved on assembly).
  Json wrapper = {
      {"model",
       {{"format", "vms-model"},
        {"version", 1},
        {"links",
         Json::array(
             {{{"name", "b"}, {"mass", 1}, {"inertia", {{"ixx", 1}, {"iyy", 1}, {"izz", 1}}}}})}}},
      {"controllers", controllers},
      {"duration", 1}};
  return parseScenarioDescription(wrapper.dump(), source, "").controllers;
}

std::string scenarioSectionJson(const ScenarioDescription& d, const std::string& key) {
  const Json root = Json::parse(writeScenarioJson(d));
  const auto it = root.find(key);
  return it == root.end() ? std::string() : it->dump(2);
}

ScenarioDescription withScenarioSection(const ScenarioDescription& d, const std::string& key,
                                        const std::string& json, const std::string& base_dir) {
  Json root = Json::parse(writeScenarioJson(d));
  if (json.find_first_not_of(" \t\r\n") == std::string::npos) {
    root.erase(key);
  } else {
    try {
      root[key] = Json::parse(json);
    } catch (const Json::parse_error& e) {
      throw ModelError(d.source + ": " + key + ": malformed JSON: " + e.what());
    }
  }
  ScenarioDescription read = parseScenarioDescription(root.dump(), d.source, base_dir);
  read.model = d.model;  // the edited model stays (the file's model is read again otherwise)
  return read;
}

}  // namespace vms
