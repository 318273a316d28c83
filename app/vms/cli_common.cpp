#include "cli_common.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "core/solvers/rooted_solver.hpp"

namespace vms::cli {

namespace {
std::string joinNames(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}
}  // namespace

void printWarning(const std::string& message) {
  std::fprintf(stderr, "vms: warning: %s\n", message.c_str());
}

std::string modelPath(const Arguments& args, const char* usage) {
  if (args.positional().size() != 1)
    throw UsageError(std::string("expected exactly one MODEL argument; usage: ") + usage);
  return args.positional()[0];
}

Model loadModelFromArguments(const Arguments& args, const std::string& path) {
  std::optional<BaseType> base;
  if (const auto name = args.get("base")) {
    base = baseTypeFromString(*name);
    if (!base)
      throw UsageError("--base: unknown vehicle type '" + *name + "' (" + baseTypeNames() + ")");
  }
  std::vector<std::string> warnings;
  Model model = loadUserModel(path, base, args.has("repair-inertia"), &warnings);
  for (const auto& w : warnings) printWarning(w);
  return model;
}

StateFile loadStateFromArguments(const Arguments& args, const Model& model) {
  std::vector<std::string> warnings;
  const std::string path = args.required("state");
  StateFile s = loadUserState(path, model, &warnings);
  for (const auto& w : warnings) printWarning(w);
  return s;
}

namespace {
// --root LINK: the base-invariant solver re-rooted at LINK's body (core/solvers/rooted_solver).
std::unique_ptr<ForwardDynamicsSolver> rootedSolverFromArguments(const Arguments& args,
                                                                 const Model& model,
                                                                 const std::string& link) {
  const std::string solver = rootedSolverName();
  if (const auto other = args.get("solver"); other && *other != solver)
    throw UsageError("--root selects the " + solver +
                     " solver; it cannot be combined with --solver " + *other);
  if (const std::string problem = rootProblem(model, link); !problem.empty())
    throw UsageError("--root: " + problem);
  return makeRootedSolver(model, link);
}
}  // namespace

std::unique_ptr<ForwardDynamicsSolver> solverFromArguments(const Arguments& args,
                                                           const Model& model) {
  if (const auto root = args.get("root")) return rootedSolverFromArguments(args, model, *root);
  const std::string name = args.get("solver").value_or(defaultSolverName());
  const std::vector<std::string> names = solverNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw UsageError("--solver: unknown solver '" + name +
                     "' (available: " + joinNames(solverNames()) + ")");
  if (const std::string problem = solverSupportProblem(name, model.base_type); !problem.empty())
    throw UsageError("--solver: " + problem);
  return makeSolver(name, model);
}

std::unique_ptr<Integrator> integratorFromArguments(const Arguments& args, const Model& model) {
  const std::string name = args.get("integrator").value_or(defaultIntegratorName());
  const std::vector<std::string> names = integratorNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw UsageError("--integrator: unknown integrator '" + name +
                     "' (available: " + joinNames(names) + ")");
  if (const std::string problem = integratorSupportProblem(name, model.base_type); !problem.empty())
    throw UsageError("--integrator: " + problem);
  return makeIntegrator(name, model);
}

void makeDirectories(const std::string& dir) {
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    partial = dir.substr(0, pos);
    if (partial.empty()) continue;
    struct stat st {};
    if (stat(partial.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode)) throw ModelError(partial + ": exists and is not a directory");
      continue;
    }
    if (mkdir(partial.c_str(), 0777) != 0 && errno != EEXIST)
      throw ModelError(partial + ": cannot create directory");
  }
}

void makeParentDirectories(const std::string& file) {
  const std::size_t slash = file.find_last_of('/');
  if (slash != std::string::npos && slash > 0) makeDirectories(file.substr(0, slash));
}

}  // namespace vms::cli
