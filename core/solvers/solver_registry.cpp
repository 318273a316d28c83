// The one list of solvers: one line each, in listing order, the default first. Each names the
// entry function written next to its solver's class (in the solver's .cpp); nothing else in
// the program names a solver.
#include "core/solvers/solver_entry.hpp"

#define VMS_SOLVER_ENTRIES(ENTRY)       \
  ENTRY(abaSolverEntry)                 \
  ENTRY(crbaSolverEntry)                \
  ENTRY(quasiLagrangeSolverEntry)       \
  ENTRY(lagrangePoincareSolverEntry)    \
  ENTRY(generalizedJacobianSolverEntry) \
  ENTRY(denocSolverEntry)               \
  ENTRY(denocRecursiveSolverEntry)      \
  ENTRY(barycentricSolverEntry)         \
  ENTRY(baseInvariantSolverEntry)

namespace vms {

#define VMS_DECLARE_ENTRY(function) const SolverEntry& function();
VMS_SOLVER_ENTRIES(VMS_DECLARE_ENTRY)

const SolverRegistry& solverRegistry() {
#define VMS_LIST_ENTRY(function) function(),
  static const SolverRegistry registry("solver", {VMS_SOLVER_ENTRIES(VMS_LIST_ENTRY)});
  return registry;
}

}  // namespace vms
