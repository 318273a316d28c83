#include "core/algorithms/rnea_derivatives.hpp"

#include <stdexcept>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/base_type.hpp"

namespace vms {

namespace {
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
  dtau_dq_ = RowMatX::Zero(nv, t + nj);
  dtau_dv_ = RowMatX::Zero(nv, nv);
  M_ = RowMatX::Zero(nv, nv);
  B_.assign(static_cast<std::size_t>(n), Mat6::Zero());
  Icrb_.assign(static_cast<std::size_t>(n), Mat6::Zero());
  h_.assign(static_cast<std::size_t>(n), Vec6::Zero());
  Fe_.assign(static_cast<std::size_t>(n), Vec6::Zero());
  P_ = MatX::Zero(nj, 12);
  Pextra_ = MatX::Zero(nj, 12);
  Yq_ = MatX::Zero(12, nj);
  Yv_ = MatX::Zero(12, nj);
  Yextra_ = MatX::Zero(12, nj);
  for (auto* m : {&S_, &D_, &E_, &F1_}) *m = Mat6X::Zero(6, nj);
  for (auto* m : {&Aq_, &Av_, &Cq_, &Cv_, &Mjj_, &descendant_, &strict_ancestor_})
    *m = RowMatX::Zero(nj, nj);
  for (int i = 1; i < n; ++i) {
    for (int j = i; j > 0; j = model.parent[j]) {
      descendant_(i - 1, j - 1) = 1.0;
      if (j != i) strict_ancestor_(j - 1, i - 1) = 1.0;
    }
    body_order_ = body_order_ && model.joint_index[i] == i - 1;
    chain_ = chain_ && model.parent[i] == i - 1;
  }
  chain_ = chain_ && body_order_;
  if (chain_) {  // the masks are not used
    for (auto* m : {&Aq_, &Av_, &Cq_, &Cv_, &Mjj_, &descendant_, &strict_ancestor_})
      m->resize(0, 0);
  }
  for (auto* m : {&S0_F1_, &S0_G_, &S0_F1rb_, &S0_Xe_}) *m = Mat6X::Zero(6, b);
  Ytangent_ = MatX::Zero(12, t);
  Ytangent_extra_ = MatX::Zero(12, t);
  Yvehicle_ = MatX::Zero(12, b);
  Vq_ = MatX::Zero(nj, t);
  Vv_ = MatX::Zero(nj, b);
  for (auto* m : {&Rq_, &Rv_, &Rm_}) *m = MatX::Zero(b, nj);
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

  const int n = model.nbodies, b = model.base_dof, nj = model.njoints;
  const int t = static_cast<int>(tangent_.cols());
  const bool added_mass = model.hasAddedMass();
  const bool has_external = external.body_forces_world != nullptr;
  const bool extra = added_mass || has_external;
  Vec6 a_g = Vec6::Zero();
  a_g.head<3>() = model.gravity;

