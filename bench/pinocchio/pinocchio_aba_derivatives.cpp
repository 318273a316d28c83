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

bool PinocchioAbaDerivatives::computeExtended(const double* q, const double* v, const double* tau,
                                              double* ddq, double* ddq_dq, double* ddq_dv,
                                              double* minv) const {
#ifndef VMS_PINOCCHIO_LONG_DOUBLE
  (void)q, (void)v, (void)tau, (void)ddq, (void)ddq_dq, (void)ddq_dv, (void)minv;
  return false;
#else
  using Real = long double;
  using VectorR = Eigen::Matrix<Real, Eigen::Dynamic, 1>;
  const pinocchio::ModelTpl<Real> model = impl_->model.cast<Real>();
  pinocchio::DataTpl<Real> data(model);
  const auto nq = model.nq, nv = model.nv;
  VectorR qr = Eigen::Map<const Eigen::VectorXd>(q, nq).cast<Real>();
  qr.segment<4>(3).normalize();  // the root quaternion, unit in long double
  const VectorR vr = Eigen::Map<const Eigen::VectorXd>(v, nv).cast<Real>();
  const VectorR taur = Eigen::Map<const Eigen::VectorXd>(tau, nv).cast<Real>();
  pinocchio::computeABADerivatives(model, data, qr, vr, taur);
  if (ddq) Eigen::Map<Eigen::VectorXd>(ddq, nv) = data.ddq.cast<double>();
  if (ddq_dq) Eigen::Map<Eigen::MatrixXd>(ddq_dq, nv, nv) = data.ddq_dq.cast<double>();
  if (ddq_dv) Eigen::Map<Eigen::MatrixXd>(ddq_dv, nv, nv) = data.ddq_dv.cast<double>();
  if (minv) Eigen::Map<Eigen::MatrixXd>(minv, nv, nv) = data.Minv.cast<double>();
  return true;
#endif
}

}  // namespace vms::bench
