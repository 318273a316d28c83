#include "core/solvers/aba_solver.hpp"
#include "core/solvers/crba_solver.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

namespace {

struct SolverEntry {
  const char* name;
  std::unique_ptr<ForwardDynamicsSolver> (*make)(const Model& model);
};

// The one registration point: to add a solver, implement ForwardDynamicsSolver (one file in
// core/solvers/) and add its line here. The default comes first.
const SolverEntry kSolvers[] = {
    {"aba",
     [](const Model&) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<AbaSolver>();
     }},
    {"crba",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<CrbaSolver>(model);
     }},
};

}  // namespace

std::vector<std::string> solverNames() {
  std::vector<std::string> names;
  for (const SolverEntry& e : kSolvers) names.push_back(e.name);
  return names;
}

std::unique_ptr<ForwardDynamicsSolver> makeSolver(const std::string& name, const Model& model) {
  for (const SolverEntry& e : kSolvers)
    if (name == e.name) return e.make(model);
  return nullptr;
}

}  // namespace vms
