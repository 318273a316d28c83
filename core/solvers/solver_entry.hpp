#pragma once
// A solver's registry entry: everything the command line, the desktop app, the errata table,
// docs/solvers.md and the Python package say about it, written once, next to the solver's
// class (in its .cpp, as `const SolverEntry& <name>SolverEntry()`), and listed in
// core/solvers/solver_registry.cpp.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/model/registry.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// Makes a solver for one model (throws std::invalid_argument where it is not defined).
using SolverFactory = std::function<std::unique_ptr<ForwardDynamicsSolver>(const Model&)>;

/// A printed equation of the solver's paper that the notes correct, evaluated as printed by a
/// variant of the solver: the errata table (errata_registry.hpp), the desktop app's errata
/// mode, docs/solvers.md.
struct PrintedVariant {
  std::string name;         // the variant's spelling, e.g. "printed-nhat"
  std::string equation;     // where the paper prints it, e.g. "seed 001 (100)"
  std::string explanation;  // two sentences: what is wrong; why energy/momentum checks miss it
  /// The relative acceleration error against aba that docs/solvers.md reports for the printed
  /// form (the smallest over its tests' cases). 0: it never shows in the accelerations, only
  /// in the matrices.
  double documented_error = 0.0;
  RandomTreeOptions demo;  // a random tree on which it is defined and shows (tests, demos)
  SolverFactory make;      // the solver running the printed form; refuses where undefined
};

struct SolverEntry : MethodEntry {
  SolverFactory make;  // the (corrected) solver, for a model of a vehicle type it handles
  std::vector<PrintedVariant> printed_variants;  // its paper's errata, as runnable variants
};

using SolverRegistry = Registry<SolverEntry>;

/// Every solver, in listing order, the default (aba) first.
const SolverRegistry& solverRegistry();

}  // namespace vms
