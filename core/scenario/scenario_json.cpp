#include "core/scenario/scenario_json.hpp"

#include <algorithm>
#include <cmath>

#include "core/environment/gravity_gradient.hpp"
#include "core/io/error_messages.hpp"
#include "core/io/json_util.hpp"
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "core/io/text_files.hpp"
#include "core/io/vms_json.hpp"
#include "core/scenario/detail/scenario_key_json.hpp"
#include "core/solvers/rooted_solver.hpp"

namespace vms {

using io::Json;
using io::ObjectReader;

namespace {

// ---- reading -----------------------------------------------------------------------------------

// Rejects unknown keys before anything else is read (a typo is reported as such, not as the
// missing key it was meant to be).
void checkKeys(const Json& j, const std::string& path, const std::string& source,
               const std::vector<std::string>& allowed) {
  if (!j.is_object()) return;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "comment" ||
        std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end())
      continue;
    std::string msg = "unknown key (expected one of: ";
    for (size_t i = 0; i < allowed.size(); ++i) msg += (i ? ", " : "") + allowed[i];
    io::fail(source, io::childPath(path, it.key()), msg + ")");
  }
}

const Json& requireArray(ObjectReader& r, const std::string& key) {
  const Json& j = r.require(key);
  if (!j.is_array()) r.failAt(key, "expected an array, got " + io::describeJson(j));
  return j;
}

bool readBool(ObjectReader& r, const std::string& key, bool fallback) {
  const Json* j = r.get(key);
  if (!j) return fallback;
  if (!j->is_boolean()) r.failAt(key, "expected true or false, got " + io::describeJson(*j));
  return j->get<bool>();
}

double positive(ObjectReader& r, const std::string& key, double fallback) {
  const double x = r.number(key, fallback);
  if (!(x > 0.0)) r.failAt(key, "must be > 0");
  return x;
}

double nonNegative(ObjectReader& r, const std::string& key, double fallback) {
  const double x = r.number(key, fallback);
  if (x < 0.0) r.failAt(key, "must be >= 0");
  return x;
}

// A number (kept as a vector of one: "the same for every component") or an array of numbers.
std::vector<double> scalarOrNumbers(ObjectReader& r, const std::string& key,
                                    const std::vector<double>& fallback) {
  const Json* j = r.get(key);
  if (!j) return fallback;
  if (j->is_number()) return {io::readNumber(*j, r.keyPath(key), r.source())};
  return io::readNumbers(*j, 0, r.keyPath(key), r.source());
}

std::vector<double> nonNegativeGains(ObjectReader& r, const std::string& key,
                                     const std::vector<double>& fallback) {
  std::vector<double> v = scalarOrNumbers(r, key, fallback);
  if (std::any_of(v.begin(), v.end(), [](double x) { return x < 0.0; }))
    r.failAt(key, "gains must be >= 0");
  return v;
}

// Diagonal gains: one number or three.
DiagonalGains diagonalGains(ObjectReader& r, const std::string& key) {
  const Json* j = r.get(key);
  if (!j) return {1.0};
  DiagonalGains v = j->is_number() ? DiagonalGains{io::readNumber(*j, r.keyPath(key), r.source())}
                                   : io::readNumbers(*j, 3, r.keyPath(key), r.source());
  if (std::any_of(v.begin(), v.end(), [](double x) { return x < 0.0; }))
    r.failAt(key, "gains must be >= 0");
  return v;
}

// As written (normalised by assembly: normalising here would not round-trip bit for bit).
Quat readQuaternion(ObjectReader& r, const std::string& key) {
  const std::vector<double> v = io::readNumbers(r.require(key), 4, r.keyPath(key), r.source());
  const Quat q(v[0], v[1], v[2], v[3]);
  if (q.norm() < 1e-12) r.failAt(key, "zero quaternion (cannot be normalised)");
  return q;
}

