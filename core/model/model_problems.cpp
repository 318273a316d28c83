#include "core/model/model_problems.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <set>

#include "core/model/compile_model.hpp"
#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace vms {

namespace {

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

std::string quoted(const std::string& s) { return "'" + printableText(s) + "'"; }

/// The stand-in under construction, with the original index of each of its items (items are
/// left out of it, never reordered).
struct StandIn {
  ModelDescription d;
  std::vector<int> link_origin, joint_origin, frame_origin, added_mass_origin;

  explicit StandIn(const ModelDescription& original) : d(original) {
    auto iota = [](std::vector<int>& v, size_t n) {
      v.resize(n);
      for (size_t i = 0; i < n; ++i) v[i] = static_cast<int>(i);
    };
    iota(link_origin, d.links.size());
    iota(joint_origin, d.joints.size());
    iota(frame_origin, d.frames.size());
    iota(added_mass_origin, d.added_mass.size());
  }

  template <class T>
  static void eraseIf(std::vector<T>& items, std::vector<int>& origin,
                      const std::function<bool(const T&)>& drop) {
    size_t out = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      if (drop(items[i])) continue;
      if (out != i) {
        items[out] = std::move(items[i]);
        origin[out] = origin[i];
      }
      ++out;
    }
    items.resize(out);
    origin.resize(out);
  }

  void removeJoint(int j) {
    d.joints.erase(d.joints.begin() + j);
    joint_origin.erase(joint_origin.begin() + j);
  }

  /// The first link without a parent joint, other than `link` ("" if none).
  std::string rootOtherThan(const std::string& link) const {
    std::set<std::string> has_parent;
    for (const auto& j : d.joints) has_parent.insert(j.child);
    for (const auto& l : d.links)
      if (l.name != link && !has_parent.count(l.name)) return l.name;
    return {};
  }

  /// A name no link, joint or frame has: `base`, `base_2`, ...
  std::string unusedName(const std::string& base) const {
    std::set<std::string> used;
    for (const auto& l : d.links) used.insert(l.name);
    for (const auto& j : d.joints) used.insert(j.name);
    for (const auto& f : d.frames) used.insert(f.name);
    if (!used.count(base)) return base;
    for (int k = 2;; ++k)
      if (const std::string n = base + "_" + std::to_string(k); !used.count(n)) return n;
  }

  /// Leaves out every link not reachable from the first link without a parent joint (the root
  /// compileModel picks), the joints into or out of them, and their frames and added masses.
  bool pruneUnattached() {
    const std::string root = rootOtherThan({});
    if (root.empty()) return false;
    std::set<std::string> reached = {root};
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& j : d.joints)
        if (reached.count(j.parent) && reached.insert(j.child).second) grew = true;
    }
    const size_t before = d.links.size() + d.joints.size();
    std::set<std::string> left_out;  // links that exist and are not reached
    for (const auto& l : d.links)
      if (!reached.count(l.name)) left_out.insert(l.name);
    auto out = [&](const std::string& link) { return left_out.count(link) > 0; };
    eraseIf<LinkDescription>(d.links, link_origin,
                             [&](const LinkDescription& l) { return out(l.name); });
    eraseIf<JointDescription>(d.joints, joint_origin, [&](const JointDescription& j) {
      return out(j.parent) || out(j.child);
    });
    eraseIf<FrameDescription>(d.frames, frame_origin,
                              [&](const FrameDescription& f) { return out(f.link); });
    eraseIf<AddedMassDescription>(d.added_mass, added_mass_origin,
                                  [&](const AddedMassDescription& a) { return out(a.link); });
    return d.links.size() + d.joints.size() < before;
  }
};

/// A physical inertial close to `in`: finite values, mass |m| (1 if not finite), the inertia
/// symmetrised with its principal moments clipped at zero and balanced if they break the
/// triangle inequality.
Inertial physicalInertial(const Inertial& in) {
  Inertial out;
  out.mass = std::isfinite(in.mass) ? std::abs(in.mass) : 1.0;
  out.com = in.com.allFinite() ? in.com : Vec3::Zero();
  if (!in.inertia.allFinite()) {
    out.inertia = 0.01 * Mat3::Identity();
    return out;
  }
  const Mat3 sym = 0.5 * (in.inertia + in.inertia.transpose());
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(sym);
  Vec3 l = eig.eigenvalues().cwiseMax(0.0);
  if (l(0) + l(1) < l(2)) l.setConstant(l.mean());
  out.inertia = eig.eigenvectors() * l.asDiagonal() * eig.eigenvectors().transpose();
  out.inertia = 0.5 * (out.inertia + out.inertia.transpose());
  return out;
}

