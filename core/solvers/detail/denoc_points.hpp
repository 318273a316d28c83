#pragma once
// What the two DeNOC solvers (denoc_solver, denoc_recursive_solver) share: the quantities of
// seed 003 §7 at a body's reference point r (its centre of mass or its origin, world axes).
#include "core/algorithms/aba.hpp"  // ExternalForces
#include "core/model/data.hpp"
#include "core/model/model.hpp"
#include "core/spatial/se3.hpp"

namespace vms::detail {

/// wbar_i (seed 003 (147)): the world spatial wrench on body i moved to r ([f; n_O - r x f]),
/// its weight at its centre of mass c, and for the vehicle (i = 0) the vehicle wrench (body
/// frame at the vehicle origin).
inline Vec6 denocPointWrench(const Model& model, const Data& data, const ExternalForces& external,
                             int i, const Vec3& r, const Vec3& c) {
  Vec6 wi = Vec6::Zero();
  if (external.body_forces_world) {
    const Vec6& f = (*external.body_forces_world)[i];
    wi.head<3>() = f.head<3>();
    wi.tail<3>() = f.tail<3>() - r.cross(Vec3(f.head<3>()));
  }
  const Vec3 weight = model.mass[i] * model.gravity;
  wi.head<3>() += weight;
  wi.tail<3>() += (c - r).cross(weight);
  if (i == 0) {
    const Pose& oMi = data.oMi[0];
    const Vec3 f = oMi.R * linear(external.base_wrench_body);
    wi.head<3>() += f;
    wi.tail<3>() += oMi.R * angular(external.base_wrench_body) + (oMi.p - r).cross(f);
  }
  return wi;
}

/// T^-1 S: the twist of the point r per unit rate of a joint (or vehicle direction) whose
/// world-origin twist is S.
inline Vec6 pointTwist(const Vec6& S, const Vec3& r) {
  Vec6 p;
  p << Vec3(S.head<3>()) - r.cross(Vec3(S.tail<3>())), S.tail<3>();
  return p;
}

}  // namespace vms::detail
