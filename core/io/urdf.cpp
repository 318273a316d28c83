#include "core/io/urdf.hpp"

#include <console_bridge/console.h>
#include <tinyxml.h>
#include <urdf_parser/urdf_parser.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "core/io/detail/number_list.hpp"
#include "core/io/error_messages.hpp"
#include "core/io/number_format.hpp"
#include "core/io/rotations.hpp"
#include "core/model/link_shapes.hpp"

namespace vms {

namespace {

using io::quote;

// ---- reading ---------------------------------------------------------------------------------

/// Collects urdfdom's console_bridge messages instead of printing them, so that a rejection
/// becomes part of our one-line error.
class UrdfdomLogCapture : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR && first_error.empty())
      first_error = text;
  }
  std::string first_error;
};

std::mutex& urdfdomMutex() {
  static std::mutex m;  // console_bridge's output handler is process-global
  return m;
}

const char* attr(const TiXmlElement* e, const char* name) { return e->Attribute(name); }

std::string oneLine(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

/// An attribute value quoted in a message: one line, at most 60 characters.
std::string clipped(const std::string& text) { return io::printable(oneLine(text), 57); }

struct PrePass {
  PrePass(std::string src, std::vector<std::string>* w) : source(std::move(src)), warnings(w) {}
  std::string source;
  std::vector<std::string>* warnings;

  std::string robot_name;
  std::vector<std::string> link_order, joint_order;
  std::map<std::string, std::vector<Visual>> visuals;
  std::set<std::string> unlimited;                 // revolute/prismatic without a position range
  std::vector<std::string> missing_limit;          // ... of which those without any <limit>
  std::map<std::string, MimicDescription> mimics;  // joint name -> its <mimic>
  std::map<std::string, Eigen::Vector4d> global_materials;

  [[noreturn]] void failIn(const std::string& element, const std::string& problem) const {
    io::fail(source, element, problem);
  }
  void warn(const std::string& element, const std::string& problem) const {
    if (warnings) warnings->push_back(source + ": " + element + ": " + problem);
  }

  /// n finite numbers from attribute `name` of e (absent: fallback, or error if required).
  /// `bounded`: magnitude at most kMaxMagnitude (false for limits, only ever compared).
  std::vector<double> numbers(const TiXmlElement* e, const char* name, size_t n,
                              const std::string& element, const std::string& where, bool required,
                              std::vector<double> fallback = {}, bool bounded = true) const {
    const char* text = attr(e, name);
    if (!text) {
      if (required) failIn(element, where + ": missing attribute '" + name + "'");
      return fallback;
    }
    std::vector<double> v;
    const bool ok = io::parseDoubles(text, &v);
    bool finite = ok;
    bool in_range = true;
    if (ok)
      for (double x : v) {
        finite = finite && std::isfinite(x);
        in_range = in_range && (!bounded || std::abs(x) <= io::kMaxMagnitude);
      }
    if (!ok || v.size() != n || !finite) {
      const std::string expected =
          n == 1 ? "a finite number"
                 : std::to_string(n) + " finite numbers separated by white space";
      failIn(element, where + " " + name + "=\"" + clipped(text) + "\": expected " + expected);
    }
    if (!in_range)
      failIn(element, where + " " + name + "=\"" + clipped(text) +
                          "\": out of range (numbers in model files are at most 1e15 in "
                          "magnitude)");
    return v;
  }

  Pose origin(const TiXmlElement* parent, const std::string& element,
              const std::string& where) const {
    Pose p;
    const TiXmlElement* o = parent->FirstChildElement("origin");
    if (!o) return p;
    const auto xyz = numbers(o, "xyz", 3, element, where + "<origin>", false, {0, 0, 0});
    const auto rpy = numbers(o, "rpy", 3, element, where + "<origin>", false, {0, 0, 0});
    p.p = Vec3(xyz[0], xyz[1], xyz[2]);
    p.R = io::rpyToRotation(Vec3(rpy[0], rpy[1], rpy[2]));
    return p;
  }

  std::string name(const TiXmlElement* e, const char* kind, size_t index) const {
    const char* n = attr(e, "name");
    const std::string element = std::string(kind) + " #" + std::to_string(index + 1);
    if (!n) failIn(element, "missing attribute 'name'");
    if (!*n) failIn(element, "empty name");
    io::checkName(source, element, n);
    return n;
  }

  std::optional<Eigen::Vector4d> color(const TiXmlElement* material,
                                       const std::string& element) const {
    const TiXmlElement* c = material->FirstChildElement("color");
    if (!c) return std::nullopt;
    const auto v = numbers(c, "rgba", 4, element, "<material><color>", true);
    return Eigen::Vector4d(v[0], v[1], v[2], v[3]);
  }

  Visual visual(const TiXmlElement* v, const std::string& element) {
    Visual out;
    out.origin = origin(v, element, "<visual>");
    const TiXmlElement* g = v->FirstChildElement("geometry");
    if (!g) failIn(element, "<visual> has no <geometry>");
    const TiXmlElement* shape = g->FirstChildElement();
    if (!shape) failIn(element, "<visual><geometry> is empty");
    const std::string type = shape->Value();
    const std::string where = "<geometry><" + io::printable(type, 40) + ">";
    if (type == "box") {
      const auto s = numbers(shape, "size", 3, element, where, true);
      out.size = Vec3(s[0], s[1], s[2]);
    } else if (type == "cylinder") {
      out.shape = Visual::Shape::Cylinder;
      out.size = Vec3(numbers(shape, "radius", 1, element, where, true)[0],
                      numbers(shape, "length", 1, element, where, true)[0], 0.0);
    } else if (type == "sphere") {
      out.shape = Visual::Shape::Sphere;
      out.size = Vec3(numbers(shape, "radius", 1, element, where, true)[0], 0.0, 0.0);
    } else if (type == "mesh") {
      out.shape = Visual::Shape::Mesh;
      const char* f = attr(shape, "filename");
      if (!f || !*f) failIn(element, where + ": missing attribute 'filename'");
      out.mesh = f;
      const auto s = numbers(shape, "scale", 3, element, where, false, {1, 1, 1});
      out.mesh_scale = Vec3(s[0], s[1], s[2]);
    } else {
      failIn(element, "<visual><geometry>: unsupported shape <" + io::printable(type, 40) + ">");
    }
    if (const TiXmlElement* m = v->FirstChildElement("material")) {
      const char* n = attr(m, "name");
      out.material = n ? n : "";
      if (auto c = color(m, element)) {
        out.rgba = *c;
      } else if (auto it = global_materials.find(out.material); it != global_materials.end()) {
        out.rgba = it->second;
      } else if (!m->FirstChildElement("texture")) {
        warn(element, "material " + quote(out.material) + " is not defined: default colour used");
      }
    }
    return out;
  }

  void link(TiXmlElement* l, size_t index, std::set<std::string>* names) {
    const std::string n = name(l, "link", index);
    const std::string element = "link " + quote(n);
    if (!names->insert(n).second) failIn(element, "duplicate link name");
    link_order.push_back(n);
    if (TiXmlElement* in = l->FirstChildElement("inertial")) {
      origin(in, element, "<inertial>");
      const TiXmlElement* m = in->FirstChildElement("mass");
      if (!m) failIn(element, "<inertial> has no <mass>");
      numbers(m, "value", 1, element, "<mass>", true);
      TiXmlElement* I = in->FirstChildElement("inertia");
      if (!I) failIn(element, "<inertial> has no <inertia>");
      for (const char* k : {"ixx", "iyy", "izz"}) numbers(I, k, 1, element, "<inertia>", true);
      for (const char* k : {"ixy", "ixz", "iyz"}) {
        numbers(I, k, 1, element, "<inertia>", false);
        if (!attr(I, k)) I->SetAttribute(k, "0");  // urdfdom wants all six
      }
    }
    auto& vs = visuals[n];
    for (const TiXmlElement* v = l->FirstChildElement("visual"); v;
         v = v->NextSiblingElement("visual"))
      vs.push_back(visual(v, element));
    // urdfdom gets no visuals or collisions: we parse visuals ourselves (urdfdom keeps colours
    // as float and resolves named materials for the first visual only), and collision geometry
    // is not used, so a malformed one must not reject the file.
    for (const char* drop : {"visual", "collision"})
      while (TiXmlElement* e = l->FirstChildElement(drop)) l->RemoveChild(e);
  }

  void joint(TiXmlElement* j, size_t index, const std::set<std::string>& links,
             std::set<std::string>* names, std::map<std::string, std::string>* parent_joint,
             std::map<std::string, std::string>* child_parent) {
    const std::string n = name(j, "joint", index);
    const std::string element = "joint " + quote(n);
    if (!names->insert(n).second) failIn(element, "duplicate joint name");
    joint_order.push_back(n);
    const char* type_c = attr(j, "type");
    if (!type_c) failIn(element, "missing attribute 'type'");
    const std::string type = type_c;
    if (type == "floating" || type == "planar")
      failIn(element, "type '" + type +
                          "' is not supported inside the model (the vehicle joint is not part of "
                          "URDF: choose it with --base; joints between links must be revolute, "
                          "continuous, prismatic or fixed)");
    if (type != "revolute" && type != "continuous" && type != "prismatic" && type != "fixed")
      failIn(element, "unknown joint type '" + io::printable(type, 40) +
                          "' (expected revolute, continuous, prismatic or fixed)");
    std::string ends[2];
    const char* tags[2] = {"parent", "child"};
    for (int k = 0; k < 2; ++k) {
      const TiXmlElement* e = j->FirstChildElement(tags[k]);
      if (!e) failIn(element, std::string("has no <") + tags[k] + ">");
      const char* l = attr(e, "link");
      if (!l) failIn(element, std::string("<") + tags[k] + ">: missing attribute 'link'");
      ends[k] = l;
      if (!links.count(ends[k]))
        failIn(element, std::string("unknown ") + tags[k] + " link " + quote(ends[k]));
    }
    if (ends[0] == ends[1]) failIn(element, "parent and child are the same link");
    if (auto it = parent_joint->find(ends[1]); it != parent_joint->end())
      failIn(element, "link " + quote(ends[1]) + " already has parent joint " + quote(it->second) +
                          " (kinematic loop)");
    (*parent_joint)[ends[1]] = n;
    (*child_parent)[ends[1]] = ends[0];
    origin(j, element, "");
    if (const TiXmlElement* a = j->FirstChildElement("axis")) {
      const auto v = numbers(a, "xyz", 3, element, "<axis>", false, {1, 0, 0});
      if (type != "fixed" && Vec3(v[0], v[1], v[2]).norm() < 1e-9) failIn(element, "axis is zero");
    }
    TiXmlElement* lim = j->FirstChildElement("limit");
    if (lim) {
      const auto lower = numbers(lim, "lower", 1, element, "<limit>", false, {}, false);
      const auto upper = numbers(lim, "upper", 1, element, "<limit>", false, {}, false);
      numbers(lim, "effort", 1, element, "<limit>", false, {}, false);
      numbers(lim, "velocity", 1, element, "<limit>", false, {}, false);
      if (!attr(lim, "effort")) lim->SetAttribute("effort", "0");      // 0 = unlimited
      if (!attr(lim, "velocity")) lim->SetAttribute("velocity", "0");  // 0 = unlimited
      if (lower.empty() && upper.empty() && (type == "revolute" || type == "prismatic"))
        unlimited.insert(n);
    } else if (type == "revolute" || type == "prismatic") {
      TiXmlElement placeholder("limit");  // urdfdom requires one; the joint stays unlimited
      for (const char* k : {"lower", "upper", "effort", "velocity"})
        placeholder.SetAttribute(k, "0");
      j->InsertEndChild(placeholder);
      unlimited.insert(n);
      missing_limit.push_back(n);
    }
    if (const TiXmlElement* d = j->FirstChildElement("dynamics")) {
      numbers(d, "damping", 1, element, "<dynamics>", false);
      numbers(d, "friction", 1, element, "<dynamics>", false);
    }
    if (const TiXmlElement* mm = j->FirstChildElement("mimic")) {
      const char* leader = attr(mm, "joint");
      if (!leader || !*leader) failIn(element, "<mimic>: missing attribute 'joint'");
      io::checkName(source, element + ": <mimic> joint", leader);
      MimicDescription mimic;
      mimic.joint = leader;
      mimic.multiplier = numbers(mm, "multiplier", 1, element, "<mimic>", false, {1.0})[0];
      mimic.offset = numbers(mm, "offset", 1, element, "<mimic>", false, {0.0})[0];
      mimics[n] = mimic;
    }
    // Read here (mimic) or not used by the dynamics; dropped so that urdfdom's own rules
    // cannot reject the file.
    for (const char* drop : {"mimic", "calibration", "safety_controller"})
      while (TiXmlElement* e = j->FirstChildElement(drop)) j->RemoveChild(e);
  }

  /// Validates and fixes up the document in place.
  void run(TiXmlDocument* doc) {
    TiXmlElement* robot = doc->RootElement();
    if (!robot) failIn("XML", "no root element");
    if (std::string(robot->Value()) != "robot")
      failIn("<" + io::printable(robot->Value(), 40) + ">", "the root element must be <robot>");
    const char* rn = attr(robot, "name");
    if (!rn) failIn("robot", "missing attribute 'name'");
    robot_name = rn;
    if (*rn) io::checkName(source, "robot", rn);

    for (const TiXmlElement* m = robot->FirstChildElement("material"); m;
         m = m->NextSiblingElement("material")) {
      const char* n = attr(m, "name");
      if (!n) failIn("material", "missing attribute 'name'");
      if (auto c = color(m, "material " + quote(n))) global_materials[n] = *c;
    }
    std::set<std::string> link_names, joint_names;
    size_t index = 0;
    for (TiXmlElement* l = robot->FirstChildElement("link"); l; l = l->NextSiblingElement("link"))
      link(l, index++, &link_names);
    if (link_names.empty()) failIn("robot " + quote(robot_name), "has no <link>");
    std::map<std::string, std::string> parent_joint, child_parent;
    index = 0;
    for (TiXmlElement* j = robot->FirstChildElement("joint"); j; j = j->NextSiblingElement("joint"))
      joint(j, index++, link_names, &joint_names, &parent_joint, &child_parent);

    // One tree: exactly one root, every link reachable from it.
    std::vector<std::string> roots;
    for (const auto& l : link_order)
      if (!parent_joint.count(l)) roots.push_back(l);
    if (roots.empty())
      failIn("robot " + quote(robot_name), "every link has a parent (kinematic loop)");
    if (roots.size() > 1)
      failIn("link " + quote(roots[1]),
             "not connected to the root link " + quote(roots[0]) + " (the model must be one tree)");
    // Reachability from the root, breadth first over the children: O(N log N) (walking every
    // link up to the root is quadratic on long chains).
    std::map<std::string, std::vector<std::string>> children;
    for (const auto& [child, parent] : child_parent) children[parent].push_back(child);
    std::set<std::string> reached = {roots[0]};
    std::vector<std::string> queue = {roots[0]};
    for (size_t k = 0; k < queue.size(); ++k)
      for (const auto& c : children[queue[k]])
        if (reached.insert(c).second) queue.push_back(c);
    for (const auto& l : link_order)
      if (!reached.count(l))
        failIn("link " + quote(l),
               "not reachable from the root link " + quote(roots[0]) + " (kinematic loop)");
    if (!missing_limit.empty() && warnings) {
      std::string list;
      for (const auto& n : missing_limit) list += (list.empty() ? "" : ", ") + quote(n);
      warnings->push_back(source + ": " + (missing_limit.size() == 1 ? "joint " : "joints ") +
                          list + ": no <limit> (loaded as unlimited, no effort/velocity limit)");
    }
  }
};

Mat3 toRotation(const urdf::Rotation& r) { return Quat(r.w, r.x, r.y, r.z).toRotationMatrix(); }

Pose toPose(const urdf::Pose& p) {
  return Pose{toRotation(p.rotation), Vec3(p.position.x, p.position.y, p.position.z)};
}

// ---- writing ---------------------------------------------------------------------------------

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&':
        o += "&amp;";
        break;
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '"':
        o += "&quot;";
        break;
      case '\'':
        o += "&apos;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

/// Text safe inside an XML comment, which may hold neither "--" nor end in "-".
std::string commentText(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '-' && !o.empty() && o.back() == '-') o += ' ';
    o += c;
  }
  if (!o.empty() && o.back() == '-') o += ' ';
  return o;
}