TrajectoryDescription readTrajectory(const Json& j, const std::string& path,
                                     const std::string& source) {
  ObjectReader r(j, path, source);
  const std::string type = r.requireString("type");
  if (type == "quintic") {
    QuinticTrajectoryDescription t;
    t.target = io::readNumbers(r.require("target"), 0, r.keyPath("target"), source);
    t.duration = positive(r, "duration", 1.0);
    t.start = nonNegative(r, "start", 0.0);
    r.finish({"type", "target", "duration", "start"});
    return t;
  }
  if (type == "waypoints") {
    WaypointsTrajectoryDescription t;
    t.times = io::readNumbers(r.require("times"), 0, r.keyPath("times"), source);
    if (t.times.size() < 2) r.failAt("times", "expected at least 2 times");
    for (size_t i = 1; i < t.times.size(); ++i)
      if (!(t.times[i] > t.times[i - 1])) r.failAt("times", "times must increase strictly");
    const Json& pos = r.require("positions");
    if (!pos.is_array() || pos.size() != t.times.size())
      r.failAt("positions", "expected " + std::to_string(t.times.size()) +
                                " rows (one per time), got " + io::describeJson(pos));
    for (size_t i = 0; i < pos.size(); ++i)
      t.positions.push_back(
          io::readNumbers(pos[i], 0, io::indexPath(r.keyPath("positions"), i), source));
    r.finish({"type", "times", "positions"});
    return t;
  }
  if (type == "joint_sweep") {
    JointSweepTrajectoryDescription t;
    JointSweepParameters& p = t.parameters;
    p.rate = r.number("rate", p.rate);
    p.first = positive(r, "first", p.first);
    p.rest = nonNegative(r, "rest", p.rest);
    p.second = positive(r, "second", p.second);
    p.back = positive(r, "back", p.back);
    p.blend = positive(r, "blend", p.blend);
    p.dwell = nonNegative(r, "dwell", p.dwell);
    if (p.blend > std::min({p.rest, p.first, p.second, p.back}))
      r.failAt("blend", "the blend is longer than a phase");
    r.finish({"type", "rate", "first", "rest", "second", "back", "blend", "dwell"});
    return t;
  }
  r.failAt("type", "unknown trajectory type " + io::quote(type) +
                       " (expected quintic, waypoints or joint_sweep)");
}

// gains: {"kp", "kd"} (scalar or one per joint), or "tau_max" + "max_error" (harmonic
// oscillator rule: kp = tau_max / e_max, kd = sqrt(2) kp).
JointGainsDescription readJointGains(ObjectReader& r) {
  JointGainsDescription g;
  const bool has_gains = r.has("gains"), has_rule = r.has("tau_max");
  if (has_gains && has_rule) r.failAt("tau_max", "give either gains or tau_max, not both");
  if (has_rule) {
    JointGainsDescription::Rule rule;
    rule.tau_max = scalarOrNumbers(r, "tau_max", {});
    rule.max_error = scalarOrNumbers(r, "max_error", rule.max_error);
    for (double x : rule.tau_max)
      if (!(x > 0.0)) r.failAt("tau_max", "must be > 0");
    for (double x : rule.max_error)
      if (!(x > 0.0)) r.failAt("max_error", "must be > 0");
    g.rule = rule;
  } else if (has_gains) {
    ObjectReader gr(r.require("gains"), r.keyPath("gains"), r.source());
    JointGainsDescription::Explicit e;
    e.kp = nonNegativeGains(gr, "kp", e.kp);
    e.kd = nonNegativeGains(gr, "kd", e.kd);
    gr.finish({"kp", "kd"});
    g.gains = e;
  }
  return g;
}

std::optional<std::vector<std::string>> readJointNames(ObjectReader& r,
                                                       const std::string& key = "joints") {
  const Json* js = r.get(key);
  if (!js) return std::nullopt;
  if (!js->is_array() || js->empty()) r.failAt(key, "expected a non-empty array of joint names");
  std::vector<std::string> names;
  for (size_t i = 0; i < js->size(); ++i) {
    const Json& n = (*js)[i];
    if (!n.is_string())
      io::fail(r.source(), io::indexPath(r.keyPath(key), i),
               "expected a joint name, got " + io::describeJson(n));
    names.push_back(n.get<std::string>());
  }
  return names;
}

// Weights of a quadratic cost: one number or an array, each > 0.
std::vector<double> positiveWeights(ObjectReader& r, const std::string& key) {
  std::vector<double> v = scalarOrNumbers(r, key, {1.0});
  if (v.empty() || std::any_of(v.begin(), v.end(), [](double x) { return !(x > 0.0); }))
    r.failAt(key, "weights must be > 0");
  return v;
}

void readJointController(ObjectReader& r, JointControllerDescription& c) {
  c.joints = readJointNames(r);
  if (const Json* t = r.get("trajectory"))
    c.trajectory = readTrajectory(*t, r.keyPath("trajectory"), r.source());
  c.gains = readJointGains(r);
}

