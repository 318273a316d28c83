#include "core/model/state.hpp"

#include "core/model/joint_coupling.hpp"

namespace vms {

State State::neutral(const Model& model) {
  State s;
  s.q = VecX::Zero(model.njoints);
  s.qd = VecX::Zero(model.njoints);
  enforceJointCouplings(model, s);  // a mimic's offset
  return s;
}

Vec3 State::baseLinearVelocityWorld() const { return base_orientation * linear(base_twist); }

Vec3 State::baseAngularVelocityWorld() const { return base_orientation * angular(base_twist); }

void State::setBaseVelocityWorld(const Vec3& lin, const Vec3& ang) {
  const Quat qi = base_orientation.conjugate();
  base_twist << qi * lin, qi * ang;
}

VecX State::generalizedVelocity(const Model& model) const {
  VecX nu(model.nv);
  nu.head(model.base_dof) = model.base_basis.transpose() * base_twist;
  nu.tail(model.njoints) = qd;
  return nu;
}

void State::setGeneralizedVelocity(const Model& model, const Eigen::Ref<const VecX>& nu) {
  base_twist = model.base_basis * nu.head(model.base_dof);
  qd = nu.tail(model.njoints);
}

bool State::allFinite() const {
  return base_orientation.coeffs().allFinite() && base_position.allFinite() &&
         base_twist.allFinite() && q.allFinite() && qd.allFinite();
}

}  // namespace vms
