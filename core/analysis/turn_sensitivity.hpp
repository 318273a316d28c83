#pragma once
// How the vehicle's turn rate under zero momentum changes with the joint configuration, the
// forcing term of the attitude's sensitivity along a joint path.
//
// Along a joint path q(s) the vehicle turns as R' = R [w]x with w = D(q) q'
// (attitude_disturbance.hpp). When the path depends on a parameter c, the body-frame
// sensitivity eta = (R^T dR/dc)^vee obeys the variational equation
//   eta' = -w x eta + D dq'/dc + W dq/dc,   W = d(D q')/dq at fixed q'   (3 x n),
// which the design tools integrate beside their paths for exact Newton Jacobians (least
// disturbance path, attitude loop planner). W is the angular part of
//   d nu_b/dq = -Mbb^-1 (d(M nu)/dq)_b,   nu = [nu_b; q'] the zero-momentum velocity,
// and d(M nu)/dq at fixed nu is the configuration derivative of the inverse dynamics of a still
// system accelerating by nu, less gravity's: one call of the analytic inverse-dynamics
// derivatives (two with gravity) per evaluation.
//
// Holonomic vehicles without mimic joints (the inverse-dynamics derivatives refuse those).
#include "core/algorithms/rnea_derivatives.hpp"
#include "core/analysis/attitude_disturbance.hpp"

namespace vms {

/// w, D and W for one model; sized in the constructor.
class TurnSensitivity {
 public:
  /// `state` gives the vehicle pose and the joints off the path (gravity's direction); its
  /// velocities are not used.
  TurnSensitivity(const Model& model, const State& state);

  /// D, w = D qd and W at joint positions q and joint rates qd.
  void evaluate(const VecX& q, const VecX& qd);
  /// D and w only (W is left as it was).
  void evaluateRate(const VecX& q, const VecX& qd);

  const Vec3& rate() const { return w_; }
  const Mat3X& disturbance() const { return disturbance_.matrix(); }
  const Mat3X& W() const { return W_; }

 private:
  const Model& model_;
  Data data_, id_data_;
  AttitudeDisturbance disturbance_;
  InverseDynamicsDerivatives derivatives_;
  State state_, still_;
  Vec3 w_ = Vec3::Zero();
  Mat3X W_;
  MatX momentum_rate_;
  VecX nu_b_, no_joint_acceleration_;
};

}  // namespace vms
