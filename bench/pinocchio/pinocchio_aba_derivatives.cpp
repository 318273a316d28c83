// Pinocchio 3.7's computeABADerivatives behind PinocchioAbaDerivatives
// (pinocchio_aba_derivatives.hpp). Built by bench/CMakeLists.txt as its own translation unit;
// the model comes from PinocchioAba (pinocchio_model.hpp), whose translation unit holds the
// URDF parser.
#include "pinocchio_aba_derivatives.hpp"

#include "pinocchio/algorithm/aba-derivatives.hpp"
#include "pinocchio_model.hpp"

namespace vms::bench {

struct PinocchioAbaDerivatives::Impl {
  pinocchio::Model model;
  std::unique_ptr<pinocchio::Data> data;
};

PinocchioAbaDerivatives::PinocchioAbaDerivatives(const PinocchioAba& aba)
    : impl_(std::make_unique<Impl>()) {
  impl_->model = aba.impl_->model;
  impl_->data = std::make_unique<pinocchio::Data>(impl_->model);
}

PinocchioAbaDerivatives::~PinocchioAbaDerivatives() = default;

int PinocchioAbaDerivatives::nv() const { return impl_->model.nv; }

void PinocchioAbaDerivatives::compute(const double* q, const double* v, const double* tau) {
  Impl& s = *impl_;
  const auto nq = s.model.nq, nv = s.model.nv;
  const Eigen::Map<const Eigen::VectorXd> qm(q, nq), vm(v, nv), taum(tau, nv);
  pinocchio::computeABADerivatives(s.model, *s.data, qm, vm, taum);
}

void PinocchioAbaDerivatives::results(double* ddq, double* ddq_dq, double* ddq_dv,
                                      double* minv) const {
  const pinocchio::Data& d = *impl_->data;
  const auto nv = impl_->model.nv;
  if (ddq) Eigen::Map<Eigen::VectorXd>(ddq, nv) = d.ddq;
  if (ddq_dq) Eigen::Map<Eigen::MatrixXd>(ddq_dq, nv, nv) = d.ddq_dq;
  if (ddq_dv) Eigen::Map<Eigen::MatrixXd>(ddq_dv, nv, nv) = d.ddq_dv;
  if (minv) Eigen::Map<Eigen::MatrixXd>(minv, nv, nv) = d.Minv;
}

}  // namespace vms::bench
