#pragma once
// Geometric Jacobians of points on links and their time derivatives (world frame).
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

/// J (6 x nv): [velocity of the world point `point` moving with `body`; angular velocity of
/// `body`] = J * nu, nu = [iota0^T twist_b; qd]. Needs forwardKinematics. J must be 6 x nv.
void pointJacobian(const Model& model, const Data& data, int body, const Vec3& point_world,
                   Eigen::Ref<Mat6X> J);

/// dJ/dt for the same point (needs computeKinematics: velocities too).
void pointJacobianDerivative(const Model& model, const Data& data, int body,
                             const Vec3& point_world, Eigen::Ref<Mat6X> dJ);

/// Jacobian of a named frame's origin (world point velocity and angular velocity).
void frameJacobian(const Model& model, const Data& data, int frame, Eigen::Ref<Mat6X> J);

}  // namespace vms
