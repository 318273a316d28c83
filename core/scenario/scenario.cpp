#include "core/scenario/scenario.hpp"

#include "core/scenario/scenario_json.hpp"

namespace vms {

Scenario parseScenarioJson(const std::string& text, const std::string& source,
                           const std::string& base_dir, std::vector<std::string>* warnings) {
  return assembleScenario(parseScenarioDescription(text, source, base_dir, warnings), warnings);
}

Scenario loadScenario(const std::string& path, std::vector<std::string>* warnings) {
  return assembleScenario(readScenarioDescription(path, warnings), warnings);
}

}  // namespace vms
