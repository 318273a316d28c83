#pragma once
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// O(N) articulated-body algorithm (the default): aba() behind the solver interface.
class AbaSolver final : public ForwardDynamicsSolver {
 public:
  AbaSolver();

 private:
  void computeWithCheckedArguments(const Model& model, Data& data, const State& state,
                                   const Eigen::Ref<const VecX>& tau,
                                   const ExternalForces& external) override;
};

}  // namespace vms
