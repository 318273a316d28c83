#pragma once
// Forward-dynamics solvers behind one interface, created by name (`--solver NAME`, the
// desktop app's solver selector). A solver object is made for one model and owns whatever
// workspace it needs beyond Data, so compute() never allocates. Each solver describes itself
// in its registry entry (core/solvers/solver_entry.hpp); the functions below read the
// registry.
#include <memory>
#include <string>
#include <vector>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/check_model_arguments.hpp"

namespace vms {

struct SolverEntry;

/// A named intermediate quantity of a solver's formulation (its paper's notation), as computed
/// by the last compute(): for `vms inspect --detail` and the desktop app's inspector.
struct SolverQuantity {
  std::string name;     // e.g. "M0" (locked inertia), "H*" (generalized inertia)
  std::string meaning;  // one line, with the paper's equation number
  MatX value;           // a vector is a one-column matrix
};

class ForwardDynamicsSolver {
 public:
  virtual ~ForwardDynamicsSolver() = default;
  ForwardDynamicsSolver(const ForwardDynamicsSolver&) = delete;
  ForwardDynamicsSolver& operator=(const ForwardDynamicsSolver&) = delete;

  /// The registry entry of the solver's formulation (core/solvers/solver_entry.hpp).
  const SolverEntry& entry() const { return *entry_; }
  /// Registry name, e.g. "aba": the entry's.
  const std::string& name() const;
  /// One line for help texts and the UI: the entry's summary, and what this object runs
  /// beyond it (a printed variant, another root, mimic joints).
  virtual std::string description() const;

  /// Fills data.qdd and data.base_twist_dot (see aba()). Throws std::invalid_argument, naming
  /// "<name> solver", the argument and both sizes, when the state, tau, data or external
  /// forces are not sized for `model` (checkForwardDynamicsArguments), or `model` is not the
  /// solver's. The arguments are checked here, once, for every solver.
  void compute(const Model& model, Data& data, const State& state,
               const Eigen::Ref<const VecX>& tau, const ExternalForces& external) {
    checkForwardDynamicsArguments(check_label_.c_str(), model, data, state, tau, external);
    computeWithCheckedArguments(model, data, state, tau, external);
  }

  /// The formulation's intermediate quantities at the last compute() (copies; allocates, not
  /// for the simulation loop). Empty for solvers without any to show.
  virtual std::vector<SolverQuantity> intermediates() const { return {}; }

 protected:
  explicit ForwardDynamicsSolver(const SolverEntry& entry);
  /// "<name> solver": the function the argument checks name in their messages.
  const char* checkLabel() const { return check_label_.c_str(); }
  /// The formulation itself, on arguments compute() has checked.
  virtual void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                           const Eigen::Ref<const VecX>& tau,
                                           const ExternalForces& external) = 0;

 private:
  const SolverEntry* entry_;
  std::string check_label_;
};

/// Names of all registered solvers, default first (solverRegistry().names()).
std::vector<std::string> solverNames();

/// Whether the registered solver `name` handles vehicles of `type` (false for an unknown name).
bool solverSupports(const std::string& name, BaseType type);

/// "" when solver `name` handles the vehicle of `model`, else one line naming the solver, the
/// vehicle type and the types it supports. A solver never falls back to another silently.
std::string solverSupportProblem(const std::string& name, BaseType type);

/// The solver called `name` for `model`; nullptr if no such solver. Throws
/// std::invalid_argument (solverSupportProblem) when the solver does not handle the model's
/// vehicle type.
std::unique_ptr<ForwardDynamicsSolver> makeSolver(const std::string& name, const Model& model);

/// The default solver's name: the registry's first entry.
std::string defaultSolverName();

}  // namespace vms
