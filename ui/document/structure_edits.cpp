#include "ui/document/structure_edits.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "core/model/compose_models.hpp"
#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace vms::ui {

namespace {

std::string quoted(const std::string& s) { return "'" + printableText(s) + "'"; }

int linkIndex(const ModelDescription& d, const std::string& name) {
  for (size_t i = 0; i < d.links.size(); ++i)
    if (d.links[i].name == name) return static_cast<int>(i);
  return -1;
}

int jointIndex(const ModelDescription& d, const std::string& name) {
  for (size_t i = 0; i < d.joints.size(); ++i)
    if (d.joints[i].name == name) return static_cast<int>(i);
  return -1;
}

int frameIndex(const ModelDescription& d, const std::string& name) {
  for (size_t i = 0; i < d.frames.size(); ++i)
    if (d.frames[i].name == name) return static_cast<int>(i);
  return -1;
}

/// The joint whose child is `link` (-1 for the root).
int parentJoint(const ModelDescription& d, const std::string& link) {
  for (size_t j = 0; j < d.joints.size(); ++j)
    if (d.joints[j].child == link) return static_cast<int>(j);
  return -1;
}

/// `link` and every link below it, in description order of the links.
std::set<std::string> subtree(const ModelDescription& d, const std::string& link) {
  std::set<std::string> out = {link};
  for (bool grew = true; grew;) {
    grew = false;
    for (const JointDescription& j : d.joints)
      if (out.count(j.parent) && !out.count(j.child)) grew = out.insert(j.child).second || grew;
  }
  return out;
}

std::vector<std::string> movingJoints(const ModelDescription& d) {
  std::vector<std::string> out;
  for (const JointDescription& j : d.joints)
    if (j.kind != JointKind::Fixed) out.push_back(j.name);
  return out;
}

bool nameUsed(const ModelDescription& d, const ScenarioDescription* s, const std::string& n) {
  if (linkIndex(d, n) >= 0 || jointIndex(d, n) >= 0 || frameIndex(d, n) >= 0) return true;
  if (s) {
    for (const auto& w : s->reaction_wheels)
      if (w.wheel.name == n) return true;
    for (const auto& t : s->thrusters)
      if (t.name == n) return true;
  }
  return false;
}

/// `base` followed by the smallest number >= `first` that nothing uses yet.
std::string freeName(const ModelDescription& d, const ScenarioDescription* s,
                     const std::string& base, int first) {
  for (int k = first;; ++k) {
    const std::string n = base + std::to_string(k);
    if (!nameUsed(d, s, n)) return n;
  }
}

/// The far end of a link's first visual, in the link frame (a cylinder's end along its axis
/// farther from the origin (a capsule's cap included), a box's +x face, a sphere's +x point); none:
/// `fallback`.
Vec3 farEnd(const LinkDescription& link, const Vec3& fallback) {
  if (link.visuals.empty()) return fallback;
  const Visual& v = link.visuals.front();
  switch (v.shape) {
    case Visual::Shape::Cylinder:
    case Visual::Shape::Capsule: {  // a capsule's end caps add its radius
      const double extra = v.shape == Visual::Shape::Capsule ? v.size.x() : 0.0;
      const Vec3 half = v.origin.R * Vec3(0.0, 0.0, 0.5 * v.size.y() + extra);
      const Vec3 a = v.origin.p + half, b = v.origin.p - half;
      return a.norm() >= b.norm() ? a : b;
    }
    case Visual::Shape::Box:
      return v.origin.p + v.origin.R * Vec3(0.5 * v.size.x(), 0.0, 0.0);
    case Visual::Shape::Sphere:
      return v.origin.p + v.origin.R * Vec3(v.size.x(), 0.0, 0.0);
    case Visual::Shape::Mesh:
      break;
  }
  return fallback;
}

/// A cylinder's axis (z) turned onto x: rotation of +90 degrees about y.
Mat3 zOntoX() {
  Mat3 R;
  R << 0, 0, 1, 0, 1, 0, -1, 0, 0;
  return R;
}

/// Who in the scenario names `name` as a link or frame ("" if nobody).
std::string scenarioUseOfFrame(const ScenarioDescription* s, const std::string& name) {
  if (!s) return {};
  if (s->root && *s->root == name) return "the scenario's root (solver) link";
  if (s->analysis_end_effector && *s->analysis_end_effector == name)
    return "the scenario's analysis.end_effector";
  for (size_t c = 0; c < s->controllers.size(); ++c)
    if (const auto* rr = std::get_if<ResolvedRateDescription>(&s->controllers[c]))
      if (rr->frame == name)
        return "the scenario's controller " + std::to_string(c + 1) + " (resolved_rate) frame";
  return {};
}

template <class T, class Pred>
void eraseIf(std::vector<T>& v, Pred pred) {
  v.erase(std::remove_if(v.begin(), v.end(), pred), v.end());
}

std::vector<HydrodynamicBody>* hydroBodies(ScenarioDescription* s) {
  if (!s) return nullptr;
  auto* uw = std::get_if<EnvironmentDescription::Underwater>(&s->environment.kind);
  return uw ? &uw->bodies : nullptr;
}

/// Applies `rename` to every link-or-frame reference in the model and scenario.
void renameFrameReferences(ModelDescription& d, ScenarioDescription* s, const std::string& from,
                           const std::string& to) {
  for (auto& a : d.added_mass)
    if (a.link == from) a.link = to;
  if (!s) return;
  for (auto& t : s->thrusters)
    if (t.link == from) t.link = to;
  if (auto* bodies = hydroBodies(s))
    for (auto& b : *bodies)
      if (b.link == from) b.link = to;
  if (s->root && *s->root == from) s->root = to;
  if (s->analysis_end_effector && *s->analysis_end_effector == from) s->analysis_end_effector = to;
  for (auto& c : s->controllers)
    if (auto* rr = std::get_if<ResolvedRateDescription>(&c))
      if (rr->frame == from) rr->frame = to;
}

bool perJoint(const std::vector<double>& v) { return v.size() > 1; }

/// Why the gains of a loop over every joint cannot follow a change of the joint count.
bool gainsPerJoint(const JointGainsDescription& g) {
  return (g.gains && (perJoint(g.gains->kp) || perJoint(g.gains->kd))) ||
         (g.rule && (perJoint(g.rule->tau_max) || perJoint(g.rule->max_error)));
}

std::string syncController(JointControllerDescription& c, const std::string& what,
                           const std::vector<std::string>& before,
                           const std::vector<std::string>& after) {
  // A quintic target or waypoints have one column per controlled joint; a joint sweep does not.
  const bool sized =
      (c.trajectory && !std::holds_alternative<JointSweepTrajectoryDescription>(*c.trajectory)) ||
      gainsPerJoint(c.gains);
  if (!c.joints) {
    if (sized)
      return what +
             " drives every joint with a trajectory or gains given per joint: it depends on "
             "the joint count (" +
             std::to_string(before.size()) + " -> " + std::to_string(after.size()) +
             "); edit the scenario's controllers first";
    return {};
  }
  std::vector<std::string> kept;
  for (const std::string& n : *c.joints)
    if (std::find(after.begin(), after.end(), n) != after.end()) kept.push_back(n);
  if (kept.size() == c.joints->size()) return {};
  if (sized || kept.empty())
    return what +
           " controls a joint that would no longer move; edit the scenario's "
           "controllers first";
  c.joints = kept;
  return {};
}

std::string checkNewName(const std::string& name) {
  if (const std::string p = nameProblem(name); !p.empty()) return "invalid name: " + p;
  return {};
}

}  // namespace

