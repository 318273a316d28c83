#include "core/algorithms/aba_derivatives.hpp"

#include <algorithm>

#include "core/algorithms/check_model_arguments.hpp"

namespace vms {

ForwardDynamicsDerivatives::ForwardDynamicsDerivatives(const Model& model) : id_(model) {
  const int n = model.nbodies, nv = model.nv, b = model.base_dof;
  nudot_ = VecX::Zero(nv);
  ddq_dq_ = RowMatX::Zero(nv, id_.tangentDof() + model.njoints);
  ddq_dv_ = RowMatX::Zero(nv, nv);
  ddq_dtau_ = RowMatX::Zero(nv, model.njoints);
  ddq_dbase_wrench_ = RowMatX::Zero(nv, 6);
  qdd_ = VecX::Zero(model.njoints);
  IA_.assign(static_cast<std::size_t>(n), Mat6::Zero());
  V_.assign(static_cast<std::size_t>(n), Vec6::Zero());
  Dinv_.assign(static_cast<std::size_t>(n), 0.0);
  base_reduced_ = Data::BaseMatrix::Zero(b, b);
  base_inverse_ = Data::BaseMatrix::Zero(b, b);
  base_llt_ = Eigen::LLT<Data::BaseMatrix>(b);
  padded_ = RowMatX::Zero(nv, kBlock);
  pA_.assign(static_cast<std::size_t>(n), BlockRows::Zero());
  a_.assign(static_cast<std::size_t>(n), BlockRows::Zero());
  pA_ptr_.assign(static_cast<std::size_t>(n), nullptr);
  a_ptr_.assign(static_cast<std::size_t>(n), nullptr);
}

void ForwardDynamicsDerivatives::compute(const Model& model, Data& data, const State& state,
                                         const Eigen::Ref<const VecX>& tau,
                                         const ExternalForces& external) {
  aba(model, data, state, tau, external);
  const int n = model.nbodies, b = model.base_dof;
  nudot_.head(b).noalias() = model.base_basis.transpose() * data.base_twist_dot;
  nudot_.tail(model.njoints) = data.qdd;
  id_.computeFromMotion(model, data, external);

  // The articulated-body factorisation of M (aba's second pass without bias forces).
  for (int i = 0; i < n; ++i) IA_[i] = data.I[i];
  for (int i = n - 1; i > 0; --i) {
    const Vec6& S = data.S[i];
    const Vec6 U = IA_[i] * S;
    const double Dinv = 1.0 / S.dot(U);
    V_[i] = U * Dinv;
    Dinv_[i] = Dinv;
    IA_[model.parent[i]].noalias() += IA_[i] - U * V_[i].transpose();
  }
  if (b > 0) {
    base_reduced_.noalias() = data.S0.transpose() * IA_[0] * data.S0;
    base_llt_.compute(base_reduced_);
    base_inverse_.setIdentity();
    base_llt_.solveInPlace(base_inverse_);
  }

  const int b_rows = b, nj = model.njoints;
  ddq_dq_ = -id_.dtauDq();
  solveRows(model, data, ddq_dq_);
  ddq_dv_ = -id_.dtauDv();
  solveRows(model, data, ddq_dv_);
  ddq_dtau_.setZero();
  ddq_dtau_.bottomRows(nj).setIdentity();
  solveRows(model, data, ddq_dtau_);
  ddq_dbase_wrench_.setZero();
  ddq_dbase_wrench_.topRows(b_rows) = model.base_basis.transpose();
  solveRows(model, data, ddq_dbase_wrench_);
}

// M^-1 on kBlock columns starting at X (row-major, rows `stride` apart): the second and third
// passes of the articulated-body algorithm with no velocity terms. A body's articulated force
// is handed over to its parent when it is the parent's first contribution (its largest-index
// child, visited first), and a parent's acceleration is updated in place by its last child;
// pA[i] and a[i] point at whichever block holds body i's.
void ForwardDynamicsDerivatives::solveBlock(const Model& model, const Data& data, double* X,
                                            Eigen::Index stride) {
  using Row = Eigen::Matrix<double, 1, kBlock>;
  const int n = model.nbodies, b = model.base_dof;
  auto row = [&](int r) { return Eigen::Map<Row>(X + r * stride); };
  BlockRows** pA = pA_ptr_.data();
  BlockRows** a = a_ptr_.data();
  for (int i = 0; i < n; ++i) pA[i] = &pA_[i], a[i] = &a_[i];
  // Tip to base: u_i = x_i - S_i^T pA_i, pA_parent += pA_i + V_i u_i, x_i <- u_i / D_i.
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    auto x = row(b + model.joint_index[i]);
    const Vec6& S = data.S[i];
    const Vec6& V = V_[i];
    const bool first = model.children[p].back() == i;
    Row u = x;
    if (!model.children[i].empty()) {
      BlockRows& f = *pA[i];
      u.noalias() -= S[0] * f.row(0) + S[1] * f.row(1) + S[2] * f.row(2);
      u.noalias() -= S[3] * f.row(3) + S[4] * f.row(4) + S[5] * f.row(5);
      for (int k = 0; k < 6; ++k) f.row(k).noalias() += V[k] * u;
      if (first)
        pA[p] = pA[i];
      else
        *pA[p] += f;
    } else if (first) {
      BlockRows& f = pA_[i];
      for (int k = 0; k < 6; ++k) f.row(k).noalias() = V[k] * u;
      pA[p] = &f;
    } else {
      BlockRows& f = *pA[p];
      for (int k = 0; k < 6; ++k) f.row(k).noalias() += V[k] * u;
    }
    x = u * Dinv_[i];
  }
  // The vehicle: nudot_b = (S0^T IA_0 S0)^-1 (x_b - S0^T pA_0), a_0 = S0 nudot_b.
  BlockRows& a0 = *a[0];
  if (b > 0) {
    Eigen::Matrix<double, Eigen::Dynamic, kBlock, Eigen::RowMajor, 6, kBlock> xb(b, kBlock);
    for (int r = 0; r < b; ++r) xb.row(r) = row(r);
    if (!model.children[0].empty()) xb.noalias() -= data.S0.transpose() * *pA[0];
    Eigen::Matrix<double, Eigen::Dynamic, kBlock, Eigen::RowMajor, 6, kBlock> nudot_b(b, kBlock);
    nudot_b.noalias() = base_inverse_ * xb;
    for (int r = 0; r < b; ++r) row(r) = nudot_b.row(r);
    a0.noalias() = data.S0 * nudot_b;
  } else {
    a0.setZero();
  }
  // Base to tip: qdd_i = u_i / D_i - V_i^T a_parent, a_i = a_parent + S_i qdd_i.
  for (int i = 1; i < n; ++i) {
    const int p = model.parent[i];
    BlockRows& ap = *a[p];
    auto x = row(b + model.joint_index[i]);
    const Vec6& S = data.S[i];
    const Vec6& V = V_[i];
    Row qdd = x;
    qdd.noalias() -= V[0] * ap.row(0) + V[1] * ap.row(1) + V[2] * ap.row(2);
    qdd.noalias() -= V[3] * ap.row(3) + V[4] * ap.row(4) + V[5] * ap.row(5);
    x = qdd;
    if (model.children[i].empty()) continue;
    if (model.children[p].back() == i) {
      for (int k = 0; k < 6; ++k) ap.row(k).noalias() += S[k] * qdd;
      a[i] = &ap;
    } else {
      BlockRows& ai = a_[i];
      for (int k = 0; k < 6; ++k) ai.row(k).noalias() = ap.row(k) + S[k] * qdd;
      a[i] = &ai;
    }
  }
}

