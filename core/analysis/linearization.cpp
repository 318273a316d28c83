#include "core/analysis/linearization.hpp"

#include "core/algorithms/check_model_arguments.hpp"
#include "core/analysis/derivatives_inspection.hpp"

namespace vms {

Linearization linearizeDynamics(const Model& model, const State& state, const VecX& tau,
                                bool damping, const ExternalForces& external) {
  checkStateArgument(__func__, model, state);
  VMS_CHECK_ARGUMENT_SIZE(tau.size(), model.njoints, "tau");
  const int n = model.njoints, nv = model.nv, b = model.base_dof;
  Data data(model);
  ForwardDynamicsDerivatives fd(model);
  const VecX damping_force =
      damping ? VecX(model.damping.cwiseProduct(state.qd)) : VecX(VecX::Zero(n));
  fd.compute(model, data, state, tau - damping_force, external);
  const Mat6X T = configurationTangentBasis(model);
  const int t = static_cast<int>(T.cols());
  const int size = t + n + nv;

  Linearization out;
  out.tangent_dof = t;
  out.A = MatX::Zero(size, size);
  out.B = MatX::Zero(size, n);
  // Vehicle kinematics on the group.
  if (t > 0) {
    out.A.topLeftCorner(t, t) = -T.transpose() * adMatrix(state.base_twist) * T;
    out.A.block(0, t + n, t, b) = T.transpose() * model.base_basis;
  }
  // Joint kinematics.
  out.A.block(t, t + n + b, n, n).setIdentity();
  // Accelerations.
  out.A.block(t + n, 0, nv, t + n) = fd.ddqDq();
  out.A.block(t + n, t + n, nv, nv) = fd.ddqDv();
  if (damping) out.A.block(t + n, t + n + b, nv, n) -= fd.ddqDtau() * model.damping.asDiagonal();
  out.B.bottomRows(nv) = fd.ddqDtau();

  const std::vector<std::string> tangent = twistComponentNames(T);
  const std::vector<std::string> velocity = twistComponentNames(model.base_basis);
  for (const auto& name : tangent) out.state_names.push_back("delta_" + name);
  for (const auto& name : model.joint_names) out.state_names.push_back("q_" + name);
  for (const auto& name : velocity) out.state_names.push_back("nu_" + name);
  for (const auto& name : model.joint_names) out.state_names.push_back("nu_" + name);
  out.input_names = model.joint_names;
  return out;
}

}  // namespace vms
