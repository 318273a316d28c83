#include <stdexcept>

#include "core/solvers/coupled_joints_solver.hpp"
#include "core/solvers/solver_entry.hpp"

namespace vms {

ForwardDynamicsSolver::ForwardDynamicsSolver(const SolverEntry& entry)
    : entry_(&entry), check_label_(entry.name + " solver") {}

const std::string& ForwardDynamicsSolver::name() const { return entry_->name; }

std::string ForwardDynamicsSolver::description() const { return entry_->summary; }

std::vector<std::string> solverNames() { return solverRegistry().names(); }

std::string defaultSolverName() { return solverRegistry().defaultEntry().name; }

bool solverSupports(const std::string& name, BaseType type) {
  const SolverEntry* e = solverRegistry().find(name);
  return e && e->supports(type);
}

std::string solverSupportProblem(const std::string& name, BaseType type) {
  return solverRegistry().supportProblem(name, type);
}

std::unique_ptr<ForwardDynamicsSolver> makeSolver(const std::string& name, const Model& model) {
  const SolverEntry* e = solverRegistry().find(name);
  if (!e) return nullptr;
  if (const std::string problem = solverSupportProblem(name, model.base_type); !problem.empty())
    throw std::invalid_argument(problem);
  std::unique_ptr<ForwardDynamicsSolver> solver = e->make(model);
  if (model.hasCouplings()) return std::make_unique<CoupledJointsSolver>(std::move(solver), model);
  return solver;
}

}  // namespace vms
