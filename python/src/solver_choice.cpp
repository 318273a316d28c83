#include "solver_choice.hpp"

#include <pybind11/pybind11.h>

#include <algorithm>

#include "core/solvers/errata_registry.hpp"
#include "core/solvers/rooted_solver.hpp"

namespace vms::python {

std::unique_ptr<ForwardDynamicsSolver> chooseSolver(const Model& model, const std::string& solver,
                                                    const std::optional<std::string>& root) {
  if (root) {
    if (solver != defaultSolverName() && solver != rootedSolverName())
      throw pybind11::value_error("root selects the " + rootedSolverName() +
                                  " solver; it cannot be combined with solver '" + solver + "'");
    if (const std::string problem = rootProblem(model, *root); !problem.empty())
      throw pybind11::value_error("root: " + problem);
    return makeRootedSolver(model, *root);
  }
  if (solver.find('/') != std::string::npos) {
    const Erratum* erratum = findErratum(solver);
    if (!erratum) {
      std::string list;
      for (const Erratum& e : errata()) list += (list.empty() ? "" : ", ") + e.id;
      throw pybind11::value_error("solver: unknown printed variant '" + solver +
                                  "' (available: " + list + ")");
    }
    if (const std::string problem = erratumSupportProblem(*erratum, model); !problem.empty())
      throw pybind11::value_error("solver: " + solver + ": " + problem);
    return makeErratumSolver(*erratum, model);
  }
  const std::vector<std::string> names = solverNames();
  if (std::find(names.begin(), names.end(), solver) == names.end()) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw pybind11::value_error("solver: unknown solver '" + solver + "' (available: " + list +
                                ")");
  }
  if (const std::string problem = solverSupportProblem(solver, model.base_type); !problem.empty())
    throw pybind11::value_error("solver: " + problem);
  return makeSolver(solver, model);
}

}  // namespace vms::python
