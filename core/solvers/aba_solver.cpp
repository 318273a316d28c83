#include "core/solvers/aba_solver.hpp"

#include "core/solvers/solver_entry.hpp"

namespace vms {

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& abaSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "aba";
    e.summary = "Articulated-body algorithm: O(N), the fastest; the default";
    e.description =
        "The articulated-body recursion (Jain-Rodriguez / Featherstone): an outward pass for "
        "the velocities, an inward pass for the articulated inertias and bias forces with the "
        "vehicle as the root, an outward pass for the accelerations. O(N); the reference every "
        "other solver is tested against.";
    e.make = [](const Model&) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<AbaSolver>();
    };
    return e;
  }();
  return entry;
}

AbaSolver::AbaSolver() : ForwardDynamicsSolver(abaSolverEntry()) {}

void AbaSolver::computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                            const Eigen::Ref<const VecX>& tau,
                                            const ExternalForces& external) {
  aba(model, data, state, tau, external);
}

}  // namespace vms