std::string nums(std::initializer_list<double> v) {
  std::string s;
  for (double x : v) s += (s.empty() ? "" : " ") + io::formatDouble(x);
  return s;
}

std::string vec(const Vec3& v) { return nums({v.x(), v.y(), v.z()}); }

std::string originXml(const Pose& p, const std::string& indent) {
  return indent + "<origin xyz=\"" + vec(p.p) + "\" rpy=\"" + vec(io::rotationToRpy(p.R)) +
         "\"/>\n";
}

void writeVisual(const Visual& v, std::ostringstream& o) {
  if (v.shape == Visual::Shape::Capsule) {
    // URDF has no capsule: the same solid as a cylinder and a sphere at each end.
    o << "    <!-- capsule radius " << io::formatDouble(v.size.x()) << " length "
      << io::formatDouble(v.size.y()) << " (URDF has none): a cylinder and two spheres -->\n";
    Visual part = v;
    part.shape = Visual::Shape::Cylinder;
    writeVisual(part, o);
    part.shape = Visual::Shape::Sphere;
    part.size = Vec3(v.size.x(), 0.0, 0.0);
    for (double side : {-0.5, 0.5}) {
      part.origin.p = v.origin.p + v.origin.R.col(2) * (side * v.size.y());
      writeVisual(part, o);
    }
    return;
  }
  o << "    <visual>\n" << originXml(v.origin, "      ") << "      <geometry>\n        ";
  switch (v.shape) {
    case Visual::Shape::Box:
      o << "<box size=\"" << vec(v.size) << "\"/>";
      break;
    case Visual::Shape::Cylinder:
      o << "<cylinder radius=\"" << io::formatDouble(v.size.x()) << "\" length=\""
        << io::formatDouble(v.size.y()) << "\"/>";
      break;
    case Visual::Shape::Sphere:
      o << "<sphere radius=\"" << io::formatDouble(v.size.x()) << "\"/>";
      break;
    case Visual::Shape::Capsule:  // written above as its parts
      break;
    case Visual::Shape::Mesh:
      o << "<mesh filename=\"" << esc(v.mesh) << "\"";
      if (v.mesh_scale != Vec3::Ones()) o << " scale=\"" << vec(v.mesh_scale) << "\"";
      o << "/>";
      break;
  }
  o << "\n      </geometry>\n";
  if (!v.material.empty() || v.rgba != Visual().rgba) {
    o << "      <material name=\"" << esc(v.material) << "\"><color rgba=\""
      << nums({v.rgba[0], v.rgba[1], v.rgba[2], v.rgba[3]}) << "\"/></material>\n";
  }
  o << "    </visual>\n";
}

}  // namespace

