#include "core/analysis/operational_space_inertia.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <limits>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

InertiaEllipsoid inertiaEllipsoid(const Mat3& block) {
  const Eigen::SelfAdjointEigenSolver<Mat3> es(0.5 * (block + block.transpose()));
  InertiaEllipsoid e;
  e.axes = es.eigenvectors();
  e.mobility = es.eigenvalues().cwiseMax(0.0);
  for (int i = 0; i < 3; ++i)
    e.effective[i] =
        e.mobility[i] > 0.0 ? 1.0 / e.mobility[i] : std::numeric_limits<double>::infinity();
  return e;
}

OperationalSpaceInertia operationalSpaceInertiaFromMobility(const Mat6& Lambda_inv,
                                                            double rank_tolerance) {
  OperationalSpaceInertia out;
  out.Lambda_inv = 0.5 * (Lambda_inv + Lambda_inv.transpose());
  const Eigen::SelfAdjointEigenSolver<Mat6> es(out.Lambda_inv);
  const double largest = es.eigenvalues().cwiseAbs().maxCoeff();
  const double cut = rank_tolerance * largest;
  out.Lambda.setZero();
  out.rank = 0;
  if (largest > 0.0) {
    for (int i = 0; i < 6; ++i) {
      const double mu = es.eigenvalues()[i];
      if (mu <= cut) continue;
      ++out.rank;
      out.Lambda.noalias() += es.eigenvectors().col(i) * es.eigenvectors().col(i).transpose() / mu;
    }
  }
  if (out.rank == 6) {
    // Full rank: a Cholesky solve is more accurate than the eigen-sum for ill-conditioned
    // (but regular) mobilities.
    const Eigen::LLT<Mat6> llt(out.Lambda_inv);
    if (llt.info() == Eigen::Success) out.Lambda = llt.solve(Mat6::Identity());
  }
  out.Lambda = 0.5 * (out.Lambda + out.Lambda.transpose()).eval();
  out.translational = inertiaEllipsoid(out.Lambda_inv.topLeftCorner<3, 3>());
  out.rotational = inertiaEllipsoid(out.Lambda_inv.bottomRightCorner<3, 3>());
  return out;
}

OperationalSpaceInertia operationalSpaceInertia(const Model& model, const Data& data, int body,
                                                const Vec3& point_world, VehicleMode mode,
                                                double rank_tolerance) {
  checkDataArgument(__func__, model, data);
  checkBodyArgument(__func__, model, body);
  const int b = model.base_dof, n = model.njoints, nv = model.nv;
  Mat6X J(6, nv);
  pointJacobian(model, data, body, point_world, J);
  Mat6 mobility;
  if (mode == VehicleMode::Free || b == 0) {
    const Eigen::LLT<MatX> llt(data.M);
    const MatX X = llt.solve(J.transpose());  // M^-1 J^T
    mobility.noalias() = J * X;
  } else {
    const Eigen::LLT<MatX> llt(data.M.bottomRightCorner(n, n));
    const Mat6X Jm = J.rightCols(n);
    const MatX X = llt.solve(Jm.transpose());
    mobility.noalias() = Jm * X;
  }
  return operationalSpaceInertiaFromMobility(mobility, rank_tolerance);
}

OperationalSpaceInertia frameOperationalSpaceInertia(const Model& model, const Data& data,
                                                     int frame, VehicleMode mode,
                                                     double rank_tolerance) {
  checkDataArgument(__func__, model, data);
  checkFrameArgument(__func__, model, frame);
  const Pose oMf = framePose(model, data, frame);
  return operationalSpaceInertia(model, data, model.frames[frame].body, oMf.p, mode,
                                 rank_tolerance);
}

}  // namespace vms
