#include "core/integrators/momentum_reconstruction.hpp"

#include "core/algorithms/kinematics.hpp"

namespace vms {

MomentumReconstruction::MomentumReconstruction(const Model& model)
    : model_(&model),
      data_(model),
      local_(State::neutral(model)),
      v_(static_cast<std::size_t>(model.nbodies), Vec6::Zero()),
      IcS0_(6, model.base_dof),
      M0_(model.base_dof, model.base_dof),
      M0_llt_(model.base_dof),
      rhs_(model.base_dof),
      V_(model.base_dof),
      residual_(model.base_dof) {}

namespace {
// A world wrench (at the world origin) in the frame `g`: Ad_g^T w.
Vec6 wrenchInFrame(const Pose& g, const Vec6& w) {
  const Vec3 f = linear(w);
  return makeVec6(g.R.transpose() * f, g.R.transpose() * (angular(w) - g.p.cross(f)));
}
}  // namespace

void MomentumReconstruction::setConfiguration(const State& state) {
  pose_.R = state.base_orientation.toRotationMatrix();
  pose_.p = state.base_position;
  local_.q = state.q;
  forwardKinematics(*model_, data_, local_);
}

Vec6 MomentumReconstruction::momentum(const State& state) {
  const Model& m = *model_;
  v_[0] = state.base_twist;
  Vec6 mu = data_.I[0] * v_[0];
  for (int i = 1; i < m.nbodies; ++i) {
    v_[i] = v_[m.parent[i]] + data_.S[i] * state.qd[m.joint_index[i]];
    mu.noalias() += data_.I[i] * v_[i];
  }
  return actForce(pose_, mu);
}

Vec6 MomentumReconstruction::bodyTwist(const Vec6& h, const VecX& qd) {
  const Model& m = *model_;
  const int b = m.base_dof;
  if (b == 0) return Vec6::Zero();
  // Joints' motion alone, and the locked system's world inertia.
  Mat6 Ic = data_.I[0];
  Vec6 mu_q = Vec6::Zero();
  v_[0].setZero();
  for (int i = 1; i < m.nbodies; ++i) {
    v_[i] = v_[m.parent[i]] + data_.S[i] * qd[m.joint_index[i]];
    mu_q.noalias() += data_.I[i] * v_[i];
    Ic += data_.I[i];
  }
  const Vec6 r = wrenchInFrame(pose_, h) - mu_q;
  IcS0_.noalias() = Ic * data_.S0;
  M0_.noalias() = data_.S0.transpose() * IcS0_;  // locked inertia (65), vehicle frame
  rhs_.noalias() = data_.S0.transpose() * r;     // P - M0m qd (S0 = iota0 here)
  M0_llt_.compute(M0_);
  V_ = M0_llt_.solve(rhs_);
  // One step of iterative refinement: the spinning arm's mu_q can dwarf h.
  residual_ = rhs_;
  residual_.noalias() -= M0_ * V_;
  V_ += M0_llt_.solve(residual_);
  Vec6 twist = Vec6::Zero();
  for (int k = 0; k < b; ++k) twist += m.base_basis.col(k) * V_[k];
  return twist;
}

Vec6 MomentumReconstruction::gravityWrench() const {
  const Model& m = *model_;
  Vec3 first_moment = Vec3::Zero();
  double mass = 0.0;
  for (int i = 0; i < m.nbodies; ++i) {
    first_moment += m.mass[i] * (data_.oMi[i].p + data_.oMi[i].R * m.com[i]);
    mass += m.mass[i];
  }
  first_moment = mass * pose_.p + pose_.R * first_moment;  // vehicle frame -> world
  const Vec3 f = mass * m.gravity;
  return makeVec6(f, first_moment.cross(m.gravity));
}

}  // namespace vms