namespace {

// TinyXML (the parser under urdfdom too) skips a UTF-8 sequence by the length its lead byte
// announces: a lead byte among the last bytes jumps over the terminating NUL and reads past the
// end of the buffer (found by fuzz_urdf). Every text TinyXML parses gets 8 NUL bytes after it,
// so such a jump lands on a NUL inside the buffer and parsing stops there.
std::string paddedForTinyXml(const char* text) {
  std::string padded(text);
  padded.append(8, '\0');
  return padded;
}

}  // namespace

ModelDescription parseUrdf(const std::string& xml, const std::string& source,
                           std::vector<std::string>* warnings) {
  if (xml.find_first_not_of(" \t\r\n") == std::string::npos)
    io::fail(source, "XML", "the file is empty");
  io::checkXmlNesting(xml, source);  // TinyXML's parser and printer recurse per level
  TiXmlDocument doc;
  const std::string padded = paddedForTinyXml(xml.c_str());
  doc.Parse(padded.c_str());
  if (doc.Error()) {
    io::fail(
        source,
        "line " + std::to_string(doc.ErrorRow()) + ", column " + std::to_string(doc.ErrorCol()),
        std::string("malformed XML: ") + doc.ErrorDesc());
  }
  std::vector<std::string> local_warnings;
  PrePass pre(source, &local_warnings);
  pre.run(&doc);

  TiXmlPrinter printer;
  printer.SetStreamPrinting();  // no indentation: linear in the file size, whatever the depth
  doc.Accept(&printer);
  urdf::ModelInterfaceSharedPtr model;
  std::string urdfdom_error;
  {
    std::lock_guard<std::mutex> lock(urdfdomMutex());
    UrdfdomLogCapture capture;
    console_bridge::useOutputHandler(&capture);
    try {
      model = urdf::parseURDF(paddedForTinyXml(printer.CStr()));
    } catch (const std::exception& e) {
      capture.first_error = e.what();
    }
    console_bridge::restorePreviousOutputHandler();
    urdfdom_error = capture.first_error;
  }
  if (!model)
    io::fail(source, "robot " + quote(pre.robot_name),
             "rejected by urdfdom: " +
                 (urdfdom_error.empty() ? "unknown reason" : oneLine(urdfdom_error)));

  ModelDescription d;
  d.name = pre.robot_name;
  d.base_type = BaseType::Free;
  // urdfdom must have read the same links and joints as the pre-pass: malformed XML (e.g. a
  // <robot> nested inside a <link>) can make the two disagree, and a missing one would be a
  // null pointer below.
  auto notReadByUrdfdom = [&](const std::string& what) {
    io::fail(source, what,
             "urdfdom did not read it from this file (malformed XML around it, e.g. an element "
             "nested where it does not belong)");
  };
  for (const auto& name : pre.link_order) {
    const auto l = model->getLink(name);
    if (!l) notReadByUrdfdom("link " + quote(name));
    LinkDescription ld;
    ld.name = name;
    if (l && l->inertial) {
      const auto& in = *l->inertial;
      const Pose frame = toPose(in.origin);
      Mat3 I;
      I << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
      ld.inertial.mass = in.mass;
      ld.inertial.com = frame.p;
      // Inertia about the CoM in the <inertial> frame -> link frame.
      ld.inertial.inertia =
          frame.R == Mat3::Identity() ? I : Mat3(frame.R * I * frame.R.transpose());
    }
    ld.visuals = pre.visuals[name];
    d.links.push_back(std::move(ld));
  }
  for (const auto& name : pre.joint_order) {
    const auto j = model->getJoint(name);
    if (!j) notReadByUrdfdom("joint " + quote(name));
    JointDescription jd;
    jd.name = name;
    jd.parent = j->parent_link_name;
    jd.child = j->child_link_name;
    jd.origin = toPose(j->parent_to_joint_origin_transform);
    switch (j->type) {
      case urdf::Joint::REVOLUTE:
        jd.kind = JointKind::Revolute;
        break;
      case urdf::Joint::CONTINUOUS:
        jd.kind = JointKind::Continuous;
        break;
      case urdf::Joint::PRISMATIC:
        jd.kind = JointKind::Prismatic;
        break;
      default:
        jd.kind = JointKind::Fixed;
        break;
    }
    if (jd.kind != JointKind::Fixed) jd.axis = Vec3(j->axis.x, j->axis.y, j->axis.z);
    if (j->limits) {
      jd.effort = j->limits->effort;
      jd.velocity = j->limits->velocity;
      if ((jd.kind == JointKind::Revolute || jd.kind == JointKind::Prismatic) &&
          !pre.unlimited.count(name)) {
        jd.has_limits = true;
        jd.lower = j->limits->lower;
        jd.upper = j->limits->upper;
      }
    }
    if (j->dynamics) {
      jd.damping = j->dynamics->damping;
      jd.friction = j->dynamics->friction;
    }
    if (auto it = pre.mimics.find(name); it != pre.mimics.end()) {
      jd.has_mimic = true;
      jd.mimic = it->second;
    }
    d.joints.push_back(std::move(jd));
  }
  if (warnings) warnings->insert(warnings->end(), local_warnings.begin(), local_warnings.end());
  return d;
}

