#include "core/analysis/state_inspection.hpp"

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/reduced_inertia.hpp"
#include "core/model/require_finite.hpp"

namespace vms {

StateInspection inspectState(const Model& model, ForwardDynamicsSolver& solver, const State& state,
                             const VecX& tau, const std::string& source) {
  StateInspection out;
  Data data(model);
  solver.compute(model, data, state, tau, {});  // tau alone: no damping, no wrench
  out.qdd = data.qdd;
  out.base_linear_acc_world = baseLinearAccelerationWorld(state, data.base_twist_dot);
  out.base_angular_acc_world = baseAngularAccelerationWorld(state, data.base_twist_dot);

  computeKinematics(model, data, state);
  out.momentum = computeMomentum(model, data);
  crba(model, data, state);
  out.M = data.M;
  out.Hstar = reducedJointInertia(model, data.M);

  const MomentumSummary& p = out.momentum;
  requireFinite(out.qdd, "the joint acceleration", source);
  requireFinite(out.base_linear_acc_world, "the vehicle's linear acceleration", source);
  requireFinite(out.base_angular_acc_world, "the vehicle's angular acceleration", source);
  requireFinite(p.linear, "the linear momentum", source);
  requireFinite(p.angular_origin, "the angular momentum", source);
  requireFinite(p.angular_com, "the angular momentum about the centre of mass", source);
  requireFinite(p.center_of_mass, "the centre of mass", source);
  requireFinite(Eigen::Vector2d(p.kinetic_energy, p.mass), "the kinetic energy", source);
  requireFinite(out.M, "the generalized inertia", source);
  requireFinite(out.Hstar, "the reduced inertia H*", source);
  return out;
}

}  // namespace vms