/// The item a refusal names, in the stand-in's indices (index -1 with item Model: the model).
struct Target {
  ModelItem item = ModelItem::Model;
  int index = -1;
  std::string rest;  // the message after "<item> ...: "
};

int numberAfter(const std::string& s, size_t pos) {
  return std::atoi(s.c_str() + pos) - 1;  // "#3" -> index 2
}

template <class T>
bool named(const std::string& message, const std::string& word, const std::vector<T>& items,
           ModelItem kind, const std::function<int(const std::string&)>& pick, Target* t) {
  // "<word> #<n>: ..." or "<word> #<n> '<name>': invalid name: ..."
  if (startsWith(message, word + " #")) {
    t->item = kind;
    t->index = numberAfter(message, word.size() + 2);
    const size_t colon = message.find(": ");
    t->rest = colon == std::string::npos ? std::string() : message.substr(colon + 2);
    if (startsWith(t->rest, "invalid name")) t->rest = "invalid name";
    return t->index >= 0 && t->index < static_cast<int>(items.size());
  }
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string prefix = word + " " + quoted(items[i].name) + ": ";
    if (!startsWith(message, prefix)) continue;
    t->item = kind;
    t->rest = message.substr(prefix.size());
    t->index = pick(t->rest);
    if (t->index < 0) t->index = static_cast<int>(i);
    return true;
  }
  return false;
}

Target targetOf(const std::string& message, const ModelDescription& d) {
  Target t;
  if (startsWith(message, "added mass #")) {
    t.item = ModelItem::AddedMass;
    t.index = numberAfter(message, 12);
    if (t.index >= static_cast<int>(d.added_mass.size())) t.index = -1;
    const size_t colon = message.find("): ");
    t.rest = colon == std::string::npos ? std::string() : message.substr(colon + 3);
    return t;
  }
  if (startsWith(message, "model ")) {
    const size_t colon = message.find("': ");
    t.rest = colon == std::string::npos ? message : message.substr(colon + 3);
    return t;
  }
  // A duplicate is the second item of that name; a frame named like an earlier link or frame is
  // the first frame whose name was taken.
  auto second = [&](auto const& items, const std::string& rest, const std::string& refusal) {
    if (!startsWith(rest, refusal)) return -1;
    std::set<std::string> seen;
    for (size_t i = 0; i < items.size(); ++i)
      if (!seen.insert(items[i].name).second) return static_cast<int>(i);
    return -1;
  };
  if (named<LinkDescription>(
          message, "link", d.links, ModelItem::Link,
          [&](const std::string& rest) { return second(d.links, rest, "duplicate link name"); },
          &t))
    return t;
  if (named<JointDescription>(
          message, "joint", d.joints, ModelItem::Joint,
          [&](const std::string& rest) { return second(d.joints, rest, "duplicate joint name"); },
          &t))
    return t;
  if (named<FrameDescription>(
          message, "frame", d.frames, ModelItem::Frame,
          [&](const std::string& rest) {
            if (!startsWith(rest, "name already used")) return -1;
            std::set<std::string> seen;
            for (const auto& l : d.links) seen.insert(l.name);
            for (size_t i = 0; i < d.frames.size(); ++i)
              if (!seen.insert(d.frames[i].name).second) return static_cast<int>(i);
            return -1;
          },
          &t))
    return t;
  t.index = -2;  // not recognised
  return t;
}

