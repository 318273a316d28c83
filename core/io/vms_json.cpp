#include "core/io/vms_json.hpp"

#include <cmath>

#include "core/io/dh_table.hpp"
#include "core/io/error_messages.hpp"
#include "core/io/json_util.hpp"
#include "core/io/number_format.hpp"
#include "core/io/rotations.hpp"

namespace vms {

using io::Json;
using io::ObjectReader;

namespace {

constexpr int kFormatVersion = 1;
constexpr double kPi = 3.14159265358979323846;

bool isPositiveZero(double x) { return x == 0.0 && !std::signbit(x); }

struct Reader {
  std::string source;
  std::vector<std::string>* warnings;

  void warn(const std::string& path, const std::string& msg) const {
    if (warnings) warnings->push_back(source + ": " + path + ": " + msg);
  }

  /// An array at `key` (absent: empty), each element handed to f(element, path).
  template <typename F>
  void forEach(ObjectReader& r, const std::string& key, F f) const {
    const Json* a = r.get(key);
    if (!a) return;
    if (!a->is_array()) r.failAt(key, "expected an array, got " + io::describeJson(*a));
    for (size_t i = 0; i < a->size(); ++i) f((*a)[i], io::indexPath(r.keyPath(key), i));
  }

  Pose pose(const Json& j, const std::string& path) const {
    ObjectReader r(j, path, source);
    Pose p;
    p.p = r.vec3("xyz", Vec3::Zero());
    int rotations = 0;
    if (const Json* m = r.get("rotation")) {
      ++rotations;
      p.R = io::readMat3(*m, r.keyPath("rotation"), source);
      if (orthonormalityError(p.R) > 1e-9 || p.R.determinant() < 0.0)
        r.failAt("rotation", "not a proper rotation matrix (orthonormal, determinant +1)");
    }
    if (const Json* q = r.get("quaternion_wxyz")) {
      ++rotations;
      const auto v = io::readNumbers(*q, 4, r.keyPath("quaternion_wxyz"), source);
      Quat quat(v[0], v[1], v[2], v[3]);
      const double n = quat.norm();
      if (!(n > 0.0)) r.failAt("quaternion_wxyz", "zero quaternion");
      if (std::abs(n - 1.0) > 1e-6)
        warn(r.keyPath("quaternion_wxyz"),
             "quaternion normalised (its norm was " + io::formatDouble(n) + ")");
      p.R = normalized(quat).toRotationMatrix();
    }
    if (const Json* rpy = r.get("rpy")) {
      ++rotations;
      p.R = io::rpyToRotation(io::readVec3(*rpy, r.keyPath("rpy"), source));
    }
    if (rotations > 1) r.failHere("give at most one of rotation, quaternion_wxyz, rpy");
    r.finish({"xyz", "rotation", "quaternion_wxyz", "rpy"});
    return p;
  }

  Mat3 inertia(const Json& j, const std::string& path) const {
    if (j.is_array()) return io::readMat3(j, path, source);
    if (!j.is_object())
      io::fail(source, path,
               "expected a 3x3 matrix or an object {ixx, iyy, izz, ixy, ixz, iyz}, got " +
                   io::describeJson(j));
    ObjectReader r(j, path, source);
    const double ixx = r.requireNumber("ixx"), iyy = r.requireNumber("iyy"),
                 izz = r.requireNumber("izz");
    const double ixy = r.number("ixy", 0.0), ixz = r.number("ixz", 0.0), iyz = r.number("iyz", 0.0);
    r.finish({"ixx", "iyy", "izz", "ixy", "ixz", "iyz"});
    Mat3 I;
    I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    return I;
  }

