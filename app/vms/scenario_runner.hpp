#pragma once
// How `vms run` and `vms sweep` start the core run loop (core/scenario/scenario_run.hpp) of a
// scenario read from a file: what the set-up rejects names the file, and a first instant whose
// momentum or energy overflows is an input error, found before any output exists. Both
// commands then drive the same ScenarioRun, so a sweep's figures are those `vms run` writes.
#include <memory>
#include <string>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_run.hpp"

namespace vms::cli {

/// Throws ModelError "<source>: ..." for what the Simulator's set-up rejects and for an initial
/// state whose momentum or energy is not finite.
std::unique_ptr<ScenarioRun> startScenarioRun(const Scenario& scenario, const std::string& source);

}  // namespace vms::cli
