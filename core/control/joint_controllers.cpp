#include "core/control/joint_controllers.hpp"

#include <cmath>
#include <stdexcept>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"

namespace vms {

JointGains harmonicOscillatorGains(const VecX& tau_max, const VecX& max_error) {
  if (tau_max.size() != max_error.size())
    throw std::invalid_argument("harmonicOscillatorGains: sizes differ");
  if ((max_error.array() <= 0.0).any())
    throw std::invalid_argument("harmonicOscillatorGains: max_error must be > 0");
  JointGains g;
  g.kp = tau_max.cwiseQuotient(max_error);
  g.kd = std::sqrt(2.0) * g.kp;
  return g;
}

JointSpaceController::JointSpaceController(const Model& model, const JointTrajectory* reference,
                                           JointGains gains, std::vector<int> joints)
    : model_(model),
      data_(model),
      reference_(reference),
      joints_(std::move(joints)),
      llt_M_(model.nv) {
  if (joints_.empty())
    for (int k = 0; k < model.njoints; ++k) joints_.push_back(k);
  for (int k : joints_)
    if (k < 0 || k >= model.njoints)
      throw std::invalid_argument("JointSpaceController: joint index out of range");
  if (reference_ && reference_->size() != static_cast<int>(joints_.size()))
    throw std::invalid_argument("JointSpaceController: reference size != controlled joints");
  setGains(std::move(gains));
  const auto s = static_cast<Eigen::Index>(joints_.size());
  q_d_ = qd_d_ = qdd_d_ = VecX::Zero(s);
  q_s_ = qd_s_ = tau_s_ = qdd_s_ = VecX::Zero(s);
  damping_s_.resize(s);
  gather(model.damping, damping_s_);
  // Size the factorisations by factorising identities: Eigen's size-only LLT constructor
  // leaves its status flag uninitialised (UBSan reports any copy of it), compute() sets it.
  llt_M_.compute(MatX::Identity(model.nv, model.nv));
  llt_G_.compute(MatX::Identity(s, s));
  E_ = MatX::Zero(model.nv, s);
  for (Eigen::Index i = 0; i < s; ++i) E_(model.base_dof + joints_[i], i) = 1.0;
  Minv_S_.resize(model.nv, s);
  G_.resize(s, s);
  zero_tau_ = VecX::Zero(model.njoints);
}

void JointSpaceController::setGains(JointGains gains) {
  const auto n = static_cast<Eigen::Index>(joints_.size());
  if (gains.kp.size() != n || gains.kd.size() != n)
    throw std::invalid_argument("JointSpaceController: one gain per controlled joint");
  gains_ = std::move(gains);
}

void JointSpaceController::gather(const VecX& v, VecX& out) const {
  for (std::size_t i = 0; i < joints_.size(); ++i) out[i] = v[joints_[i]];
}

void JointSpaceController::scatterAdd(const VecX& tau_s, VecX& tau) const {
  for (std::size_t i = 0; i < joints_.size(); ++i) tau[joints_[i]] += tau_s[i];
}

void JointSpaceController::setReference(const JointTrajectory* reference) {
  if (reference && reference->size() != static_cast<int>(joints_.size()))
    throw std::invalid_argument("JointSpaceController: reference size != controlled joints");
  reference_ = reference;
}

void JointSpaceController::compute(double t, const State& state, ControlOutput& out) {
  if (!reference_) throw std::logic_error("JointSpaceController: no reference trajectory");
  reference_->evaluate(t, q_d_, qd_d_, qdd_d_);
  computeTorque(state, q_d_, qd_d_, qdd_d_, out);
}

void JointSpaceController::reducedDynamics(const State& state, MatX& H, VecX& c) {
  const int b = model_.base_dof;
  const auto s = static_cast<Eigen::Index>(joints_.size());
  crba(model_, data_, state);
  llt_M_.compute(data_.M);
  Minv_S_ = E_;
  llt_M_.solveInPlace(Minv_S_);                                                  // M^-1 E, nv x s
  for (Eigen::Index i = 0; i < s; ++i) G_.row(i) = Minv_S_.row(b + joints_[i]);  // (M^-1)_SS
  llt_G_.compute(G_);
  H.setIdentity(s, s);
  llt_G_.solveInPlace(H);
  for (Eigen::Index j = 0; j < s; ++j)  // H = (H + H^T) / 2
    for (Eigen::Index i = j + 1; i < s; ++i) H(i, j) = H(j, i) = 0.5 * (H(i, j) + H(j, i));
  aba(model_, data_, state, zero_tau_);
  gather(data_.qdd, qdd_s_);
  c.noalias() = -H * qdd_s_;
}

JointPDController::JointPDController(const Model& model, const JointTrajectory* reference,
                                     JointGains gains, Compensation compensation,
                                     std::vector<int> joints)
    : JointSpaceController(model, reference, std::move(gains), std::move(joints)),
      compensation_(compensation) {
  const auto s = static_cast<Eigen::Index>(joints_.size());
  H_ = MatX::Zero(s, s);
  c_ = VecX::Zero(s);
  zero_velocity_ = State::neutral(model);
}

void JointPDController::computeTorque(const State& state, const VecX& q_d, const VecX& qd_d,
                                      const VecX& /*qdd_d*/, ControlOutput& out) {
  gather(state.q, q_s_);
  gather(state.qd, qd_s_);
  tau_s_ = gains_.kp.cwiseProduct(q_d - q_s_) + gains_.kd.cwiseProduct(qd_d - qd_s_);
  if (compensation_ == Compensation::Bias) {
    reducedDynamics(state, H_, c_);
    tau_s_ += c_;
  } else if (compensation_ == Compensation::Gravity) {
    zero_velocity_ = state;  // same sizes: no allocation
    zero_velocity_.base_twist.setZero();
    zero_velocity_.qd.setZero();
    reducedDynamics(zero_velocity_, H_, c_);
    tau_s_ += c_;
  }
  if (compensate_damping_) tau_s_ += damping_s_.cwiseProduct(qd_s_);
  scatterAdd(tau_s_, out.joint_torque);
}

ComputedTorqueController::ComputedTorqueController(const Model& model,
                                                   const JointTrajectory* reference,
                                                   JointGains gains, bool feed_forward,
                                                   std::vector<int> joints)
    : JointSpaceController(model, reference, std::move(gains), std::move(joints)),
      feed_forward_(feed_forward) {
  const auto s = static_cast<Eigen::Index>(joints_.size());
  H_ = MatX::Zero(s, s);
  c_ = u_ = VecX::Zero(s);
}

void ComputedTorqueController::computeTorque(const State& state, const VecX& q_d, const VecX& qd_d,
                                             const VecX& qdd_d, ControlOutput& out) {
  gather(state.q, q_s_);
  gather(state.qd, qd_s_);
  u_ = gains_.kp.cwiseProduct(q_d - q_s_) + gains_.kd.cwiseProduct(qd_d - qd_s_);
  if (feed_forward_) u_ += qdd_d;
  reducedDynamics(state, H_, c_);
  tau_s_.noalias() = H_ * u_;  // = H u + c, evaluated as before (product, then sum)
  tau_s_ += c_;
  if (compensate_damping_) tau_s_ += damping_s_.cwiseProduct(qd_s_);
  scatterAdd(tau_s_, out.joint_torque);
}

}  // namespace vms
