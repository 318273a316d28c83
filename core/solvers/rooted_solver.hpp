#pragma once
// "Any link as the root" (seed 002, Appendix A) by a link's name: the one place that turns a
// link name into a re-rooted base-invariant solver, with the messages the command line
// (`--root LINK`), scenario files ("root") and the desktop app's root selector report.
#include <memory>
#include <string>

#include "core/model/model.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// The body that carries link (or frame) `name`, or -1: the argument of `vms ... --root`.
int rootBodyOfLink(const Model& model, const std::string& name);

/// The solver a root link selects.
inline std::string rootedSolverName() { return "base-invariant"; }

/// Why the body of `link` (a link, fused link or frame) cannot be the root on `model`, empty
/// when it can: the base-invariant solver does not handle the vehicle (solverSupportProblem's
/// words), or "unknown link 'x' (links: a, b, ..., or any fused link or frame)".
std::string rootProblem(const Model& model, const std::string& link);

/// The base-invariant solver with the body of `link` as the root (the results stay in the
/// model's own coordinates). Throws std::invalid_argument(rootProblem) if it cannot be.
std::unique_ptr<ForwardDynamicsSolver> makeRootedSolver(const Model& model,
                                                        const std::string& link);

/// The solver's registry name, with "@<root body>" when it is the base-invariant solver rooted
/// elsewhere than at the vehicle ("base-invariant@link3"): what a run actually steps with.
std::string solverLabel(const ForwardDynamicsSolver& solver, const Model& model);

}  // namespace vms
