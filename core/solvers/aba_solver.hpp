#pragma once
#include "core/algorithms/check_model_arguments.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

/// O(N) articulated-body algorithm (the default).
class AbaSolver final : public ForwardDynamicsSolver {
 public:
  std::string name() const override { return "aba"; }
  std::string description() const override {
    return "articulated-body recursion, O(N) (Jain-Rodriguez / Featherstone)";
  }
  void compute(const Model& model, Data& data, const State& state,
               const Eigen::Ref<const VecX>& tau, const ExternalForces& external) override {
    checkForwardDynamicsArguments("AbaSolver::compute", model, data, state, tau, external);
    aba(model, data, state, tau, external);
  }
};

}  // namespace vms
