#pragma once
// Analytic partial derivatives of inverse dynamics on the vehicle's group, by recursions over
// world-frame composite quantities (the approach of Carpentier & Mansard, RSS 2018, derived
// here for a vehicle on a subgroup of SE(3) as the root joint).
//
// Coordinates. The generalized velocity is nu = [iota0^T twist_b; qd] (State); the generalized
// force is [data.base_force (b); data.tau (n)] as rnea() returns them. A configuration
// perturbation is [delta; dq]: the vehicle moves by g <- g exp(T delta), T the vehicle's
// configuration tangent basis (configurationTangentBasis(): iota0 itself for every vehicle type
// whose velocities span a subgroup, iota0 and the bracket directions for the nonholonomic
// vehicle), and the joints by q <- q + dq. This is Pinocchio's convention for a free flyer
// (its local-frame tangent), so the results compare entry by entry.
//
// With S_j the world motion subspace of joint j (S0 for the vehicle), v, a the world body
// velocities and accelerations, I the world inertias and, over the subtree of i, the composite
// inertia Ic_i, momentum h_i, force F_i and B_i = sum (v_k x* I_k - I_k v_k x), a perturbation of
// joint j moves its subtree by the world twist xi = S_j dq_j. For i in the subtree of j:
//   dtau_i/dq_j = -(Ic_i S_i)^T beta_j - G_i^T w_j + (Icrb_i S_i)^T (S_j x a_g) - (S_i x* Fe_i)^T
//   S_j dtau_i/dv_j = (Ic_i S_i)^T gamma_j + G_i^T S_j
// with w_j = S_j x v_p, beta_j = S_j x a_p - w_j x v_p, gamma_j = v_p x S_j - S_j x v_j (p the
// parent of j, v_p = a_p = 0 for the vehicle), G_i = B_i^T S_i - S_i x* h_i, a_g = [g; 0],
// Icrb the composite of the rigid-body inertias (without added mass) and Fe_i the composite of
// the world external forces. For i a strict ancestor of j, dtau_i/dq_j = S_i^T D_j and
// dtau_i/dv_j = S_i^T E_j, where D_j = S_j x* F_j + (the bracket above at i = j, as a force) and
// E_j = Ic_j gamma_j + B_j S_j + S_j x* h_j. Everything else is zero.
#include "core/algorithms/aba.hpp"

namespace vms {

/// The derivative matrices are row-major: the column-block solve of ForwardDynamicsDerivatives
/// reads a generalized coordinate's row contiguously, and numpy's default order is the same.
using RowMatX = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// The vehicle's configuration tangent basis (6 x t, body-twist coordinates): the closure of
/// span(iota0) under the bracket. Equal to model.base_basis unless the vehicle is
/// nonholonomic, whose pose moves in more directions than its velocity has components.
Mat6X configurationTangentBasis(const Model& model);

/// Partial derivatives of the generalized force of inverse dynamics. Sized for one model in the
/// constructor; compute() never allocates.
class InverseDynamicsDerivatives {
 public:
  explicit InverseDynamicsDerivatives(const Model& model);

  /// Runs rnea(model, data, state, base_twist_dot, qdd, external) and fills the derivatives at
  /// that point. Throws std::invalid_argument for a model with mimic joints (the derivatives
  /// are those of the independent joints; couple them with the coupling's Jacobian).
  void compute(const Model& model, Data& data, const State& state, const Vec6& base_twist_dot,
               const Eigen::Ref<const VecX>& qdd, const ExternalForces& external = {});

  /// d[base_force; tau]/d[delta; q], nv x (t + n).
  const RowMatX& dtauDq() const { return dtau_dq_; }
  /// d[base_force; tau]/d nu, nv x nv.
  const RowMatX& dtauDv() const { return dtau_dv_; }
  /// The generalized inertia matrix M (= dtau/d nudot), nv x nv, as crba() computes it.
  const RowMatX& massMatrix() const { return M_; }
  /// Columns of the vehicle part of dtauDq (t).
  int tangentDof() const { return static_cast<int>(tangent_.cols()); }

 private:
  friend class ForwardDynamicsDerivatives;
  // The derivatives from the motion in data (oMi, S, S0, I, v, a, as aba() or rnea() leave
  // them): composites, per-joint vectors and the entries; M too if with_mass_matrix (forward
  // dynamics has its own factorisation of M and leaves M_ zero).
  void computeFromMotion(const Model& model, Data& data, const ExternalForces& external,
                         bool with_mass_matrix);
  void computeComposites(const Model& model, Data& data, const ExternalForces& external);
  void computeJointVectors(const Model& model, const Data& data, const ExternalForces& external);
  bool rigidChain(const Model& model, const ExternalForces& external) const;
  void computeChainCompositesRigid(const Model& model, Data& data);
  void computeChainJointVectorsRigid(const Model& model);
  void assembleChain(const Model& model, bool extra, bool with_mass_matrix);
  void assembleTree(const Model& model, bool extra, bool with_mass_matrix);
  void assembleVehicle(const Model& model, const Data& data, const ExternalForces& external,
                       bool with_mass_matrix);

  Mat6X tangent_;
  double tangent_lanes_[6][8] = {};  // tangent_'s rows, its columns in lanes (zero past t)
  RowMatX dtau_dq_, dtau_dv_, M_;
  // Composites over each subtree: rigid-body inertia (with added mass only; the inertia itself
  // is data.Ic), B = sum (v x* I - I v x), momentum, force, external forces. On the eight-lane
  // path (rigidChain) they live in lanes_, and only the vehicle's (index 0) are written here.
  std::vector<Mat6> B_, Icrb_;
  std::vector<Vec6> h_, F_, Fe_;
  // Per joint, in column k = the joint's index (rows padded by kPad zero columns, so that
  // vector loads may run past the last joint):
  //   Prow_ (row k): P = [F1^T G^T] and Pextra = [F1rb^T -Xe^T] (with added mass or external
  //     forces), such that the entries of the bodies in the joint's subtree are P Yq + Pextra
  //     Yextra (configuration) and P Yv (velocity);
  //   Yq_rows_ (chains): Yq = [Sxag - beta (or -beta); -w] over Yextra = [Sxag; S] (rows
  //     12-23);
  //   Yv_rows_ (chains): Yv = [gamma; S];
  //   D_rows_, E_rows_ and F1_rows_: D and E for the entries of the joint's ancestors, F1 for
  //     the mass matrix.
  //   joint_vectors_ (trees, row k): Yq, Yextra, Yv, D, E and F1 side by side, for the
  //     entries of each body against its ancestors.
  static constexpr int kPad = 8;
  RowMatX Prow_, Yq_rows_, Yv_rows_, D_rows_, E_rows_, F1_rows_, joint_vectors_;
  bool chain_ = true;  // parent[i] == i - 1 and joint_index[i] == i - 1 for every body
  // A rigid chain's body quantities and composites, one row per component and one column per
  // body (padded with zero columns to whole blocks of eight and one more block), for the
  // eight-lane kernels: see the row offsets in rnea_derivatives.cpp.
  RowMatX lanes_;
};

}  // namespace vms
