#include "core/analysis/power_balance.hpp"

#include "core/algorithms/check_model_arguments.hpp"

namespace vms {

PowerBalance powerBalance(const Model& model, const Data& data, const State& state,
                          const Eigen::Ref<const VecX>& tau, const ExternalForces& external,
                          bool include_damping) {
  checkDataArgument(__func__, model, data);
  checkVelocityArgument(__func__, model, state);
  VMS_CHECK_ARGUMENT_SIZE(tau.size(), model.njoints, "tau");
  checkExternalForcesArgument(__func__, model, external);
  PowerBalance p;
  p.joints = tau.dot(state.qd);
  if (include_damping && model.damping.size() == state.qd.size())
    p.damping = -(model.damping.array() * state.qd.array().square()).sum();
  // Only the subgroup components of the wrench act; the twist has no others.
  p.vehicle_wrench = external.base_wrench_body.dot(state.base_twist);
  Vec3 P = Vec3::Zero();
  for (int i = 0; i < model.nbodies; ++i) {
    P.noalias() += data.I[i].topRows<3>() * data.v[i];
    if (external.body_forces_world)
      p.external_bodies += (*external.body_forces_world)[i].dot(data.v[i]);
  }
  p.gravity = model.gravity.dot(P);
  p.total = p.joints + p.damping + p.vehicle_wrench + p.gravity + p.external_bodies;
  return p;
}

}  // namespace vms
