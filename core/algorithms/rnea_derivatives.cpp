#include "core/algorithms/rnea_derivatives.hpp"

#include <stdexcept>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/base_type.hpp"

namespace vms {

namespace {
using Vec12 = Eigen::Matrix<double, 12, 1>;

// B = v x* I - I v x = Y + Y^T with Y = v x* I (I symmetric), column by column.
inline void velocityInertiaRate(const Vec6& v, const Mat6& I, Mat6& B) {
  Mat6 Y;
  for (int k = 0; k < 6; ++k) Y.col(k) = crossForce(v, I.col(k));
  B = Y + Y.transpose();
}

// The world spatial inertia of the rigid body alone (without added mass).
inline Mat6 rigidInertiaWorld(const Model& model, const Data& data, int i) {
  const Pose& oMi = data.oMi[i];
  const Mat3 R = oMi.R;
  return spatialInertiaWorld(model.mass[i], oMi.act(model.com[i]),
                             R * model.inertia_com[i] * R.transpose());
}

inline Vec12 stack(const Vec6& top, const Vec6& bottom) {
  Vec12 out;
  out << top, bottom;
  return out;
}

// out = sum_m coefficients[m] * rows.row(m).segment(begin, length), for m < count.
template <typename Coefficients, typename Out>
inline void combineRows(const Coefficients& coefficients, int count, const RowMatX& rows,
                        Eigen::Index begin, Eigen::Index length, Out&& out) {
  out = coefficients[0] * rows.row(0).segment(begin, length);
  for (int m = 1; m < count; ++m) out += coefficients[m] * rows.row(m).segment(begin, length);
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
  const int n = model.nbodies, nv = model.nv, b = model.base_dof, nj = model.njoints;
  const int t = static_cast<int>(tangent_.cols());
  const auto size = static_cast<std::size_t>(n);
  dtau_dq_ = RowMatX::Zero(nv, t + nj);
  dtau_dv_ = RowMatX::Zero(nv, nv);
  M_ = RowMatX::Zero(nv, nv);
  B_.assign(size, Mat6::Zero());
  Icrb_.assign(size, Mat6::Zero());
  for (auto* v : {&h_, &F_, &Fe_, &D_, &E_, &F1_}) v->assign(size, Vec6::Zero());
  for (auto* v : {&P_, &Pextra_, &Yq_, &Yv_, &Yextra_}) v->assign(size, Vec12::Zero());
  for (int i = 1; i < n; ++i)
    chain_ = chain_ && model.parent[i] == i - 1 && model.joint_index[i] == i - 1;
  if (chain_) {
    Prow_ = RowMatX::Zero(nj, 12);
    Pextra_row_ = RowMatX::Zero(nj, 12);
    for (auto* m : {&Yq_rows_, &Yv_rows_, &Yextra_rows_}) *m = RowMatX::Zero(12, nj);
    for (auto* m : {&S_rows_, &D_rows_, &E_rows_, &F1_rows_}) *m = RowMatX::Zero(6, nj);
  }
  for (auto* m : {&S0_F1_, &S0_G_, &S0_F1rb_, &S0_Xe_}) *m = Mat6X::Zero(6, b);
}

void InverseDynamicsDerivatives::compute(const Model& model, Data& data, const State& state,
                                         const Vec6& base_twist_dot,
                                         const Eigen::Ref<const VecX>& qdd,
                                         const ExternalForces& external) {
  VMS_CHECK_ARGUMENT_SIZE(dtau_dv_.rows(), model.nv, "InverseDynamicsDerivatives(model).nv");
  rnea(model, data, state, base_twist_dot, qdd, external);
  computeFromMotion(model, data, external);
}

void InverseDynamicsDerivatives::computeFromMotion(const Model& model, Data& data,
                                                   const ExternalForces& external) {
  if (model.hasCouplings())
    throw std::invalid_argument(
        "InverseDynamicsDerivatives: model has mimic joints (joint '" +
        model.joint_names[static_cast<std::size_t>(model.couplings.front().joint)] + "' follows '" +
        model.joint_names[static_cast<std::size_t>(model.couplings.front().leader)] +
        "'); the derivatives are defined for independent joints only");
  const int n = model.nbodies, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  const bool added_mass = model.hasAddedMass();
  const bool has_external = external.body_forces_world != nullptr;
  const bool extra = added_mass || has_external;
  Vec6 a_g = Vec6::Zero();
  a_g.head<3>() = model.gravity;

  // Body forces f = I a + v x* I v - weight - external and the composites over each subtree
  // (tip to base): inertia Ic, rigid-body inertia Icrb (with added mass only), momentum h,
  // B = sum (v x* I - I v x), force F, external forces Fe.
  for (int i = 0; i < n; ++i) {
    const Mat6& I = data.I[i];
    data.Ic[i] = I;
    h_[i].noalias() = I * data.v[i];
    velocityInertiaRate(data.v[i], I, B_[i]);
    F_[i].noalias() = I * data.a[i];
    F_[i] += crossForce(data.v[i], h_[i]);
    if (added_mass) {
      Icrb_[i] = rigidInertiaWorld(model, data, i);
      F_[i].noalias() -= Icrb_[i] * a_g;
    } else {
      F_[i].noalias() -= I.leftCols<3>() * model.gravity;
    }
    if (has_external) {
      Fe_[i] = (*external.body_forces_world)[i];
      F_[i] -= Fe_[i];
    }
  }
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    data.Ic[p] += data.Ic[i];
    h_[p] += h_[i];
    B_[p] += B_[i];
    F_[p] += F_[i];
    if (added_mass) Icrb_[p] += Icrb_[i];
    if (has_external) Fe_[p] += Fe_[i];
  }

