#include "core/control/reaction_null_space.hpp"

#include <algorithm>

namespace vms {

ReactionNullSpaceSolver::ReactionNullSpaceSolver(Eigen::Index joints, Eigen::Index task_rows)
    : svd_D_(3, joints, Eigen::ComputeFullV),
      D_(MatX::Zero(3, joints)),
      N_(MatX::Zero(joints, joints)),
      JN_(MatX::Zero(task_rows, joints)),
      svd_JN_(task_rows, joints, Eigen::ComputeThinU | Eigen::ComputeThinV),
      utv_(VecX::Zero(std::min(task_rows, joints))),
      w_(VecX::Zero(std::min(task_rows, joints))),
      zeta_(VecX::Zero(joints)),
      residual_(VecX::Zero(task_rows)),
      normal_(MatX::Zero(joints, joints)),
      normal_llt_(joints),
      rhs_(VecX::Zero(joints)) {}

const ReactionlessCommand& ReactionNullSpaceSolver::solve(const Mat3X& D, const MatX& J,
                                                          const VecX& v,
                                                          const ReactionlessOptions& o, VecX& qd) {
  const Eigen::Index n = D.cols();
  // Null-space basis: the right singular vectors of D beyond its rank.
  D_ = D;  // the SVD's own matrix type: compute() then makes no temporary
  svd_D_.compute(D_);
  const VecX& sD = svd_D_.singularValues();
  const double threshold = sD.size() && sD[0] > 0 ? 1e-10 * sD[0] : 1e-10;
  Eigen::Index rank = 0;
  for (Eigen::Index i = 0; i < sD.size(); ++i)
    if (sD[i] > threshold) ++rank;
  const Eigen::Index m = n - rank;
  N_.setZero();
  N_.leftCols(m) = svd_D_.matrixV().rightCols(m);
  last_.null_space_dimension = static_cast<int>(m);

  // zeta = (J N)^DLS v; the zero columns of N give zero components of the minimum-norm zeta.
  JN_.noalias() = J * N_;
  svd_JN_.compute(JN_);
  const VecX& sig = svd_JN_.singularValues();
  Eigen::Index useful = std::min<Eigen::Index>(sig.size(), m);
  const double smin = useful > 0 ? sig[useful - 1] : 0.0;
  double lambda2 = 0.0;
  if (o.epsilon > 0.0 && smin < o.epsilon)
    lambda2 = o.lambda_max * o.lambda_max * (1.0 - (smin / o.epsilon) * (smin / o.epsilon));
  utv_.noalias() = svd_JN_.matrixU().transpose() * v;
  for (Eigen::Index i = 0; i < sig.size(); ++i) {
    const double den = sig[i] * sig[i] + lambda2;
    w_[i] = i < useful && den > 0.0 ? sig[i] / den * utv_[i] : 0.0;
  }
  zeta_.noalias() = svd_JN_.matrixV() * w_;
  qd.noalias() = N_ * zeta_;

  residual_ = v;
  residual_.noalias() -= J * qd;
  last_.null_space_residual = last_.task_residual = residual_.norm();
  last_.in_null_space = last_.null_space_residual <= o.residual_tolerance * v.norm() + 1e-12;
  if (!last_.in_null_space) {
    normal_.noalias() = D.transpose() * D;
    normal_.noalias() += (o.task_weight * J.transpose()) * J;
    normal_.diagonal().array() += o.regularisation;
    normal_llt_.compute(normal_);
    rhs_.noalias() = J.transpose() * v;
    rhs_ *= o.task_weight;
    qd = rhs_;
    normal_llt_.solveInPlace(qd);
    residual_ = v;
    residual_.noalias() -= J * qd;
    last_.task_residual = residual_.norm();
  }
  last_.vehicle_rate.noalias() = D * qd;
  last_.disturbance = last_.vehicle_rate.norm();
  return last_;
}

}  // namespace vms
