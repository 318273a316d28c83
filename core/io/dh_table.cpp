#include "core/io/dh_table.hpp"

#include "core/io/rotations.hpp"

namespace vms {

Pose dhTransform(double beta, double u, double gamma, double w) {
  // Rz(beta) * Trans(w, 0, u) * Rx(gamma)
  const Mat3 Rz = io::rotZ(beta);
  return Pose{Rz * io::rotX(gamma), Rz * Vec3(w, 0.0, u)};
}

std::string dhLinkName(const DhTable& t, size_t i) {
  return t.links[i].name.empty() ? "link" + std::to_string(i + 1) : t.links[i].name;
}

std::string dhJointName(const DhTable& t, size_t i) {
  return t.links[i].joint_name.empty() ? "joint" + std::to_string(i + 1) : t.links[i].joint_name;
}

void appendDhTable(const DhTable& t, ModelDescription* d) {
  LinkDescription base;
  base.name = t.base_name.empty() ? "base" : t.base_name;
  base.inertial.mass = t.base_mass;
  base.inertial.com = t.base_com;
  base.inertial.inertia = t.base_inertia;
  base.visuals = t.base_visuals;
  d->links.push_back(base);

  std::string parent = base.name;
  // Placement of joint i's frame J_i in the parent body's frame.
  Pose parentMjoint{io::rotZ(t.eta) * io::rotY(t.zeta) * io::rotX(t.epsilon), t.b0};
  for (size_t i = 0; i < t.links.size(); ++i) {
    const DhLink& l = t.links[i];
    LinkDescription link;
    link.name = dhLinkName(t, i);
    // CoM frame L_i in the body frame J_i * Rz(q_i): Trans(a, 0, d) * Rx(alpha).
    const Pose bodyMcom = dhTransform(0.0, l.d, l.alpha, l.a);
    link.inertial.mass = l.mass;
    link.inertial.com = bodyMcom.p;
    link.inertial.inertia = bodyMcom.R * l.inertia * bodyMcom.R.transpose();
    for (Visual v : l.visuals) {
      v.origin = bodyMcom * v.origin;
      link.visuals.push_back(v);
    }
    d->links.push_back(link);

    JointDescription j;
    j.name = dhJointName(t, i);
    j.kind = l.kind;
    j.parent = parent;
    j.child = link.name;
    j.origin = parentMjoint;
    j.axis = Vec3::UnitZ();
    j.has_limits = l.has_limits;
    j.lower = l.lower;
    j.upper = l.upper;
    j.effort = l.effort;
    j.velocity = l.velocity;
    j.damping = l.damping;
    j.friction = l.friction;
    d->joints.push_back(j);

    parent = link.name;
    parentMjoint = dhTransform(0.0, l.d, l.alpha, l.a + l.b);
  }
  if (!t.end_effector.empty()) {
    // J_{N+1} on link N, or J_1 on the base for a table without links.
    d->frames.push_back({t.end_effector, parent, parentMjoint});
  }
}

ModelDescription dhToDescription(const DhTable& t, const std::string& name, BaseType base_type) {
  ModelDescription d;
  d.name = name;
  d.base_type = base_type;
  appendDhTable(t, &d);
  return d;
}

}  // namespace vms
