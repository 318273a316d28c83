#include "core/environment/perturbation.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <cmath>
#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"

namespace vms {

PerturbationSpec perturbationGains(PerturbationSpec spec, double mass, double hertz) {
  const double omega = 2.0 * M_PI * hertz;
  spec.stiffness = mass * omega * omega;
  spec.damping = 2.0 * mass * omega;  // critical: 2 sqrt(k m)
  return spec;
}

double pointEffectiveMass(const Model& model, const State& state, int body,
                          const Vec3& point_body) {
  if (body < 0 || body >= model.nbodies) throw std::invalid_argument("perturbation: no body");
  Data data(model);
  crba(model, data, state);
  Mat6X J = Mat6X::Zero(6, data.M.rows());
  pointJacobian(model, data, body, data.oMi[size_t(body)].act(point_body), J);
  const MatX Jv = J.topRows<3>();
  const Mat3 mobility = Jv * Eigen::LLT<MatX>(data.M).solve(Jv.transpose());
  const double largest = Eigen::SelfAdjointEigenSolver<Mat3>(mobility).eigenvalues().maxCoeff();
  return largest > 0.0 ? 1.0 / largest : 0.0;
}

void PerturbationForce::set(const Model& model, const PerturbationSpec& spec) {
  if (spec.body < 0 || spec.body >= model.nbodies)
    throw std::invalid_argument("perturbation: no body " + std::to_string(spec.body));
  if (!spec.point_body.allFinite() || !spec.target_world.allFinite() ||
      !std::isfinite(spec.stiffness) || !std::isfinite(spec.damping) || spec.stiffness < 0.0 ||
      spec.damping < 0.0)
    throw std::invalid_argument("perturbation: a point, the stiffness or the damping is not valid");
  spec_ = spec;
}

Vec3 PerturbationForce::pointWorld(const Data& data) const {
  return active() ? data.oMi[spec_.body].act(spec_.point_body) : Vec3::Zero();
}

Vec3 PerturbationForce::pointVelocity(const Data& data) const {
  const Vec6& v = data.v[spec_.body];  // [linear at the world origin; angular]
  return v.head<3>() + v.tail<3>().cross(pointWorld(data));
}

Vec3 PerturbationForce::springForce(const Data& data) const {
  if (!active()) return Vec3::Zero();
  return spec_.stiffness * (spec_.target_world - pointWorld(data)) -
         spec_.damping * pointVelocity(data);
}

void PerturbationForce::apply(const Model&, const Data& data, const State&,
                              std::vector<Vec6>& body_forces_world, VecX&) {
  if (!active()) return;
  const Vec3& f = held_;
  Vec6& out = body_forces_world[spec_.body];
  out.head<3>() += f;
  out.tail<3>() += pointWorld(data).cross(f);
}

}  // namespace vms
