#pragma once
// A Scenario for a bare model (a .urdf or .vms.json opened without a scenario file): the
// vehicle type and gravity of the model, the neutral configuration at rest, no actuators
// beyond the joints (zero torque), floating mode, rk4 + aba at dt = 0.01 s and an open-ended
// duration (infinite: the Simulator never finishes).
#include <optional>
#include <string>
#include <vector>

#include "core/scenario/scenario.hpp"

namespace vms {

/// The default time step of a bare-model scenario, s.
inline constexpr double kDefaultScenarioTimeStep = 0.01;

/// A scenario named after the model; `source` is recorded for messages.
Scenario defaultScenario(const Model& model, const std::string& source = "");

/// Loads a model file (loadModel: ModelError naming the file on failure) and wraps it in
/// defaultScenario(); the scenario is named after the file (without its extension).
Scenario defaultScenarioForModelFile(const std::string& path,
                                     std::optional<BaseType> base_override = std::nullopt,
                                     std::vector<std::string>* warnings = nullptr);

}  // namespace vms