  Visual visual(const Json& j, const std::string& path) const {
    ObjectReader r(j, path, source);
    Visual v;
    const std::string shape = r.requireString("shape");
    std::vector<std::string> allowed = {"shape", "origin", "rgba", "material", "size"};
    const bool has_size = r.has("size");
    if (has_size) v.size = r.vec3("size", Vec3::Zero());
    auto exclusive = [&](const char* key) {
      if (has_size && r.has(key)) r.failAt(key, "give either size or " + std::string(key));
    };
    if (shape == "box") {
      if (!has_size) r.require("size");
    } else if (shape == "cylinder") {
      v.shape = Visual::Shape::Cylinder;
      allowed.insert(allowed.end(), {"radius", "length"});
      exclusive("radius");
      exclusive("length");
      if (!has_size) v.size = Vec3(r.requireNumber("radius"), r.requireNumber("length"), 0.0);
    } else if (shape == "sphere") {
      v.shape = Visual::Shape::Sphere;
      allowed.push_back("radius");
      exclusive("radius");
      if (!has_size) v.size = Vec3(r.requireNumber("radius"), 0.0, 0.0);
    } else if (shape == "capsule") {
      v.shape = Visual::Shape::Capsule;
      allowed.insert(allowed.end(), {"radius", "length"});
      exclusive("radius");
      exclusive("length");
      if (!has_size) v.size = Vec3(r.requireNumber("radius"), r.requireNumber("length"), 0.0);
    } else if (shape == "mesh") {
      v.shape = Visual::Shape::Mesh;
      allowed.insert(allowed.end(), {"mesh", "scale"});
      v.mesh = r.requireString("mesh");
      v.mesh_scale = r.vec3("scale", Vec3::Ones());
    } else {
      r.failAt("shape", "unknown shape " + io::quote(shape) +
                            " (expected box, cylinder, sphere, capsule or mesh)");
    }
    allowed.push_back("follow");
    if (r.has("follow")) {
      const std::string follow = r.string("follow", "");
      if (follow != "joints")
        r.failAt("follow", "expected \"joints\" (the only value), got " + io::quote(follow));
      if (v.shape != Visual::Shape::Box && v.shape != Visual::Shape::Cylinder &&
          v.shape != Visual::Shape::Capsule)
        r.failAt("follow", "only a box, cylinder or capsule can follow the joints");
      v.follow_joints = true;
    }
    if (const Json* o = r.get("origin")) v.origin = pose(*o, r.keyPath("origin"));
    if (const Json* c = r.get("rgba")) {
      const auto x = io::readNumbers(*c, 4, r.keyPath("rgba"), source);
      v.rgba = Eigen::Vector4d(x[0], x[1], x[2], x[3]);
    }
    v.material = r.string("material", "");
    r.finish(allowed);
    return v;
  }

  std::vector<Visual> visuals(ObjectReader& r) const {
    std::vector<Visual> out;
    forEach(r, "visuals",
            [&](const Json& e, const std::string& p) { out.push_back(visual(e, p)); });
    return out;
  }

  LinkDescription link(const Json& j, const std::string& path) const {
    ObjectReader r(j, path, source);
    LinkDescription l;
    l.name = r.requireString("name");
    l.inertial.mass = r.number("mass", 0.0);
    l.inertial.com = r.vec3("com", Vec3::Zero());
    if (const Json* I = r.get("inertia")) l.inertial.inertia = inertia(*I, r.keyPath("inertia"));
    l.visuals = visuals(r);
    r.finish({"name", "mass", "com", "inertia", "visuals"});
    return l;
  }

  JointKind jointKind(ObjectReader& r, bool dh) const {
    const std::string type = dh ? r.string("type", "revolute") : r.requireString("type");
    if (type == "revolute") return JointKind::Revolute;
    if (type == "continuous") return JointKind::Continuous;
    if (!dh && type == "prismatic") return JointKind::Prismatic;
    if (!dh && type == "fixed") return JointKind::Fixed;
    r.failAt("type", "unknown joint type " + io::quote(type) +
                         (dh ? " (a DH joint is revolute or continuous)"
                             : " (expected revolute, continuous, prismatic or fixed)"));
  }

  /// limits / effort / velocity / damping / friction, shared by joints and DH links.
  template <typename T>
  void jointLimits(ObjectReader& r, T* j) const {
    if (const Json* lim = r.get("limits")) {
      ObjectReader lr(*lim, r.keyPath("limits"), source);
      j->lower = lr.requireLimitNumber("lower");
      j->upper = lr.requireLimitNumber("upper");
      j->has_limits = true;
      if (const Json* e = lr.get("enabled")) {
        if (!e->is_boolean())
          lr.failAt("enabled", "expected true or false, got " + io::describeJson(*e));
        j->has_limits = e->get<bool>();
      }
      lr.finish({"lower", "upper", "enabled"});
    }
    j->effort = r.limitNumber("effort", 0.0);
    j->velocity = r.limitNumber("velocity", 0.0);
    j->damping = r.number("damping", 0.0);
    j->friction = r.number("friction", 0.0);
  }

