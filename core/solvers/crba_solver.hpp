#pragma once
#include <Eigen/Cholesky>

#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// Composite-rigid-body mass matrix plus Newton-Euler bias forces, solved by Cholesky:
/// O(N^2) to build, O(N^3) to solve. An independent check of "aba".
class CrbaSolver final : public ForwardDynamicsSolver {
 public:
  explicit CrbaSolver(const Model& model);
  /// M (the generalized inertia) and h (the bias) of the last compute().
  std::vector<SolverQuantity> intermediates() const override;

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  Eigen::LLT<MatX> llt_;
  VecX rhs_;
  MatX mass_matrix_;
  VecX bias_;
};

}  // namespace vms
