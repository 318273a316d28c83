#pragma once
// Forward-dynamics solvers behind one interface, created by name (`--solver NAME`, the
// desktop app's solver selector). A solver object is made for one model and owns whatever
// workspace it needs beyond Data, so compute() never allocates.
#include <memory>
#include <string>
#include <vector>

#include "core/algorithms/aba.hpp"

namespace vms {

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
  /// Registry name, e.g. "aba".
  virtual std::string name() const = 0;
  /// One-line description for help texts and the UI.
  virtual std::string description() const = 0;
  /// Fills data.qdd and data.base_twist_dot (see aba()). Throws std::invalid_argument, naming
  /// the argument and both sizes, when the state, tau, data or external forces are not sized
  /// for `model` (checkForwardDynamicsArguments), or `model` is not the solver's.
  virtual void compute(const Model& model, Data& data, const State& state,
                       const Eigen::Ref<const VecX>& tau, const ExternalForces& external) = 0;
  /// The formulation's intermediate quantities at the last compute() (copies; allocates, not
  /// for the simulation loop). Empty for solvers without any to show.
  virtual std::vector<SolverQuantity> intermediates() const { return {}; }
};

/// Names of all registered solvers, default first.
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

/// The default solver's name ("aba").
inline std::string defaultSolverName() { return "aba"; }

}  // namespace vms
