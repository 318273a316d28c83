#include "core/algorithms/rnea_derivatives.hpp"

#include <stdexcept>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/base_type.hpp"

namespace vms {

namespace {
// The force cross product as a matrix acting on inertias: x x* I (6x6).
inline Mat6 crossForceMatrix(const Vec6& x, const Mat6& I) {
  Mat6 out;
  for (int k = 0; k < 6; ++k) out.col(k) = crossForce(x, I.col(k));
  return out;
}

// The world spatial inertia of the rigid body alone (without added mass).
inline Mat6 rigidInertiaWorld(const Model& model, const Data& data, int i) {
  const Pose& oMi = data.oMi[i];
  const Mat3 R = oMi.R;
  return spatialInertiaWorld(model.mass[i], oMi.act(model.com[i]),
                             R * model.inertia_com[i] * R.transpose());
}
}  // namespace

Mat6X configurationTangentBasis(const Model& model) {
  const Vec6 mask = poseMask(model.base_type);
  Mat6X T = Mat6X::Zero(6, static_cast<Eigen::Index>(mask.sum()));
  for (int k = 0, c = 0; k < 6; ++k)
    if (mask[k] != 0.0) T(k, c++) = 1.0;
  return T;
}

InverseDynamicsDerivatives::InverseDynamicsDerivatives(const Model& model)
    : tangent_(configurationTangentBasis(model)) {
  const int n = model.nbodies, nv = model.nv, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  dtau_dq_ = MatX::Zero(nv, t + model.njoints);
  dtau_dv_ = MatX::Zero(nv, nv);
  M_ = MatX::Zero(nv, nv);
  B_.assign(static_cast<std::size_t>(n), Mat6::Zero());
  Icrb_.assign(model.hasAddedMass() ? static_cast<std::size_t>(n) : 0, Mat6::Zero());
  for (auto* v : {&h_, &Fe_, &F1_, &F1rb_, &G_, &Xe_, &D_, &E_, &w_, &beta_, &gamma_})
    v->assign(static_cast<std::size_t>(n), Vec6::Zero());
  S0_F1_ = Mat6X::Zero(6, b);
  S0_G_ = Mat6X::Zero(6, b);
  S0_F1rb_ = Mat6X::Zero(6, b);
  S0_Xe_ = Mat6X::Zero(6, b);
}

void InverseDynamicsDerivatives::compute(const Model& model, Data& data, const State& state,
                                         const Vec6& base_twist_dot,
                                         const Eigen::Ref<const VecX>& qdd,
                                         const ExternalForces& external) {
  if (model.hasCouplings())
    throw std::invalid_argument(
        std::string(__func__) + ": model has mimic joints (joint '" +
        model.joint_names[static_cast<std::size_t>(model.couplings.front().joint)] + "' follows '" +
        model.joint_names[static_cast<std::size_t>(model.couplings.front().leader)] +
        "'); the derivatives are defined for independent joints only");
  VMS_CHECK_ARGUMENT_SIZE(dtau_dv_.rows(), model.nv, "InverseDynamicsDerivatives(model).nv");
  rnea(model, data, state, base_twist_dot, qdd, external);

  const int n = model.nbodies, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  const bool added_mass = model.hasAddedMass();
  const bool has_external = external.body_forces_world != nullptr;
  Vec6 a_g = Vec6::Zero();
  a_g.head<3>() = model.gravity;

  // Composites over each subtree (tip to base): inertia Ic, rigid-body inertia Icrb (with added
  // mass only), momentum h, B = sum (v x* I - I v x) (symmetric), external forces Fe.
  for (int i = 0; i < n; ++i) {
    data.Ic[i] = data.I[i];
    h_[i].noalias() = data.I[i] * data.v[i];
    const Mat6 Y = crossForceMatrix(data.v[i], data.I[i]);
    B_[i] = Y + Y.transpose();
    if (added_mass) Icrb_[i] = rigidInertiaWorld(model, data, i);
    if (has_external) Fe_[i] = (*external.body_forces_world)[i];
  }
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    data.Ic[p] += data.Ic[i];
    h_[p] += h_[i];
    B_[p] += B_[i];
    if (added_mass) Icrb_[p] += Icrb_[i];
    if (has_external) Fe_[p] += Fe_[i];
  }