/// Changes the stand-in so that the refusal `t` is gone. False if it cannot.
bool neutralise(StandIn& s, const Target& t) {
  ModelDescription& d = s.d;
  const std::string& rest = t.rest;
  switch (t.item) {
    case ModelItem::Model:
      if (startsWith(rest, "invalid name")) {
        d.name = "draft";
        return true;
      }
      if (startsWith(rest, "has no links")) {
        LinkDescription l;
        l.name = "vehicle";
        l.inertial.mass = 1.0;
        l.inertial.inertia = 0.01 * Mat3::Identity();
        d.links.push_back(l);
        s.link_origin.push_back(-1);
        return true;
      }
      if (startsWith(rest, "gravity")) {
        d.gravity = Vec3::Zero();
        return true;
      }
      if (contains(rest, "every link has a parent")) {
        // The first link becomes the root: its parent joint is left out.
        for (size_t j = 0; j < d.joints.size(); ++j)
          if (d.joints[j].child == d.links.front().name) {
            s.removeJoint(static_cast<int>(j));
            return true;
          }
        return false;
      }
      if (contains(rest, "vehicle has no mass or inertia")) {
        if (d.base_type == BaseType::Fixed) return false;
        d.base_type = BaseType::Fixed;
        return true;
      }
      return false;
    case ModelItem::Link: {
      auto& l = d.links[static_cast<size_t>(t.index)];
      if (startsWith(rest, "has no name") || startsWith(rest, "invalid name")) {
        // Renamed with what refers to it, so that nothing else is refused because of it.
        const std::string old = l.name;
        l.name = s.unusedName("link_" + std::to_string(t.index + 1));
        for (auto& j : d.joints) {
          if (j.parent == old) j.parent = l.name;
          if (j.child == old) j.child = l.name;
        }
        for (auto& f : d.frames)
          if (f.link == old) f.link = l.name;
        for (auto& a : d.added_mass)
          if (a.link == old) a.link = l.name;
        return true;
      }
      if (startsWith(rest, "duplicate link name")) {
        // Nothing can refer to the second link of a name: it is left out.
        d.links.erase(d.links.begin() + t.index);
        s.link_origin.erase(s.link_origin.begin() + t.index);
        return true;
      }
      if (contains(rest, "not connected to the root") || contains(rest, "not reachable"))
        return s.pruneUnattached();
      const Inertial fixed = physicalInertial(l.inertial);
      if (fixed.mass == l.inertial.mass && fixed.com == l.inertial.com &&
          fixed.inertia == l.inertial.inertia)
        return false;
      l.inertial = fixed;
      return true;
    }
    case ModelItem::Joint: {
      auto& j = d.joints[static_cast<size_t>(t.index)];
      if (startsWith(rest, "has no name") || startsWith(rest, "invalid name")) {
        const std::string old = j.name;
        j.name = s.unusedName("joint_" + std::to_string(t.index + 1));
        for (auto& other : d.joints)
          if (other.has_mimic && other.mimic.joint == old) other.mimic.joint = j.name;
        return true;
      }
      if (startsWith(rest, "duplicate joint name")) {
        j.name = s.unusedName(j.name);
        return true;
      }
      if (startsWith(rest, "unknown parent") || startsWith(rest, "parent and child")) {
        // Its child stays attached, to the root (else it would be refused as unattached too).
        const std::string root = s.rootOtherThan(j.child);
        if (!root.empty()) {
          j.parent = root;
          return true;
        }
        s.removeJoint(t.index);
        return true;
      }
      if (startsWith(rest, "unknown child") || contains(rest, "(kinematic loop)")) {
        s.removeJoint(t.index);
        return true;
      }
      if (startsWith(rest, "origin")) {
        j.origin = Pose::identity();
        return true;
      }
      if (startsWith(rest, "axis")) {
        j.axis = Vec3::UnitZ();
        return true;
      }
      if (startsWith(rest, "mimic")) {
        j.has_mimic = false;
        return true;
      }
      if (startsWith(rest, "a limit or damping value is NaN")) {
        for (double* x : {&j.lower, &j.upper, &j.effort, &j.velocity, &j.damping, &j.friction})
          if (std::isnan(*x)) *x = 0.0;
        j.has_limits = false;
        return true;
      }
      if (startsWith(rest, "damping is negative")) {
        j.damping = 0.0;
        return true;
      }
      if (startsWith(rest, "friction is negative")) {
        j.friction = 0.0;
        return true;
      }
      if (startsWith(rest, "effort limit is negative")) {
        j.effort = 0.0;
        return true;
      }
      if (startsWith(rest, "velocity limit is negative")) {
        j.velocity = 0.0;
        return true;
      }
      if (startsWith(rest, "lower limit exceeds")) {
        j.has_limits = false;
        return true;
      }
      if (contains(rest, "have no inertia about or along its axis") && j.kind != JointKind::Fixed) {
        j.kind = JointKind::Fixed;  // the massless subtree rides on its parent
        j.has_mimic = false;
        for (auto& other : d.joints)
          if (other.has_mimic && other.mimic.joint == j.name) other.has_mimic = false;
        return true;
      }
      return false;
    }
    case ModelItem::Frame: {
      auto& f = d.frames[static_cast<size_t>(t.index)];
      if (startsWith(rest, "has no name") || startsWith(rest, "invalid name") ||
          startsWith(rest, "name already used")) {
        f.name = s.unusedName("frame_" + std::to_string(t.index + 1));
        return true;
      }
      if (startsWith(rest, "unknown link")) {
        d.frames.erase(d.frames.begin() + t.index);
        s.frame_origin.erase(s.frame_origin.begin() + t.index);
        return true;
      }
      if (startsWith(rest, "origin")) {
        f.origin = Pose::identity();
        return true;
      }
      return false;
    }
    case ModelItem::AddedMass:
      if (t.index < 0) return false;
      d.added_mass.erase(d.added_mass.begin() + t.index);
      s.added_mass_origin.erase(s.added_mass_origin.begin() + t.index);
      return true;
  }
  return false;
}