std::string rootLinkName(const ModelDescription& d) {
  try {
    return vms::rootLinkName(d);  // core/model/compose_models: throws for none or several
  } catch (const ModelError&) {
    return {};
  }
}

std::string firstLinkWithoutParent(const ModelDescription& d) {
  for (const LinkDescription& l : d.links)
    if (parentJoint(d, l.name) < 0) return l.name;
  return {};
}

std::string uniqueName(const ModelDescription& d, const ScenarioDescription* s,
                       const std::string& stem) {
  return freeName(d, s, stem, 1);
}

std::string syncScenarioJoints(const ModelDescription& before, const ModelDescription& after,
                               ScenarioDescription* s) {
  if (!s) return {};
  const std::vector<std::string> old_joints = movingJoints(before);
  const std::vector<std::string> new_joints = movingJoints(after);
  if (old_joints == new_joints) return {};
  for (size_t c = 0; c < s->controllers.size(); ++c) {
    const std::string what = "the scenario's controller " + std::to_string(c + 1) + " (" +
                             controllerTypeName(s->controllers[c]) + ")";
    std::string problem;
    if (auto* ct = std::get_if<ComputedTorqueDescription>(&s->controllers[c]))
      problem = syncController(*ct, what, old_joints, new_joints);
    else if (auto* pd = std::get_if<JointPDDescription>(&s->controllers[c]))
      problem = syncController(*pd, what, old_joints, new_joints);
    else if (auto* rr = std::get_if<ResolvedRateDescription>(&s->controllers[c])) {
      if (gainsPerJoint(rr->gains))
        problem = what +
                  " has gains given per joint: it depends on the joint count; edit the "
                  "scenario's controllers first";
    } else if (auto* lqr = std::get_if<LqrDescription>(&s->controllers[c])) {
      // Its joints and inputs by name (wheels among them): a moving joint that goes away is
      // the user's to replace, with its target and weights.
      const auto gone = [&](const std::string& n) {
        return std::find(old_joints.begin(), old_joints.end(), n) != old_joints.end() &&
               std::find(new_joints.begin(), new_joints.end(), n) == new_joints.end();
      };
      if (std::any_of(lqr->joints.begin(), lqr->joints.end(), gone) ||
          (lqr->inputs && std::any_of(lqr->inputs->begin(), lqr->inputs->end(), gone)))
        problem = what +
                  " regulates or drives a joint that would no longer move; edit the "
                  "scenario's controllers first";
    }
    if (!problem.empty()) return problem;
  }
  if (s->initial_state) {
    StateDescription& st = s->initial_state->description;
    auto remap = [&](std::optional<std::vector<double>>& v) -> std::string {
      if (!v) return {};
      if (v->size() != old_joints.size())
        return "the scenario's initial state has " + std::to_string(v->size()) +
               " joint values for " + std::to_string(old_joints.size()) + " joints";
      std::vector<double> out(new_joints.size(), 0.0);
      for (size_t k = 0; k < new_joints.size(); ++k)
        for (size_t i = 0; i < old_joints.size(); ++i)
          if (old_joints[i] == new_joints[k]) out[k] = (*v)[i];
      v = out;
      return {};
    };
    for (auto* v : {&st.q, &st.qd, &st.tau})
      if (std::string p = remap(*v); !p.empty()) return p;
    if (st.joint_names) st.joint_names = new_joints;
    // A STATE file no longer matches: the state is written inline from now on.
    s->initial_state->path.clear();
  }
  return {};
}

