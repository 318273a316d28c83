#include "core/algorithms/crba.hpp"

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

void crba(const Model& model, Data& data, const State& state) {
  checkDataArgument(__func__, model, data);
  checkConfigurationArgument(__func__, model, state);  // the mass matrix needs no rates
  forwardKinematics(model, data, state);
  const int n = model.nbodies, b = model.base_dof;
  for (int i = 0; i < n; ++i) data.Ic[i] = data.I[i];
  data.M.setZero();
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    data.Ic[p] += data.Ic[i];
    const Vec6 F = data.Ic[i] * data.S[i];
    const int col = b + model.joint_index[i];
    data.M(col, col) = data.S[i].dot(F);
    for (int j = p; j > 0; j = model.parent[j]) {
      const int row = b + model.joint_index[j];
      data.M(row, col) = data.S[j].dot(F);
      data.M(col, row) = data.M(row, col);
    }
    if (b > 0) {
      data.M.block(0, col, b, 1).noalias() = data.S0.transpose() * F;
      data.M.block(col, 0, 1, b) = data.M.block(0, col, b, 1).transpose();
    }
  }
  if (b > 0) {
    auto Mbb = data.M.topLeftCorner(b, b);
    Mbb.noalias() = data.S0.transpose() * data.Ic[0] * data.S0;
    for (int r = 0; r < b; ++r)  // exact symmetry despite rounding
      for (int c = r + 1; c < b; ++c) Mbb(r, c) = Mbb(c, r) = 0.5 * (Mbb(r, c) + Mbb(c, r));
  }
}

}  // namespace vms
