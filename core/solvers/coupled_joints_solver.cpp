#include "core/solvers/coupled_joints_solver.hpp"

#include <stdexcept>

namespace vms {

namespace {

const SolverEntry& entryOf(const std::unique_ptr<ForwardDynamicsSolver>& inner) {
  if (!inner) throw std::invalid_argument("CoupledJointsSolver: no solver to wrap");
  return inner->entry();
}

/// C_i applied to joint accelerations: qdd[mimic] - multiplier * qdd[leader].
template <typename Vector>
double constraintRow(const JointCoupling& c, const Vector& qdd) {
  return qdd[c.joint] - c.multiplier * qdd[c.leader];
}

}  // namespace

CoupledJointsSolver::CoupledJointsSolver(std::unique_ptr<ForwardDynamicsSolver> inner,
                                         const Model& model)
    : ForwardDynamicsSolver(entryOf(inner)),
      inner_(std::move(inner)),
      tau_work_(VecX::Zero(model.njoints)),
      qdd_free_(VecX::Zero(model.njoints)),
      base_free_(Vec6::Zero()),
      qdd_response_(MatX::Zero(model.njoints, static_cast<Eigen::Index>(model.couplings.size()))),
      base_response_(Mat6X::Zero(6, static_cast<Eigen::Index>(model.couplings.size()))),
      W_(MatX::Zero(static_cast<Eigen::Index>(model.couplings.size()),
                    static_cast<Eigen::Index>(model.couplings.size()))),
      rhs_(VecX::Zero(static_cast<Eigen::Index>(model.couplings.size()))),
      lambda_(VecX::Zero(static_cast<Eigen::Index>(model.couplings.size()))),
      lu_(static_cast<Eigen::Index>(model.couplings.size())) {}

void CoupledJointsSolver::computeWithCheckedArguments(const Model& model, Data& data,
                                                      const State& state,
                                                      const Eigen::Ref<const VecX>& tau,
                                                      const ExternalForces& external) {
  const auto p = static_cast<Eigen::Index>(model.couplings.size());
  if (p != W_.rows() || model.njoints != tau_work_.size())
    throw std::invalid_argument(
        "CoupledJointsSolver::compute: model is not the one the solver was made for");
  inner_->compute(model, data, state, tau, external);
  if (p == 0) return;
  qdd_free_ = data.qdd;
  base_free_ = data.base_twist_dot;
  // Response to a unit force along each constraint direction C_i^T (forward dynamics is
  // affine in tau: the difference from the free call is M^-1 C_i^T).
  for (Eigen::Index i = 0; i < p; ++i) {
    const JointCoupling& c = model.couplings[static_cast<size_t>(i)];
    tau_work_ = tau;
    tau_work_[c.joint] += 1.0;
    tau_work_[c.leader] -= c.multiplier;
    inner_->compute(model, data, state, tau_work_, external);
    qdd_response_.col(i) = data.qdd - qdd_free_;
    base_response_.col(i) = data.base_twist_dot - base_free_;
  }
  for (Eigen::Index i = 0; i < p; ++i) {
    const JointCoupling& c = model.couplings[static_cast<size_t>(i)];
    rhs_[i] = -constraintRow(c, qdd_free_);
    for (Eigen::Index j = 0; j < p; ++j) W_(i, j) = constraintRow(c, qdd_response_.col(j));
  }
  lu_.compute(W_);
  lambda_.noalias() = lu_.solve(rhs_);
  // The constrained motion, computed by the solver itself under tau + C^T lambda, so that
  // everything it leaves in `data` belongs to the result.
  tau_work_ = tau;
  for (Eigen::Index i = 0; i < p; ++i) {
    const JointCoupling& c = model.couplings[static_cast<size_t>(i)];
    tau_work_[c.joint] += lambda_[i];
    tau_work_[c.leader] -= c.multiplier * lambda_[i];
  }
  inner_->compute(model, data, state, tau_work_, external);
}

}  // namespace vms
