#pragma once
// Small builders for hand-made test models.
#include <cstdint>
#include <string>

#include "core/model/model_description.hpp"
#include "core/model/sample_models.hpp"

namespace vms::test {

/// A link with mass m, centre of mass c and diagonal inertia (about c, link frame).
inline LinkDescription link(const std::string& name, double m, const Vec3& c, const Vec3& diag) {
  LinkDescription l;
  l.name = name;
  l.inertial.mass = m;
  l.inertial.com = c;
  l.inertial.inertia = diag.asDiagonal();
  return l;
}

/// A revolute joint placed at p (parent frame, no rotation) about `axis`.
inline JointDescription revolute(const std::string& name, const std::string& parent,
                                 const std::string& child, const Vec3& p, const Vec3& axis) {
  JointDescription j;
  j.name = name;
  j.kind = JointKind::Revolute;
  j.parent = parent;
  j.child = child;
  j.origin = Pose{Mat3::Identity(), p};
  j.axis = axis;
  return j;
}

/// A random tree (or chain) with 30 % prismatic joints: the analysis tests' model family.
inline ModelDescription randomDescription(BaseType base, std::uint64_t seed, bool chain, int bodies,
                                          int fixed_links) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.base = base;
  o.seed = seed;
  o.chain = chain;
  o.prismatic_fraction = 0.3;
  o.fixed_links = fixed_links;
  return randomTree(o);
}

}  // namespace vms::test
