#include "core/model/compose_models.hpp"

#include <set>

#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace vms {

namespace {

std::string quoted(const std::string& s) { return "'" + printableText(s) + "'"; }

[[noreturn]] void fail(const std::string& msg) { throw ModelError(msg); }

/// A mesh path the model's folder resolves (not absolute, not a URI such as package://).
bool isRelativeMeshPath(const std::string& path) {
  return !path.empty() && path.front() != '/' && path.find("://") == std::string::npos;
}

void prefixMeshPaths(std::vector<LinkDescription>& links, const std::string& directory) {
  if (directory.empty()) return;
  for (LinkDescription& link : links)
    for (Visual& v : link.visuals)
      if (v.shape == Visual::Shape::Mesh && isRelativeMeshPath(v.mesh))
        v.mesh = directory + "/" + v.mesh;
}

/// Names in one namespace: links and frames share one (a frame is addressed like a link),
/// joints have their own.
struct Names {
  std::set<std::string> bodies;  // links and frames
  std::set<std::string> joints;
};

Names namesOf(const ModelDescription& d, const std::string& except_link = {}) {
  Names n;
  for (const LinkDescription& l : d.links)
    if (l.name != except_link) n.bodies.insert(l.name);
  for (const FrameDescription& f : d.frames) n.bodies.insert(f.name);
  for (const JointDescription& j : d.joints) n.joints.insert(j.name);
  return n;
}

/// A link of `d` or a frame on one: the link's name and the frame's placement in it.
struct Attachment {
  std::string link;
  Pose linkMattachment;
};

Attachment findAttachment(const ModelDescription& d, const std::string& name,
                          const std::string& what) {
  for (const LinkDescription& l : d.links)
    if (l.name == name) return {name, Pose{}};
  for (const FrameDescription& f : d.frames)
    if (f.name == name) return {f.link, f.origin};
  fail(what + " " + quoted(name) + ": no link or frame of that name in " + quoted(d.name));
}

void checkNoClash(const Names& taken, const ModelDescription& incoming,
                  const std::string& except_link, const std::string& incoming_role) {
  auto clash = [&](const std::string& kind, const std::string& name) {
    fail(incoming_role + " " + quoted(incoming.name) + ": " + kind + " " + quoted(name) +
         " is already used in the other model (give a prefix)");
  };
  for (const LinkDescription& l : incoming.links)
    if (l.name != except_link && taken.bodies.count(l.name)) clash("link", l.name);
  for (const FrameDescription& f : incoming.frames)
    if (taken.bodies.count(f.name)) clash("frame", f.name);
  for (const JointDescription& j : incoming.joints)
    if (taken.joints.count(j.name)) clash("joint", j.name);
}

ModelDescription withPrefix(ModelDescription d, const std::string& prefix) {
  if (prefix.empty()) return d;
  if (const std::string problem = nameProblem(prefix + "x"); !problem.empty())
    fail("prefix " + quoted(prefix) + ": " + problem);
  for (LinkDescription& l : d.links) l.name = prefix + l.name;
  for (JointDescription& j : d.joints) {
    j.name = prefix + j.name;
    j.parent = prefix + j.parent;
    j.child = prefix + j.child;
  }
  for (FrameDescription& f : d.frames) {
    f.name = prefix + f.name;
    f.link = prefix + f.link;
  }
  for (AddedMassDescription& a : d.added_mass) a.link = prefix + a.link;
  return d;
}

template <typename T>
void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

void prefixRelativeMeshPaths(ModelDescription& d, const std::string& directory) {
  prefixMeshPaths(d.links, directory);
}

std::string rootLinkName(const ModelDescription& d) {
  std::set<std::string> children;
  for (const JointDescription& j : d.joints) children.insert(j.child);
  std::string root;
  int roots = 0;
  for (const LinkDescription& l : d.links)
    if (!children.count(l.name)) {
      root = l.name;
      ++roots;
    }
  if (roots == 0) fail("model " + quoted(d.name) + ": has no root link (every link is a child)");
  if (roots > 1)
    fail("model " + quoted(d.name) + ": has " + std::to_string(roots) +
         " root links (links that are no joint's child); one is needed");
  return root;
}

ModelDescription mountArm(const ModelDescription& vehicle, const ModelDescription& arm_in,
                          const MountOptions& options) {
  const std::string parent_name =
      options.parent_link.empty() ? rootLinkName(vehicle) : options.parent_link;
  const Attachment at = findAttachment(vehicle, parent_name, "mount point");
  ModelDescription arm = withPrefix(arm_in, options.prefix);
  const std::string arm_root = rootLinkName(arm);
  prefixMeshPaths(arm.links, options.arm_mesh_directory);

  JointDescription mount;
  mount.name = options.mount_joint.empty() ? arm_root + "_mount" : options.mount_joint;
  if (const std::string problem = nameProblem(mount.name); !problem.empty())
    fail("mount joint " + quoted(mount.name) + ": invalid name: " + problem);
  mount.kind = JointKind::Fixed;
  mount.parent = at.link;
  mount.child = arm_root;
  mount.origin = at.linkMattachment * options.placement;

  const Names taken = namesOf(vehicle);
  checkNoClash(taken, arm, {}, "arm");
  if (taken.joints.count(mount.name) || namesOf(arm).joints.count(mount.name))
    fail("mount joint " + quoted(mount.name) + ": the name is already used (name it)");

  ModelDescription out = vehicle;
  append(out.links, arm.links);
  out.joints.push_back(mount);
  append(out.joints, arm.joints);
  append(out.frames, arm.frames);
  append(out.added_mass, arm.added_mass);
  return out;
}

ModelDescription replaceVehicle(const ModelDescription& model, const ModelDescription& vehicle_in,
                                const ReplaceVehicleOptions& options,
                                std::vector<std::string>* dropped) {
  const std::string old_root = rootLinkName(model);
  ModelDescription vehicle = vehicle_in;
  prefixMeshPaths(vehicle.links, options.vehicle_mesh_directory);
  const std::string attach_name =
      options.attach_link.empty() ? rootLinkName(vehicle) : options.attach_link;
  const Attachment at = findAttachment(vehicle, attach_name, "attach point");
  const Pose linkMold = at.linkMattachment * options.placement;

  checkNoClash(namesOf(vehicle), model, old_root, "model");

  ModelDescription out;
  out.name = model.name;
  out.base_type = vehicle.base_type;
  out.gravity = vehicle.gravity;
  out.links = vehicle.links;
  for (const LinkDescription& l : model.links)
    if (l.name != old_root) out.links.push_back(l);
  out.joints = vehicle.joints;
  for (JointDescription j : model.joints) {
    if (j.parent == old_root) {
      j.parent = at.link;
      j.origin = linkMold * j.origin;
    }
    out.joints.push_back(j);
  }
  out.frames = vehicle.frames;
  for (FrameDescription f : model.frames) {
    if (f.link == old_root) {
      f.link = at.link;
      f.origin = linkMold * f.origin;
    }
    out.frames.push_back(f);
  }
  out.added_mass = vehicle.added_mass;
  for (const AddedMassDescription& a : model.added_mass) {
    bool on_old_root = a.link == old_root;
    for (const FrameDescription& f : model.frames)
      if (f.name == a.link && f.link == old_root) on_old_root = true;
    if (on_old_root) {
      if (dropped)
        dropped->push_back("added mass on " + quoted(a.link) +
                           " dropped with the replaced vehicle " + quoted(old_root));
    } else {
      out.added_mass.push_back(a);
    }
  }
  return out;
}

}  // namespace vms