std::string writeUrdf(const ModelDescription& d, const UrdfWriteOptions& options) {
  std::ostringstream o;
  o << "<?xml version=\"1.0\"?>\n";
  o << "<!-- Written by VMS Workbench from model '" << commentText(esc(d.name))
    << "'. URDF has no vehicle "
       "joint and no gravity:\n     the model's base type is '"
    << toString(d.base_type) << "' (vms's base option chooses it when loading; free by "
    << "default) and its gravity is (" << vec(d.gravity) << ") m/s^2."
    << (d.added_mass.empty()
            ? ""
            : "\n     Its added mass (hydrodynamic) is not written: URDF has none.")
    << " -->\n";
  o << "<robot name=\"" << esc(d.name) << "\">\n";
  for (size_t li = 0; li < d.links.size(); ++li) {
    const LinkDescription& l = d.links[li];
    o << "  <link name=\"" << esc(l.name) << "\">\n";
    const Inertial& in = l.inertial;
    o << "    <inertial>\n";
    Mat3 I = in.inertia;
    Mat3 axes = Mat3::Identity();
    if (options.inertia_in_principal_axes && (I(0, 1) != 0.0 || I(0, 2) != 0.0 || I(1, 2) != 0.0)) {
      const Eigen::SelfAdjointEigenSolver<Mat3> eig(0.5 * (I + I.transpose()));
      axes = eig.eigenvectors();
      if (axes.determinant() < 0) axes.col(2) *= -1.0;  // a proper rotation
      I = eig.eigenvalues().asDiagonal();
    }
    o << "      <origin xyz=\"" << vec(in.com) << "\" rpy=\"" << vec(io::rotationToRpy(axes))
      << "\"/>\n";
    o << "      <mass value=\"" << io::formatDouble(in.mass) << "\"/>\n";
    o << "      <inertia ixx=\"" << io::formatDouble(I(0, 0)) << "\" ixy=\""
      << io::formatDouble(I(0, 1)) << "\" ixz=\"" << io::formatDouble(I(0, 2)) << "\" iyy=\""
      << io::formatDouble(I(1, 1)) << "\" iyz=\"" << io::formatDouble(I(1, 2)) << "\" izz=\""
      << io::formatDouble(I(2, 2)) << "\"/>\n";
    o << "    </inertial>\n";
    bool follows = false;
    for (const auto& v : l.visuals) follows = follows || v.follow_joints;
    if (follows)
      o << "    <!-- shapes that follow the joints in VMS, written as their segments -->\n";
    for (const auto& v : resolveLinkShapes(d, static_cast<int>(li))) writeVisual(v, o);
    o << "  </link>\n";
  }
  for (const auto& j : d.joints) {
    o << "  <joint name=\"" << esc(j.name) << "\" type=\"" << toString(j.kind) << "\">\n";
    o << "    <parent link=\"" << esc(j.parent) << "\"/>\n";
    o << "    <child link=\"" << esc(j.child) << "\"/>\n";
    o << originXml(j.origin, "    ");
    if (j.kind != JointKind::Fixed) o << "    <axis xyz=\"" << vec(j.axis) << "\"/>\n";
    if (j.kind != JointKind::Fixed) {
      const bool range = j.has_limits && j.kind != JointKind::Continuous;
      if (range || j.kind != JointKind::Continuous || j.effort != 0.0 || j.velocity != 0.0) {
        // Revolute/prismatic joints always get a <limit> (strict parsers need one); without
        // lower/upper it means "no position limits" to parseUrdf.
        o << "    <limit";
        if (range)
          o << " lower=\"" << io::formatDouble(j.lower) << "\" upper=\""
            << io::formatDouble(j.upper) << "\"";
        o << " effort=\"" << io::formatDouble(j.effort) << "\" velocity=\""
          << io::formatDouble(j.velocity) << "\"/>\n";
      }
    }
    if (j.damping != 0.0 || j.friction != 0.0)
      o << "    <dynamics damping=\"" << io::formatDouble(j.damping) << "\" friction=\""
        << io::formatDouble(j.friction) << "\"/>\n";
    if (j.has_mimic)
      o << "    <mimic joint=\"" << esc(j.mimic.joint) << "\" multiplier=\""
        << io::formatDouble(j.mimic.multiplier) << "\" offset=\""
        << io::formatDouble(j.mimic.offset) << "\"/>\n";
    o << "  </joint>\n";
  }
  // Named frames: massless links on fixed joints.
  std::set<std::string> joint_names;
  for (const auto& j : d.joints) joint_names.insert(j.name);
  for (const auto& f : d.frames) {
    std::string jn = f.name + "_frame_joint";
    while (joint_names.count(jn)) jn += "_";
    joint_names.insert(jn);
    o << "  <link name=\"" << esc(f.name) << "\"/>\n";
    o << "  <joint name=\"" << esc(jn) << "\" type=\"fixed\">\n";
    o << "    <parent link=\"" << esc(f.link) << "\"/>\n";
    o << "    <child link=\"" << esc(f.name) << "\"/>\n";
    o << originXml(f.origin, "    ");
    o << "  </joint>\n";
  }
  o << "</robot>\n";
  return o.str();
}

}  // namespace vms
