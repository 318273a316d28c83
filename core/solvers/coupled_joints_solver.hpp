#pragma once
// Mimic joints (Model::couplings) in any solver: one generalized coordinate drives a leader
// and its mimics. The wrapped solver computes the unconstrained accelerations; the coupling
// q_mimic = multiplier * q_leader + offset, differentiated twice, is the linear constraint
// C nu_dot = 0 (row: +1 at the mimic, -multiplier at the leader), held by joint forces
// tau_c = C^T lambda. Each constraint direction's response M^-1 C_i^T is the difference of two
// calls of the wrapped solver (forward dynamics is affine in tau), so
//   (C M^-1 C^T) lambda = -C nu_dot_free
// is solved for lambda (p x p, p = number of mimics), and a last call with tau + C^T lambda
// leaves the solver's data consistent with the result. p + 2 calls per compute(); nothing is
// allocated after construction. makeSolver wraps every solver this way when the model has
// mimic joints.
#include <Eigen/LU>
#include <memory>

#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

class CoupledJointsSolver final : public ForwardDynamicsSolver {
 public:
  CoupledJointsSolver(std::unique_ptr<ForwardDynamicsSolver> inner, const Model& model);
  std::string description() const override {
    return inner_->description() + "; mimic joints kept on their leaders";
  }
  std::vector<SolverQuantity> intermediates() const override { return inner_->intermediates(); }

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;

  std::unique_ptr<ForwardDynamicsSolver> inner_;
  VecX tau_work_;
  VecX qdd_free_;
  Vec6 base_free_;
  MatX qdd_response_;    // njoints x p: joint accelerations per unit constraint force
  Mat6X base_response_;  // 6 x p
  MatX W_;               // C M^-1 C^T
  VecX rhs_, lambda_;
  Eigen::PartialPivLU<MatX> lu_;
};

}  // namespace vms
