#include "core/algorithms/rnea.hpp"

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms {

void rnea(const Model& model, Data& data, const State& state, const Vec6& base_twist_dot,
          const Eigen::Ref<const VecX>& qdd, const ExternalForces& external) {
  checkDataArgument(__func__, model, data);
  checkStateArgument(__func__, model, state);
  VMS_CHECK_ARGUMENT_SIZE(qdd.size(), model.njoints, "qdd");
  checkExternalForcesArgument(__func__, model, external);
  computeKinematics(model, data, state);
  const int n = model.nbodies;
  data.a[0] = actMotion(data.oMi[0], base_twist_dot);
  for (int i = 0; i < n; ++i) {
    if (i > 0)
      data.a[i] = data.a[model.parent[i]] + data.c[i] + data.S[i] * qdd[model.joint_index[i]];
    const Vec6 h = data.I[i] * data.v[i];
    data.f[i] = data.I[i] * data.a[i] + crossForce(data.v[i], h);
    if (model.hasAddedMass()) {  // added mass has no weight: use mass and centre of mass
      const Vec3 c = data.oMi[i].act(model.com[i]);
      const Vec3 w = model.mass[i] * model.gravity;
      data.f[i].head<3>() -= w;
      data.f[i].tail<3>() -= c.cross(w);
    } else {
      data.f[i] -= data.I[i].leftCols<3>() * model.gravity;
    }
    if (external.body_forces_world) data.f[i] -= (*external.body_forces_world)[i];
  }
  for (int i = n - 1; i > 0; --i) {
    data.tau[model.joint_index[i]] = data.S[i].dot(data.f[i]);
    data.f[model.parent[i]] += data.f[i];
  }
  const Vec6 f0 = data.f[0] - actForce(data.oMi[0], external.base_wrench_body);
  data.base_force.noalias() = data.S0.transpose() * f0;
}

void nonLinearEffects(const Model& model, Data& data, const State& state) {
  checkDataArgument(__func__, model, data);
  checkStateArgument(__func__, model, state);
  rnea(model, data, state, Vec6::Zero(), VecX::Zero(model.njoints));
  data.nle.head(model.base_dof) = data.base_force;
  data.nle.tail(model.njoints) = data.tau;
}

Vec6 armReactionOnVehicle(const Model& model, const Data& data) {
  checkDataArgument(__func__, model, data);
  Vec6 f_world = Vec6::Zero();
  for (int c : model.children[0]) f_world -= data.f[c];
  // Express at the vehicle origin in vehicle coordinates: inverse of actForce.
  const Pose& oM0 = data.oMi[0];
  const Vec3 f = linear(f_world);
  const Vec3 n = Vec3(angular(f_world)) - oM0.p.cross(f);
  return makeVec6(oM0.R.transpose() * f, oM0.R.transpose() * n);
}

}  // namespace vms
