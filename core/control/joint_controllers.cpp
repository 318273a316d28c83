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
    : model_(model), data_(model), reference_(reference), joints_(std::move(joints)) {
  if (joints_.empty())
    for (int k = 0; k < model.njoints; ++k) joints_.push_back(k);
  for (int k : joints_)
    if (k < 0 || k >= model.njoints)
      throw std::invalid_argument("JointSpaceController: joint index out of range");
  if (reference_ && reference_->size() != static_cast<int>(joints_.size()))
    throw std::invalid_argument("JointSpaceController: reference size != controlled joints");
  setGains(std::move(gains));
}

void JointSpaceController::setGains(JointGains gains) {
  const auto n = static_cast<Eigen::Index>(joints_.size());
  if (gains.kp.size() != n || gains.kd.size() != n)
    throw std::invalid_argument("JointSpaceController: one gain per controlled joint");
  gains_ = std::move(gains);
}

VecX JointSpaceController::gather(const VecX& v) const {
  VecX out(joints_.size());
  for (std::size_t i = 0; i < joints_.size(); ++i) out[i] = v[joints_[i]];
  return out;
}

void JointSpaceController::scatterAdd(const VecX& tau_s, VecX& tau) const {
  for (std::size_t i = 0; i < joints_.size(); ++i) tau[joints_[i]] += tau_s[i];
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
  const Eigen::LLT<MatX> llt(data_.M);
  MatX E = MatX::Zero(model_.nv, s);
  for (Eigen::Index i = 0; i < s; ++i) E(b + joints_[i], i) = 1.0;
  const MatX Minv_S = llt.solve(E);  // nv x s
  MatX G(s, s);                      // (M^-1)_SS
  for (Eigen::Index i = 0; i < s; ++i) G.row(i) = Minv_S.row(b + joints_[i]);
  H = G.llt().solve(MatX::Identity(s, s));
  H = 0.5 * (H + H.transpose()).eval();
  aba(model_, data_, state, VecX::Zero(model_.njoints));
  c = -H * gather(data_.qdd);
}

JointPDController::JointPDController(const Model& model, const JointTrajectory* reference,
                                     JointGains gains, Compensation compensation,
                                     std::vector<int> joints)
    : JointSpaceController(model, reference, std::move(gains), std::move(joints)),
      compensation_(compensation) {}

void JointPDController::computeTorque(const State& state, const VecX& q_d, const VecX& qd_d,
                                      const VecX& /*qdd_d*/, ControlOutput& out) {
  const VecX q = gather(state.q), qd = gather(state.qd);
  VecX tau = gains_.kp.cwiseProduct(q_d - q) + gains_.kd.cwiseProduct(qd_d - qd);
  if (compensation_ == Compensation::Bias) {
    reducedDynamics(state, H_, c_);
    tau += c_;
  } else if (compensation_ == Compensation::Gravity) {
    zero_velocity_ = state;
    zero_velocity_.base_twist.setZero();
    zero_velocity_.qd.setZero();
    reducedDynamics(zero_velocity_, H_, c_);
    tau += c_;
  }
  if (compensate_damping_) tau += gather(model_.damping).cwiseProduct(qd);
  scatterAdd(tau, out.joint_torque);
}

ComputedTorqueController::ComputedTorqueController(const Model& model,
                                                   const JointTrajectory* reference,
                                                   JointGains gains, bool feed_forward,
                                                   std::vector<int> joints)
    : JointSpaceController(model, reference, std::move(gains), std::move(joints)),
      feed_forward_(feed_forward) {}

void ComputedTorqueController::computeTorque(const State& state, const VecX& q_d, const VecX& qd_d,
                                             const VecX& qdd_d, ControlOutput& out) {
  const VecX q = gather(state.q), qd = gather(state.qd);
  VecX u = gains_.kp.cwiseProduct(q_d - q) + gains_.kd.cwiseProduct(qd_d - qd);
  if (feed_forward_) u += qdd_d;
  reducedDynamics(state, H_, c_);
  VecX tau = H_ * u + c_;
  if (compensate_damping_) tau += gather(model_.damping).cwiseProduct(qd);
  scatterAdd(tau, out.joint_torque);
}

}  // namespace vms
