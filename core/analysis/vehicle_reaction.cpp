#include "core/analysis/vehicle_reaction.hpp"

#include <cmath>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

VehicleReaction vehicleReaction(const Model& model, Data& data, const State& state,
                                const Eigen::Ref<const VecX>& tau, const ExternalForces& external) {
  checkForwardDynamicsArguments(__func__, model, data, state, tau, external);
  if (model.hasCouplings()) {
    // Mimic joints: the accelerations with the mimics on their leaders (allocates: a solver
    // for this model; models without mimics take the allocation-free path).
    makeSolver(defaultSolverName(), model)->compute(model, data, state, tau, external);
  } else {
    aba(model, data, state, tau, external);
  }
  rnea(model, data, state, data.base_twist_dot, data.qdd, external);
  VehicleReaction r;
  r.body = armReactionOnVehicle(model, data);
  r.world = actForce(data.oMi[0], r.body);
  return r;
}

double attitudeDeviationAngle(const Quat& q0, const Quat& q) {
  const Quat d = q0.conjugate() * q;
  return 2.0 * std::atan2(d.vec().norm(), std::abs(d.w()));
}

Vec3 attitudeDeviationVector(const Quat& q0, const Quat& q) { return quatLog(q0.conjugate() * q); }

Vec3 vehicleCenterOfMass(const Model& model, const State& state) {
  return state.base_orientation * model.com[0] + state.base_position;
}

Vec3 vehicleCenterOfMassDisplacement(const Model& model, const State& initial, const State& state) {
  return vehicleCenterOfMass(model, state) - vehicleCenterOfMass(model, initial);
}

}  // namespace vms
