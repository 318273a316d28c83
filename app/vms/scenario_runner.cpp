#include "scenario_runner.hpp"

#include "cli_common.hpp"
#include "core/model/model_error.hpp"

namespace vms::cli {

std::unique_ptr<ScenarioRun> startScenarioRun(const Scenario& scenario, const std::string& source) {
  std::unique_ptr<ScenarioRun> run =
      namingFile(source, [&] { return std::make_unique<ScenarioRun>(scenario); });
  if (run->diverged())
    throw ModelError(source +
                     ": initial_state: the momentum or energy of the initial state is not "
                     "finite (velocities or the model's numbers too large for double "
                     "precision)");
  return run;
}

}  // namespace vms::cli