/// The problem for refusal `message`, naming the item as the original description has it.
ModelProblem problemOf(const std::string& message, const Target& t, const StandIn& s,
                       const ModelDescription& original) {
  ModelProblem p;
  p.message = message;
  p.item = t.index < 0 ? ModelItem::Model : t.item;
  if (t.index < 0) {
    p.name = original.name;
    return p;
  }
  const size_t i = static_cast<size_t>(t.index);
  switch (p.item) {
    case ModelItem::Link:
      p.index = s.link_origin[i];
      if (p.index >= 0) p.name = original.links[static_cast<size_t>(p.index)].name;
      break;
    case ModelItem::Joint:
      p.index = s.joint_origin[i];
      p.name = original.joints[static_cast<size_t>(p.index)].name;
      break;
    case ModelItem::Frame:
      p.index = s.frame_origin[i];
      p.name = original.frames[static_cast<size_t>(p.index)].name;
      break;
    case ModelItem::AddedMass:
      p.index = s.added_mass_origin[i];
      p.name = original.added_mass[static_cast<size_t>(p.index)].link;
      break;
    case ModelItem::Model:
      break;
  }
  if (p.index < 0) p.item = ModelItem::Model;
  return p;
}

}  // namespace

ModelProblem problemNamedBy(const std::string& message, const ModelDescription& description) {
  const StandIn identity(description);
  for (size_t from = 0; from != std::string::npos;) {
    const Target t = targetOf(message.substr(from), description);
    if (t.index >= 0) return problemOf(message, t, identity, description);
    from = message.find(": ", from);
    if (from != std::string::npos) from += 2;
  }
  ModelProblem none;
  none.message = message;
  return none;
}

ModelDiagnosis diagnoseModel(const ModelDescription& description) {
  ModelDiagnosis out;
  StandIn s(description);
  // Each round removes one refusal; a description has at most this many items to neutralise.
  // Each round compiles the whole model (O(N)): past kMaxProblems the list stops and the
  // stand-in is not used (a file with that many problems is no draft one fixes by hand).
  const size_t rounds = std::min<size_t>(
      kMaxProblems, 2 * (description.links.size() + description.joints.size() +
                         description.frames.size() + description.added_mass.size()) +
                        8);
  for (size_t round = 0; round < rounds; ++round) {
    std::string message;
    try {
      compileModel(s.d, nullptr);
      out.stand_in = std::move(s.d);
      out.stand_in_compiles = true;
      return out;
    } catch (const ModelError& e) {
      message = e.what();
    }
    const Target t = targetOf(message, s.d);
    const Target as_model{ModelItem::Model, -1, message};
    out.problems.push_back(problemOf(message, t.index == -2 ? as_model : t, s, description));
    if (t.index == -2 || !neutralise(s, t)) break;
  }
  out.stand_in = std::move(s.d);
  return out;
}

}  // namespace vms
