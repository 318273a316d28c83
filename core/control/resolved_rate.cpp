#include "core/control/resolved_rate.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

double dampedLeastSquares(const Mat6X& J, const Vec6& v, double epsilon, double lambda_max,
                          VecX& x) {
  DampedLeastSquares dls(J.cols());
  return dls.solve(J, v, epsilon, lambda_max, x);
}

DampedLeastSquares::DampedLeastSquares(Eigen::Index n)
    : J_(MatX::Zero(6, n)),
      svd_(6, n, Eigen::ComputeThinU | Eigen::ComputeThinV),
      utv_(VecX::Zero(std::min<Eigen::Index>(6, n))),
      w_(VecX::Zero(std::min<Eigen::Index>(6, n))) {}

double DampedLeastSquares::solve(const Mat6X& J, const Vec6& v, double epsilon, double lambda_max,
                                 VecX& x) {
  J_ = J;  // same size: no allocation
  svd_.compute(J_);
  const VecX& sig = svd_.singularValues();  // min(6, n), descending
  const double smin = sig.size() ? sig[sig.size() - 1] : 0.0;
  double lambda2 = 0.0;
  if (epsilon > 0.0 && smin < epsilon)
    lambda2 = lambda_max * lambda_max * (1.0 - (smin / epsilon) * (smin / epsilon));
  utv_.noalias() = svd_.matrixU().transpose() * v;
  for (Eigen::Index i = 0; i < sig.size(); ++i) {
    const double den = sig[i] * sig[i] + lambda2;
    w_[i] = den > 0.0 ? sig[i] / den * utv_[i] : 0.0;
  }
  x.noalias() = svd_.matrixV() * w_;
  return lambda2;
}

ResolvedRateController::ResolvedRateController(const Model& model, int frame, const Pose& target,
                                               JointSpaceController& joint_controller,
                                               ResolvedRateOptions options)
    : model_(model),
      data_(model),
      frame_(frame),
      target_(target),
      inner_(joint_controller),
      opt_(options),
      gj_(model),
      dls_(model.njoints),
      disturbance_(model),
      rns_(model.njoints, options.position_only ? 3 : 6),
      no_disturbance_(Mat3X::Zero(3, model.njoints)),
      task_jacobian_(MatX::Zero(options.position_only ? 3 : 6, model.njoints)),
      task_rows_(VecX::Zero(options.position_only ? 3 : 6)) {
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw std::invalid_argument("ResolvedRateController: unknown frame");
  if (static_cast<int>(inner_.joints().size()) != model.njoints)
    throw std::invalid_argument(
        "ResolvedRateController: the joint controller must drive all joints");
  for (int k = 0; k < model.njoints; ++k)
    if (inner_.joints()[k] != k)
      throw std::invalid_argument("ResolvedRateController: joint controller order must be 0..n-1");
  if (options.reactionless && !isHolonomic(model.base_type))
    throw std::invalid_argument(
        "reactionless resolved-rate control: a " + toString(model.base_type) +
        " vehicle's reaction to the arm depends on the momentum its constraint exchanges");
  zero_ = q_d_ = qd_d_ = qd_cmd_ = VecX::Zero(model.njoints);
  nu_b_ = h_b_ = VecX::Zero(model.base_dof);
}

void ResolvedRateController::poseError(const State& state, double& position, double& orientation) {
  forwardKinematics(model_, data_, state);
  const Pose X = framePose(model_, data_, frame_);
  position = (target_.p - X.p).norm();
  orientation = so3Log(target_.R.transpose() * X.R).norm();
}

Vec6 ResolvedRateController::taskVelocity(const State& state) {
  forwardKinematics(model_, data_, state);
  const Pose X = framePose(model_, data_, frame_);
  Vec3 v = opt_.k_position * (target_.p - X.p);
  Vec3 w = -opt_.k_orientation * (X.R * so3Log(target_.R.transpose() * X.R));
  if (opt_.max_linear_speed > 0.0 && v.norm() > opt_.max_linear_speed)
    v *= opt_.max_linear_speed / v.norm();
  if (opt_.max_angular_speed > 0.0 && w.norm() > opt_.max_angular_speed)
    w *= opt_.max_angular_speed / w.norm();
  return makeVec6(v, w);
}

const VecX& ResolvedRateController::jointRateCommand(const State& state) {
  const Vec6 xd = taskVelocity(state);
  crba(model_, data_, state);  // mass matrix and kinematics at `state`
  computeFrameGeneralizedJacobian(model_, data_, frame_, gj_);
  const int b = model_.base_dof, n = model_.njoints;
  nu_b_.noalias() = model_.base_basis.transpose() * state.base_twist;
  Vec6 drift;
  const Mat6X* J;
  if (opt_.use_generalized_jacobian) {
    // h_b = Mbb nu_b + Mbm qd (vehicleGeneralizedMomentum(), without its temporaries).
    h_b_.noalias() = data_.M.topLeftCorner(b, b) * nu_b_;
    h_b_.noalias() += data_.M.topRightCorner(b, n) * state.qd;
    drift = gj_.momentum_map * h_b_;
    J = &gj_.Jstar;
  } else {
    drift = gj_.Jb * nu_b_;
    J = &gj_.Jm;
  }
  task_ = xd - drift;
  if (opt_.position_only || opt_.reactionless) {
    const Eigen::Index k = task_rows_.size();
    task_jacobian_ = J->topRows(k);
    task_rows_ = task_.head(k);
    if (opt_.reactionless) disturbance_.computeFromMassMatrix(model_, data_);
    ReactionlessOptions o;
    o.epsilon = opt_.damped ? opt_.epsilon : 0.0;
    o.lambda_max = opt_.lambda_max;
    reactionless_ = rns_.solve(opt_.reactionless ? disturbance_.matrix() : no_disturbance_,
                               task_jacobian_, task_rows_, o, qd_cmd_);
    return qd_cmd_;
  }
  lambda2_ = dls_.solve(*J, task_, opt_.damped ? opt_.epsilon : 0.0, opt_.lambda_max, qd_cmd_);
  const VecX& sig = dls_.singularValues();
  sigma_min_ = sig.size() ? sig[sig.size() - 1] : 0.0;
  return qd_cmd_;
}

void ResolvedRateController::reset(double t, const State& state) {
  q_d_ = state.q;
  qd_d_.setZero();
  t_prev_ = t;
  initialised_ = true;
}

void ResolvedRateController::compute(double t, const State& state, ControlOutput& out) {
  if (!initialised_) reset(t, state);
  q_d_ += (t - t_prev_) * qd_d_;
  t_prev_ = t;
  qd_d_ = jointRateCommand(state);
  inner_.computeTorque(state, q_d_, qd_d_, zero_, out);
}

}  // namespace vms
