#include "core/algorithms/mass_matrix_derivatives.hpp"

#include <algorithm>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/spatial/se3.hpp"

namespace vms {

namespace {
using BaseColumns = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;
using BaseSquare = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
}  // namespace

MassMatrixDerivatives::MassMatrixDerivatives(const Model& model)
    : dM_(static_cast<std::size_t>(model.njoints), MatX::Zero(model.nv, model.nv)),
      F_(static_cast<std::size_t>(model.nbodies), Vec6::Zero()),
      subtree_of_(static_cast<std::size_t>(model.nbodies), -1) {}

void MassMatrixDerivatives::compute(const Model& model, const Data& data) {
  checkDataArgument("MassMatrixDerivatives::compute", model, data);
  const Eigen::Index nv_of_this_workspace = dM_.empty() ? model.nv : dM_.front().rows();
  VMS_CHECK_ARGUMENT_SIZE_IN("MassMatrixDerivatives::compute", model.nv, nv_of_this_workspace,
                             "model.nv");
  const auto joints_of_this_workspace = dM_.size();
  VMS_CHECK_ARGUMENT_SIZE_IN("MassMatrixDerivatives::compute", model.njoints,
                             joints_of_this_workspace, "model.njoints");
  const int nb = model.nbodies, b = model.base_dof;
  const BaseColumns& S0 = data.S0;
  for (int j = 1; j < nb; ++j) F_[j].noalias() = data.Ic[j] * data.S[j];
  std::fill(subtree_of_.begin(), subtree_of_.end(), -1);

  // S0^T padded to 6 x 6 with zero rows: fixed-size products for the vehicle's rows.
  Mat6 S0T = Mat6::Zero();
  S0T.topRows(b) = S0.transpose();
  Mat6 X;
  BaseColumns XS0(6, b);
  BaseSquare block(b, b);
  for (int i = 1; i < nb; ++i) {
    MatX& d = dM_[static_cast<std::size_t>(model.joint_index[i])];
    d.setZero();
    const Vec6& Si = data.S[i];
    // Rate of change of the composite inertia of subtree i (and of every ancestor's):
    // X = S_i x* Ic_i - Ic_i S_i x, column by column: X e = S_i x* (Ic_i e) - Ic_i (S_i x e).
    for (int c = 0; c < 6; ++c) {
      const Vec6 e = Vec6::Unit(c);
      X.col(c) = crossForce(Si, data.Ic[i].col(c)) - data.Ic[i] * crossMotion(Si, e);
    }
    // Case 1: j ancestor-or-self of k, k ancestor-or-self of i (the vehicle included).
    if (b > 0) {
      XS0.noalias() = X * S0;
      block.noalias() = S0.transpose() * XS0;
      d.topLeftCorner(b, b) = 0.5 * (block + block.transpose());
    }
    for (int k = i; k > 0; k = model.parent[k]) {
      const Vec6 Y = X * data.S[k];
      const int col = b + model.joint_index[k];
      for (int j = k; j > 0; j = model.parent[j]) {
        const int row = b + model.joint_index[j];
        d(row, col) = d(col, row) = data.S[j].dot(Y);
      }
      const Vec6 r = S0T * Y;
      for (int row = 0; row < b; ++row) d(row, col) = d(col, row) = r[row];
    }
    // Case 2: j a strict ancestor of i, k a strict descendant of i (bodies after i whose
    // parent lies in the subtree of i).
    subtree_of_[i] = i;
    for (int k = i + 1; k < nb; ++k) {
      if (subtree_of_[model.parent[k]] != i) continue;
      subtree_of_[k] = i;
      const Vec6 W = crossForce(Si, F_[k]);
      const int col = b + model.joint_index[k];
      for (int j = model.parent[i]; j > 0; j = model.parent[j]) {
        const int row = b + model.joint_index[j];
        d(row, col) = d(col, row) = data.S[j].dot(W);
      }
      const Vec6 r = S0T * W;
      for (int row = 0; row < b; ++row) d(row, col) = d(col, row) = r[row];
    }
  }
}

}  // namespace vms
