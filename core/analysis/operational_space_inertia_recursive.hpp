#pragma once
// O(N) operational-space inertia of every body of a free-floating system: seed 002,
// Algorithm 8 / Lemma 4.1, Lambda(k) = P(k) + S(k), with the two articulated-body sweeps
// generalised to trees (seed 002 section 3.4):
//   P sweep (tips to vehicle): P(i) = I(i) + sum over children c of Pa(c), where
//     Pa(c) = P(c) - P(c) s_c s_c^T P(c) / (s_c^T P(c) s_c) is the articulated inertia that
//     joint c transmits to its parent (seed 002's P+ = tau_bar P moved across the hinge);
//   S sweep (vehicle to tips): S(0) = 0 (the vehicle is free), and for a body i with parent p
//     Z = P(p) + S(p) - Pa(i)   (everything on p's side of joint i, articulated at p),
//     S(i) = Z - Z s_i s_i^T Z / (s_i^T Z s_i)   (transmitted to i through joint i);
//   Lambda(i) = P(i) + S(i): the articulated inertia of the whole system with body i taken
//   as the base, which is the inverse of the mobility J_i M^-1 J_i^T of body i.
// The sweeps run with world-frame spatial inertias at the world origin (Data's convention:
// no transforms between bodies, [linear; angular] ordering); the results are then moved to
// each body's frame origin o_i, so that Lambda(i) relates [v_{o_i}; w_i] and [f; n at o_i]
// in world coordinates:
//   X(i) = T(o_i)^T X_origin T(o_i),  T(p) = [[I, skew(p)], [0, I]]
// (T maps the twist at p to the twist at the origin). Seed 002 writes [angular; linear];
// that is only a permutation of rows and columns.
//
// Only for a free vehicle (BaseType::Free): with a constrained vehicle, Lambda is infinite in
// the directions the vehicle's joint blocks near the vehicle (use operationalSpaceInertia()
// with its pseudo-inverse instead). Throws std::invalid_argument otherwise.
#include <vector>

#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

struct OperationalSpaceInertiaSweeps {
  explicit OperationalSpaceInertiaSweeps(const Model& model);
  // Per body, world coordinates at the body frame origin, [linear; angular]:
  std::vector<Mat6> Lambda;  // P + S
  std::vector<Mat6> P;       // articulated inertia of the body's subtree (tip side)
  std::vector<Mat6> S;       // articulated inertia of the rest, seen through the body's joint
  // Workspace (world origin).
  std::vector<Mat6> P0, S0, Pa0;
};

/// Runs forwardKinematics and both sweeps. O(N); no heap allocation.
void operationalSpaceInertiaAllBodies(const Model& model, Data& data, const State& state,
                                      OperationalSpaceInertiaSweeps& out);

/// Moves a world spatial inertia (or any force-from-motion map) from the world origin to the
/// world point p: T(p)^T X T(p).
Mat6 shiftInertiaToPoint(const Mat6& X_origin, const Vec3& p);

}  // namespace vms
