#include "core/integrators/system_dynamics.hpp"

#include <stdexcept>
#include <utility>

#include "core/algorithms/kinematics.hpp"

namespace vms {

SystemDynamics::SystemDynamics(const Model& model, const std::string& solver)
    : model_(&model),
      data_(model),
      solver_(makeSolver(solver, model)),
      tau_(VecX::Zero(model.njoints)),
      tau_total_(VecX::Zero(model.njoints)) {
  if (!solver_) throw std::invalid_argument("unknown solver '" + solver + "'");
}

SystemDynamics::SystemDynamics(const Model& model, std::unique_ptr<ForwardDynamicsSolver> solver)
    : model_(&model),
      data_(model),
      solver_(std::move(solver)),
      tau_(VecX::Zero(model.njoints)),
      tau_total_(VecX::Zero(model.njoints)) {
  if (!solver_) throw std::invalid_argument("SystemDynamics: no solver");
}

void SystemDynamics::addForceModel(ForceModel* force_model) {
  force_models_.push_back(force_model);
  body_forces_.assign(model_->nbodies, Vec6::Zero());
}

void SystemDynamics::evaluate(const State& state, StateDerivative& out) {
  ++evaluations_;
  tau_total_ = tau_;
  if (damping_) tau_total_.array() -= model_->damping.array() * state.qd.array();
  if (force_models_.empty()) {
    solver_->compute(*model_, data_, state, tau_total_, external_);
  } else {
    computeKinematics(*model_, data_, state);
    if (external_.body_forces_world) {
      for (int i = 0; i < model_->nbodies; ++i) body_forces_[i] = (*external_.body_forces_world)[i];
    } else {
      for (auto& f : body_forces_) f.setZero();
    }
    for (ForceModel* fm : force_models_) fm->apply(*model_, data_, state, body_forces_, tau_total_);
    ExternalForces combined = external_;
    combined.body_forces_world = &body_forces_;
    solver_->compute(*model_, data_, state, tau_total_, combined);
  }
  out.twist_dot = data_.base_twist_dot;
  out.qdd = data_.qdd;
}

}  // namespace vms