std::string addChildLink(ModelDescription& d, ScenarioDescription* s, const std::string& parent,
                         JointKind kind, std::string* created) {
  const int p = linkIndex(d, parent);
  if (p < 0) return "no link " + quoted(parent);
  const ModelDescription before = d;
  LinkDescription link;
  link.name = uniqueName(d, s, "link");
  const double m = kNewLinkMass, r = kNewLinkRadius, L = kNewLinkLength;
  link.inertial.mass = m;
  link.inertial.com = Vec3(0.5 * L, 0.0, 0.0);
  const double axial = 0.5 * m * r * r, transverse = m * (3.0 * r * r + L * L) / 12.0;
  link.inertial.inertia = Vec3(axial, transverse, transverse).asDiagonal();
  Visual v;
  v.shape = Visual::Shape::Cylinder;
  v.size = Vec3(r, L, 0.0);
  v.origin.R = zOntoX();
  v.origin.p = Vec3(0.5 * L, 0.0, 0.0);
  link.visuals.push_back(v);

  JointDescription joint;
  joint.name = uniqueName(d, s, "joint");
  joint.kind = kind;
  joint.parent = parent;
  joint.child = link.name;
  joint.origin.p = farEnd(d.links[p], Vec3(L, 0.0, 0.0));
  joint.axis = Vec3::UnitZ();
  if (kind == JointKind::Revolute) {
    joint.has_limits = true;
    joint.lower = -M_PI;
    joint.upper = M_PI;
  }
  if (created) *created = link.name;
  d.links.push_back(std::move(link));
  d.joints.push_back(std::move(joint));
  return syncScenarioJoints(before, d, s);
}

