#include "core/solvers/crba_solver.hpp"

#include "core/algorithms/crba.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/solvers/solver_entry.hpp"

namespace vms {

// The registry entry (core/solvers/solver_registry.cpp lists it).
const SolverEntry& crbaSolverEntry() {
  static const SolverEntry entry = [] {
    SolverEntry e;
    e.name = "crba";
    e.summary = "Builds the mass matrix and solves with it: the textbook method, O(N^3)";
    e.description =
        "The composite-rigid-body mass matrix M plus the Newton-Euler bias forces h (inverse "
        "dynamics at zero acceleration), then M [vehicle acc.; qdd] = [0; tau] - h solved by "
        "Cholesky. O(N^2) to build, O(N^3) to solve; an independent check of aba.";
    e.make = [](const Model& model) -> std::unique_ptr<ForwardDynamicsSolver> {
      return std::make_unique<CrbaSolver>(model);
    };
    return e;
  }();
  return entry;
}

CrbaSolver::CrbaSolver(const Model& model)
    : ForwardDynamicsSolver(crbaSolverEntry()),
      llt_(model.nv),
      rhs_(VecX::Zero(model.nv)),
      mass_matrix_(MatX::Zero(model.nv, model.nv)),
      bias_(VecX::Zero(model.nv)) {}

void CrbaSolver::computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                             const Eigen::Ref<const VecX>& tau,
                                             const ExternalForces& external) {
  // The workspace was sized for the model the solver was made for (makeSolver(name, model)).
  const Eigen::Index nv_of_the_solvers_model = rhs_.size();
  VMS_CHECK_ARGUMENT_SIZE_IN(checkLabel(), model.nv, nv_of_the_solvers_model, "model.nv");
  const int b = model.base_dof, n = model.njoints;
  // Bias (velocity products, gravity, external forces): inverse dynamics at zero acceleration.
  data.qdd.setZero();
  rnea(model, data, state, Vec6::Zero(), data.qdd, external);
  rhs_.head(b) = -data.base_force;
  rhs_.tail(n) = tau - data.tau;
  bias_.head(b) = data.base_force;
  bias_.tail(n) = data.tau;
  crba(model, data, state);
  mass_matrix_ = data.M;
  llt_.compute(data.M);
  llt_.solveInPlace(rhs_);
  data.base_twist_dot = model.base_basis * rhs_.head(b);
  data.qdd = rhs_.tail(n);
}

std::vector<SolverQuantity> CrbaSolver::intermediates() const {
  return {
      {"M", "generalized inertia in (vehicle body-twist coordinates, q): composite rigid bodies",
       mass_matrix_},
      {"h",
       "bias: velocity products, gravity and external forces (inverse dynamics at zero "
       "acceleration); M [vehicle acc.; qdd] = [0; tau] - h",
       bias_}};
}

}  // namespace vms