ControllerDescription readController(const Json& j, const std::string& path,
                                     const std::string& source) {
  ObjectReader r(j, path, source);
  const std::string type = r.requireString("type");
  if (type == "computed_torque") {
    ComputedTorqueDescription c;
    readJointController(r, c);
    c.feed_forward = readBool(r, "feed_forward", false);
    r.finish({"type", "joints", "trajectory", "gains", "tau_max", "max_error", "feed_forward"});
    return c;
  }
  if (type == "joint_pd") {
    JointPDDescription c;
    readJointController(r, c);
    const std::string comp = r.string("compensation", "none");
    if (comp == "none")
      c.compensation = JointPDDescription::Compensation::None;
    else if (comp == "gravity")
      c.compensation = JointPDDescription::Compensation::Gravity;
    else if (comp == "bias")
      c.compensation = JointPDDescription::Compensation::Bias;
    else
      r.failAt("compensation",
               "unknown compensation " + io::quote(comp) + " (expected none, gravity or bias)");
    r.finish({"type", "joints", "trajectory", "gains", "tau_max", "max_error", "compensation"});
    return c;
  }
  if (type == "resolved_rate" || type == "reaction_null_space") {
    ResolvedRateDescription c;
    c.reactionless = type == "reaction_null_space";
    c.frame = r.requireString("frame");
    ObjectReader t(r.require("target"), r.keyPath("target"), source);
    c.target_position = io::readVec3(t.require("position"), t.keyPath("position"), source);
    if (t.has("quaternion_wxyz")) c.target_orientation = readQuaternion(t, "quaternion_wxyz");
    t.finish({"position", "quaternion_wxyz"});
    c.k_position = r.number("k_position", c.k_position);
    c.k_orientation = r.number("k_orientation", c.k_orientation);
    c.max_linear_speed = r.number("max_linear_speed", 0.0);
    c.max_angular_speed = r.number("max_angular_speed", 0.0);
    c.generalized_jacobian = readBool(r, "generalized_jacobian", true);
    const std::string task = r.string("task", c.reactionless ? "position" : "pose");
    if (task != "position" && task != "pose")
      r.failAt("task", "unknown task " + io::quote(task) + " (expected position or pose)");
    c.position_only = task == "position";
    c.gains = readJointGains(r);
    r.finish({"type", "frame", "target", "k_position", "k_orientation", "max_linear_speed",
              "max_angular_speed", "generalized_jacobian", "task", "gains", "tau_max",
              "max_error"});
    return c;
  }
  if (type == "wheel_attitude") {
    WheelAttitudeDescription c;
    c.target = readQuaternion(r, "target_quaternion_wxyz");
    c.kp = diagonalGains(r, "kp");
    c.kd = diagonalGains(r, "kd");
    r.finish({"type", "target_quaternion_wxyz", "kp", "kd"});
    return c;
  }
  if (type == "thruster_hold") {
    ThrusterHoldDescription c;
    if (r.has("target_quaternion_wxyz")) c.target = readQuaternion(r, "target_quaternion_wxyz");
    c.target_position = r.vec3("target_position", Vec3::Zero());
    c.attitude = readBool(r, "attitude", true);
    c.position = readBool(r, "position", true);
    c.kp_attitude = diagonalGains(r, "kp_attitude");
    c.kd_attitude = diagonalGains(r, "kd_attitude");
    c.kp_position = diagonalGains(r, "kp_position");
    c.kd_position = diagonalGains(r, "kd_position");
    r.finish({"type", "target_quaternion_wxyz", "target_position", "attitude", "position",
              "kp_attitude", "kd_attitude", "kp_position", "kd_position"});
    return c;
  }
  if (type == "lqr") {
    LqrDescription c;
    if (r.has("target_quaternion_wxyz")) c.target = readQuaternion(r, "target_quaternion_wxyz");
    c.attitude = readBool(r, "attitude", true);
    c.joints = readJointNames(r).value_or(std::vector<std::string>{});
    if (r.has("joint_targets"))
      c.joint_targets =
          io::readNumbers(r.require("joint_targets"), 0, r.keyPath("joint_targets"), source);
    c.inputs = readJointNames(r, "inputs");
    c.q_attitude = positiveWeights(r, "q_attitude");
    c.q_angular_rate = positiveWeights(r, "q_angular_rate");
    c.q_joint = positiveWeights(r, "q_joint");
    c.q_joint_rate = positiveWeights(r, "q_joint_rate");
    c.r = positiveWeights(r, "r");
    r.finish({"type", "target_quaternion_wxyz", "attitude", "joints", "joint_targets", "inputs",
              "q_attitude", "q_angular_rate", "q_joint", "q_joint_rate", "r"});
    return c;
  }
  r.failAt("type", "unknown controller type " + io::quote(type) +
                       " (expected computed_torque, joint_pd, resolved_rate, "
                       "reaction_null_space, wheel_attitude, thruster_hold or lqr)");
}

