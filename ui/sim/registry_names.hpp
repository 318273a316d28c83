#pragma once
// The solver and integrator a scenario names must exist in the core registries: the core
// Simulator takes them on trust (an unknown integrator leaves it without one, and its first
// step dereferences nothing). The workbench checks before it builds a Simulator, so that a
// scenario file naming "x" is refused with the names it could have used instead.
#include <string>

#include "core/scenario/scenario.hpp"

namespace vms::ui {

/// "<key>: unknown <integrator|solver> '<name>' (available: a, b)" for the first of the
/// scenario's "integrator" and "solver" that the registries (integratorNames(), solverNames())
/// do not know; empty when both are registered. The key is the scenario file's key path.
std::string unregisteredNameProblem(const Scenario& scenario);

}  // namespace vms::ui
