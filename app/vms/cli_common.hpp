#pragma once
// Loading shared by the sub-commands: MODEL (+ --base), STATE, solver and integrator names.
#include <memory>
#include <string>
#include <utility>

#include "arguments.hpp"
#include "core/integrators/integrator.hpp"
#include "core/io/state_io.hpp"
#include "core/io/user_files.hpp"
#include "core/model/model.hpp"
#include "core/model/model_error.hpp"
#include "core/model/require_finite.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms::cli {

/// The single positional MODEL argument.
std::string modelPath(const Arguments& args, const char* usage);

/// Loads MODEL with the optional --base override; prints warnings to stderr.
/// The model file `path`, with --base and --repair-inertia applied; warnings on stderr.
Model loadModelFromArguments(const Arguments& args, const std::string& path);

/// Reads --state for `model`; prints warnings to stderr.
StateFile loadStateFromArguments(const Arguments& args, const Model& model);

/// --solver (default aba); UsageError listing the available ones if unknown. With --root LINK
/// (extension): the base-invariant solver with the body of LINK as the base (seed 002,
/// Appendix A); UsageError if LINK is unknown, the vehicle is not free, or --solver names
/// another solver.
std::unique_ptr<ForwardDynamicsSolver> solverFromArguments(const Arguments& args,
                                                           const Model& model);

/// --integrator (default rk4); UsageError listing the available ones if unknown.
std::unique_ptr<Integrator> integratorFromArguments(const Arguments& args, const Model& model);

void printWarning(const std::string& message);

/// core/io/user_files.hpp's namingFile, with the command line's UsageError passing unchanged.
template <typename F>
auto namingFile(const std::string& path, F&& read) -> decltype(read()) {
  return vms::namingFile<UsageError>(path, std::forward<F>(read));
}

/// Creates `dir` and its missing parents (like mkdir -p); ModelError naming the path.
void makeDirectories(const std::string& dir);

/// Creates the folder `file` is in (if it names one).
void makeParentDirectories(const std::string& file);

}  // namespace vms::cli