ReactionWheelDescription readWheel(const Json& j, const std::string& path,
                                   const std::string& source) {
  ObjectReader r(j, path, source);
  ReactionWheelDescription d;
  ReactionWheelSpec& w = d.wheel;
  w.name = r.requireString("name");
  io::checkName(source, r.keyPath("name"), w.name);
  w.position = r.vec3("position", Vec3::Zero());
  w.axis = io::readVec3(r.require("axis"), r.keyPath("axis"), source);
  if (w.axis.norm() < 1e-12) r.failAt("axis", "axis is zero");  // normalised by assembly
  w.mass = r.number("mass", 0.0);
  if (w.mass < 0.0) r.failAt("mass", "must be >= 0");
  w.spin_inertia = r.requireNumber("spin_inertia");
  if (!(w.spin_inertia > 0.0)) r.failAt("spin_inertia", "must be > 0 (kg m^2)");
  w.transverse_inertia = r.number("transverse_inertia", 0.5 * w.spin_inertia);
  if (w.transverse_inertia < 0.0) r.failAt("transverse_inertia", "must be >= 0 (kg m^2)");
  w.max_torque = r.number("max_torque", 0.0);
  w.max_speed = r.number("max_speed", 0.0);
  if (w.max_torque < 0.0) r.failAt("max_torque", "must be >= 0 (N m; 0 = unlimited)");
  if (w.max_speed < 0.0) r.failAt("max_speed", "must be >= 0 (rad/s; 0 = unlimited)");
  d.initial_speed = r.number("initial_speed", 0.0);
  r.finish({"name", "position", "axis", "mass", "spin_inertia", "transverse_inertia", "max_torque",
            "max_speed", "initial_speed"});
  return d;
}

ThrusterSpec readThruster(const Json& j, const std::string& path, const std::string& source) {
  ObjectReader r(j, path, source);
  ThrusterSpec t;
  t.name = r.requireString("name");
  io::checkName(source, r.keyPath("name"), t.name);
  t.link = r.string("link", "");  // "": the vehicle
  t.position = r.vec3("position", Vec3::Zero());
  t.direction = io::readVec3(r.require("direction"), r.keyPath("direction"), source);
  if (t.direction.norm() < 1e-12) r.failAt("direction", "direction is zero");  // (assembly)
  t.max_force = r.requireNumber("max_force");
  if (!(t.max_force > 0.0)) r.failAt("max_force", "must be > 0 (N)");
  t.proportional = readBool(r, "proportional", true);
  r.finish({"name", "link", "position", "direction", "max_force", "proportional"});
  return t;
}

Vec6 readNonNegative6(ObjectReader& b, const std::string& key) {
  const std::vector<double> v = io::readNumbers(b.require(key), 6, b.keyPath(key), b.source());
  if (std::any_of(v.begin(), v.end(), [](double x) { return x < 0.0; }))
    b.failAt(key, "must be >= 0");
  return Eigen::Map<const Vec6>(v.data());
}

EnvironmentDescription readEnvironment(const Json& j, const std::string& path,
                                       const std::string& source) {
  ObjectReader r(j, path, source);
  EnvironmentDescription env;
  int kinds = 0;
  if (r.has("gravity")) {
    ++kinds;
    env.kind = EnvironmentDescription::Gravity{
        io::readVec3(r.require("gravity"), r.keyPath("gravity"), source)};
  }
  if (r.has("underwater")) {
    ++kinds;
    EnvironmentDescription::Underwater w;
    ObjectReader u(r.require("underwater"), r.keyPath("underwater"), source);
    w.fluid.density = u.number("density", w.fluid.density);
    if (w.fluid.density < 0.0) u.failAt("density", "must be >= 0 (kg/m^3)");
    w.gravity = u.vec3("gravity", w.gravity);
    w.fluid.current_world = u.vec3("current", Vec3::Zero());
    if (const Json* bs = u.get("bodies")) {
      if (!bs->is_array()) u.failAt("bodies", "expected an array");
      for (size_t i = 0; i < bs->size(); ++i) {
        ObjectReader b((*bs)[i], io::indexPath(u.keyPath("bodies"), i), source);
        HydrodynamicBody h;
        h.link = b.requireString("link");
        h.volume = b.number("volume", 0.0);
        if (h.volume < 0.0) b.failAt("volume", "must be >= 0 (m^3)");
        h.center_of_buoyancy = b.vec3("center_of_buoyancy", Vec3::Zero());
        if (b.has("linear_damping")) h.linear_damping = readNonNegative6(b, "linear_damping");
        if (b.has("quadratic_damping"))
          h.quadratic_damping = readNonNegative6(b, "quadratic_damping");
        if (b.has("added_mass_diagonal"))
          h.added_mass = readNonNegative6(b, "added_mass_diagonal").asDiagonal();
        b.finish({"link", "volume", "center_of_buoyancy", "linear_damping", "quadratic_damping",
                  "added_mass_diagonal"});
        w.bodies.push_back(h);
      }
    }
    u.finish({"density", "gravity", "current", "bodies"});
    env.kind = w;
  }
  if (r.has("gravity_gradient")) {
    ++kinds;
    ObjectReader g(r.require("gravity_gradient"), r.keyPath("gravity_gradient"), source);
    if (g.has("mean_motion") == g.has("orbit_radius"))
      g.failHere("give exactly one of mean_motion (rad/s) or orbit_radius (m)");
    const double n = g.has("mean_motion") ? g.requireNumber("mean_motion")
                                          : circularOrbitRate(positive(g, "orbit_radius", 1.0));
    if (!(n > 0.0)) g.failAt("mean_motion", "must be > 0 (rad/s)");
    g.finish({"mean_motion", "orbit_radius"});
    env.kind = EnvironmentDescription::GravityGradient{n};
  }
  r.finish({"gravity", "underwater", "gravity_gradient"});
  if (kinds > 1) r.failHere("give one environment: gravity, underwater or gravity_gradient");
  return env;
}

