// Pinocchio 3.7's ABA behind PinocchioAba (pinocchio_aba.hpp). Built by bench/CMakeLists.txt
// as one translation unit together with Pinocchio's URDF parser sources.
#include "pinocchio_aba.hpp"

#include <stdexcept>

#include "pinocchio/algorithm/aba.hpp"
#include "pinocchio/algorithm/joint-configuration.hpp"
#include "pinocchio/multibody/joint/joint-free-flyer.hpp"
#include "pinocchio/parsers/urdf.hpp"
#include "pinocchio_model.hpp"
// The parser's sources (header-only use: no Pinocchio library is built).
#include "src/parsers/urdf/model.cpp"
#include "src/parsers/urdf/utils.cpp"

namespace vms::bench {

PinocchioAba::PinocchioAba() : impl_(std::make_unique<Impl>()) {}
PinocchioAba::~PinocchioAba() = default;

void PinocchioAba::load(const std::string& urdf_text) {
  Impl& s = *impl_;
  s.model = pinocchio::Model();
  try {
    pinocchio::urdf::buildModelFromXML(urdf_text, pinocchio::JointModelFreeFlyer(), s.model);
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("Pinocchio URDF parser: ") + e.what());
  }
  s.model.gravity.setZero();
  s.data = std::make_unique<pinocchio::Data>(s.model);
  s.q.setZero(s.model.nq);
  s.v.setZero(s.model.nv);
  s.tau.setZero(s.model.nv);
}

void PinocchioAba::setGravity(double gx, double gy, double gz) {
  impl_->model.gravity.linear() = Eigen::Vector3d(gx, gy, gz);
  impl_->model.gravity.angular().setZero();
}

int PinocchioAba::nq() const { return impl_->model.nq; }
int PinocchioAba::nv() const { return impl_->model.nv; }

std::vector<PinocchioAba::Joint> PinocchioAba::joints() const {
  const pinocchio::Model& m = impl_->model;
  std::vector<Joint> out;
  for (pinocchio::JointIndex j = 2; j < static_cast<pinocchio::JointIndex>(m.njoints); ++j)
    out.push_back({m.names[j], m.joints[j].idx_q(), m.joints[j].idx_v(), m.joints[j].nq()});
  return out;
}

void PinocchioAba::forward(const double* q, const double* v, const double* tau, double* a,
                           bool world) {
  Impl& s = *impl_;
  const auto nq = s.model.nq, nv = s.model.nv;
  const Eigen::Map<const Eigen::VectorXd> qm(q, nq), vm(v, nv), taum(tau, nv);
  const auto& r =
      pinocchio::aba(s.model, *s.data, qm, vm, taum,
                     world ? pinocchio::Convention::WORLD : pinocchio::Convention::LOCAL);
  Eigen::Map<Eigen::VectorXd>(a, nv) = r;
}

std::string PinocchioAba::compiler() {
#if defined(__clang__)
  std::string c = "clang " __clang_version__;
#elif defined(__GNUC__)
  std::string c = "gcc " __VERSION__;
#else
  std::string c = "unknown compiler";
#endif
  while (!c.empty() && c.back() == ' ') c.pop_back();
  return c;
}

}  // namespace vms::bench
