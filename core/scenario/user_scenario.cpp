#include "core/scenario/user_scenario.hpp"

#include "core/io/user_files.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/scenario/scenario_json.hpp"

namespace vms {

namespace {

// `read()` (the scenario's description) repaired if asked and assembled, as vms run does.
template <typename Read>
Scenario assembleNamed(const std::string& source, bool repair_inertia,
                       std::vector<std::string>* warnings, Read&& read) {
  return namingFile(source, [&] {
    ScenarioDescription description = read();
    if (repair_inertia)
      for (const std::string& w : repairInertias(description.model.description))
        if (warnings) warnings->push_back(source + ": model: " + w);
    try {
      return assembleScenario(description, warnings);
    } catch (const ModelError& e) {
      throw ModelError(withRepairHint(e.what()));
    }
  });
}

}  // namespace

Scenario loadUserScenario(const std::string& path, bool repair_inertia,
                          std::vector<std::string>* warnings) {
  return assembleNamed(path, repair_inertia, warnings,
                       [&] { return readScenarioDescription(path, warnings); });
}

Scenario parseUserScenario(const std::string& text, const std::string& source,
                           const std::string& base_dir, bool repair_inertia,
                           std::vector<std::string>* warnings) {
  return assembleNamed(source, repair_inertia, warnings,
                       [&] { return parseScenarioDescription(text, source, base_dir, warnings); });
}

std::unique_ptr<ScenarioRun> startUserScenarioRun(const Scenario& scenario,
                                                  const std::string& source) {
  std::unique_ptr<ScenarioRun> run =
      namingFile(source, [&] { return std::make_unique<ScenarioRun>(scenario); });
  if (run->diverged())
    throw ModelError(source +
                     ": initial_state: the momentum or energy of the initial state is not "
                     "finite (velocities or the model's numbers too large for double "
                     "precision)");
  return run;
}

}  // namespace vms
