#pragma once
// Loading shared by the sub-commands: MODEL (+ --base), STATE, solver and integrator names.
#include <memory>
#include <new>
#include <string>

#include "arguments.hpp"
#include "core/integrators/integrator.hpp"
#include "core/io/state_io.hpp"
#include "core/model/model.hpp"
#include "core/model/model_error.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms::cli {

/// The single positional MODEL argument.
std::string modelPath(const Arguments& args, const char* usage);

/// Loads MODEL with the optional --base override; prints warnings to stderr.
/// The model file `path`, with --base and --repair-inertia applied; warnings on stderr.
Model loadModelFromArguments(const Arguments& args, const std::string& path);
/// `message` of a rejected inertia, with a pointer to --repair-inertia.
std::string withRepairHint(const std::string& message);

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

/// Runs `read` (the loading of `path`) so that whatever it throws names the file: a ModelError
/// that does not start with the path gets it as a prefix, std::bad_alloc and any other
/// std::exception become a ModelError "<path>: ...". UsageError passes unchanged.
template <typename F>
auto namingFile(const std::string& path, F&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const UsageError&) {
    throw;
  } catch (const ModelError& e) {
    if (std::string(e.what()).rfind(path + ":", 0) == 0) throw;
    throw ModelError(path + ": " + e.what());
  } catch (const std::bad_alloc&) {
    throw ModelError(path + ": out of memory while reading the file");
  } catch (const std::exception& e) {
    throw ModelError(path + ": " + e.what());
  }
}

/// Throws ModelError("<source>: <what> is not finite ...") unless every entry of `values` is
/// finite: results that overflowed must never be printed as numbers (or as JSON null).
void requireFinite(const Eigen::Ref<const MatX>& values, const std::string& what,
                   const std::string& source);

/// Creates `dir` and its missing parents (like mkdir -p); ModelError naming the path.
void makeDirectories(const std::string& dir);

/// Creates the folder `file` is in (if it names one).
void makeParentDirectories(const std::string& file);

}  // namespace vms::cli
