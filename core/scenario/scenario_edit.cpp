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

}  // namespace vms