std::string deleteLink(ModelDescription& d, ScenarioDescription* s, const std::string& link) {
  if (linkIndex(d, link) < 0) return "no link " + quoted(link);
  if (parentJoint(d, link) < 0 && firstLinkWithoutParent(d) == link)
    return "link " + quoted(link) + " is the vehicle (root link): it cannot be deleted";
  const ModelDescription before = d;
  const std::set<std::string> gone = subtree(d, link);
  std::set<std::string> gone_frames = gone;  // links and the frames on them
  for (const FrameDescription& f : d.frames)
    if (gone.count(f.link)) gone_frames.insert(f.name);
  for (const std::string& n : gone_frames)
    if (const std::string use = scenarioUseOfFrame(s, n); !use.empty())
      return use + " names " + quoted(n) + ": change it before deleting link " + quoted(link);
  eraseIf(d.links, [&](const LinkDescription& l) { return gone.count(l.name) > 0; });
  eraseIf(d.joints, [&](const JointDescription& j) { return gone.count(j.child) > 0; });
  eraseIf(d.frames, [&](const FrameDescription& f) { return gone.count(f.link) > 0; });
  eraseIf(d.added_mass,
          [&](const AddedMassDescription& a) { return gone_frames.count(a.link) > 0; });
  if (s) {
    eraseIf(s->thrusters, [&](const ThrusterSpec& t) { return gone_frames.count(t.link) > 0; });
    if (auto* bodies = hydroBodies(s))
      eraseIf(*bodies, [&](const HydrodynamicBody& b) { return gone_frames.count(b.link) > 0; });
  }
  return syncScenarioJoints(before, d, s);
}

std::string deleteJoint(ModelDescription& d, ScenarioDescription* s, const std::string& joint) {
  const int j = jointIndex(d, joint);
  if (j < 0) return "no joint " + quoted(joint);
  const ModelDescription before = d;
  d.joints.erase(d.joints.begin() + j);
  return syncScenarioJoints(before, d, s);
}

std::string duplicateSubtree(ModelDescription& d, ScenarioDescription* s, const std::string& link,
                             std::string* created) {
  if (linkIndex(d, link) < 0) return "no link " + quoted(link);
  const int pj = parentJoint(d, link);
  if (pj < 0)
    return "link " + quoted(link) + " is the vehicle (root link): it cannot be duplicated";
  const ModelDescription before = d;
  const std::set<std::string> links = subtree(d, link);
  std::map<std::string, std::string> copy_of;  // link and frame names
  auto copyName = [&](const std::string& n) {
    std::string c = n + "_copy";
    for (int k = 2; nameUsed(d, s, c) || std::any_of(copy_of.begin(), copy_of.end(),
                                                     [&](const auto& e) { return e.second == c; });
         ++k)
      c = n + "_copy" + std::to_string(k);
    return c;
  };
  // Names first (so that the copies' names are chosen against the whole model), then items.
  std::vector<std::string> link_order, frame_order;
  std::vector<int> joint_order;
  for (const LinkDescription& l : d.links)
    if (links.count(l.name)) {
      copy_of[l.name] = copyName(l.name);
      link_order.push_back(l.name);
    }
  for (const FrameDescription& f : d.frames)
    if (links.count(f.link)) {
      copy_of[f.name] = copyName(f.name);
      frame_order.push_back(f.name);
    }
  std::map<std::string, std::string> joint_copy;
  for (size_t j = 0; j < d.joints.size(); ++j)
    if (links.count(d.joints[j].child)) {
      std::string c = d.joints[j].name + "_copy";
      for (int k = 2; nameUsed(d, s, c) ||
                      std::any_of(joint_copy.begin(), joint_copy.end(),
                                  [&](const auto& e) { return e.second == c; }) ||
                      std::any_of(copy_of.begin(), copy_of.end(),
                                  [&](const auto& e) { return e.second == c; });
           ++k)
        c = d.joints[j].name + "_copy" + std::to_string(k);
      joint_copy[d.joints[j].name] = c;
      joint_order.push_back(static_cast<int>(j));
    }
  for (const std::string& n : link_order) {
    LinkDescription l = d.links[linkIndex(d, n)];
    l.name = copy_of[n];
    d.links.push_back(std::move(l));
  }
  for (int j : joint_order) {
    JointDescription jd = d.joints[j];
    const bool top = jd.child == link;
    jd.name = joint_copy[jd.name];
    jd.child = copy_of[jd.child];
    if (!top) jd.parent = copy_of[jd.parent];
    if (top) jd.origin.p += Vec3(0.0, 0.25, 0.0);  // beside the original, parent's y axis
    d.joints.push_back(std::move(jd));
  }
  for (const std::string& n : frame_order) {
    FrameDescription f = d.frames[frameIndex(d, n)];
    f.name = copy_of[n];
    f.link = copy_of[f.link];
    d.frames.push_back(std::move(f));
  }
  const size_t added_mass = d.added_mass.size();
  for (size_t a = 0; a < added_mass; ++a)
    if (copy_of.count(d.added_mass[a].link)) {
      AddedMassDescription c = d.added_mass[a];
      c.link = copy_of[c.link];
      d.added_mass.push_back(std::move(c));
    }
  if (created) *created = copy_of[link];
  return syncScenarioJoints(before, d, s);
}

