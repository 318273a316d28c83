#pragma once
// Operational-space inertia Lambda(k) of every link k at once (seed 002's per-link Lambda(k)):
// at the origin o_k of body k's frame, twists [v_{o_k}; w_k] and wrenches [f; n at o_k],
// world coordinates,
//   mobility  Lambda(k)^-1 = J_k M^-1 J_k^T,  Lambda(k) its (pseudo-)inverse,
// with J_k the point Jacobian of o_k (core/algorithms/jacobian.hpp) and
//   VehicleMode::Free   - the vehicle free: full J_k (6 x nv) and full M (seed 002's Lambda(k);
//                         for a free vehicle the same as OperationalSpaceInertiaSweeps::Lambda);
//   VehicleMode::Locked - the vehicle held: J_k's joint columns and Mmm (the fixed-base arm).
// A link the vehicle's joints cannot move (the vehicle itself when locked) has mobility 0 and
// rank 0. Ellipsoids as in operational_space_inertia.hpp (translational block of the
// mobility: radii sqrt(mu_i) = 1/sqrt(m_eff,i)).
//
// Cost: one Cholesky factorisation of M (or Mmm), O(nv^3), then per link a triangular solve
// with 6 right-hand sides and a 6 x 6 eigen-decomposition, O(6 nv^2) each: O(nv^3 + N nv^2)
// in all (N links). For a free vehicle the O(N) sweeps of seed 002's Algorithm 8
// (operational_space_inertia_recursive.hpp) give Lambda(k) in Free mode faster; this form
// serves every vehicle type and both modes. No heap allocation after construction.
#include <Eigen/Cholesky>
#include <vector>

#include "core/analysis/operational_space_inertia.hpp"

namespace vms {

class LinkOperationalInertias {
 public:
  explicit LinkOperationalInertias(const Model& model);
  /// Needs crba() for the current configuration (data.M and the kinematics).
  void compute(const Model& model, const Data& data, VehicleMode mode,
               double rank_tolerance = 1e-10);
  /// Per body (model.nbodies), after compute():
  const std::vector<OperationalSpaceInertia>& links() const { return links_; }
  /// World position of the point each Lambda(k) refers to: the body frame origin o_k.
  const std::vector<Vec3>& points() const { return points_; }

 private:
  std::vector<OperationalSpaceInertia> links_;
  std::vector<Vec3> points_;
  Mat6X J_;       // 6 x nv
  MatX X_;        // nv x 6 (or n x 6): L^-1 J^T
  MatX M_block_;  // Mmm (n x n), Locked mode
  Eigen::LLT<MatX> llt_full_, llt_arm_;
};

}  // namespace vms
