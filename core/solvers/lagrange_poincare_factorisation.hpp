#pragma once
// Seed 001's own construction of the mass matrix and its joint derivatives (Moghaddam &
// Chhabra, Lemma 3 and §III-A): the stacked body Jacobians at the home frames factor as
// 𝒥 = 𝔏(q) Ξ (57), with Ξ = blkdiag(iota0, xi_1, ..., xi_n) constant (58) and 𝔏 block
// lower-triangular with identity diagonal, built from the 𝔄𝔡 blocks (59)-(60); the blocks of
// M = 𝒥^T diag(𝔐_i) 𝒥 are M0 (65), M0m (66) and Mm (67), and their derivatives follow from
// d𝔏/dq_l (114)-(116) by (117), (118) (corrected: 𝔏_m in its first term, notes §1.9 item 5)
// and (120). Notation: /work/shared/notes/seed-001.md §1.5, §1.8.
//
// Trees: the paper writes 𝔏 for a chain and calls the branched case straightforward. Here
// block (i, k) of 𝔏 is 𝔄𝔡 along the path from k to i, Ad of e^{-xi_i q_i} ... e^{-xi_c q_c}
// with c the child of k on that path, when k is an ancestor of body i (the vehicle, column 0,
// is everybody's), the identity when k == i, and zero otherwise; on a chain this is (59).
#include <vector>

#include "core/model/model.hpp"

namespace vms {

/// The factorisation for one model: the constants (xi_i, 𝔐_i, iota0) in the constructor, the
/// configuration-dependent 𝔏 and the mass-matrix blocks in compute(), their derivatives in
/// computeDerivatives(). Neither allocates.
class LagrangePoincareFactorisation {
 public:
  explicit LagrangePoincareFactorisation(const Model& model);

  /// 𝔏(q), 𝒥 = 𝔏 Ξ and M = [[M0, M0m], [M0m^T, Mm]] (65)-(67) at the joint positions q.
  void compute(const VecX& q);

  /// dM/dq_k for every joint from d𝔏/dq_k (116):
  ///   d𝔏_{jm}/dq_l = -𝔏_{jl} ad_{xi_l} 𝔏_{lm}   for m a strict ancestor of l, j in l's subtree,
  /// so the derivative of block row j of 𝒥 is 𝔏_{jl} U_l with U_l = -ad_{xi_l} [row l of 𝒥,
  /// the columns of l's strict ancestors], and (117), (118), (120) all read
  ///   dM/dq_l = U_l^T W_l + W_l^T U_l,   W_l = sum over j in l's subtree of 𝔏_{jl}^T 𝔐_j 𝒥_j,
  /// W_l summed from the tips (𝔏_{jl} = 𝔏_{jc} 𝔄𝔡_c^c for l's child c towards j).
  /// `printed_139` evaluates (139) as printed for the example's two-joint chain: d𝔏_m/dq_2 =
  /// +ad_{xi_2} 𝔄𝔡_2^2 in block (2, 1), the minus of (116) missing (the caller checks the
  /// model is such a chain). Needs compute() first.
  void computeDerivatives(bool printed_139 = false);

  int vehicleDof() const { return b_; }
  int joints() const { return n_; }
  int bodies() const { return nb_; }

  /// xi_i (17): body i's joint twist in the vehicle frame at the home configuration.
  const Vec6& twist(int body) const { return xi_[static_cast<std::size_t>(body)]; }
  /// 𝔐_i (55): body i's spatial inertia (added mass included) in the vehicle frame at home.
  const Mat6& homeInertia(int body) const { return inertia_[static_cast<std::size_t>(body)]; }
  /// Block (body, column) of 𝔏 at the last compute(): column 0 is the vehicle's, column k > 0
  /// that of body k's joint; the identity on the diagonal, zero where column is not an
  /// ancestor of body.
  Mat6 block(int body, int column) const;
  /// 𝔏 (6 nbodies x 6 nbodies), Ξ (6 nbodies x nv) and 𝒥 = 𝔏 Ξ (6 nbodies x nv), block rows
  /// and columns in body order, M's columns [vehicle; joints in user order] (these allocate:
  /// for tests and inspection).
  MatX L() const;
  MatX Xi() const;
  MatX J() const;

  /// M (nv x nv) at the last compute(): M0 = topLeftCorner(b, b), M0m = topRightCorner(b, n),
  /// Mm = bottomRightCorner(n, n).
  const MatX& M() const { return M_; }
  /// dM/dq_k (nv x nv), k in user joint order, at the last computeDerivatives().
  const MatX& dM(int joint) const { return dM_[static_cast<std::size_t>(joint)]; }

 private:
  using BaseColumns = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;

  // Index of the (body, depth) entry: depth 0 is the body itself, depth d its d-th ancestor
  // among the moving bodies (the vehicle excluded).
  std::size_t at(int body, int depth) const {
    return static_cast<std::size_t>(offset_[static_cast<std::size_t>(body)] + depth);
  }

  int b_, n_, nb_, nv_;
  Mat6X iota0_;
  std::vector<int> parent_, column_, depth_, offset_;
  std::vector<std::vector<int>> children_;
  std::vector<int> path_;  // at(i, d): body i's d-th ancestor (d = 0: i), vehicle excluded
  std::vector<Vec6> xi_;
  std::vector<Mat6> inertia_, ad_xi_;
  // At q.
  std::vector<Mat6> exp_ad_;           // 𝔄𝔡_i^i = Ad_{e^{-xi_i q_i}} (60)
  std::vector<Mat6> L_;                // at(i, d), d >= 1: block (i, path d) of 𝔏
  std::vector<Mat6> L0_;               // block (i, 0) of 𝔏: 𝔄𝔡 from i to the vehicle
  std::vector<Vec6> J_, MJ_;           // at(i, d): 𝔏_{i,k} xi_k (k = path d) and 𝔐_i times it
  std::vector<BaseColumns> J0_, MJ0_;  // 𝔏_{i0} iota0 and 𝔐_i times it
  MatX M_;
  // Derivatives.
  std::vector<Mat6X> W_;  // W_l, 6 x nv
  Mat6X U_;               // U_l, 6 x nv (nonzero columns: the vehicle's, l's strict ancestors)
  Eigen::Matrix<double, 1, Eigen::Dynamic> row_;
  std::vector<MatX> dM_;
};

}  // namespace vms