std::vector<std::string> validParents(const ModelDescription& d, const std::string& link) {
  std::vector<std::string> out;
  if (linkIndex(d, link) < 0 || parentJoint(d, link) < 0) return out;
  const std::set<std::string> below = subtree(d, link);
  for (const LinkDescription& l : d.links)
    if (!below.count(l.name)) out.push_back(l.name);
  return out;
}

std::string reparentLink(ModelDescription& d, ScenarioDescription* /*s*/, const std::string& link,
                         const std::string& new_parent) {
  if (linkIndex(d, link) < 0) return "no link " + quoted(link);
  if (linkIndex(d, new_parent) < 0) return "no link " + quoted(new_parent);
  const int pj = parentJoint(d, link);
  if (pj < 0) return "link " + quoted(link) + " is the vehicle (root link): it cannot be moved";
  if (subtree(d, link).count(new_parent))
    return "link " + quoted(new_parent) + " is in the subtree of " + quoted(link) +
           ": moving it there would make a loop";
  d.joints[pj].parent = new_parent;
  return {};
}

std::string renameItem(ModelDescription& d, ScenarioDescription* s, StructureItem kind,
                       const std::string& old_name, const std::string& new_name) {
  if (old_name == new_name) return {};
  if (const std::string p = checkNewName(new_name); !p.empty()) return p;
  auto wheelNamed = [&](const std::string& n) {
    if (s)
      for (const auto& w : s->reaction_wheels)
        if (w.wheel.name == n) return true;
    return false;
  };
  if (wheelNamed(old_name))
    return quoted(old_name) + " is a reaction wheel of the scenario: rename it there";
  switch (kind) {
    case StructureItem::Link:
    case StructureItem::Frame: {
      const bool is_link = kind == StructureItem::Link;
      if (is_link ? linkIndex(d, old_name) < 0 : frameIndex(d, old_name) < 0)
        return std::string(is_link ? "no link " : "no frame ") + quoted(old_name);
      if (linkIndex(d, new_name) >= 0 || frameIndex(d, new_name) >= 0 || wheelNamed(new_name))
        return "a link or frame is already named " + quoted(new_name);
      if (is_link) {
        d.links[linkIndex(d, old_name)].name = new_name;
        for (auto& j : d.joints) {
          if (j.parent == old_name) j.parent = new_name;
          if (j.child == old_name) j.child = new_name;
        }
        for (auto& f : d.frames)
          if (f.link == old_name) f.link = new_name;
      } else {
        d.frames[frameIndex(d, old_name)].name = new_name;
      }
      renameFrameReferences(d, s, old_name, new_name);
      return {};
    }
    case StructureItem::Joint: {
      const int j = jointIndex(d, old_name);
      if (j < 0) return "no joint " + quoted(old_name);
      if (jointIndex(d, new_name) >= 0 || wheelNamed(new_name))
        return "a joint is already named " + quoted(new_name);
      d.joints[j].name = new_name;
      for (auto& other : d.joints)  // mimic joints name their leader
        if (other.has_mimic && other.mimic.joint == old_name) other.mimic.joint = new_name;
      if (!s) return {};
      if (s->initial_state && s->initial_state->description.joint_names) {
        for (auto& n : *s->initial_state->description.joint_names)
          if (n == old_name) n = new_name;
        s->initial_state->path.clear();  // the STATE file names the old joint: write inline
      }
      for (auto& c : s->controllers) {
        std::optional<std::vector<std::string>>* joints = nullptr;
        if (auto* ct = std::get_if<ComputedTorqueDescription>(&c)) joints = &ct->joints;
        if (auto* pd = std::get_if<JointPDDescription>(&c)) joints = &pd->joints;
        if (joints && *joints)
          for (auto& n : **joints)
            if (n == old_name) n = new_name;
        if (auto* lqr = std::get_if<LqrDescription>(&c)) {
          std::replace(lqr->joints.begin(), lqr->joints.end(), old_name, new_name);
          if (lqr->inputs)
            std::replace(lqr->inputs->begin(), lqr->inputs->end(), old_name, new_name);
        }
      }
      return {};
    }
  }
  return {};
}

