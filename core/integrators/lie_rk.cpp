#include "core/integrators/lie_rk.hpp"

namespace vms {

void composeExp(const State& in, const Vec6& u, State& out) {
  const Vec3 w = angular(u);
  const Quat q0 = in.base_orientation;
  // Translation R0 * V(w) v of g0 exp(u) (V: left Jacobian of SO(3)), rotation on the right.
  out.base_position = in.base_position + q0 * Vec3(so3LeftJacobian(w) * linear(u));
  out.base_orientation = normalized(q0 * quatExp(w));
  if (&out != &in) {
    out.base_twist = in.base_twist;
    out.q = in.q;
    out.qd = in.qd;
  }
}

Vec6 twistMask(const Model& model) { return twistMask(model.base_type); }

Vec6 poseMask(const Model& model) { return poseMask(model.base_type); }

RkmkCore::RkmkCore(const Model& model, int stages)
    : twist_mask_(vms::twistMask(model)),
      pose_mask_(vms::poseMask(model)),
      project_(model.base_dof < 6),
      k_(static_cast<size_t>(stages), StateTangent(model.njoints)),
      stage_(State::neutral(model)) {
  deriv_.qdd = VecX::Zero(model.njoints);
}

void RkmkCore::evaluate(SystemDynamics& dynamics, const State& stage, const Vec6& u,
                        StateTangent& K) {
  dynamics.evaluate(stage, deriv_);
  K.du = se3DexpInv(-u, stage.base_twist);
  K.dtwist = deriv_.twist_dot;
  if (project_) {
    // The configuration algebra is closed, so these only remove rounding noise; they keep the
    // pose exactly in its group over long runs. (For the nonholonomic vehicle the pose
    // algebra is wider than the twist's span: the increment has v_y components.)
    K.du = K.du.cwiseProduct(pose_mask_);
    K.dtwist = K.dtwist.cwiseProduct(twist_mask_);
  }
  K.dq = stage.qd;
  K.dqd = deriv_.qdd;
}

void RkmkCore::combine(const State& y0, double h, const double* w, int n, State& out,
                       Vec6& u) const {
  u.setZero();
  out.base_twist = y0.base_twist;
  out.q = y0.q;
  out.qd = y0.qd;
  for (int j = 0; j < n; ++j) {
    if (w[j] == 0.0) continue;
    const double c = h * w[j];
    const StateTangent& K = k_[j];
    u += c * K.du;
    out.base_twist += c * K.dtwist;
    out.q += c * K.dq;
    out.qd += c * K.dqd;
  }
  const Vec3 wu = angular(u);
  const Quat& q0 = y0.base_orientation;
  out.base_position = y0.base_position + q0 * Vec3(so3LeftJacobian(wu) * linear(u));
  out.base_orientation = normalized(q0 * quatExp(wu));
}

void RkmkCore::combineTangent(double h, const double* w, int n, StateTangent& acc) const {
  acc.du.setZero();
  acc.dtwist.setZero();
  acc.dq.setZero();
  acc.dqd.setZero();
  for (int j = 0; j < n; ++j) {
    if (w[j] == 0.0) continue;
    const double c = h * w[j];
    const StateTangent& K = k_[j];
    acc.du += c * K.du;
    acc.dtwist += c * K.dtwist;
    acc.dq += c * K.dq;
    acc.dqd += c * K.dqd;
  }
}

void RkmkCore::runStages(SystemDynamics& dynamics, const State& y0, double h, const double* a,
                         int s) {
  for (int i = 1; i < s; ++i) {
    combine(y0, h, a + i * s, i, stage_, u_);
    evaluate(dynamics, stage_, u_, k_[i]);
  }
}

}  // namespace vms