  JointDescription joint(const Json& j, const std::string& path) const {
    ObjectReader r(j, path, source);
    JointDescription jd;
    jd.name = r.requireString("name");
    jd.kind = jointKind(r, false);
    jd.parent = r.requireString("parent");
    jd.child = r.requireString("child");
    if (const Json* o = r.get("origin")) jd.origin = pose(*o, r.keyPath("origin"));
    jd.axis = r.vec3("axis", Vec3::UnitZ());
    if (jd.kind != JointKind::Fixed && jd.axis.norm() < 1e-9) r.failAt("axis", "axis is zero");
    jointLimits(r, &jd);
    if (const Json* m = r.get("mimic")) {
      ObjectReader mr(*m, r.keyPath("mimic"), source);
      jd.has_mimic = true;
      jd.mimic.joint = mr.requireString("joint");
      jd.mimic.multiplier = mr.number("multiplier", 1.0);
      jd.mimic.offset = mr.number("offset", 0.0);
      mr.finish({"joint", "multiplier", "offset"});
    }
    r.finish({"name", "type", "parent", "child", "origin", "axis", "limits", "effort", "velocity",
              "damping", "friction", "mimic"});
    return jd;
  }

  FrameDescription frame(const Json& j, const std::string& path) const {
    ObjectReader r(j, path, source);
    FrameDescription f;
    f.name = r.requireString("name");
    f.link = r.requireString("link");
    if (const Json* o = r.get("origin")) f.origin = pose(*o, r.keyPath("origin"));
    r.finish({"name", "link", "origin"});
    return f;
  }

  /// {"link": name, "matrix": 6 rows of 6 numbers ([linear; angular], link frame)}.
  AddedMassDescription addedMass(const Json& j, const std::string& path) const {
    ObjectReader r(j, path, source);
    AddedMassDescription a;
    a.link = r.requireString("link");
    const Json& rows = r.require("matrix");
    const std::string rows_path = r.keyPath("matrix");
    if (!rows.is_array() || rows.size() != 6)
      io::fail(source, rows_path, "expected 6 rows of 6 numbers, got " + io::describeJson(rows));
    for (size_t i = 0; i < 6; ++i) {
      const auto row = io::readNumbers(rows[i], 6, io::indexPath(rows_path, i), source);
      for (size_t k = 0; k < 6; ++k) a.matrix(static_cast<int>(i), static_cast<int>(k)) = row[k];
    }
    r.finish({"link", "matrix"});
    return a;
  }

  /// "key" in radians or "key_deg" in degrees (not both); `degrees` gets the value written in
  /// degrees (kNotGiven for radians).
  double angle(ObjectReader& r, const std::string& key, double* degrees) const {
    const bool rad = r.has(key), deg = r.has(key + "_deg");
    if (rad && deg) r.failAt(key, "give either " + key + " (rad) or " + key + "_deg, not both");
    *degrees = kNotGiven;
    if (deg) {
      *degrees = r.number(key + "_deg", 0.0);
      return *degrees * (kPi / 180.0);
    }
    return r.number(key, 0.0);
  }

