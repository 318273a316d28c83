#pragma once
// Loading shared by the sub-commands: MODEL (+ --base), STATE, solver and integrator names.
#include <memory>
#include <string>

#include "arguments.hpp"
#include "core/integrators/integrator.hpp"
#include "core/io/state_io.hpp"
#include "core/model/model.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms::cli {

/// The single positional MODEL argument.
std::string modelPath(const Arguments& args, const char* usage);

/// Loads MODEL with the optional --base override; prints warnings to stderr.
Model loadModelFromArguments(const Arguments& args, const std::string& path);

/// Reads --state for `model`; prints warnings to stderr.
StateFile loadStateFromArguments(const Arguments& args, const Model& model);

/// --solver (default aba); UsageError listing the available ones if unknown.
std::unique_ptr<ForwardDynamicsSolver> solverFromArguments(const Arguments& args,
                                                           const Model& model);

/// --integrator (default rk4); UsageError listing the available ones if unknown.
std::unique_ptr<Integrator> integratorFromArguments(const Arguments& args, const Model& model);

void printWarning(const std::string& message);

}  // namespace vms::cli