  // Per joint body j: w = S x v_p, beta = S x a_p - w x v_p, gamma = v_p x S - S x v_j,
  // F1 = Ic S, G = B S - S x* h (and F1rb = Icrb S, Xe = S x* Fe), then D and E.
  for (int j = 1; j < n; ++j) {
    const int p = model.parent[j];
    const Vec6& S = data.S[j];
    const Vec6& vp = data.v[p];
    const Vec6 w = crossMotion(S, vp);
    const Vec6 beta = crossMotion(S, data.a[p]) - crossMotion(w, vp);
    const Vec6 gamma = crossMotion(vp, S) - crossMotion(S, data.v[j]);
    const Vec6 Sxag = crossMotion(S, a_g);
    const Mat6& Ic = data.Ic[j];
    const Vec6 F1 = Ic * S;
    const Vec6 BS = B_[j] * S;
    const Vec6 Sxh = crossForce(S, h_[j]);
    Vec6 D = crossForce(S, F_[j]) - Ic * beta - B_[j] * w - crossForce(w, h_[j]);
    P_[j] = stack(F1, BS - Sxh);
    Yv_[j] = stack(gamma, S);
    if (extra) {
      // The weight acts through the rigid-body inertia; world external forces stay put.
      const Vec6 F1rb = added_mass ? Vec6(Icrb_[j] * S) : F1;
      const Vec6 Xe = has_external ? crossForce(S, Fe_[j]) : Vec6::Zero();
      Pextra_[j] = stack(F1rb, -Xe);
      Yextra_[j] = stack(Sxag, S);
      Yq_[j] = stack(-beta, -w);
      D.noalias() += (added_mass ? Icrb_[j] : Ic) * Sxag;
      D += Xe;
    } else {
      Yq_[j] = stack(Sxag - beta, -w);
      D.noalias() += Ic * Sxag;
    }
    D_[j] = D;
    E_[j] = Ic * gamma + BS + Sxh;
    F1_[j] = F1;
  }

  if (chain_)
    assembleChain(model, extra);
  else
    assembleTree(model, data, extra);

  // The vehicle's rows: every joint is its strict descendant.
  if (b > 0) {
    for (int j = 1; j < n; ++j) {
      const int c = model.joint_index[j];
      dtau_dq_.col(t + c).head(b).noalias() = data.S0.transpose() * D_[j];
      dtau_dv_.col(b + c).head(b).noalias() = data.S0.transpose() * E_[j];
      M_.col(b + c).head(b).noalias() = data.S0.transpose() * F1_[j];
      M_.row(b + c).head(b) = M_.col(b + c).head(b).transpose();
    }
    S0_F1_.noalias() = data.Ic[0] * data.S0;
    S0_G_.noalias() = B_[0] * data.S0;
    S0_F1rb_.noalias() = (added_mass ? Icrb_[0] : data.Ic[0]) * data.S0;
    for (int c = 0; c < b; ++c) {
      S0_G_.col(c) -= crossForce(data.S0.col(c), h_[0]);
      S0_Xe_.col(c) = has_external ? crossForce(data.S0.col(c), Fe_[0]) : Vec6::Zero();
    }
    auto Mbb = M_.topLeftCorner(b, b);
    Mbb.noalias() = data.S0.transpose() * S0_F1_;
    for (int r = 0; r < b; ++r)
      for (int c = r + 1; c < b; ++c) Mbb(r, c) = Mbb(c, r) = 0.5 * (Mbb(r, c) + Mbb(c, r));
  }