// A path given inside the scenario file: never empty.
std::string pathValue(ObjectReader& r, const std::string& key, const Json& j) {
  const std::string p = j.get<std::string>();
  if (p.empty()) r.failAt(key, "the file path is empty");
  return p;
}

// ---- writing -----------------------------------------------------------------------------------

Json numbers(const std::vector<double>& v) {
  Json a = Json::array();
  for (double x : v) a.push_back(x);
  return a;
}

// One number is written as a scalar ("every component").
Json scalarOrNumbers(const std::vector<double>& v) {
  return v.size() == 1 ? Json(v[0]) : numbers(v);
}

Json quaternion(const Quat& q) { return Json::array({q.w(), q.x(), q.y(), q.z()}); }

Json vec6(const Vec6& v) { return numbers(std::vector<double>(v.data(), v.data() + 6)); }

Json trajectoryJson(const TrajectoryDescription& t) {
  Json o = Json::object();
  if (const auto* q = std::get_if<QuinticTrajectoryDescription>(&t)) {
    o["type"] = "quintic";
    o["target"] = numbers(q->target);
    o["duration"] = q->duration;
    o["start"] = q->start;
  } else if (const auto* w = std::get_if<WaypointsTrajectoryDescription>(&t)) {
    o["type"] = "waypoints";
    o["times"] = numbers(w->times);
    Json rows = Json::array();
    for (const auto& row : w->positions) rows.push_back(numbers(row));
    o["positions"] = rows;
  } else {
    const JointSweepParameters& p = std::get<JointSweepTrajectoryDescription>(t).parameters;
    o["type"] = "joint_sweep";
    o["rate"] = p.rate;
    o["first"] = p.first;
    o["rest"] = p.rest;
    o["second"] = p.second;
    o["back"] = p.back;
    o["blend"] = p.blend;
    o["dwell"] = p.dwell;
  }
  return o;
}

void writeGains(const JointGainsDescription& g, Json& o) {
  if (g.gains)
    o["gains"] = Json{{"kp", scalarOrNumbers(g.gains->kp)}, {"kd", scalarOrNumbers(g.gains->kd)}};
  if (g.rule) {
    o["tau_max"] = scalarOrNumbers(g.rule->tau_max);
    o["max_error"] = scalarOrNumbers(g.rule->max_error);
  }
}

void writeJointController(const JointControllerDescription& c, Json& o) {
  if (c.joints) {
    Json names = Json::array();
    for (const auto& n : *c.joints) names.push_back(n);
    o["joints"] = names;
  }
  if (c.trajectory) o["trajectory"] = trajectoryJson(*c.trajectory);
  writeGains(c.gains, o);
}

const char* compensationName(JointPDDescription::Compensation c) {
  switch (c) {
    case JointPDDescription::Compensation::Gravity:
      return "gravity";
    case JointPDDescription::Compensation::Bias:
      return "bias";
    default:
      return "none";
  }
}

