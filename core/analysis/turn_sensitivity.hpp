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
#include "core/spatial/so3.hpp"

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

/// One Runge-Kutta-Munthe-Kaas 4 step of length h of R' = R [w]x on SO(3), from the rates at
/// the step's start, middle and end: R <- R exp(u) with u' = J_r(u)^-1 w = J_l(-u)^-1 w.
inline void turnStep(double h, const Vec3& w0, const Vec3& wm, const Vec3& w1, Mat3& R) {
  auto f = [](const Vec3& u, const Vec3& w) -> Vec3 { return so3LeftJacobianInverse(-u) * w; };
  const Vec3 k1 = w0;
  const Vec3 k2 = f(h / 2 * k1, wm);
  const Vec3 k3 = f(h / 2 * k2, wm);
  const Vec3 k4 = f(h * k3, w1);
  R = R * so3Exp(h / 6 * (k1 + 2 * k2 + 2 * k3 + k4));
}

/// One classical RK4 step of length h of the sensitivity equation X' = -[w]x X + forcing (X a
/// 3-vector or 3 x p), from the rates and forcings at the step's start, middle and end.
template <typename X>
void sensitivityStep(double h, const Vec3& w0, const Vec3& wm, const Vec3& w1, const X& f0,
                     const X& fm, const X& f1, X& S) {
  const X s1 = -skew(w0) * S + f0;
  const X s2 = -skew(wm) * (S + h / 2 * s1) + fm;
  const X s3 = -skew(wm) * (S + h / 2 * s2) + fm;
  const X s4 = -skew(w1) * (S + h * s3) + f1;
  S += h / 6 * (s1 + 2 * s2 + 2 * s3 + s4);
}

}  // namespace vms
