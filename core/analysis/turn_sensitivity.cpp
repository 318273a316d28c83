#include "core/analysis/turn_sensitivity.hpp"

namespace vms {

TurnSensitivity::TurnSensitivity(const Model& model, const State& state)
    : model_(model),
      data_(model),
      id_data_(model),
      disturbance_(model),
      derivatives_(model),
      state_(state),
      still_(state),
      W_(Mat3X::Zero(3, model.njoints)),
      momentum_rate_(MatX::Zero(model.base_dof, model.njoints)),
      nu_b_(VecX::Zero(model.base_dof)),
      no_joint_acceleration_(VecX::Zero(model.njoints)) {
  still_.base_twist.setZero();
  still_.qd.setZero();
}

void TurnSensitivity::evaluateRate(const VecX& q, const VecX& qd) {
  state_.q = q;
  disturbance_.compute(model_, data_, state_);
  w_.noalias() = disturbance_.matrix() * qd;
}

void TurnSensitivity::evaluate(const VecX& q, const VecX& qd) {
  const int b = model_.base_dof, n = model_.njoints;
  evaluateRate(q, qd);
  if (b == 0) {
    W_.setZero();
    return;
  }
  const int t = derivatives_.tangentDof();
  still_.q = q;
  nu_b_.noalias() = -disturbance_.connection() * qd;
  const Vec6 twist_dot = model_.base_basis * nu_b_;
  derivatives_.compute(model_, id_data_, still_, twist_dot, qd);
  momentum_rate_ = derivatives_.dtauDq().block(0, t, b, n);
  if (!model_.gravity.isZero(0.0)) {
    derivatives_.compute(model_, id_data_, still_, Vec6::Zero(), no_joint_acceleration_);
    momentum_rate_ -= derivatives_.dtauDq().block(0, t, b, n);
  }
  data_.base_reduced_llt.solveInPlace(momentum_rate_);  // Mbb^-1 (d(M nu)/dq)_b
  W_.noalias() = -model_.base_basis.bottomRows<3>() * momentum_rate_;
}

}  // namespace vms
