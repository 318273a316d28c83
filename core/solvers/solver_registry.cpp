#include "core/solvers/aba_solver.hpp"
#include "core/solvers/crba_solver.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

// To add a solver: implement ForwardDynamicsSolver and add one line to each function below.
std::vector<std::string> solverNames() { return {"aba", "crba"}; }

std::unique_ptr<ForwardDynamicsSolver> makeSolver(const std::string& name, const Model& model) {
  if (name == "aba") return std::make_unique<AbaSolver>();
  if (name == "crba") return std::make_unique<CrbaSolver>(model);
  return nullptr;
}

}  // namespace vms