  // Composites over each subtree (tip to base): inertia Ic, rigid-body inertia Icrb (with added
  // mass only), momentum h, B = sum (v x* I - I v x), external forces Fe.
  for (int i = 0; i < n; ++i) {
    data.Ic[i] = data.I[i];
    h_[i].noalias() = data.I[i] * data.v[i];
    velocityInertiaRate(data.v[i], data.I[i], B_[i]);
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

  // Per joint body j (slot k = j - 1): its row vectors F1 = Ic S, G = B S - S x* h (and F1rb =
  // Icrb S, Xe = S x* Fe), its column vectors w = S x v_p, beta = S x a_p - w x v_p, gamma =
  // v_p x S - S x v_j, and D, E for its ancestors' rows.
  for (int j = 1; j < n; ++j) {
    const int k = j - 1;
    const int p = model.parent[j];
    const Vec6& S = data.S[j];
    const Vec6& vp = data.v[p];
    const Vec6 w = crossMotion(S, vp);
    const Vec6 beta = crossMotion(S, data.a[p]) - crossMotion(w, vp);
    const Vec6 gamma = crossMotion(vp, S) - crossMotion(S, data.v[j]);
    const Vec6 Sxag = crossMotion(S, a_g);
    const Vec6 F1 = data.Ic[j] * S;
    const Vec6 BS = B_[j] * S;
    const Vec6 Sxh = crossForce(S, h_[j]);
    P_.row(k).head<6>() = F1.transpose();
    P_.row(k).tail<6>() = (BS - Sxh).transpose();
    Yq_.col(k).tail<6>() = -w;
    Yv_.col(k).head<6>() = gamma;
    Yv_.col(k).tail<6>() = S;
    Vec6 D = crossForce(S, data.f[j]);
    D.noalias() -= data.Ic[j] * beta;
    D.noalias() -= B_[j] * w;
    D -= crossForce(w, h_[j]);
    if (extra) {
      // The weight acts through the rigid-body inertia, world external forces stay put.
      const Vec6 F1rb = added_mass ? Vec6(Icrb_[j] * S) : F1;
      const Vec6 Xe = has_external ? crossForce(S, Fe_[j]) : Vec6::Zero();
      Pextra_.row(k).head<6>() = F1rb.transpose();
      Pextra_.row(k).tail<6>() = -Xe.transpose();
      Yextra_.col(k).head<6>() = Sxag;
      Yextra_.col(k).tail<6>() = S;
      Yq_.col(k).head<6>() = -beta;
      D.noalias() += (added_mass ? Icrb_[j] : data.Ic[j]) * Sxag;
      if (has_external) D += Xe;
    } else {
      Yq_.col(k).head<6>() = Sxag - beta;
      D.noalias() += data.Ic[j] * Sxag;
    }
    S_.col(k) = S;
    D_.col(k) = D;
    F1_.col(k) = F1;
    E_.col(k) = data.Ic[j] * gamma + BS + Sxh;
  }

  // Joint rows and columns: entry (i, j) is P_i Y_j when j is an ancestor-or-self of i and
  // S_i^T D_j (S_i^T E_j) when i is a strict ancestor of j; the mass matrix S_i^T F1_j on and
  // above the diagonal of the ancestor relation.
  if (nj > 0 && chain_) {
    // A chain in body order: descendants below the diagonal, ancestors above.
    auto dq = dtau_dq_.bottomRightCorner(nj, nj);
    auto dv = dtau_dv_.bottomRightCorner(nj, nj);
    auto Mj = M_.bottomRightCorner(nj, nj);
    dq.triangularView<Eigen::Lower>() = P_ * Yq_;
    if (extra) dq.triangularView<Eigen::Lower>() += Pextra_ * Yextra_;
    dq.triangularView<Eigen::StrictlyUpper>() = S_.transpose() * D_;
    dv.triangularView<Eigen::Lower>() = P_ * Yv_;
    dv.triangularView<Eigen::StrictlyUpper>() = S_.transpose() * E_;
    Mj.triangularView<Eigen::Upper>() = S_.transpose() * F1_;
    Mj.triangularView<Eigen::StrictlyLower>() = Mj.transpose();
  } else if (nj > 0) {
    Aq_.noalias() = P_ * Yq_;
    if (extra) Aq_.noalias() += Pextra_ * Yextra_;
    Av_.noalias() = P_ * Yv_;
    Cq_.noalias() = S_.transpose() * D_;
    Cv_.noalias() = S_.transpose() * E_;
    Mjj_.noalias() = S_.transpose() * F1_;
    Aq_ = Aq_.cwiseProduct(descendant_) + Cq_.cwiseProduct(strict_ancestor_);
    Av_ = Av_.cwiseProduct(descendant_) + Cv_.cwiseProduct(strict_ancestor_);
    Cq_ = Mjj_.cwiseProduct(strict_ancestor_);
    Mjj_ = Cq_ + Cq_.transpose();
    Mjj_.diagonal() = S_.cwiseProduct(F1_).colwise().sum().transpose();
    if (body_order_) {
      dtau_dq_.bottomRightCorner(nj, nj) = Aq_;
      dtau_dv_.bottomRightCorner(nj, nj) = Av_;
      M_.bottomRightCorner(nj, nj) = Mjj_;
    } else {
      for (int j = 1; j < n; ++j)
        for (int i = 1; i < n; ++i) {
          const int r = b + model.joint_index[i];
          dtau_dq_(r, t + model.joint_index[j]) = Aq_(i - 1, j - 1);
          dtau_dv_(r, b + model.joint_index[j]) = Av_(i - 1, j - 1);
          M_(r, b + model.joint_index[j]) = Mjj_(i - 1, j - 1);
        }
    }
  }

  // The vehicle: its rows for the joint columns (every joint is its strict descendant), and its
  // columns (every body is in its subtree; its parent, the world, is at rest: w = beta = 0 and
  // gamma = -xi x v_0 for a velocity column xi).
  if (b > 0) {
    S0_F1_.noalias() = data.Ic[0] * data.S0;
    S0_G_.noalias() = B_[0] * data.S0;
    S0_F1rb_.noalias() = (added_mass ? Icrb_[0] : data.Ic[0]) * data.S0;
    for (int c = 0; c < b; ++c) {
      S0_G_.col(c) -= crossForce(data.S0.col(c), h_[0]);
      S0_Xe_.col(c) = has_external ? crossForce(data.S0.col(c), Fe_[0]) : Vec6::Zero();
    }
  }
  for (int c = 0; c < t; ++c) {
    const Vec6 xi = actMotion(data.oMi[0], tangent_.col(c));
    const Vec6 xixag = crossMotion(xi, a_g);
    Ytangent_.col(c).head<6>() = extra ? Vec6::Zero() : xixag;
    Ytangent_.col(c).tail<6>().setZero();
    Ytangent_extra_.col(c).head<6>() = xixag;
    Ytangent_extra_.col(c).tail<6>() = xi;
    if (b > 0) {
      dtau_dq_.block(0, c, b, 1).noalias() = S0_F1rb_.transpose() * xixag;
      if (has_external) dtau_dq_.block(0, c, b, 1).noalias() -= S0_Xe_.transpose() * xi;
    }
  }
  for (int c = 0; c < b; ++c) {
    const Vec6 xi = data.S0.col(c);
    Yvehicle_.col(c).head<6>() = -crossMotion(xi, data.v[0]);
    Yvehicle_.col(c).tail<6>() = xi;
  }
  if (b > 0) {
    dtau_dv_.topLeftCorner(b, b).noalias() = S0_F1_.transpose() * Yvehicle_.topRows<6>();
    dtau_dv_.topLeftCorner(b, b).noalias() += S0_G_.transpose() * Yvehicle_.bottomRows<6>();
    auto Mbb = M_.topLeftCorner(b, b);
    Mbb.noalias() = data.S0.transpose() * S0_F1_;
    for (int r = 0; r < b; ++r)
      for (int c = r + 1; c < b; ++c) Mbb(r, c) = Mbb(c, r) = 0.5 * (Mbb(r, c) + Mbb(c, r));
  }
  if (nj > 0) {
    // Joint rows of the vehicle columns (slot order), then the vehicle rows of joint columns.
    Vq_.noalias() = P_ * Ytangent_;
    if (extra) Vq_.noalias() += Pextra_ * Ytangent_extra_;
    Vv_.noalias() = P_ * Yvehicle_;
    for (int i = 1; i < n; ++i) {
      const int r = b + model.joint_index[i];
      dtau_dq_.row(r).head(t) = Vq_.row(i - 1);
      dtau_dv_.row(r).head(b) = Vv_.row(i - 1);
    }
    if (b > 0) {
      Rq_.noalias() = data.S0.transpose() * D_;
      Rv_.noalias() = data.S0.transpose() * E_;
      Rm_.noalias() = data.S0.transpose() * F1_;
      for (int j = 1; j < n; ++j) {
        dtau_dq_.col(t + model.joint_index[j]).head(b) = Rq_.col(j - 1);
        dtau_dv_.col(b + model.joint_index[j]).head(b) = Rv_.col(j - 1);
        M_.col(b + model.joint_index[j]).head(b) = Rm_.col(j - 1);
        M_.row(b + model.joint_index[j]).head(b) = Rm_.col(j - 1).transpose();
      }
    }
  }
}

}  // namespace vms
