#pragma once
// The errata of the seed papers that run as solvers: one table, each entry a printed equation
// that the notes correct, with the solver variant that evaluates it as printed, collected from
// the solvers' registry entries (SolverEntry::printed_variants). The desktop app's errata mode
// runs them next to the corrected solver (a ghost run, a second curve); the tests check that
// every *Variant enum value has its entry (tests/core/solvers/test_errata_registry). The notes
// list further errata that are not variants: docs/errata.md lists every one, with its variant
// or the reason it has none (tests/core/solvers/test_errata_document checks it against this).
#include <memory>
#include <string>
#include <vector>

#include "core/model/sample_models.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

struct Erratum {
  std::string id;           // "<solver>/<variant>", e.g. "lagrange-poincare/printed-nhat"
  std::string solver;       // registry name of the corrected solver
  std::string variant;      // the variant's toString() spelling, e.g. "printed-nhat"
  std::string equation;     // where the paper prints it, e.g. "seed 001 (100)"
  std::string explanation;  // two sentences: what is wrong; why energy/momentum checks miss it
  /// The relative acceleration error against aba (largest difference / max(1, largest entry))
  /// that docs/solvers.md reports for the printed form (the smallest over its tests' cases;
  /// other states give other values). 0: the erratum never shows in the accelerations, only
  /// in the matrices.
  double documented_error = 0.0;
  /// A random tree on which the printed form is defined and shows (tests, demos).
  RandomTreeOptions demo;
};

/// False for an erratum whose printed form changes only the solver's matrices, never the
/// accelerations on any state (documented_error 0): it has no ghost run in the desktop app.
inline bool changesTheMotion(const Erratum& erratum) { return erratum.documented_error > 0.0; }

/// Every erratum, grouped by solver in registry order.
const std::vector<Erratum>& errata();

/// The erratum called `id`, or nullptr.
const Erratum* findErratum(const std::string& id);

/// "" when the printed form of `erratum` is defined for `model`, else why not (the solver's or
/// the variant's refusal, as its constructor words it).
std::string erratumSupportProblem(const Erratum& erratum, const Model& model);

/// The solver evaluating `erratum` as printed for `model`. Throws std::invalid_argument
/// (erratumSupportProblem's text) where it is not defined.
std::unique_ptr<ForwardDynamicsSolver> makeErratumSolver(const Erratum& erratum,
                                                         const Model& model);

}  // namespace vms
