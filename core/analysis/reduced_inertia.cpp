#include "core/analysis/reduced_inertia.hpp"

#include <Eigen/Cholesky>

#include "core/algorithms/check_arguments.hpp"

namespace vms {

MatX reducedJointInertia(const Model& model, const MatX& M) {
  VMS_CHECK_ARGUMENT_SIZE(M.rows(), model.nv, "M.rows()");
  VMS_CHECK_ARGUMENT_SIZE(M.cols(), model.nv, "M.cols()");
  const int b = model.base_dof, n = model.njoints;
  MatX Hstar = M.bottomRightCorner(n, n);
  if (b == 0 || n == 0) return Hstar;  // (an empty solve is undefined behaviour in Eigen)
  const MatX Hbm = M.topRightCorner(b, n);
  const Eigen::LLT<MatX> Hbb(M.topLeftCorner(b, b));
  Hstar.noalias() -= Hbm.transpose() * Hbb.solve(Hbm);
  return 0.5 * (Hstar + Hstar.transpose());
}

}  // namespace vms