std::string changeJointType(ModelDescription& d, ScenarioDescription* s, const std::string& joint,
                            JointKind kind) {
  const int j = jointIndex(d, joint);
  if (j < 0) return "no joint " + quoted(joint);
  JointDescription& jd = d.joints[j];
  if (jd.kind == kind) return {};
  const ModelDescription before = d;
  // Between turning and sliding the limits change units (rad and m, rad/s and m/s, N m and
  // N): values of the old unit mean nothing in the new one.
  const bool was_prismatic = jd.kind == JointKind::Prismatic;
  const bool is_prismatic = kind == JointKind::Prismatic;
  if (jd.kind != JointKind::Fixed && kind != JointKind::Fixed && was_prismatic != is_prismatic) {
    jd.has_limits = false;
    jd.lower = jd.upper = 0.0;
    jd.velocity = jd.effort = 0.0;  // unlimited
  }
  jd.kind = kind;
  if (kind != JointKind::Fixed) {
    if (!(jd.axis.norm() > 1e-9)) jd.axis = Vec3::UnitZ();
    if (kind == JointKind::Revolute && !jd.has_limits) {
      jd.has_limits = true;
      jd.lower = -M_PI;
      jd.upper = M_PI;
    }
  }
  return syncScenarioJoints(before, d, s);
}

std::string addFrame(ModelDescription& d, ScenarioDescription* s, const std::string& link,
                     std::string* created) {
  const int l = linkIndex(d, link);
  if (l < 0) return "no link " + quoted(link);
  FrameDescription f;
  f.name = uniqueName(d, s, "frame");
  f.link = link;
  f.origin.p = farEnd(d.links[l], Vec3::Zero());
  if (created) *created = f.name;
  d.frames.push_back(std::move(f));
  return {};
}

std::string deleteFrame(ModelDescription& d, ScenarioDescription* s, const std::string& frame) {
  const int f = frameIndex(d, frame);
  if (f < 0) return "no frame " + quoted(frame);
  if (const std::string use = scenarioUseOfFrame(s, frame); !use.empty())
    return use + " names frame " + quoted(frame) + ": change it first";
  if (s) {
    for (const auto& t : s->thrusters)
      if (t.link == frame)
        return "thruster " + quoted(t.name) + " is on frame " + quoted(frame) +
               ": delete or move it first";
    if (auto* bodies = hydroBodies(s))
      for (const auto& b : *bodies)
        if (b.link == frame)
          return "the scenario's underwater environment has a body on frame " + quoted(frame) +
                 ": change it first";
  }
  d.frames.erase(d.frames.begin() + f);
  eraseIf(d.added_mass, [&](const AddedMassDescription& a) { return a.link == frame; });
  return {};
}

std::string addReactionWheel(const ModelDescription& d, ScenarioDescription* s,
                             std::string* created) {
  if (!s) return "reaction wheels are scenario items: there is no scenario";
  ReactionWheelDescription w;
  w.wheel.name = uniqueName(d, s, "wheel");
  w.wheel.axis = Vec3::Unit(static_cast<Eigen::Index>(s->reaction_wheels.size() % 3));
  w.wheel.mass = 2.0;
  w.wheel.spin_inertia = 0.02;
  w.wheel.transverse_inertia = 0.012;
  w.wheel.max_torque = 0.2;
  w.wheel.max_speed = 600.0;
  if (created) *created = w.wheel.name;
  s->reaction_wheels.push_back(std::move(w));
  return {};
}

std::string deleteReactionWheel(ScenarioDescription* s, const std::string& name) {
  if (s)
    for (auto it = s->reaction_wheels.begin(); it != s->reaction_wheels.end(); ++it)
      if (it->wheel.name == name) {
        s->reaction_wheels.erase(it);
        return {};
      }
  return "no reaction wheel " + quoted(name);
}

std::string addThruster(const ModelDescription& d, ScenarioDescription* s, const std::string& link,
                        std::string* created) {
  if (!s) return "thrusters are scenario items: there is no scenario";
  const int l = linkIndex(d, link);
  if (l < 0) return "no link " + quoted(link);
  ThrusterSpec t;
  t.name = uniqueName(d, s, "thruster");
  t.link = link;
  t.position = farEnd(d.links[l], Vec3::Zero());
  t.direction = Vec3::UnitX();
  t.max_force = 10.0;
  if (created) *created = t.name;
  s->thrusters.push_back(std::move(t));
  return {};
}

std::string deleteThruster(ScenarioDescription* s, const std::string& name) {
  if (s)
    for (auto it = s->thrusters.begin(); it != s->thrusters.end(); ++it)
      if (it->name == name) {
        s->thrusters.erase(it);
        return {};
      }
  return "no thruster " + quoted(name);
}

}  // namespace vms::ui