  // The vehicle's columns: every body is in its subtree, and its parent, the world, is at rest
  // (w = beta = 0, and gamma = -xi x v_0 for a velocity column xi).
  for (int c = 0; c < t; ++c) {
    const Vec6 xi = actMotion(data.oMi[0], tangent_.col(c));
    const Vec6 xixag = crossMotion(xi, a_g);
    const Vec12 y = stack(extra ? Vec6::Zero() : xixag, Vec6::Zero());
    const Vec12 y_extra = stack(xixag, xi);
    for (int i = 1; i < n; ++i) {
      double d = P_[i].dot(y);
      if (extra) d += Pextra_[i].dot(y_extra);
      dtau_dq_(b + model.joint_index[i], c) = d;
    }
    if (b > 0) {
      dtau_dq_.col(c).head(b).noalias() = S0_F1rb_.transpose() * xixag;
      if (has_external) dtau_dq_.col(c).head(b).noalias() -= S0_Xe_.transpose() * xi;
    }
  }
  for (int c = 0; c < b; ++c) {
    const Vec6 xi = data.S0.col(c);
    const Vec6 gamma = -crossMotion(xi, data.v[0]);
    const Vec12 y = stack(gamma, xi);
    for (int i = 1; i < n; ++i) dtau_dv_(b + model.joint_index[i], c) = P_[i].dot(y);
    dtau_dv_.col(c).head(b).noalias() = S0_F1_.transpose() * gamma;
    dtau_dv_.col(c).head(b).noalias() += S0_G_.transpose() * xi;
  }
}

// A chain in body order: in joint row i (slot k), the columns up to k are its ancestors-or-self
// (P_i Y_j) and the columns after k its descendants (S_i^T D_j, S_i^T E_j): each part of the
// row is a combination of contiguous rows of the per-joint matrices.
void InverseDynamicsDerivatives::assembleChain(const Model& model, bool extra) {
  const int n = model.nbodies, nj = model.njoints, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  for (int j = 1; j < n; ++j) {
    const int k = j - 1;
    Prow_.row(k) = P_[j].transpose();
    Yq_rows_.col(k) = Yq_[j];
    Yv_rows_.col(k) = Yv_[j];
    S_rows_.col(k) = Yv_[j].tail<6>();
    D_rows_.col(k) = D_[j];
    E_rows_.col(k) = E_[j];
    F1_rows_.col(k) = F1_[j];
    if (extra) {
      Pextra_row_.row(k) = Pextra_[j].transpose();
      Yextra_rows_.col(k) = Yextra_[j];
    }
  }
  for (int k = 0; k < nj; ++k) {
    const int r = b + k;
    const auto P = Prow_.row(k);
    const auto S = S_rows_.col(k);
    combineRows(P, 12, Yq_rows_, 0, k + 1, dtau_dq_.row(r).segment(t, k + 1));
    if (extra) {
      const auto Pe = Pextra_row_.row(k);
      for (int m = 0; m < 12; ++m)
        dtau_dq_.row(r).segment(t, k + 1) += Pe[m] * Yextra_rows_.row(m).head(k + 1);
    }
    combineRows(P, 12, Yv_rows_, 0, k + 1, dtau_dv_.row(r).segment(b, k + 1));
    const int rest = nj - k - 1;
    if (rest > 0) {
      combineRows(S, 6, D_rows_, k + 1, rest, dtau_dq_.row(r).segment(t + k + 1, rest));
      combineRows(S, 6, E_rows_, k + 1, rest, dtau_dv_.row(r).segment(b + k + 1, rest));
    }
    combineRows(S, 6, F1_rows_, k, rest + 1, M_.row(r).segment(b + k, rest + 1));
  }
  auto Mj = M_.bottomRightCorner(nj, nj);
  Mj.triangularView<Eigen::StrictlyLower>() = Mj.transpose();
}

// Any tree, any joint order: each joint body i against its ancestors-or-self j.
void InverseDynamicsDerivatives::assembleTree(const Model& model, const Data& data, bool extra) {
  const int n = model.nbodies, b = model.base_dof;
  const int t = static_cast<int>(tangent_.cols());
  for (int i = 1; i < n; ++i) {
    const int ri = b + model.joint_index[i];
    for (int j = i; j > 0; j = model.parent[j]) {
      const int rj = b + model.joint_index[j];
      double dq = P_[i].dot(Yq_[j]);
      if (extra) dq += Pextra_[i].dot(Yextra_[j]);
      dtau_dq_(ri, t + model.joint_index[j]) = dq;
      dtau_dv_(ri, rj) = P_[i].dot(Yv_[j]);
      M_(ri, rj) = M_(rj, ri) = data.S[j].dot(F1_[i]);
      if (j != i) {
        dtau_dq_(rj, t + model.joint_index[i]) = data.S[j].dot(D_[i]);
        dtau_dv_(rj, ri) = data.S[j].dot(E_[i]);
      }
    }
  }
}

}  // namespace vms
