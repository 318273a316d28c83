#pragma once
// The generalized Jacobian of a point on a link (seed 004 eqs. 103-111, Yoshida & Umetani's J*,
// SPART's JEE* = JmEE - J0EE (H0 \ H0m)) and the mechanical connection (seed 001 eq. 69),
// for every vehicle type.
//
// With nu = [nu_b; qd] (nu_b = iota0^T twist_b, b = model.base_dof) and the mass matrix
// M = [[Mbb, Mbm]; [Mbm^T, Mmm]] from crba(), the point's twist [v_p; w] = Jb nu_b + Jm qd.
// The vehicle's generalized momentum is
//   h_b = Mbb nu_b + Mbm qd = S0^T mu,
// the vehicle-subgroup components of the system's world spatial momentum mu (at the world
// origin). Eliminating nu_b = Mbb^-1 h_b - A qd with the connection A = Mbb^-1 Mbm gives
//   [v_p; w] = J* qd + Jb Mbb^-1 h_b,   J* = Jm - Jb A   (6 x n).
// Under zero momentum (h_b = 0) the vehicle moves with nu_b = -A qd and the point with J* qd.
// Note that h_b itself is not conserved in general: for a free vehicle the world momentum mu
// is, and h_b(t) = S0(t)^T mu(0) (use vehicleGeneralizedMomentumFromWorld). For a fixed vehicle
// (b = 0) J* = Jm and A is empty.
#include <Eigen/Cholesky>

#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

/// The blocks of the generalized Jacobian of one point; sized once for a model, then reused
/// by computeGeneralizedJacobian() without heap allocation.
struct GeneralizedJacobian {
  explicit GeneralizedJacobian(const Model& model);

  Mat6X J;             // full point Jacobian, 6 x nv, columns [vehicle b; joints n]
  Mat6X Jb;            // vehicle columns, 6 x b
  Mat6X Jm;            // fixed-base (joint) columns, 6 x n
  Mat6X Jstar;         // generalized Jacobian J* = Jm - Jb A, 6 x n
  Mat6X momentum_map;  // Jb Mbb^-1, 6 x b: point twist per unit of vehicle momentum h_b
  MatX connection;     // A = Mbb^-1 Mbm, b x n
  Eigen::LLT<Data::BaseMatrix> Mbb_llt;  // Cholesky factor of Mbb (b x b)
};

/// Mechanical connection A = Mbb^-1 Mbm (b x n) from M (crba()): the vehicle velocity under
/// zero vehicle momentum is nu_b = -A qd. Empty (0 x n) for a fixed vehicle.
MatX mechanicalConnection(const Model& model, const MatX& M);

/// h_b = Mbb nu_b + Mbm qd (size b) from M (crba()) and the state's velocities.
VecX vehicleGeneralizedMomentum(const Model& model, const MatX& M, const State& state);

/// h_b = S0^T mu from a world spatial momentum mu = [P; L about the world origin] (e.g. the
/// conserved momentum of a free-floating system); needs forwardKinematics (data.S0).
VecX vehicleGeneralizedMomentumFromWorld(const Model& model, const Data& data, const Vec6& mu);

/// Fills `out` for the world point `point_world` moving with `body`. Needs crba() for the
/// current configuration (data.M and the kinematics it computes).
void computeGeneralizedJacobian(const Model& model, const Data& data, int body,
                                const Vec3& point_world, GeneralizedJacobian& out);

/// Same for the origin of a named frame (model.frameIndex()).
void computeFrameGeneralizedJacobian(const Model& model, const Data& data, int frame,
                                     GeneralizedJacobian& out);

/// Point twist [v_p; w] = J* qd + Jb Mbb^-1 h_b.
Vec6 generalizedPointTwist(const GeneralizedJacobian& gj, const Eigen::Ref<const VecX>& qd,
                           const Eigen::Ref<const VecX>& h_b);

}  // namespace vms