  DhTable dh(const Json& j, const std::string& path) const {
    ObjectReader r(j, path, source);
    DhTable t;
    const Json& b = r.require("base");
    {
      ObjectReader br(b, r.keyPath("base"), source);
      t.base_name = br.string("name", "base");
      t.base_mass = br.number("mass", 0.0);
      t.base_com = br.vec3("com", Vec3::Zero());
      if (const Json* I = br.get("inertia")) t.base_inertia = inertia(*I, br.keyPath("inertia"));
      t.base_visuals = visuals(br);
      br.finish({"name", "mass", "com", "inertia", "visuals"});
    }
    if (const Json* m = r.get("mount")) {
      ObjectReader mr(*m, r.keyPath("mount"), source);
      t.b0 = mr.vec3("b0", Vec3::Zero());
      t.epsilon = angle(mr, "epsilon", &t.epsilon_deg);
      t.zeta = angle(mr, "zeta", &t.zeta_deg);
      t.eta = angle(mr, "eta", &t.eta_deg);
      mr.finish({"b0", "epsilon", "epsilon_deg", "zeta", "zeta_deg", "eta", "eta_deg"});
    }
    forEach(r, "links", [&](const Json& e, const std::string& p) {
      ObjectReader lr(e, p, source);
      DhLink l;
      l.name = lr.string("name", "");
      l.joint_name = lr.string("joint", "");
      l.kind = jointKind(lr, true);
      l.mass = lr.number("mass", 0.0);
      if (const Json* I = lr.get("inertia")) l.inertia = inertia(*I, lr.keyPath("inertia"));
      l.d = lr.number("d", 0.0);
      l.alpha = angle(lr, "alpha", &l.alpha_deg);
      l.a = lr.number("a", 0.0);
      l.b = lr.number("b", 0.0);
      jointLimits(lr, &l);
      l.visuals = visuals(lr);
      lr.finish({"name", "joint", "type", "mass", "inertia", "d", "alpha", "alpha_deg", "a", "b",
                 "limits", "effort", "velocity", "damping", "friction", "visuals"});
      t.links.push_back(l);
    });
    t.end_effector = r.string("end_effector", "end_effector");
    r.finish({"base", "mount", "links", "end_effector"});
    return t;
  }
};

// ---- writing ---------------------------------------------------------------------------------

Json poseJson(const Pose& p) {
  Json o = Json::object();
  o["xyz"] = io::jvec(p.p);
  if (p.R != Mat3::Identity()) o["rotation"] = io::jmat(p.R);
  return o;
}

bool isIdentity(const Pose& p) {
  return p.R == Mat3::Identity() && isPositiveZero(p.p.x()) && isPositiveZero(p.p.y()) &&
         isPositiveZero(p.p.z());
}

Json inertiaJson(const Mat3& I) {
  if (I != I.transpose()) return io::jmat(I);
  Json o = Json::object();
  o["ixx"] = I(0, 0);
  o["iyy"] = I(1, 1);
  o["izz"] = I(2, 2);
  o["ixy"] = I(0, 1);
  o["ixz"] = I(0, 2);
  o["iyz"] = I(1, 2);
  return o;
}

Json visualJson(const Visual& v) {
  Json o = Json::object();
  const Vec3& s = v.size;
  switch (v.shape) {
    case Visual::Shape::Box:
      o["shape"] = "box";
      o["size"] = io::jvec(s);
      break;
    case Visual::Shape::Cylinder:
      o["shape"] = "cylinder";
      if (isPositiveZero(s.z())) {
        o["radius"] = s.x();
        o["length"] = s.y();
      } else {
        o["size"] = io::jvec(s);
      }
      break;
    case Visual::Shape::Sphere:
      o["shape"] = "sphere";
      if (isPositiveZero(s.y()) && isPositiveZero(s.z()))
        o["radius"] = s.x();
      else
        o["size"] = io::jvec(s);
      break;
    case Visual::Shape::Capsule:
      o["shape"] = "capsule";
      if (isPositiveZero(s.z())) {
        o["radius"] = s.x();
        o["length"] = s.y();
      } else {
        o["size"] = io::jvec(s);
      }
      break;
    case Visual::Shape::Mesh:
      o["shape"] = "mesh";
      o["mesh"] = v.mesh;
      if (v.mesh_scale != Vec3::Ones()) o["scale"] = io::jvec(v.mesh_scale);
      if (!(isPositiveZero(s.x()) && isPositiveZero(s.y()) && isPositiveZero(s.z())))
        o["size"] = io::jvec(s);
      break;
  }
  if (!isIdentity(v.origin)) o["origin"] = poseJson(v.origin);
  o["rgba"] = Json::array({v.rgba[0], v.rgba[1], v.rgba[2], v.rgba[3]});
  if (!v.material.empty()) o["material"] = v.material;
  if (v.follow_joints) o["follow"] = "joints";
  return o;
}

}  // namespace

ModelDescription parseVmsJson(const std::string& text, const std::string& source,
                              std::vector<std::string>* warnings) {
  const Json root = io::parseJsonText(text, source);
  Reader rd{source, warnings};
  ObjectReader r(root, "", source);
  const std::string format = r.requireString("format");
  if (format != "vms-model")
    r.failAt("format", "expected \"vms-model\", got " + Json(format).dump());
  const Json& version = r.require("version");
  if (!version.is_number_integer())
    r.failAt("version", "expected an integer, got " + io::describeJson(version));
  const auto v = version.get<long long>();
  if (v > kFormatVersion)
    r.failAt("version", "version " + std::to_string(v) + " is newer than this program reads (" +
                            std::to_string(kFormatVersion) + ")");
  if (v < 1) r.failAt("version", "must be 1");

  ModelDescription d;
  d.name = r.string("name", "model");
  const std::string base = r.string("base", "free");
  const auto bt = baseTypeFromString(base);
  if (!bt)
    r.failAt("base",
             "unknown base type " + io::quote(base) + " (expected one of " + baseTypeNames() + ")");
  d.base_type = *bt;
  d.gravity = r.vec3("gravity", Vec3::Zero());
  if (const Json* dh = r.get("dh")) {
    auto table = std::make_shared<const DhTable>(rd.dh(*dh, "dh"));
    appendDhTable(*table, &d);
    d.dh = std::move(table);
  }
  rd.forEach(r, "links",
             [&](const Json& e, const std::string& p) { d.links.push_back(rd.link(e, p)); });
  rd.forEach(r, "joints",
             [&](const Json& e, const std::string& p) { d.joints.push_back(rd.joint(e, p)); });
  rd.forEach(r, "frames",
             [&](const Json& e, const std::string& p) { d.frames.push_back(rd.frame(e, p)); });
  rd.forEach(r, "added_mass", [&](const Json& e, const std::string& p) {
    d.added_mass.push_back(rd.addedMass(e, p));
  });
  r.finish({"format", "version", "name", "base", "gravity", "dh", "links", "joints", "frames",
            "added_mass"});
  if (d.links.empty()) r.failHere("the model has no links (give \"links\" or a \"dh\" table)");
  return d;
}

namespace {

Json linkJson(const LinkDescription& l) {
  Json lj = Json::object();
  lj["name"] = l.name;
  lj["mass"] = l.inertial.mass;
  lj["com"] = io::jvec(l.inertial.com);
  lj["inertia"] = inertiaJson(l.inertial.inertia);
  if (!l.visuals.empty()) {
    Json vs = Json::array();
    for (const auto& v : l.visuals) vs.push_back(visualJson(v));
    lj["visuals"] = vs;
  }
  return lj;
}

/// limits / effort / velocity / damping / friction of a joint or a DH link: the inverse of
/// Reader::jointLimits (defaults left out).
template <typename T>
void writeJointLimits(const T& j, Json& o) {
  if (j.has_limits) {
    o["limits"] = Json{{"lower", j.lower}, {"upper", j.upper}};
  } else if (!isPositiveZero(j.lower) || !isPositiveZero(j.upper)) {
    // Values kept while the limits are switched off (lossless).
    o["limits"] = Json{{"lower", j.lower}, {"upper", j.upper}, {"enabled", false}};
  }
  if (!isPositiveZero(j.effort)) o["effort"] = j.effort;
  if (!isPositiveZero(j.velocity)) o["velocity"] = j.velocity;
  if (!isPositiveZero(j.damping)) o["damping"] = j.damping;
  if (!isPositiveZero(j.friction)) o["friction"] = j.friction;
}

Json jointJson(const JointDescription& j) {
  Json jj = Json::object();
  jj["name"] = j.name;
  jj["type"] = toString(j.kind);
  jj["parent"] = j.parent;
  jj["child"] = j.child;
  jj["origin"] = poseJson(j.origin);
  jj["axis"] = io::jvec(j.axis);
  writeJointLimits(j, jj);
  if (j.has_mimic)
    jj["mimic"] = Json{
        {"joint", j.mimic.joint}, {"multiplier", j.mimic.multiplier}, {"offset", j.mimic.offset}};
  return jj;
}

Json frameJson(const FrameDescription& f) {
  return Json{{"name", f.name}, {"link", f.link}, {"origin", poseJson(f.origin)}};
}

/// "key_deg" when the angle was written in degrees and still is that value, else "key" (rad).
void writeAngle(Json& o, const std::string& key, double radians, double degrees) {
  if (std::isfinite(degrees) && degrees * (kPi / 180.0) == radians)
    o[key + "_deg"] = degrees;
  else if (!isPositiveZero(radians))
    o[key] = radians;
}

/// The inverse of Reader::dh (everything the table holds; defaults left out).
Json dhJson(const DhTable& t) {
  Json base = Json::object();
  base["name"] = t.base_name;
  base["mass"] = t.base_mass;
  if (!t.base_com.isZero(0.0)) base["com"] = io::jvec(t.base_com);
  base["inertia"] = inertiaJson(t.base_inertia);
  if (!t.base_visuals.empty()) {
    Json vs = Json::array();
    for (const Visual& v : t.base_visuals) vs.push_back(visualJson(v));
    base["visuals"] = vs;
  }
  Json mount = Json::object();
  mount["b0"] = io::jvec(t.b0);
  writeAngle(mount, "epsilon", t.epsilon, t.epsilon_deg);
  writeAngle(mount, "zeta", t.zeta, t.zeta_deg);
  writeAngle(mount, "eta", t.eta, t.eta_deg);
  Json links = Json::array();
  for (const DhLink& l : t.links) {
    Json lj = Json::object();
    if (!l.name.empty()) lj["name"] = l.name;
    if (!l.joint_name.empty()) lj["joint"] = l.joint_name;
    lj["type"] = toString(l.kind);
    lj["mass"] = l.mass;
    lj["inertia"] = inertiaJson(l.inertia);
    lj["d"] = l.d;
    writeAngle(lj, "alpha", l.alpha, l.alpha_deg);
    lj["a"] = l.a;
    lj["b"] = l.b;
    writeJointLimits(l, lj);
    if (!l.visuals.empty()) {
      Json vs = Json::array();
      for (const Visual& v : l.visuals) vs.push_back(visualJson(v));
      lj["visuals"] = vs;
    }
    links.push_back(lj);
  }
  return Json{{"base", base}, {"mount", mount}, {"links", links}, {"end_effector", t.end_effector}};
}

/// How many links, joints and frames at the front of `d` are still exactly the expansion of
/// its DH table (all of them, or the table is not used: {0, 0, 0}).
struct DhPrefix {
  size_t links = 0, joints = 0, frames = 0;
  bool used() const { return links > 0; }
};

DhPrefix dhPrefix(const ModelDescription& d) {
  if (!d.dh) return {};
  ModelDescription expanded;
  appendDhTable(*d.dh, &expanded);
  if (expanded.links.size() > d.links.size() || expanded.joints.size() > d.joints.size() ||
      expanded.frames.size() > d.frames.size())
    return {};
  for (size_t i = 0; i < expanded.links.size(); ++i)
    if (linkJson(expanded.links[i]) != linkJson(d.links[i])) return {};
  for (size_t i = 0; i < expanded.joints.size(); ++i)
    if (jointJson(expanded.joints[i]) != jointJson(d.joints[i])) return {};
  for (size_t i = 0; i < expanded.frames.size(); ++i)
    if (frameJson(expanded.frames[i]) != frameJson(d.frames[i])) return {};
  return {expanded.links.size(), expanded.joints.size(), expanded.frames.size()};
}

}  // namespace

bool keepsDhForm(const ModelDescription& d) { return dhPrefix(d).used(); }

std::string writeVmsJson(const ModelDescription& d) {
  Json o = Json::object();
  o["format"] = "vms-model";
  o["version"] = kFormatVersion;
  o["name"] = d.name;
  o["base"] = toString(d.base_type);
  o["gravity"] = io::jvec(d.gravity);
  const DhPrefix dh = dhPrefix(d);
  if (dh.used()) o["dh"] = dhJson(*d.dh);
  Json links = Json::array();
  for (size_t i = dh.links; i < d.links.size(); ++i) links.push_back(linkJson(d.links[i]));
  if (!dh.used() || !links.empty()) o["links"] = links;
  Json joints = Json::array();
  for (size_t i = dh.joints; i < d.joints.size(); ++i) joints.push_back(jointJson(d.joints[i]));
  if (!dh.used() || !joints.empty()) o["joints"] = joints;
  if (d.frames.size() > dh.frames) {
    Json frames = Json::array();
    for (size_t i = dh.frames; i < d.frames.size(); ++i) frames.push_back(frameJson(d.frames[i]));
    o["frames"] = frames;
  }
  if (!d.added_mass.empty()) {
    Json added = Json::array();
    for (const AddedMassDescription& a : d.added_mass) {
      Json rows = Json::array();
      for (int i = 0; i < 6; ++i) {
        Json row = Json::array();
        for (int k = 0; k < 6; ++k) row.push_back(a.matrix(i, k));
        rows.push_back(row);
      }
      added.push_back(Json{{"link", a.link}, {"matrix", rows}});
    }
    o["added_mass"] = added;
  }
  return io::prettyJson(o);
}

}  // namespace vms
