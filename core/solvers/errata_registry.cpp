#include "core/solvers/errata_registry.hpp"

#include <stdexcept>

#include "core/solvers/solver_entry.hpp"

namespace vms {

namespace {

// The printed variant an erratum names, from its solver's registry entry.
const PrintedVariant* printedVariantOf(const Erratum& erratum) {
  const SolverEntry* solver = solverRegistry().find(erratum.solver);
  if (!solver) return nullptr;
  for (const PrintedVariant& v : solver->printed_variants)
    if (v.name == erratum.variant) return &v;
  return nullptr;
}

std::unique_ptr<ForwardDynamicsSolver> makeVariant(const Erratum& erratum, const Model& model) {
  const PrintedVariant* variant = printedVariantOf(erratum);
  if (!variant)
    throw std::invalid_argument("no variant '" + erratum.variant + "' of solver '" +
                                erratum.solver + "'");
  return variant->make(model);
}

// Every solver entry's printed variants, in registry order.
std::vector<Erratum> collectErrata() {
  std::vector<Erratum> table;
  for (const SolverEntry& solver : solverRegistry())
    for (const PrintedVariant& v : solver.printed_variants)
      table.push_back(Erratum{solver.name + "/" + v.name, solver.name, v.name, v.equation,
                              v.explanation, v.documented_error, v.demo});
  return table;
}

}  // namespace

const std::vector<Erratum>& errata() {
  static const std::vector<Erratum> table = collectErrata();
  return table;
}

const Erratum* findErratum(const std::string& id) {
  for (const Erratum& e : errata())
    if (e.id == id) return &e;
  return nullptr;
}

std::string erratumSupportProblem(const Erratum& erratum, const Model& model) {
  if (std::string problem = solverSupportProblem(erratum.solver, model.base_type); !problem.empty())
    return problem;
  try {
    makeVariant(erratum, model);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return {};
}

std::unique_ptr<ForwardDynamicsSolver> makeErratumSolver(const Erratum& erratum,
                                                         const Model& model) {
  if (std::string problem = solverSupportProblem(erratum.solver, model.base_type); !problem.empty())
    throw std::invalid_argument(problem);
  return makeVariant(erratum, model);
}

}  // namespace vms
