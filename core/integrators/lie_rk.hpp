#pragma once
// Shared machinery of the explicit Runge-Kutta-Munthe-Kaas integrators (rk4, rk45).
//
// The state is y = (g, xi, q, qd) with the vehicle pose g on its subgroup of SE(3) and xi the
// vehicle BODY twist. A stage pose is g0 * exp(u) with u in the Lie algebra; since
// g^-1 dg/dt = dexp_{-u}(du/dt) for g = g0 exp(u), the increment obeys
//   du/dt = dexp^{-1}_{-u}(xi) = xi + 1/2 [u, xi] + 1/12 [u, [u, xi]] + ...
// (se3DexpInv(-u, xi)). xi, q and qd live in vector spaces and get classical RK.
// Everything is sized from the model once; nothing here allocates after construction.
#include <vector>

#include "core/integrators/system_dynamics.hpp"

namespace vms {

/// A tangent vector of the state: increment of the Lie-algebra coordinate u and of the
/// vector-space components. Used for stage derivatives and for error estimates.
struct StateTangent {
  Vec6 du = Vec6::Zero();      // d/dt of the Lie-algebra increment u (vehicle body frame)
  Vec6 dtwist = Vec6::Zero();  // d/dt of State::base_twist
  VecX dq;                     // d/dt of q
  VecX dqd;                    // d/dt of qd

  explicit StateTangent(int njoints = 0) : dq(VecX::Zero(njoints)), dqd(VecX::Zero(njoints)) {}
};

/// out = (g0 exp(u), with the quaternion renormalised; other members copied from `in`).
/// `out` may alias `in`.
void composeExp(const State& in, const Vec6& u, State& out);

/// Mask (0/1 per component) projecting a body twist onto span(iota0): twistMask(base type).
Vec6 twistMask(const Model& model);

/// Mask projecting a pose increment g^-1 dg onto the vehicle's configuration algebra:
/// poseMask(base type). Wider than twistMask for the nonholonomic vehicle only.
Vec6 poseMask(const Model& model);

class RkmkCore {
 public:
  RkmkCore(const Model& model, int stages);

  int stages() const { return static_cast<int>(k_.size()); }
  StateTangent& k(int j) { return k_[j]; }
  const StateTangent& k(int j) const { return k_[j]; }

  /// Stage derivative at `stage` (whose pose is g0 exp(u)): K.du = dexp^{-1}_{-u}(xi),
  /// K.dtwist = projected twist derivative, K.dq = qd, K.dqd = qdd.
  void evaluate(SystemDynamics& dynamics, const State& stage, const Vec6& u, StateTangent& K);

  /// out = y0 (+) h * sum_{j<n} w[j] K_j; the Lie-algebra increment is returned in `u`.
  /// Zero weights are skipped. `out` must not alias y0.
  void combine(const State& y0, double h, const double* w, int n, State& out, Vec6& u) const;

  /// acc = h * sum_{j<n} w[j] K_j (e.g. an embedded error estimate).
  void combineTangent(double h, const double* w, int n, StateTangent& acc) const;

  /// Runs the stages 1..s-1 of an explicit tableau (row-major, s x s, strictly lower part
  /// used) from y0 with step h; stage 0's derivative must already be in k(0). The last
  /// stage's state is left in stageState() and its increment in stageIncrement().
  void runStages(SystemDynamics& dynamics, const State& y0, double h, const double* a, int s);

  State& stageState() { return stage_; }
  const Vec6& stageIncrement() const { return u_; }
  const Vec6& twistMask() const { return twist_mask_; }
  const Vec6& poseMask() const { return pose_mask_; }

 private:
  Vec6 twist_mask_, pose_mask_;
  bool project_;  // the vehicle has fewer than 6 DoF: project twist derivatives
  std::vector<StateTangent> k_;
  State stage_;
  Vec6 u_ = Vec6::Zero();
  StateDerivative deriv_;
};

}  // namespace vms