  // Per joint body j: the vectors of its column (w, beta, gamma) and of its rows (F1, F1rb,
  // G, Xe), and D, E for the rows of its ancestors.
  for (int j = 1; j < n; ++j) {
    const int p = model.parent[j];
    const Vec6& S = data.S[j];
    const Vec6& vp = data.v[p];
    const Vec6& ap = data.a[p];
    w_[j] = crossMotion(S, vp);
    beta_[j] = crossMotion(S, ap) - crossMotion(w_[j], vp);
    gamma_[j] = crossMotion(vp, S) - crossMotion(S, data.v[j]);
    F1_[j].noalias() = data.Ic[j] * S;
    if (added_mass) F1rb_[j].noalias() = Icrb_[j] * S;
    G_[j].noalias() = B_[j] * S;
    G_[j] -= crossForce(S, h_[j]);
    if (has_external) Xe_[j] = crossForce(S, Fe_[j]);
    const Vec6 Sxag = crossMotion(S, a_g);
    Vec6 Dj = crossForce(S, data.f[j]);
    Dj.noalias() -= data.Ic[j] * beta_[j];
    Dj.noalias() -= B_[j] * w_[j];
    Dj -= crossForce(w_[j], h_[j]);
    Dj.noalias() += (added_mass ? Icrb_[j] : data.Ic[j]) * Sxag;
    if (has_external) Dj += crossForce(S, Fe_[j]);
    D_[j] = Dj;
    E_[j].noalias() = data.Ic[j] * gamma_[j];
    E_[j].noalias() += B_[j] * S;
    E_[j] += crossForce(S, h_[j]);
  }
  // The vehicle's rows: the same vectors with S0's columns.
  S0_F1_.noalias() = data.Ic[0] * data.S0;
  S0_F1rb_.noalias() = (added_mass ? Icrb_[0] : data.Ic[0]) * data.S0;
  S0_G_.noalias() = B_[0] * data.S0;
  for (int c = 0; c < b; ++c) {
    S0_G_.col(c) -= crossForce(data.S0.col(c), h_[0]);
    S0_Xe_.col(c) = has_external ? crossForce(data.S0.col(c), Fe_[0]) : Vec6::Zero();
  }

  dtau_dq_.setZero();
  dtau_dv_.setZero();
  M_.setZero();
  const auto& F1rb = added_mass ? F1rb_ : F1_;

  // Joint rows and columns. Row i, column j with j an ancestor-or-self of i (i in the subtree
  // of j): the first formulas; row a, column j with a a strict ancestor of j: S_a^T D_j and
  // S_a^T E_j.
  for (int i = 1; i < n; ++i) {
    const int r = b + model.joint_index[i];
    for (int j = i; j > 0; j = model.parent[j]) {
      const int cq = t + model.joint_index[j], cv = b + model.joint_index[j];
      const Vec6& S = data.S[j];
      double dq = -F1_[i].dot(beta_[j]) - G_[i].dot(w_[j]) + F1rb[i].dot(crossMotion(S, a_g));
      if (has_external) dq -= Xe_[i].dot(S);
      dtau_dq_(r, cq) = dq;
      dtau_dv_(r, cv) = F1_[i].dot(gamma_[j]) + G_[i].dot(S);
      if (j != i) {
        dtau_dq_(cv, t + model.joint_index[i]) = S.dot(D_[i]);
        dtau_dv_(cv, r) = S.dot(E_[i]);
      }
      M_(r, cv) = M_(cv, r) = S.dot(F1_[i]);
    }
    if (b > 0) {
      dtau_dq_.block(0, t + model.joint_index[i], b, 1).noalias() = data.S0.transpose() * D_[i];
      dtau_dv_.block(0, r, b, 1).noalias() = data.S0.transpose() * E_[i];
      M_.block(0, r, b, 1).noalias() = data.S0.transpose() * F1_[i];
      M_.block(r, 0, 1, b) = M_.block(0, r, b, 1).transpose();
    }
  }

  // Vehicle columns: every body is in the vehicle's subtree; its parent (the world) is at rest.
  for (int c = 0; c < t; ++c) {
    const Vec6 xi = actMotion(data.oMi[0], tangent_.col(c));
    const Vec6 xixag = crossMotion(xi, a_g);
    for (int i = 1; i < n; ++i) {
      double dq = F1rb[i].dot(xixag);
      if (has_external) dq -= Xe_[i].dot(xi);
      dtau_dq_(b + model.joint_index[i], c) = dq;
    }
    if (b > 0) {
      dtau_dq_.block(0, c, b, 1).noalias() = S0_F1rb_.transpose() * xixag;
      if (has_external) dtau_dq_.block(0, c, b, 1).noalias() -= S0_Xe_.transpose() * xi;
    }
  }
  for (int c = 0; c < b; ++c) {
    const Vec6 xi = data.S0.col(c);
    const Vec6 gamma = -crossMotion(xi, data.v[0]);
    for (int i = 1; i < n; ++i)
      dtau_dv_(b + model.joint_index[i], c) = F1_[i].dot(gamma) + G_[i].dot(xi);
    dtau_dv_.block(0, c, b, 1).noalias() = S0_F1_.transpose() * gamma;
    dtau_dv_.block(0, c, b, 1).noalias() += S0_G_.transpose() * xi;
  }
  if (b > 0) {
    auto Mbb = M_.topLeftCorner(b, b);
    Mbb.noalias() = data.S0.transpose() * S0_F1_;
    for (int r = 0; r < b; ++r)
      for (int c = r + 1; c < b; ++c) Mbb(r, c) = Mbb(c, r) = 0.5 * (Mbb(r, c) + Mbb(c, r));
  }
}

}  // namespace vms
