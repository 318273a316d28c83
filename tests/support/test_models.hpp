#pragma once
// Small builders for hand-made test models.
#include <string>

#include "core/model/model_description.hpp"

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

}  // namespace vms::test
