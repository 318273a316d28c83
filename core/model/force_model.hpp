#pragma once
// State-dependent forces evaluated at every integrator stage (environment: buoyancy, drag,
// gravity gradient; actuators whose force depends on the pose: thrusters fixed on bodies).
// SystemDynamics runs forwardKinematics/forwardVelocities before calling apply(), so `data`
// holds poses (oMi), velocities (v) and world inertias (I) of `state`.
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

class ForceModel {
 public:
  virtual ~ForceModel() = default;
  /// Adds world spatial forces [f; n] at the world origin to body_forces_world (size
  /// model.nbodies) and generalized joint forces to tau (size model.njoints). Must not
  /// allocate.
  virtual void apply(const Model& model, const Data& data, const State& state,
                     std::vector<Vec6>& body_forces_world, VecX& tau) = 0;
};

}  // namespace vms
