#include "core/control/resolved_rate.hpp"

#include <Eigen/SVD>
#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

double dampedLeastSquares(const Mat6X& J, const Vec6& v, double epsilon, double lambda_max,
                          VecX& x) {
  const Eigen::JacobiSVD<MatX> svd(J, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const VecX& sig = svd.singularValues();  // min(6, n), descending
  const double smin = sig.size() ? sig[sig.size() - 1] : 0.0;
  double lambda2 = 0.0;
  if (epsilon > 0.0 && smin < epsilon)
    lambda2 = lambda_max * lambda_max * (1.0 - (smin / epsilon) * (smin / epsilon));
  const VecX utv = svd.matrixU().transpose() * v;
  VecX w(sig.size());
  for (Eigen::Index i = 0; i < sig.size(); ++i) {
    const double den = sig[i] * sig[i] + lambda2;
    w[i] = den > 0.0 ? sig[i] / den * utv[i] : 0.0;
  }
  x = svd.matrixV() * w;
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
      gj_(model) {
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw std::invalid_argument("ResolvedRateController: unknown frame");
  if (static_cast<int>(inner_.joints().size()) != model.njoints)
    throw std::invalid_argument(
        "ResolvedRateController: the joint controller must drive all joints");
  for (int k = 0; k < model.njoints; ++k)
    if (inner_.joints()[k] != k)
      throw std::invalid_argument("ResolvedRateController: joint controller order must be 0..n-1");
  zero_ = VecX::Zero(model.njoints);
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

VecX ResolvedRateController::jointRateCommand(const State& state) {
  const Vec6 xd = taskVelocity(state);
  crba(model_, data_, state);  // mass matrix and kinematics at `state`
  computeFrameGeneralizedJacobian(model_, data_, frame_, gj_);
  Vec6 drift;
  const Mat6X* J;
  if (opt_.use_generalized_jacobian) {
    const VecX hb = vehicleGeneralizedMomentum(model_, data_.M, state);
    drift = gj_.momentum_map * hb;
    J = &gj_.Jstar;
  } else {
    const VecX nu = state.generalizedVelocity(model_);
    drift = gj_.Jb * nu.head(model_.base_dof);
    J = &gj_.Jm;
  }
  task_ = xd - drift;
  VecX qd;
  const Eigen::JacobiSVD<MatX> svd(*J);
  sigma_min_ = svd.singularValues().size() ? svd.singularValues().tail(1)[0] : 0.0;
  lambda2_ = dampedLeastSquares(*J, task_, opt_.damped ? opt_.epsilon : 0.0, opt_.lambda_max, qd);
  return qd;
}

void ResolvedRateController::reset(double t, const State& state) {
  q_d_ = state.q;
  qd_d_ = VecX::Zero(model_.njoints);
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
