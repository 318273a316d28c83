#include "core/actuators/reaction_wheel.hpp"

#include <cmath>
#include <set>

#include "core/model/model_error.hpp"

namespace vms {

namespace {
[[noreturn]] void fail(const ReactionWheelSpec& w, const std::string& what) {
  throw ModelError("reaction wheel '" + w.name + "': " + what);
}

// The root link: the one that is no joint's child.
std::string rootLink(const ModelDescription& d) {
  std::set<std::string> children;
  for (const auto& j : d.joints) children.insert(j.child);
  for (const auto& l : d.links)
    if (!children.count(l.name)) return l.name;
  throw ModelError("model '" + d.name + "': no root link to mount reaction wheels on");
}
}  // namespace

void addReactionWheels(ModelDescription& description,
                       const std::vector<ReactionWheelSpec>& wheels) {
  const std::string root = rootLink(description);
  std::set<std::string> names;
  for (const auto& l : description.links) names.insert(l.name);
  for (const auto& j : description.joints) names.insert(j.name);
  for (const auto& f : description.frames) names.insert(f.name);
  // Validate everything first so that a failure leaves the description untouched.
  for (const auto& w : wheels) {
    if (w.name.empty()) throw ModelError("reaction wheel: empty name");
    if (!names.insert(w.name).second) fail(w, "duplicate name (a link, joint or frame has it)");
    const double an = w.axis.norm();
    if (!(an > 1e-12) || !std::isfinite(an)) fail(w, "zero or non-finite spin axis");
    if (!w.position.allFinite()) fail(w, "non-finite position");
    if (!(w.mass >= 0.0) || !std::isfinite(w.mass)) fail(w, "negative or non-finite mass");
    if (!(w.spin_inertia > 0.0) || !std::isfinite(w.spin_inertia))
      fail(w, "spin inertia must be positive");
    if (!(w.transverse_inertia >= 0.0) || !std::isfinite(w.transverse_inertia))
      fail(w, "transverse inertia must be non-negative");
    // Principal moments (t, t, s): t + t >= s (t + s >= t holds since s > 0).
    if (w.spin_inertia > 2.0 * w.transverse_inertia * (1.0 + 1e-12))
      fail(w, "transverse inertia " + std::to_string(w.transverse_inertia) +
                  " breaks the triangle inequality (spin inertia " +
                  std::to_string(w.spin_inertia) + " > 2 x transverse)");
    if (!(w.max_torque >= 0.0) || !(w.max_speed >= 0.0)) fail(w, "negative torque or speed limit");
  }
  for (const auto& w : wheels) {
    const Vec3 a = w.axis.normalized();
    LinkDescription link;
    link.name = w.name;
    link.inertial.mass = w.mass;
    link.inertial.com.setZero();
    // diag(t, t, s) rotated so that the spin axis is a: t 1 + (s - t) a a^T.
    link.inertial.inertia = w.transverse_inertia * Mat3::Identity() +
                            (w.spin_inertia - w.transverse_inertia) * a * a.transpose();
    description.links.push_back(link);
    JointDescription joint;
    joint.name = w.name;
    joint.kind = JointKind::Continuous;
    joint.parent = root;
    joint.child = w.name;
    joint.origin = Pose{Mat3::Identity(), w.position};  // link frame parallel to the vehicle's
    joint.axis = a;
    joint.effort = w.max_torque;
    joint.velocity = w.max_speed;
    description.joints.push_back(joint);
  }
}

std::vector<int> reactionWheelJoints(const Model& model,
                                     const std::vector<ReactionWheelSpec>& wheels) {
  std::vector<int> out;
  out.reserve(wheels.size());
  for (const auto& w : wheels) {
    const int k = model.jointIndex(w.name);
    if (k < 0) fail(w, "no joint of that name in model '" + model.name + "'");
    out.push_back(k);
  }
  return out;
}

}  // namespace vms
