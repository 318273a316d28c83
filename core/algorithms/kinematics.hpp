#pragma once
// Forward kinematics: body poses, world motion subspaces, world spatial inertias, body
// velocities and velocity-product accelerations. Every dynamics algorithm starts here.
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

/// Fills data.oMi, data.S, data.S0 and data.I from the configuration (base pose, q).
void forwardKinematics(const Model& model, Data& data, const State& state);

/// Fills data.v and data.c from the velocities; needs forwardKinematics first.
void forwardVelocities(const Model& model, Data& data, const State& state);

/// Both of the above.
inline void computeKinematics(const Model& model, Data& data, const State& state) {
  forwardKinematics(model, data, state);
  forwardVelocities(model, data, state);
}

/// World spatial inertia (at the world origin) of a rigid body with mass m, world centre of
/// mass c and world rotational inertia Ic about the centre of mass.
Mat6 spatialInertiaWorld(double m, const Vec3& c, const Mat3& Ic);

/// World pose of a named frame (needs forwardKinematics).
Pose framePose(const Model& model, const Data& data, int frame);

}  // namespace vms
