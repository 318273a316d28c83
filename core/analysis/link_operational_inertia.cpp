#include "core/analysis/link_operational_inertia.hpp"

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/jacobian.hpp"

namespace vms {

LinkOperationalInertias::LinkOperationalInertias(const Model& model)
    : links_(static_cast<size_t>(model.nbodies)),
      points_(static_cast<size_t>(model.nbodies), Vec3::Zero()),
      J_(6, model.nv),
      X_(model.nv, 6),
      M_block_(model.njoints, model.njoints),
      llt_full_(model.nv),
      llt_arm_(model.njoints) {}

void LinkOperationalInertias::compute(const Model& model, const Data& data, VehicleMode mode,
                                      double rank_tolerance) {
  checkDataArgument("LinkOperationalInertias::compute", model, data);
  VMS_CHECK_ARGUMENT_SIZE_IN("LinkOperationalInertias::compute", links_.size(), model.nbodies,
                             "workspace (bodies)");
  VMS_CHECK_ARGUMENT_SIZE_IN("LinkOperationalInertias::compute", J_.cols(), model.nv,
                             "workspace (nv)");
  const int b = model.base_dof, n = model.njoints;
  const bool free = mode == VehicleMode::Free || b == 0;
  const int rows = free ? model.nv : n;
  if (rows > 0) {
    if (free) {
      llt_full_.compute(data.M);
    } else {
      M_block_ = data.M.bottomRightCorner(n, n);
      llt_arm_.compute(M_block_);
    }
  }
  const Eigen::LLT<MatX>& llt = free ? llt_full_ : llt_arm_;
  for (int k = 0; k < model.nbodies; ++k) {
    const Vec3 o = data.oMi[k].p;
    points_[static_cast<size_t>(k)] = o;
    Mat6 mobility = Mat6::Zero();
    if (rows > 0) {
      pointJacobian(model, data, k, o, J_);
      auto X = X_.topRows(rows);
      if (free)
        X = J_.transpose();
      else
        X = J_.rightCols(n).transpose();
      llt.matrixL().solveInPlace(X);  // L^-1 J^T, so that J M^-1 J^T = X^T X
      mobility.noalias() = X.transpose() * X;
    }
    links_[static_cast<size_t>(k)] = operationalSpaceInertiaFromMobility(mobility, rank_tolerance);
  }
}

}  // namespace vms
