#include "core/solvers/rooted_solver.hpp"

#include <stdexcept>

#include "core/io/error_messages.hpp"
#include "core/solvers/base_invariant_solver.hpp"

namespace vms {

int rootBodyOfLink(const Model& model, const std::string& name) {
  if (const int b = model.bodyIndex(name); b >= 0) return b;
  if (const int f = model.frameIndex(name); f >= 0) return model.frames[f].body;
  return -1;
}

std::string rootProblem(const Model& model, const std::string& link) {
  if (std::string problem = solverSupportProblem(rootedSolverName(), model.base_type);
      !problem.empty())
    return problem;
  if (rootBodyOfLink(model, link) >= 0) return {};
  std::string links;
  for (const std::string& n : model.body_names) links += (links.empty() ? "" : ", ") + n;
  return "unknown link " + io::quote(link) + " (links: " + links + ", or any fused link or frame)";
}

std::unique_ptr<ForwardDynamicsSolver> makeRootedSolver(const Model& model,
                                                        const std::string& link) {
  if (const std::string problem = rootProblem(model, link); !problem.empty())
    throw std::invalid_argument(problem);
  BaseInvariantOptions options;
  options.root_body = rootBodyOfLink(model, link);
  return std::make_unique<BaseInvariantSolver>(model, options);
}

std::string solverLabel(const ForwardDynamicsSolver& solver, const Model& model) {
  const auto* rooted = dynamic_cast<const BaseInvariantSolver*>(&solver);
  const int root = rooted ? rooted->tree().root : 0;
  if (root <= 0 || root >= model.nbodies) return solver.name();
  return solver.name() + "@" + model.body_names[static_cast<std::size_t>(root)];
}

}  // namespace vms
