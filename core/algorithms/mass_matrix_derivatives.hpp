#pragma once
// Exact partial derivatives of the joint-space inertia matrix with respect to the joint
// positions, dM/dq_k, from the composite-rigid-body quantities (world-frame vectors). The
// reduced Lagrange-Poincare equations (seed 001, (114)-(122)) need them for dM0/dq, dA/dq and
// dMhat/dq; this computes them recursively instead of through the paper's 𝔏 matrices.
#include <vector>

#include "core/model/data.hpp"

namespace vms {

/// dM/dq_k for every joint k (user order), each nv x nv and symmetric, in the generalized
/// velocity [iota0^T twist_b; qd] of crba(). Sized for one model in the constructor;
/// compute() never allocates.
///
/// With world-frame motion subspaces S_j, composite inertias Ic_j and F_j = Ic_j S_j, and j an
/// ancestor-or-self of k (the vehicle, with S0, is everybody's ancestor), M_jk = S_j^T F_k and
/// joint i moving its subtree with unit twist S_i gives
///   dM_jk/dq_i = S_j^T (S_i x* Ic_i - Ic_i S_i x) S_k   if k is an ancestor-or-self of i,
///              = S_j^T (S_i x* F_k)                      if j < i < k strictly on one path,
///              = 0                                       otherwise,
/// because a world inertia moving with twist v changes at the rate v x* I - I v x and a world
/// axis at the rate v x S. The mass matrix does not depend on the vehicle pose, so these are
/// the partial derivatives at fixed vehicle pose.
class MassMatrixDerivatives {
 public:
  explicit MassMatrixDerivatives(const Model& model);

  /// Needs crba(model, data, state) first (reads data.S, data.S0 and data.Ic).
  void compute(const Model& model, const Data& data);

  /// dM/dq_k, k in user joint order.
  const MatX& operator[](int k) const { return dM_[static_cast<std::size_t>(k)]; }
  int size() const { return static_cast<int>(dM_.size()); }

 private:
  std::vector<MatX> dM_;
  std::vector<Vec6> F_;          // Ic_j S_j
  std::vector<int> subtree_of_;  // subtree_of_[j] == i: j is in the subtree of body i
};

}  // namespace vms
