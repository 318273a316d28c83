#include "core/integrators/system_dynamics.hpp"

#include <stdexcept>

namespace vms {

SystemDynamics::SystemDynamics(const Model& model, const std::string& solver)
    : model_(&model),
      data_(model),
      solver_(makeSolver(solver, model)),
      tau_(VecX::Zero(model.njoints)),
      tau_total_(VecX::Zero(model.njoints)) {
  if (!solver_) throw std::invalid_argument("unknown solver '" + solver + "'");
}

void SystemDynamics::evaluate(const State& state, StateDerivative& out) {
  ++evaluations_;
  tau_total_ = tau_;
  if (damping_) tau_total_.array() -= model_->damping.array() * state.qd.array();
  solver_->compute(*model_, data_, state, tau_total_, external_);
  out.twist_dot = data_.base_twist_dot;
  out.qdd = data_.qdd;
}

}  // namespace vms
