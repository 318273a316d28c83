#pragma once
// A solver chosen by name and optional root link, with the command line's rules (--solver,
// --root) and its messages as ValueError.
#include <memory>
#include <optional>
#include <string>

#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms::python {

/// `solver` from the registry, a printed variant "<solver>/<variant>" of the errata registry
/// (core/solvers/errata_registry.hpp: the paper's equation as printed), or with `root` the
/// base-invariant solver rooted at that link
/// (`solver` then the default "aba" or "base-invariant"). Throws pybind11::value_error naming
/// the problem: unknown solver (listing the available ones), a solver that does not handle the
/// vehicle type, an unknown root link.
std::unique_ptr<ForwardDynamicsSolver> chooseSolver(const Model& model, const std::string& solver,
                                                    const std::optional<std::string>& root);

}  // namespace vms::python
