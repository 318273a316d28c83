#pragma once
// The entry checks the algorithms share: a State, a Data and external forces sized for the
// Model they are used with (check_arguments.hpp). Each helper takes the calling function's
// name so that the message names the function the caller actually called.
#include "core/algorithms/aba.hpp"
#include "core/algorithms/check_arguments.hpp"

namespace vms {

/// The configuration: state.q has one entry per joint.
inline void checkConfigurationArgument(const char* function, const Model& model,
                                       const State& state) {
  VMS_CHECK_ARGUMENT_SIZE_IN(function, state.q.size(), model.njoints, "state.q");
}

/// The joint rates: state.qd has one entry per joint.
inline void checkVelocityArgument(const char* function, const Model& model, const State& state) {
  VMS_CHECK_ARGUMENT_SIZE_IN(function, state.qd.size(), model.njoints, "state.qd");
}

/// Configuration and joint rates.
inline void checkStateArgument(const char* function, const Model& model, const State& state) {
  checkConfigurationArgument(function, model, state);
  checkVelocityArgument(function, model, state);
}

/// The Data was made for this model (Data(model)): as many bodies, joints and vehicle degrees
/// of freedom. Everything else in Data is sized from these three.
inline void checkDataArgument(const char* function, const Model& model, const Data& data) {
  VMS_CHECK_ARGUMENT_SIZE_IN(function, data.oMi.size(), model.nbodies, "data.oMi");
  VMS_CHECK_ARGUMENT_SIZE_IN(function, data.qdd.size(), model.njoints, "data.qdd");
  VMS_CHECK_ARGUMENT_SIZE_IN(function, data.S0.cols(), model.base_dof, "data.S0.cols()");
}

/// External body forces, when given, have one wrench per body.
inline void checkExternalForcesArgument(const char* function, const Model& model,
                                        const ExternalForces& external) {
  if (external.body_forces_world)
    VMS_CHECK_ARGUMENT_SIZE_IN(function, external.body_forces_world->size(), model.nbodies,
                               "external.body_forces_world");
}

/// A body index of the model.
inline void checkBodyArgument(const char* function, const Model& model, int body) {
  VMS_CHECK_ARGUMENT_INDEX_IN(function, body, model.nbodies, "body");
}

/// A frame index of the model.
inline void checkFrameArgument(const char* function, const Model& model, int frame) {
  VMS_CHECK_ARGUMENT_INDEX_IN(function, frame, model.frames.size(), "frame");
}

/// Everything forward dynamics reads: the state, joint forces tau, the Data and the external
/// forces (aba() and every solver's compute()).
inline void checkForwardDynamicsArguments(const char* function, const Model& model,
                                          const Data& data, const State& state,
                                          const Eigen::Ref<const VecX>& tau,
                                          const ExternalForces& external) {
  checkDataArgument(function, model, data);
  checkStateArgument(function, model, state);
  VMS_CHECK_ARGUMENT_SIZE_IN(function, tau.size(), model.njoints, "tau");
  checkExternalForcesArgument(function, model, external);
}

}  // namespace vms
