#include "core/solvers/lagrange_poincare_factorisation.hpp"

#include "core/algorithms/kinematics.hpp"

namespace vms {

LagrangePoincareFactorisation::LagrangePoincareFactorisation(const Model& model)
    : b_(model.base_dof),
      n_(model.njoints),
      nb_(model.nbodies),
      nv_(model.nv),
      iota0_(model.base_basis),
      parent_(model.parent),
      column_(static_cast<std::size_t>(model.nbodies), -1),
      depth_(static_cast<std::size_t>(model.nbodies), 0),
      offset_(static_cast<std::size_t>(model.nbodies), 0),
      children_(model.children),
      xi_(static_cast<std::size_t>(model.nbodies), Vec6::Zero()),
      inertia_(static_cast<std::size_t>(model.nbodies), Mat6::Zero()),
      ad_xi_(static_cast<std::size_t>(model.nbodies), Mat6::Zero()),
      exp_ad_(static_cast<std::size_t>(model.nbodies), Mat6::Identity()),
      L0_(static_cast<std::size_t>(model.nbodies), Mat6::Identity()),
      J0_(static_cast<std::size_t>(model.nbodies), BaseColumns::Zero(6, model.base_dof)),
      MJ0_(static_cast<std::size_t>(model.nbodies), BaseColumns::Zero(6, model.base_dof)),
      M_(MatX::Zero(model.nv, model.nv)),
      W_(static_cast<std::size_t>(model.nbodies), Mat6X::Zero(6, model.nv)),
      U_(Mat6X::Zero(6, model.nv)),
      row_(Eigen::Matrix<double, 1, Eigen::Dynamic>::Zero(model.nv)),
      dM_(static_cast<std::size_t>(model.njoints), MatX::Zero(model.nv, model.nv)) {
  // Home poses of the body frames in the vehicle frame (q = 0): ḡ_i^0 = ḡ_p^0 ḡ_i^p.
  std::vector<Pose> home(static_cast<std::size_t>(nb_));
  int entries = 0;
  for (int i = 0; i < nb_; ++i) {
    if (i > 0) {
      const int p = parent_[i];
      home[i] = home[p] * model.joint_placement[i];
      column_[i] = b_ + model.joint_index[i];
      depth_[i] = depth_[p] + 1;
      // The joint's twist in its own frame: [0; axis] (revolute about the axis through the
      // body origin) or [axis; 0] (prismatic), moved to the vehicle frame at home (17).
      const Vec3& a = model.joint_axis[i];
      const Vec6 local = model.joint_type[i] == JointType::Revolute ? makeVec6(Vec3::Zero(), a)
                                                                    : makeVec6(a, Vec3::Zero());
      xi_[i] = actMotion(home[i], local);
      ad_xi_[i] = adMatrix(xi_[i]);
    }
    offset_[i] = entries;
    entries += depth_[i];
    // (49) in the body frame, added mass included, then (55): Ad^-T M Ad^-1 with Ad = Ad_ḡ.
    Mat6 body = spatialInertiaWorld(model.mass[i], model.com[i], model.inertia_com[i]);
    if (model.hasAddedMass()) body += model.added_mass[i];
    const Mat6 Ad_inv = adjoint(home[i].inverse());
    inertia_[i] = Ad_inv.transpose() * body * Ad_inv;
  }
  path_.assign(static_cast<std::size_t>(entries), 0);
  for (int i = 1; i < nb_; ++i) {
    path_[at(i, 0)] = i;
    for (int d = 1; d < depth_[i]; ++d) path_[at(i, d)] = path_[at(parent_[i], d - 1)];
  }
  L_.assign(static_cast<std::size_t>(entries), Mat6::Identity());
  J_.assign(static_cast<std::size_t>(entries), Vec6::Zero());
  MJ_.assign(static_cast<std::size_t>(entries), Vec6::Zero());
  J0_[0] = iota0_;
  MJ0_[0].noalias() = inertia_[0] * iota0_;
}

void LagrangePoincareFactorisation::compute(const VecX& q) {
  // The 𝔄𝔡 blocks (60) and 𝔏 (59) from the vehicle out: block (i, k) = 𝔄𝔡_i^i block (p, k)
  // for k a strict ancestor of the parent p, 𝔄𝔡_i^i for k = p (as (128): 𝔄𝔡_2^1 = 𝔄𝔡_2^2 𝔄𝔡_1^1).
  for (int i = 1; i < nb_; ++i) {
    const int p = parent_[i];
    const Vec6 twist = -q[column_[i] - b_] * xi_[i];
    const Mat6& E = exp_ad_[i] = adjoint(se3Exp(twist));
    L0_[i].noalias() = E * L0_[p];
    if (depth_[i] > 1) L_[at(i, 1)] = E;
    for (int d = 2; d < depth_[i]; ++d) L_[at(i, d)].noalias() = E * L_[at(p, d - 1)];
    // 𝒥 = 𝔏 Ξ (57): block (i, k) = 𝔏_{ik} xi_k, xi_i itself on the diagonal by (61).
    J_[at(i, 0)] = xi_[i];
    for (int d = 1; d < depth_[i]; ++d)
      J_[at(i, d)].noalias() = L_[at(i, d)] * xi_[path_[at(i, d)]];
    J0_[i].noalias() = L0_[i] * iota0_;
    for (int d = 0; d < depth_[i]; ++d) MJ_[at(i, d)].noalias() = inertia_[i] * J_[at(i, d)];
    MJ0_[i].noalias() = inertia_[i] * J0_[i];
  }

  // (65)-(67): M = 𝒥^T diag(𝔐_i) 𝒥 block by block, over the nonzero blocks of 𝒥 (body i's row
  // has the vehicle's columns and those of its path). Upper triangle first: each pair of an
  // ancestor-or-self a of k is accumulated at (column k, column a) and mirrored after.
  M_.setZero();
  auto M0 = M_.topLeftCorner(b_, b_);
  for (int i = 0; i < nb_; ++i) {
    M0.noalias() += J0_[i].transpose() * MJ0_[i];
    for (int d = 0; d < depth_[i]; ++d) {
      const int c = column_[path_[at(i, d)]];
      const Vec6& MJ = MJ_[at(i, d)];
      M_.block(0, c, b_, 1).noalias() += J0_[i].transpose() * MJ;                            // (66)
      for (int e = 0; e <= d; ++e) M_(column_[path_[at(i, e)]], c) += J_[at(i, e)].dot(MJ);  // (67)
    }
  }
  for (int r = 0; r < b_; ++r)  // exact symmetry despite rounding
    for (int c = r + 1; c < b_; ++c) M0(r, c) = M0(c, r) = 0.5 * (M0(r, c) + M0(c, r));
  M_.bottomLeftCorner(n_, b_) = M_.topRightCorner(b_, n_).transpose();
  for (int k = 1; k < nb_; ++k)
    for (int d = 1; d < depth_[k]; ++d) {
      const int ck = column_[k], ca = column_[path_[at(k, d)]];
      M_(ca, ck) = M_(ck, ca);
    }
}

void LagrangePoincareFactorisation::computeDerivatives(bool printed_139) {
  // W_l = 𝔐_l 𝒥_l + sum over l's children c of (𝔄𝔡_c^c)^T W_c, from the tips.
  for (int l = nb_ - 1; l > 0; --l) {
    Mat6X& W = W_[l];
    W.setZero();
    W.leftCols(b_) = MJ0_[l];
    for (int d = 0; d < depth_[l]; ++d) W.col(column_[path_[at(l, d)]]) = MJ_[at(l, d)];
    for (int c : children_[l]) W.noalias() += exp_ad_[c].transpose() * W_[c];
  }
  for (int l = 1; l < nb_; ++l) {
    MatX& dM = dM_[static_cast<std::size_t>(column_[l] - b_)];
    dM.setZero();
    // U_l: d𝔏_m0/dq_l (114) gives the vehicle's columns, d𝔏_m/dq_l (115) those of l's strict
    // ancestors, each -ad_{xi_l} times row l of 𝒥 (116). (139) prints the second with +.
    U_.leftCols(b_).noalias() = -ad_xi_[l] * J0_[l];
    const double sign = printed_139 && l == 2 ? 1.0 : -1.0;
    for (int d = 1; d < depth_[l]; ++d)
      U_.col(column_[path_[at(l, d)]]) = sign * crossMotion(xi_[l], J_[at(l, d)]);
    // (117), (118), (120): dM = U^T W + W^T U, row and column r for each nonzero column r of U.
    const auto accumulate = [&](int r) {
      row_.noalias() = U_.col(r).transpose() * W_[l];
      dM.row(r) += row_;
      dM.col(r) += row_.transpose();
    };
    for (int r = 0; r < b_; ++r) accumulate(r);
    for (int d = 1; d < depth_[l]; ++d) accumulate(column_[path_[at(l, d)]]);
  }
}

Mat6 LagrangePoincareFactorisation::block(int body, int column) const {
  if (column == body) return Mat6::Identity();
  if (column == 0) return L0_[body];
  for (int d = 1; d < depth_[body]; ++d)
    if (path_[at(body, d)] == column) return L_[at(body, d)];
  return Mat6::Zero();
}

MatX LagrangePoincareFactorisation::L() const {
  MatX L = MatX::Zero(6 * nb_, 6 * nb_);
  for (int i = 0; i < nb_; ++i)
    for (int k = 0; k < nb_; ++k) L.block<6, 6>(6 * i, 6 * k) = block(i, k);
  return L;
}

MatX LagrangePoincareFactorisation::Xi() const {
  MatX Xi = MatX::Zero(6 * nb_, nv_);
  Xi.topLeftCorner(6, b_) = iota0_;
  for (int i = 1; i < nb_; ++i) Xi.block<6, 1>(6 * i, column_[i]) = xi_[i];
  return Xi;
}

MatX LagrangePoincareFactorisation::J() const {
  MatX J = MatX::Zero(6 * nb_, nv_);
  for (int i = 0; i < nb_; ++i) {
    J.block(6 * i, 0, 6, b_) = J0_[i];
    for (int d = 0; d < depth_[i]; ++d)
      J.block<6, 1>(6 * i, column_[path_[at(i, d)]]) = J_[at(i, d)];
  }
  return J;
}

}  // namespace vms
