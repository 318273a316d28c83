#include "core/algorithms/aba_derivatives.hpp"

#include <algorithm>

#include "core/algorithms/check_model_arguments.hpp"

namespace vms {

namespace {
// Columns solved together by solveInertia: a block of 6 x 8 per body stays in cache and maps to
// whole SIMD registers.
constexpr int kBlock = 8;
using Block = Eigen::Matrix<double, 6, kBlock>;
using BlockRow = Eigen::Matrix<double, 1, kBlock>;
}  // namespace

ForwardDynamicsDerivatives::ForwardDynamicsDerivatives(const Model& model) : id_(model) {
  const int n = model.nbodies, nv = model.nv, b = model.base_dof;
  nudot_ = VecX::Zero(nv);
  ddq_dq_ = MatX::Zero(nv, id_.tangentDof() + model.njoints);
  ddq_dv_ = MatX::Zero(nv, nv);
  ddq_dtau_ = MatX::Zero(nv, model.njoints);
  ddq_dbase_wrench_ = MatX::Zero(nv, 6);
  qdd_ = VecX::Zero(model.njoints);
  IA_.assign(static_cast<std::size_t>(n), Mat6::Zero());
  V_.assign(static_cast<std::size_t>(n), Vec6::Zero());
  Dinv_.assign(static_cast<std::size_t>(n), 0.0);
  base_reduced_ = Data::BaseMatrix::Zero(b, b);
  base_llt_ = Eigen::LLT<Data::BaseMatrix>(b);
  pA_.assign(static_cast<std::size_t>(n), Block::Zero());
  a_.assign(static_cast<std::size_t>(n), Block::Zero());
  u_.assign(static_cast<std::size_t>(n), BlockRow::Zero());
}

void ForwardDynamicsDerivatives::compute(const Model& model, Data& data, const State& state,
                                         const Eigen::Ref<const VecX>& tau,
                                         const ExternalForces& external) {
  aba(model, data, state, tau, external);
  const int n = model.nbodies, b = model.base_dof;
  nudot_.head(b).noalias() = model.base_basis.transpose() * data.base_twist_dot;
  nudot_.tail(model.njoints) = data.qdd;
  qdd_ = data.qdd;
  const Vec6 base_twist_dot = data.base_twist_dot;
  id_.compute(model, data, state, base_twist_dot, qdd_, external);

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
  }

  ddq_dq_ = -id_.dtauDq();
  solveInertia(model, data, ddq_dq_);
  ddq_dv_ = -id_.dtauDv();
  solveInertia(model, data, ddq_dv_);
  ddq_dtau_.setZero();
  ddq_dtau_.bottomRows(model.njoints).setIdentity();
  solveInertia(model, data, ddq_dtau_);
  ddq_dbase_wrench_.setZero();
  ddq_dbase_wrench_.topRows(b) = model.base_basis.transpose();
  solveInertia(model, data, ddq_dbase_wrench_);
}

void ForwardDynamicsDerivatives::solveInertia(const Model& model, const Data& data,
                                              Eigen::Ref<MatX> rhs) {
  const int n = model.nbodies, b = model.base_dof;
  VMS_CHECK_ARGUMENT_SIZE(rhs.rows(), model.nv, "rhs.rows()");
  for (Eigen::Index c0 = 0; c0 < rhs.cols(); c0 += kBlock) {
    const int k = static_cast<int>(std::min<Eigen::Index>(kBlock, rhs.cols() - c0));
    for (int i = 0; i < n; ++i) pA_[i].setZero();
    // Tip to base: u_i = x_i - S_i^T pA_i, pA_parent += pA_i + V_i u_i.
    for (int i = n - 1; i > 0; --i) {
      const int r = b + model.joint_index[i];
      BlockRow& u = u_[i];
      u.setZero();
      u.head(k) = rhs.row(r).segment(c0, k);
      u.noalias() -= data.S[i].transpose() * pA_[i];
      pA_[model.parent[i]].noalias() += pA_[i] + V_[i] * u;
      u *= Dinv_[i];
    }
    // The vehicle: (S0^T IA_0 S0) nudot_b = x_b - S0^T pA_0, a_0 = S0 nudot_b.
    if (b > 0) {
      Eigen::Matrix<double, Eigen::Dynamic, kBlock, 0, 6, kBlock> xb(b, kBlock);
      xb.setZero();
      xb.leftCols(k) = rhs.block(0, c0, b, k);
      xb.noalias() -= data.S0.transpose() * pA_[0];
      base_llt_.solveInPlace(xb);
      rhs.block(0, c0, b, k) = xb.leftCols(k);
      a_[0].noalias() = data.S0 * xb;
    } else {
      a_[0].setZero();
    }
    // Base to tip: qdd_i = u_i / D_i - V_i^T a_parent, a_i = a_parent + S_i qdd_i.
    for (int i = 1; i < n; ++i) {
      const Block& ap = a_[model.parent[i]];
      BlockRow& qdd = u_[i];
      qdd.noalias() -= V_[i].transpose() * ap;
      a_[i] = ap;
      a_[i].noalias() += data.S[i] * qdd;
      rhs.row(b + model.joint_index[i]).segment(c0, k) = qdd.head(k);
    }
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