Json controllerJson(const ControllerDescription& controller) {
  Json o = Json::object();
  o["type"] = controllerTypeName(controller);
  if (const auto* c = std::get_if<ComputedTorqueDescription>(&controller)) {
    writeJointController(*c, o);
    o["feed_forward"] = c->feed_forward;
  } else if (const auto* c = std::get_if<JointPDDescription>(&controller)) {
    writeJointController(*c, o);
    o["compensation"] = compensationName(c->compensation);
  } else if (const auto* c = std::get_if<ResolvedRateDescription>(&controller)) {
    o["frame"] = c->frame;
    Json target = Json::object();
    target["position"] = io::jvec(c->target_position);
    if (c->target_orientation) target["quaternion_wxyz"] = quaternion(*c->target_orientation);
    o["target"] = target;
    o["k_position"] = c->k_position;
    o["k_orientation"] = c->k_orientation;
    o["max_linear_speed"] = c->max_linear_speed;
    o["max_angular_speed"] = c->max_angular_speed;
    o["generalized_jacobian"] = c->generalized_jacobian;
    if (c->position_only != c->reactionless)  // not the type's default task
      o["task"] = c->position_only ? "position" : "pose";
    writeGains(c->gains, o);
  } else if (const auto* c = std::get_if<WheelAttitudeDescription>(&controller)) {
    o["target_quaternion_wxyz"] = quaternion(c->target);
    o["kp"] = scalarOrNumbers(c->kp);
    o["kd"] = scalarOrNumbers(c->kd);
  } else if (const auto* c = std::get_if<LqrDescription>(&controller)) {
    o["target_quaternion_wxyz"] = quaternion(c->target);
    o["attitude"] = c->attitude;
    if (!c->joints.empty()) {
      Json names = Json::array();
      for (const auto& n : c->joints) names.push_back(n);
      o["joints"] = names;
    }
    if (!c->joint_targets.empty()) o["joint_targets"] = numbers(c->joint_targets);
    if (c->inputs) {
      Json names = Json::array();
      for (const auto& n : *c->inputs) names.push_back(n);
      o["inputs"] = names;
    }
    o["q_attitude"] = scalarOrNumbers(c->q_attitude);
    o["q_angular_rate"] = scalarOrNumbers(c->q_angular_rate);
    o["q_joint"] = scalarOrNumbers(c->q_joint);
    o["q_joint_rate"] = scalarOrNumbers(c->q_joint_rate);
    o["r"] = scalarOrNumbers(c->r);
  } else {
    const auto& h = std::get<ThrusterHoldDescription>(controller);
    o["target_quaternion_wxyz"] = quaternion(h.target);
    o["target_position"] = io::jvec(h.target_position);
    o["attitude"] = h.attitude;
    o["position"] = h.position;
    o["kp_attitude"] = scalarOrNumbers(h.kp_attitude);
    o["kd_attitude"] = scalarOrNumbers(h.kd_attitude);
    o["kp_position"] = scalarOrNumbers(h.kp_position);
    o["kd_position"] = scalarOrNumbers(h.kd_position);
  }
  return o;
}

Json environmentJson(const EnvironmentDescription& env) {
  Json o = Json::object();
  if (const auto* g = std::get_if<EnvironmentDescription::Gravity>(&env.kind)) {
    o["gravity"] = io::jvec(g->gravity);
  } else if (const auto* u = std::get_if<EnvironmentDescription::Underwater>(&env.kind)) {
    Json w = Json::object();
    w["density"] = u->fluid.density;
    w["gravity"] = io::jvec(u->gravity);
    w["current"] = io::jvec(u->fluid.current_world);
    Json bodies = Json::array();
    for (const HydrodynamicBody& h : u->bodies) {
      Json b = Json::object();
      b["link"] = h.link;
      b["volume"] = h.volume;
      b["center_of_buoyancy"] = io::jvec(h.center_of_buoyancy);
      b["linear_damping"] = vec6(h.linear_damping);
      b["quadratic_damping"] = vec6(h.quadratic_damping);
      b["added_mass_diagonal"] = vec6(h.added_mass.diagonal());
      bodies.push_back(b);
    }
    w["bodies"] = bodies;
    o["underwater"] = w;
  } else if (const auto* gg = std::get_if<EnvironmentDescription::GravityGradient>(&env.kind)) {
    o["gravity_gradient"] = Json{{"mean_motion", gg->mean_motion}};
  }
  return o;
}

Json stateJson(const StateDescription& s) {
  Json o = Json::object();
  if (s.joint_names) {
    Json names = Json::array();
    for (const auto& n : *s.joint_names) names.push_back(n);
    o["joint_names"] = names;
  }
  Json b = Json::object();
  b["position"] = io::jvec(s.position);
  if (s.orientation) b["quaternion_wxyz"] = quaternion(*s.orientation);
  b["linear_velocity_world"] = io::jvec(s.linear_velocity_world);
  b["angular_velocity_world"] = io::jvec(s.angular_velocity_world);
  o["base"] = b;
  if (s.q) o["q"] = numbers(*s.q);
  if (s.qd) o["qd"] = numbers(*s.qd);
  if (s.tau) o["tau"] = numbers(*s.tau);
  return o;
}

}  // namespace