void ForwardDynamicsDerivatives::solveRows(const Model& model, const Data& data, RowMatX& X) {
  const Eigen::Index cols = X.cols(), whole = cols / kBlock * kBlock;
  for (Eigen::Index c0 = 0; c0 < whole; c0 += kBlock)
    solveBlock(model, data, X.data() + c0, X.outerStride());
  if (whole < cols) {
    const Eigen::Index k = cols - whole;
    padded_.setZero();
    padded_.leftCols(k) = X.rightCols(k);
    solveBlock(model, data, padded_.data(), padded_.outerStride());
    X.rightCols(k) = padded_.leftCols(k);
  }
}

void ForwardDynamicsDerivatives::solveInertia(const Model& model, const Data& data,
                                              Eigen::Ref<MatX> rhs) {
  VMS_CHECK_ARGUMENT_SIZE(rhs.rows(), model.nv, "rhs.rows()");
  for (Eigen::Index c0 = 0; c0 < rhs.cols(); c0 += kBlock) {
    const Eigen::Index k = std::min<Eigen::Index>(kBlock, rhs.cols() - c0);
    padded_.setZero();
    padded_.leftCols(k) = rhs.middleCols(c0, k);
    solveBlock(model, data, padded_.data(), padded_.outerStride());
    rhs.middleCols(c0, k) = padded_.leftCols(k);
  }
}

void ForwardDynamicsDerivatives::bodyWrenchDerivative(const Model& model, const Data& data,
                                                      int body, Eigen::Ref<MatX> out) {
  checkBodyArgument(__func__, model, body);
  VMS_CHECK_ARGUMENT_SIZE(out.rows(), model.nv, "out.rows()");
  VMS_CHECK_ARGUMENT_SIZE(out.cols(), 6, "out.cols()");
  const int b = model.base_dof;
  out.setZero();
  // J^T f: the joints on the path from the vehicle to the body, and the vehicle.
  for (int i = body; i > 0; i = model.parent[i])
    out.row(b + model.joint_index[i]) = data.S[i].transpose();
  if (b > 0) out.topRows(b) = data.S0.transpose();
  solveInertia(model, data, out);
}

}  // namespace vms
