#include <stdexcept>

#include "core/solvers/aba_solver.hpp"
#include "core/solvers/barycentric_solver.hpp"
#include "core/solvers/base_invariant_solver.hpp"
#include "core/solvers/coupled_joints_solver.hpp"
#include "core/solvers/crba_solver.hpp"
#include "core/solvers/denoc_solver.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "core/solvers/generalized_jacobian_solver.hpp"
#include "core/solvers/lagrange_poincare_solver.hpp"
#include "core/solvers/quasi_lagrange_solver.hpp"

namespace vms {

namespace {

struct SolverEntry {
  const char* name;
  std::unique_ptr<ForwardDynamicsSolver> (*make)(const Model& model);
  bool (*supports)(BaseType type) = nullptr;  // nullptr: every vehicle type
  const char* why_not = "";                   // why it refuses the others
};

// The one registration point: to add a solver, implement ForwardDynamicsSolver (one file in
// core/solvers/) and add its line here, with the vehicle types it handles if not all. The
// default comes first.
const SolverEntry kSolvers[] = {
    {"aba",
     [](const Model&) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<AbaSolver>();
     }},
    {"crba",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<CrbaSolver>(model);
     }},
    {"quasi-lagrange",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<QuasiLagrangeSolver>(model);
     }},
    {"lagrange-poincare",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<LagrangePoincareSolver>(model);
     },
     [](BaseType type) { return isHolonomic(type); },
     "seed 001's reduction needs the vehicle's velocities to span a Lie subalgebra"},
    {"generalized-jacobian",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<GeneralizedJacobianSolver>(model);
     },
     [](BaseType type) { return isHolonomic(type); },
     "seed 004's elimination of the vehicle needs the vehicle's velocities to span a Lie "
     "subalgebra"},
    {"denoc",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<DenocSolver>(model);
     }},
    {"barycentric",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<BarycentricSolver>(model);
     },
     [](BaseType type) { return type == BaseType::Free; },
     "seed 003's centre-of-mass split needs an unconstrained vehicle"},
    {"base-invariant",
     [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
       return std::make_unique<BaseInvariantSolver>(model);
     },
     [](BaseType type) { return type == BaseType::Free; },
     "re-rooting the tree needs an unconstrained vehicle"},
};

const SolverEntry* findSolver(const std::string& name) {
  for (const SolverEntry& e : kSolvers)
    if (name == e.name) return &e;
  return nullptr;
}

}  // namespace

bool solverSupports(const std::string& name, BaseType type) {
  const SolverEntry* e = findSolver(name);
  return e && (!e->supports || e->supports(type));
}

std::string solverSupportProblem(const std::string& name, BaseType type) {
  const SolverEntry* e = findSolver(name);
  if (!e) return "unknown solver '" + name + "'";
  if (!e->supports || e->supports(type)) return {};
  std::string supported;
  for (BaseType t : kAllBaseTypes)
    if (e->supports(t)) supported += (supported.empty() ? "" : ", ") + toString(t);
  return "solver '" + name + "' does not handle a " + toString(type) + " vehicle: " + e->why_not +
         " (it handles: " + (supported.empty() ? "none" : supported) + ")";
}

std::vector<std::string> solverNames() {
  std::vector<std::string> names;
  for (const SolverEntry& e : kSolvers) names.push_back(e.name);
  return names;
}

std::unique_ptr<ForwardDynamicsSolver> makeSolver(const std::string& name, const Model& model) {
  const SolverEntry* e = findSolver(name);
  if (!e) return nullptr;
  if (const std::string problem = solverSupportProblem(name, model.base_type); !problem.empty())
    throw std::invalid_argument(problem);
  std::unique_ptr<ForwardDynamicsSolver> solver = e->make(model);
  if (model.hasCouplings()) return std::make_unique<CoupledJointsSolver>(std::move(solver), model);
  return solver;
}

}  // namespace vms
