#pragma once
// Forward-dynamics solvers behind one interface, created by name (`--solver NAME`, the
// desktop app's solver selector). A solver object is made for one model and owns whatever
// workspace it needs beyond Data, so compute() never allocates.
#include <memory>
#include <string>
#include <vector>

#include "core/algorithms/aba.hpp"

namespace vms {

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
};

/// Names of all registered solvers, default first.
std::vector<std::string> solverNames();

/// The solver called `name` for `model`; nullptr if no such solver.
std::unique_ptr<ForwardDynamicsSolver> makeSolver(const std::string& name, const Model& model);

/// The default solver's name ("aba").
inline std::string defaultSolverName() { return "aba"; }

}  // namespace vms
