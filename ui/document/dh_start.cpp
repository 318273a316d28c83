#include "ui/document/dh_start.hpp"

#include <cmath>
#include <memory>
#include <set>
#include <sstream>

#include "core/io/rotations.hpp"
#include "core/model/link_shapes.hpp"

namespace vms::ui {

namespace {

/// Relative tolerance of the placements and of the check of the expansion.
constexpr double kTolerance = 1e-12;

bool small(double x, double scale) { return std::abs(x) <= kTolerance * (1.0 + scale); }

std::string vec(const Vec3& v) {
  std::ostringstream s;
  s.precision(6);
  s << "(" << v.x() << ", " << v.y() << ", " << v.z() << ")";
  return s.str();
}

/// α if `R` is a rotation about x, else nullopt.
std::optional<double> twistAboutX(const Mat3& R) {
  if (!small(R(0, 0) - 1.0, 0.0) || !small(R(0, 1), 0.0) || !small(R(0, 2), 0.0) ||
      !small(R(1, 0), 0.0) || !small(R(2, 0), 0.0))
    return std::nullopt;
  return std::atan2(R(2, 1), R(1, 1));
}

/// Sets d, α, a, b of `row` from the placement `next` of the following joint or end-effector
/// in the link's frame and its centre of mass; the reason if they are not in DH form.
std::string placeRow(const LinkDescription& link, const Pose& next, const std::string& next_name,
                     DhLink* row) {
  const auto alpha = twistAboutX(next.R);
  if (!alpha)
    return "'" + next_name + "' is turned about more than the x axis of link '" + link.name +
           "' (a DH step turns only by the twist α about x)";
  const double scale = next.p.norm();
  if (!small(next.p.y(), scale))
    return "'" + next_name + "' sits off the x-z plane of link '" + link.name +
           "' (y = " + std::to_string(next.p.y()) + " m; a DH step has none)";
  const Vec3& com = link.inertial.com;
  if (!small(com.y(), scale + com.norm()) || !small(com.z() - next.p.z(), scale + com.norm()))
    return "the centre of mass of link '" + link.name + "' " + vec(com) +
           " is not on the line from its joint to '" + next_name +
           "' at the height d = " + std::to_string(next.p.z()) +
           " m (a DH link has it at (a, 0, d))";
  row->alpha = *alpha;
  row->d = next.p.z();
  row->a = com.x();
  row->b = next.p.x() - com.x();
  return {};
}

/// Inertia, shapes and joint settings of `link` (and its joint) in the row, in its CoM frame.
void carryInto(const LinkDescription& link, const JointDescription& joint, DhLink* row) {
  row->name = link.name;
  row->joint_name = joint.name;
  row->kind = joint.kind;
  row->mass = link.inertial.mass;
  const Pose com_frame = dhTransform(0.0, row->d, row->alpha, row->a);
  row->inertia = com_frame.R.transpose() * link.inertial.inertia * com_frame.R;
  for (Visual v : link.visuals) {
    v.origin = com_frame.inverse() * v.origin;
    row->visuals.push_back(v);
  }
  row->has_limits = joint.has_limits;
  row->lower = joint.lower;
  row->upper = joint.upper;
  row->effort = joint.effort;
  row->velocity = joint.velocity;
  row->damping = joint.damping;
  row->friction = joint.friction;
}

/// Empty if the expansion of `t` gives `d`'s links and joints (to kTolerance), else where not.
std::string expansionDiffers(const ModelDescription& d, const DhTable& t) {
  const ModelDescription e = dhToDescription(t);
  auto link = [&](const std::string& name) -> const LinkDescription* {
    for (const LinkDescription& l : d.links)
      if (l.name == name) return &l;
    return nullptr;
  };
  for (const LinkDescription& x : e.links) {
    const LinkDescription* l = link(x.name);
    const double scale = x.inertial.inertia.norm();
    if (!l || l->inertial.mass != x.inertial.mass ||
        (l->inertial.com - x.inertial.com).norm() > kTolerance * (1.0 + x.inertial.com.norm()) ||
        (l->inertial.inertia - x.inertial.inertia).norm() > kTolerance * (1e-300 + scale))
      return "link '" + x.name + "'";
  }
  for (size_t i = 0; i < e.joints.size(); ++i) {
    const JointDescription* j = nullptr;
    for (const JointDescription& y : d.joints)
      if (y.name == e.joints[i].name) j = &y;
    const Pose& p = e.joints[i].origin;
    if (!j || (j->origin.p - p.p).norm() > kTolerance * (1.0 + p.p.norm()) ||
        (j->origin.R - p.R).norm() > kTolerance)
      return "joint '" + e.joints[i].name + "'";
  }
  return {};
}

}  // namespace

std::optional<DhTable> dhTableOfModel(const ModelDescription& d, std::string* why) {
  auto refuse = [&](const std::string& reason) -> std::optional<DhTable> {
    if (why) *why = reason;
    return std::nullopt;
  };
  if (d.links.empty()) return refuse("the model has no links");
  std::set<std::string> children;
  for (const JointDescription& j : d.joints) children.insert(j.child);
  const LinkDescription* root = nullptr;
  for (const LinkDescription& l : d.links)
    if (!children.count(l.name)) {
      if (root)
        return refuse("links '" + root->name + "' and '" + l.name + "' both have no parent");
      root = &l;
    }
  if (!root) return refuse("every link has a parent joint");
  DhTable t;
  t.base_name = root->name;
  t.base_mass = root->inertial.mass;
  t.base_com = root->inertial.com;
  t.base_inertia = root->inertial.inertia;
  t.base_visuals = root->visuals;
  t.end_effector.clear();
  t.links.clear();
  auto childJoint = [&](const std::string& parent,
                        std::string* problem) -> const JointDescription* {
    const JointDescription* found = nullptr;
    for (const JointDescription& j : d.joints)
      if (j.parent == parent) {
        if (found) {
          *problem = "link '" + parent + "' carries two joints ('" + found->name + "' and '" +
                     j.name + "'): a DH table is one serial chain";
          return nullptr;
        }
        found = &j;
      }
    return found;
  };
  std::string problem;
  const JointDescription* joint = childJoint(root->name, &problem);
  if (!problem.empty()) return refuse(problem);
  if (joint) {
    const Vec3 rpy = io::rotationToRpy(joint->origin.R);
    t.b0 = joint->origin.p;
    t.epsilon = rpy.x();
    t.zeta = rpy.y();
    t.eta = rpy.z();
  }
  std::set<std::string> on_chain = {root->name};
  while (joint) {
    if (joint->kind != JointKind::Revolute && joint->kind != JointKind::Continuous)
      return refuse("joint '" + joint->name + "' is " + toString(joint->kind) +
                    " (a DH table has revolute or continuous joints)");
    if (joint->has_mimic) return refuse("joint '" + joint->name + "' mimics another joint");
    if ((joint->axis.normalized() - Vec3::UnitZ()).norm() > kTolerance)
      return refuse("joint '" + joint->name + "' turns about " + vec(joint->axis) +
                    " (a DH joint turns about z of its frame)");
    const LinkDescription* link = nullptr;
    for (const LinkDescription& l : d.links)
      if (l.name == joint->child) link = &l;
    if (!link) return refuse("joint '" + joint->name + "' has no child link");
    on_chain.insert(link->name);
    DhLink row;
    const JointDescription* next = childJoint(link->name, &problem);
    if (!problem.empty()) return refuse(problem);
    if (next) {
      if (const std::string p = placeRow(*link, next->origin, next->name, &row); !p.empty())
        return refuse(p);
    } else {
      // The end-effector: the first frame of the last link in DH place; else the CoM.
      bool placed = false;
      for (const FrameDescription& f : d.frames)
        if (f.link == link->name && placeRow(*link, f.origin, f.name, &row).empty()) {
          t.end_effector = f.name;
          placed = true;
          break;
        }
      if (!placed) {
        const Pose at_com{Mat3::Identity(), link->inertial.com};
        if (const std::string p = placeRow(*link, at_com, "its centre of mass", &row); !p.empty())
          return refuse(p);
      }
    }
    carryInto(*link, *joint, &row);
    t.links.push_back(row);
    joint = next;
  }
  for (const LinkDescription& l : d.links)
    if (!on_chain.count(l.name))
      return refuse("link '" + l.name + "' is not on the chain from '" + root->name + "'");
  if (const std::string where = expansionDiffers(d, t); !where.empty())
    return refuse("the table would not reproduce " + where);
  return t;
}

ModelDescription withStartedDhTable(const ModelDescription& d, const DhTable& table) {
  ModelDescription out;
  out.name = d.name;
  out.base_type = d.base_type;
  out.gravity = d.gravity;
  appendDhTable(table, &out);
  for (const FrameDescription& f : d.frames)
    if (f.name != table.end_effector) out.frames.push_back(f);
  out.added_mass = d.added_mass;
  out.dh = std::make_shared<const DhTable>(table);
  return out;
}

DhLink firstDhLink(const ModelDescription& d) {
  std::set<std::string> used;
  for (const LinkDescription& x : d.links) used.insert(x.name);
  for (const JointDescription& x : d.joints) used.insert(x.name);
  for (const FrameDescription& x : d.frames) used.insert(x.name);
  int k = 1;
  while (used.count("link" + std::to_string(k)) || used.count("joint" + std::to_string(k))) ++k;
  DhLink row;
  row.name = "link" + std::to_string(k);
  row.joint_name = "joint" + std::to_string(k);
  row.mass = 1.0;
  row.a = 0.15;
  row.b = 0.15;
  // A 1 kg rod 0.3 m long along x of its CoM frame: I = m L^2 / 12 about y and z.
  row.inertia = Vec3(1e-4, 0.0075, 0.0075).asDiagonal();
  row.visuals = {defaultFollowingVisual()};
  return row;
}

}  // namespace vms::ui