std::string scenarioFolder(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

std::string resolveScenarioPath(const std::string& base_dir, const std::string& p) {
  if (p.empty() || p[0] == '/' || base_dir.empty()) return p;
  return base_dir + "/" + p;
}

std::string scenarioBaseName(const std::string& path) {
  const auto slash = path.find_last_of('/');
  std::string n = slash == std::string::npos ? path : path.substr(slash + 1);
  for (const char* suffix : {".scenario.json", ".json"})
    if (io::endsWith(n, suffix)) return n.substr(0, n.size() - std::string(suffix).size());
  return n;
}

// ---- the keys of the file (scenario_keys.cpp's table) ---------------------------------------

void readScenarioValue(const ScenarioKey& key, ScenarioKeyReader& in, ScenarioDescription& d) {
  ObjectReader& r = in.object;
  if (!r.has(key.name)) {
    if (key.required) r.require(key.name);  // "missing (required)"
    return;
  }
  const ScenarioValue value = key.type == ScenarioKey::Type::Text
                                  ? ScenarioValue(r.requireString(key.name))
                                  : ScenarioValue(r.requireNumber(key.name));
  if (key.problem)
    if (const std::string problem = key.problem(value); !problem.empty())
      r.failAt(key.name, problem);
  key.set(d, value);
}

// Model: a path (relative to the scenario file) or an inline vms-model object.
void readScenarioModel(ScenarioKeyReader& in, ScenarioDescription& d) {
  ObjectReader& r = in.object;
  const Json& mj = r.require("model");
  if (mj.is_string()) {
    d.model.path = pathValue(r, "model", mj);
    d.model.description =
        loadModelDescription(resolveScenarioPath(in.base_dir, d.model.path), in.warnings);
  } else if (mj.is_object()) {
    d.model.description = parseVmsJson(mj.dump(), in.source + ": model", in.warnings);
  } else {
    r.failAt("model", "expected a model file path or an inline vms-model object, got " +
                          io::describeJson(mj));
  }
}

void writeScenarioModel(const ScenarioDescription& d, ScenarioKeyWriter& out) {
  out.object["model"] = d.model.path.empty()
                            ? io::parseJsonText(writeVmsJson(d.model.description), "model")
                            : Json(d.model.path);
}

void readScenarioInitialState(ScenarioKeyReader& in, ScenarioDescription& d) {
  ObjectReader& r = in.object;
  const Json* sj = r.get("initial_state");
  if (!sj) return;
  StateReference s;
  if (sj->is_string()) {
    s.path = pathValue(r, "initial_state", *sj);
    const std::string path = resolveScenarioPath(in.base_dir, s.path);
    s.description = parseStateDescription(io::readTextFile(path), path);
    s.source = path;
  } else if (sj->is_object()) {
    s.source = in.source + ": initial_state";
    s.description = parseStateDescription(sj->dump(), s.source);
  } else {
    r.failAt("initial_state", "expected a STATE file path or an inline STATE object");
  }
  d.initial_state = s;
}

void writeScenarioInitialState(const ScenarioDescription& d, ScenarioKeyWriter& out) {
  if (d.initial_state)
    out.object["initial_state"] = d.initial_state->path.empty()
                                      ? stateJson(d.initial_state->description)
                                      : Json(d.initial_state->path);
}

void readScenarioEnvironment(ScenarioKeyReader& in, ScenarioDescription& d) {
  if (const Json* ej = in.object.get("environment"))
    d.environment = readEnvironment(*ej, "environment", in.source);
}

void writeScenarioEnvironment(const ScenarioDescription& d, ScenarioKeyWriter& out) {
  if (!std::holds_alternative<std::monostate>(d.environment.kind))
    out.object["environment"] = environmentJson(d.environment);
}

void readScenarioActuators(ScenarioKeyReader& in, ScenarioDescription& d) {
  const Json* aj = in.object.get("actuators");
  if (!aj) return;
  checkKeys(*aj, "actuators", in.source, {"reaction_wheels", "thrusters"});
  ObjectReader a(*aj, "actuators", in.source);
  if (a.has("reaction_wheels")) {
    const Json& ws = requireArray(a, "reaction_wheels");
    for (size_t i = 0; i < ws.size(); ++i)
      d.reaction_wheels.push_back(
          readWheel(ws[i], io::indexPath(a.keyPath("reaction_wheels"), i), in.source));
  }
  if (a.has("thrusters")) {
    const Json& ts = requireArray(a, "thrusters");
    for (size_t i = 0; i < ts.size(); ++i)
      d.thrusters.push_back(
          readThruster(ts[i], io::indexPath(a.keyPath("thrusters"), i), in.source));
  }
  a.finish({"reaction_wheels", "thrusters"});
}

void writeScenarioActuators(const ScenarioDescription& d, ScenarioKeyWriter& out) {
  if (d.reaction_wheels.empty() && d.thrusters.empty()) return;
  Json a = Json::object();
  if (!d.reaction_wheels.empty()) {
    Json ws = Json::array();
    for (const ReactionWheelDescription& rw : d.reaction_wheels) {
      const ReactionWheelSpec& w = rw.wheel;
      ws.push_back(Json{{"name", w.name},
                        {"position", io::jvec(w.position)},
                        {"axis", io::jvec(w.axis)},
                        {"mass", w.mass},
                        {"spin_inertia", w.spin_inertia},
                        {"transverse_inertia", w.transverse_inertia},
                        {"max_torque", w.max_torque},
                        {"max_speed", w.max_speed},
                        {"initial_speed", rw.initial_speed}});
    }
    a["reaction_wheels"] = ws;
  }
  if (!d.thrusters.empty()) {
    Json ts = Json::array();
    for (const ThrusterSpec& t : d.thrusters) {
      Json j = Json::object();
      j["name"] = t.name;
      if (!t.link.empty()) j["link"] = t.link;
      j["position"] = io::jvec(t.position);
      j["direction"] = io::jvec(t.direction);
      j["max_force"] = t.max_force;
      j["proportional"] = t.proportional;
      ts.push_back(j);
    }
    a["thrusters"] = ts;
  }
  out.object["actuators"] = a;
}

void readScenarioControllers(ScenarioKeyReader& in, ScenarioDescription& d) {
  if (!in.object.has("controllers")) return;
  const Json& cs = requireArray(in.object, "controllers");
  for (size_t i = 0; i < cs.size(); ++i)
    d.controllers.push_back(readController(cs[i], io::indexPath("controllers", i), in.source));
}

void writeScenarioControllers(const ScenarioDescription& d, ScenarioKeyWriter& out) {
  if (d.controllers.empty()) return;
  Json cs = Json::array();
  for (const ControllerDescription& c : d.controllers) cs.push_back(controllerJson(c));
  out.object["controllers"] = cs;
}

void readScenarioAnalysis(ScenarioKeyReader& in, ScenarioDescription& d) {
  const Json* aj = in.object.get("analysis");
  if (!aj) return;
  checkKeys(*aj, "analysis", in.source, {"end_effector"});
  ObjectReader a(*aj, "analysis", in.source);
  d.analysis_end_effector = a.requireString("end_effector");
  a.finish({"end_effector"});
}

void writeScenarioAnalysis(const ScenarioDescription& d, ScenarioKeyWriter& out) {
  if (d.analysis_end_effector)
    out.object["analysis"] = Json{{"end_effector", *d.analysis_end_effector}};
}

// "root" selects the base-invariant solver: "solver" may then be left out (assembly refuses
// another one).
void readScenarioSolver(ScenarioKeyReader& in, ScenarioDescription& d) {
  if (!in.object.has("solver") && in.object.has("root")) {
    d.solver = rootedSolverName();
    return;
  }
  readScenarioValue(*findScenarioKey("solver"), in, d);
}

ScenarioDescription parseScenarioWithKeys(const ScenarioKeyTable& keys, const std::string& text,
                                          const std::string& source, const std::string& base_dir,
                                          std::vector<std::string>* warnings) {
  const Json root = io::parseJsonText(text, source);
  std::vector<std::string> names;
  for (const ScenarioKey& k : keys) names.push_back(k.name);
  checkKeys(root, "", source, names);
  ObjectReader r(root, "", source);
  ScenarioDescription d;
  d.source = source;
  if (r.has("comment")) d.comment = r.requireString("comment");
  ScenarioKeyReader in{r, source, base_dir, warnings};
  for (const ScenarioKey& k : keys) {
    if (k.read)
      k.read(in, d);
    else
      readScenarioValue(k, in, d);
  }
  r.finish(names);
  return d;
}

std::string writeScenarioWithKeys(const ScenarioKeyTable& keys, const ScenarioDescription& d) {
  Json o = Json::object();
  if (d.comment) o["comment"] = *d.comment;
  ScenarioKeyWriter out{o};
  for (const ScenarioKey& k : keys) {
    if (k.write) {
      k.write(d, out);
    } else if (const auto v = k.get(d)) {
      if (const auto* s = std::get_if<std::string>(&*v))
        o[k.name] = *s;
      else if (k.type == ScenarioKey::Type::WholeNumber)
        o[k.name] = static_cast<long>(std::get<double>(*v));
      else
        o[k.name] = std::get<double>(*v);
    }
  }
  return io::prettyJson(o);
}

ScenarioDescription parseScenarioDescription(const std::string& text, const std::string& source,
                                             const std::string& base_dir,
                                             std::vector<std::string>* warnings) {
  return parseScenarioWithKeys(scenarioKeys(), text, source, base_dir, warnings);
}

ScenarioDescription readScenarioDescription(const std::string& path,
                                            std::vector<std::string>* warnings) {
  return parseScenarioDescription(io::readTextFile(path), path, scenarioFolder(path), warnings);
}

std::string writeScenarioJson(const ScenarioDescription& d) {
  return writeScenarioWithKeys(scenarioKeys(), d);
}

}  // namespace vms
