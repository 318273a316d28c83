#include "core/scenario/scenario.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/environment/gravity_gradient.hpp"
#include "core/environment/uniform_gravity.hpp"
#include "core/integrators/integrator.hpp"
#include "core/io/io_util.hpp"
#include "core/io/json_util.hpp"
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/step_count.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

using io::Json;
using io::ObjectReader;

namespace {

std::string resolvePath(const std::string& base_dir, const std::string& p) {
  if (p.empty() || p[0] == '/' || base_dir.empty()) return p;
  return base_dir + "/" + p;
}

std::string parentDir(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

std::string baseName(const std::string& path) {
  const auto slash = path.find_last_of('/');
  std::string n = slash == std::string::npos ? path : path.substr(slash + 1);
  for (const char* suffix : {".scenario.json", ".json"})
    if (io::endsWith(n, suffix)) return n.substr(0, n.size() - std::string(suffix).size());
  return n;
}

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

std::string joinNames(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// A registry name (solver, integrator): unknown names are rejected here, with the key path,
// never discovered by the first step.
std::string registeredName(ObjectReader& r, const std::string& key, const std::string& fallback,
                           const std::vector<std::string>& names, const char* what) {
  const std::string name = r.string(key, fallback);
  if (std::find(names.begin(), names.end(), name) == names.end())
    r.failAt(key, std::string("unknown ") + what + " " + io::quote(name) +
                      " (available: " + joinNames(names) + ")");
  return name;
}

// A path given inside the scenario file: never empty.
std::string pathValue(ObjectReader& r, const std::string& key, const Json& j) {
  const std::string p = j.get<std::string>();
  if (p.empty()) r.failAt(key, "the file path is empty");
  return p;
}

// Runs `read` and prefixes the scenario file and key to an error that names neither (errors of
// an inline model, of the model compiler, of actuator validation).
template <typename F>
auto withContext(const std::string& source, const std::string& key, F&& read) {
  try {
    return read();
  } catch (const ModelError& e) {
    const std::string what = e.what();
    if (what.rfind(source, 0) == 0) throw;  // already names the scenario file
    throw ModelError(source + ": " + key + ": " + what);
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

VecX readVecN(const Json& j, size_t n, const std::string& path, const std::string& source) {
  const std::vector<double> v = io::readNumbers(j, n, path, source);
  return Eigen::Map<const VecX>(v.data(), static_cast<Eigen::Index>(v.size()));
}

// A scalar (the same for every component) or n numbers.
VecX scalarOrVec(ObjectReader& r, const std::string& key, size_t n, const VecX& fallback) {
  const Json* j = r.get(key);
  if (!j) return fallback;
  if (j->is_number())
    return VecX::Constant(static_cast<Eigen::Index>(n),
                          io::readNumber(*j, r.keyPath(key), r.source()));
  return readVecN(*j, n, r.keyPath(key), r.source());
}

Mat3 diagGain(ObjectReader& r, const std::string& key, const Mat3& fallback) {
  if (!r.has(key)) return fallback;
  const VecX v = scalarOrVec(r, key, 3, VecX::Zero(3));
  if ((v.array() < 0.0).any()) r.failAt(key, "gains must be >= 0");
  return v.asDiagonal();
}

Quat readQuaternion(ObjectReader& r, const std::string& key) {
  const VecX v = readVecN(r.require(key), 4, r.keyPath(key), r.source());
  if (v.norm() < 1e-12) r.failAt(key, "zero quaternion (cannot be normalised)");
  return Quat(v[0], v[1], v[2], v[3]).normalized();
}

int jointByName(const Model& m, const Json& j, const std::string& path, const std::string& source) {
  if (!j.is_string()) io::fail(source, path, "expected a joint name, got " + io::describeJson(j));
  const int k = m.jointIndex(j.get<std::string>());
  if (k < 0) {
    std::string names;
    for (const auto& n : m.joint_names) names += (names.empty() ? "" : ", ") + n;
    io::fail(source, path,
             "unknown joint '" + j.get<std::string>() + "' (the model's joints: " + names + ")");
  }
  return k;
}

TrajectorySpec readTrajectory(const Json& j, const std::string& path, const std::string& source,
                              size_t n) {
  ObjectReader r(j, path, source);
  TrajectorySpec t;
  const std::string type = r.requireString("type");
  if (type == "quintic") {
    t.type = TrajectorySpec::Type::Quintic;
    t.target = readVecN(r.require("target"), n, r.keyPath("target"), source);
    t.duration = positive(r, "duration", 1.0);
    t.start = r.number("start", 0.0);
    if (t.start < 0.0) r.failAt("start", "must be >= 0");
    r.finish({"type", "target", "duration", "start"});
  } else if (type == "waypoints") {
    t.type = TrajectorySpec::Type::Waypoints;
    t.times = io::readNumbers(r.require("times"), 0, r.keyPath("times"), source);
    if (t.times.size() < 2) r.failAt("times", "expected at least 2 times");
    for (size_t i = 1; i < t.times.size(); ++i)
      if (!(t.times[i] > t.times[i - 1])) r.failAt("times", "times must increase strictly");
    const Json& pos = r.require("positions");
    if (!pos.is_array() || pos.size() != t.times.size())
      r.failAt("positions", "expected " + std::to_string(t.times.size()) +
                                " rows (one per time), got " + io::describeJson(pos));
    t.positions.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(pos.size()));
    for (size_t i = 0; i < pos.size(); ++i)
      t.positions.col(static_cast<Eigen::Index>(i)) =
          readVecN(pos[i], n, io::indexPath(r.keyPath("positions"), i), source);
    r.finish({"type", "times", "positions"});
  } else if (type == "joint_sweep") {
    t.type = TrajectorySpec::Type::JointSweep;
    JointSweepParameters& p = t.sweep;
    p.rate = r.number("rate", p.rate);
    p.first = positive(r, "first", p.first);
    p.rest = r.number("rest", p.rest);
    p.second = positive(r, "second", p.second);
    p.back = positive(r, "back", p.back);
    p.blend = positive(r, "blend", p.blend);
    p.dwell = r.number("dwell", p.dwell);
    if (p.rest < 0.0) r.failAt("rest", "must be >= 0");
    if (p.dwell < 0.0) r.failAt("dwell", "must be >= 0");
    if (p.blend > std::min({p.rest, p.first, p.second, p.back}))
      r.failAt("blend", "the blend is longer than a phase");
    r.finish({"type", "rate", "first", "rest", "second", "back", "blend", "dwell"});
  } else {
    r.failAt("type",
             "unknown trajectory type '" + type + "' (expected quintic, waypoints or joint_sweep)");
  }
  return t;
}

// gains: {"kp", "kd"} (scalar or one per joint), or "tau_max" + "max_error" (harmonic
// oscillator rule: kp = tau_max / e_max, kd = sqrt(2) kp).
void readJointGains(ObjectReader& r, ControllerSpec& c, const Model& m) {
  const size_t n = c.joints.size();
  const bool has_gains = r.has("gains"), has_rule = r.has("tau_max");
  if (has_gains && has_rule) r.failAt("tau_max", "give either gains or tau_max, not both");
  if (has_rule) {
    const VecX tmax = scalarOrVec(r, "tau_max", n, VecX());
    VecX emax = scalarOrVec(r, "max_error", n, VecX::Constant(static_cast<Eigen::Index>(n), 0.1));
    if ((tmax.array() <= 0.0).any()) r.failAt("tau_max", "must be > 0");
    if ((emax.array() <= 0.0).any()) r.failAt("max_error", "must be > 0");
    c.gains = harmonicOscillatorGains(tmax, emax);
  } else if (has_gains) {
    ObjectReader g(r.require("gains"), r.keyPath("gains"), r.source());
    c.gains.kp = scalarOrVec(g, "kp", n, VecX::Ones(static_cast<Eigen::Index>(n)));
    c.gains.kd = scalarOrVec(g, "kd", n, VecX::Ones(static_cast<Eigen::Index>(n)));
    if ((c.gains.kp.array() < 0.0).any()) g.failAt("kp", "gains must be >= 0");
    if ((c.gains.kd.array() < 0.0).any()) g.failAt("kd", "gains must be >= 0");
    g.finish({"kp", "kd"});
  } else {
    c.gains.kp = c.gains.kd = VecX::Ones(static_cast<Eigen::Index>(n));
  }
  (void)m;
}

void readJointList(ObjectReader& r, ControllerSpec& c, const Model& m,
                   const std::vector<int>& wheel_joints) {
  if (const Json* js = r.get("joints")) {
    if (!js->is_array() || js->empty())
      r.failAt("joints", "expected a non-empty array of joint names");
    for (size_t i = 0; i < js->size(); ++i)
      c.joints.push_back(
          jointByName(m, (*js)[i], io::indexPath(r.keyPath("joints"), i), r.source()));
  } else {
    for (int k = 0; k < m.njoints; ++k)
      if (std::find(wheel_joints.begin(), wheel_joints.end(), k) == wheel_joints.end())
        c.joints.push_back(k);
    if (c.joints.empty()) r.failHere("the model has no (non-wheel) joints to control");
  }
}

ControllerSpec readController(const Json& j, const std::string& path, const std::string& source,
                              const Model& m, const std::vector<int>& wheel_joints,
                              size_t n_thrusters) {
  ObjectReader r(j, path, source);
  ControllerSpec c;
  c.path = path;
  const std::string type = r.requireString("type");
  if (type == "computed_torque" || type == "joint_pd") {
    c.type =
        type == "joint_pd" ? ControllerSpec::Type::JointPD : ControllerSpec::Type::ComputedTorque;
    readJointList(r, c, m, wheel_joints);
    if (const Json* t = r.get("trajectory"))
      c.trajectory = readTrajectory(*t, r.keyPath("trajectory"), source, c.joints.size());
    readJointGains(r, c, m);
    if (c.type == ControllerSpec::Type::ComputedTorque) {
      c.feed_forward = readBool(r, "feed_forward", false);
      r.finish({"type", "joints", "trajectory", "gains", "tau_max", "max_error", "feed_forward"});
    } else {
      const std::string comp = r.string("compensation", "none");
      if (comp == "none")
        c.compensation = JointPDController::Compensation::None;
      else if (comp == "gravity")
        c.compensation = JointPDController::Compensation::Gravity;
      else if (comp == "bias")
        c.compensation = JointPDController::Compensation::Bias;
      else
        r.failAt("compensation",
                 "unknown compensation '" + comp + "' (expected none, gravity or bias)");
      r.finish({"type", "joints", "trajectory", "gains", "tau_max", "max_error", "compensation"});
    }
  } else if (type == "resolved_rate") {
    c.type = ControllerSpec::Type::ResolvedRate;
    if (!wheel_joints.empty())
      r.failAt("type",
               "resolved_rate drives every joint; it cannot be combined with reaction wheels");
    for (int k = 0; k < m.njoints; ++k) c.joints.push_back(k);
    const std::string frame = r.requireString("frame");
    c.frame = m.frameIndex(frame);
    if (c.frame < 0) r.failAt("frame", "unknown frame '" + frame + "'");
    ObjectReader t(r.require("target"), r.keyPath("target"), source);
    c.target.p = io::readVec3(t.require("position"), t.keyPath("position"), source);
    c.target_orientation = t.has("quaternion_wxyz");
    if (c.target_orientation) c.target.R = readQuaternion(t, "quaternion_wxyz").toRotationMatrix();
    t.finish({"position", "quaternion_wxyz"});
    c.resolved_rate.k_position = r.number("k_position", c.resolved_rate.k_position);
    c.resolved_rate.k_orientation = r.number("k_orientation", c.resolved_rate.k_orientation);
    c.resolved_rate.max_linear_speed = r.number("max_linear_speed", 0.0);
    c.resolved_rate.max_angular_speed = r.number("max_angular_speed", 0.0);
    c.resolved_rate.use_generalized_jacobian = readBool(r, "generalized_jacobian", true);
    readJointGains(r, c, m);
    r.finish({"type", "frame", "target", "k_position", "k_orientation", "max_linear_speed",
              "max_angular_speed", "generalized_jacobian", "gains", "tau_max", "max_error"});
  } else if (type == "wheel_attitude") {
    c.type = ControllerSpec::Type::WheelAttitude;
    if (wheel_joints.empty()) r.failAt("type", "wheel_attitude needs actuators.reaction_wheels");
    c.joints = wheel_joints;
    c.target_quaternion = readQuaternion(r, "target_quaternion_wxyz");
    c.attitude_gains.kp = diagGain(r, "kp", c.attitude_gains.kp);
    c.attitude_gains.kd = diagGain(r, "kd", c.attitude_gains.kd);
    r.finish({"type", "target_quaternion_wxyz", "kp", "kd"});
  } else if (type == "thruster_hold") {
    c.type = ControllerSpec::Type::ThrusterHold;
    if (n_thrusters == 0) r.failAt("type", "thruster_hold needs actuators.thrusters");
    c.target_quaternion = r.has("target_quaternion_wxyz")
                              ? readQuaternion(r, "target_quaternion_wxyz")
                              : Quat::Identity();
    c.target_position = r.vec3("target_position", Vec3::Zero());
    c.thruster.attitude = readBool(r, "attitude", true);
    c.thruster.position = readBool(r, "position", true);
    c.thruster.attitude_gains.kp = diagGain(r, "kp_attitude", c.thruster.attitude_gains.kp);
    c.thruster.attitude_gains.kd = diagGain(r, "kd_attitude", c.thruster.attitude_gains.kd);
    c.thruster.kp_position = diagGain(r, "kp_position", c.thruster.kp_position);
    c.thruster.kd_position = diagGain(r, "kd_position", c.thruster.kd_position);
    r.finish({"type", "target_quaternion_wxyz", "target_position", "attitude", "position",
              "kp_attitude", "kd_attitude", "kp_position", "kd_position"});
  } else {
    r.failAt("type", "unknown controller type '" + type +
                         "' (expected computed_torque, joint_pd, resolved_rate, wheel_attitude "
                         "or thruster_hold)");
  }
  return c;
}

ReactionWheelSpec readWheel(const Json& j, const std::string& path, const std::string& source) {
  ObjectReader r(j, path, source);
  ReactionWheelSpec w;
  w.name = r.requireString("name");
  io::checkName(source, r.keyPath("name"), w.name);
  w.position = r.vec3("position", Vec3::Zero());
  w.axis = io::readVec3(r.require("axis"), r.keyPath("axis"), source);
  if (w.axis.norm() < 1e-12) r.failAt("axis", "axis is zero");
  w.axis.normalize();
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
  r.number("initial_speed", 0.0);  // read again by the caller
  r.finish({"name", "position", "axis", "mass", "spin_inertia", "transverse_inertia", "max_torque",
            "max_speed", "initial_speed"});
  return w;
}

ThrusterSpec readThruster(const Json& j, const std::string& path, const std::string& source,
                          const Model& m) {
  ObjectReader r(j, path, source);
  ThrusterSpec t;
  t.name = r.requireString("name");
  io::checkName(source, r.keyPath("name"), t.name);
  t.link = r.string("link", m.body_names.empty() ? std::string() : m.body_names[0]);
  if (m.frameIndex(t.link) < 0 && m.bodyIndex(t.link) < 0)
    r.failAt("link", "unknown link or frame '" + t.link + "'");
  t.position = r.vec3("position", Vec3::Zero());
  t.direction = io::readVec3(r.require("direction"), r.keyPath("direction"), source);
  if (t.direction.norm() < 1e-12) r.failAt("direction", "direction is zero");
  t.direction.normalize();
  t.max_force = r.requireNumber("max_force");
  if (!(t.max_force > 0.0)) r.failAt("max_force", "must be > 0 (N)");
  t.proportional = readBool(r, "proportional", true);
  r.finish({"name", "link", "position", "direction", "max_force", "proportional"});
  return t;
}

void readEnvironment(const Json& j, const std::string& path, const std::string& source,
                     EnvironmentSpec& env) {
  ObjectReader r(j, path, source);
  int kinds = 0;
  if (r.has("gravity")) {
    ++kinds;
    env.type = EnvironmentSpec::Type::Gravity;
    env.gravity = io::readVec3(r.require("gravity"), r.keyPath("gravity"), source);
  }
  if (r.has("underwater")) {
    ++kinds;
    env.type = EnvironmentSpec::Type::Underwater;
    ObjectReader u(r.require("underwater"), r.keyPath("underwater"), source);
    env.fluid.density = u.number("density", env.fluid.density);
    if (env.fluid.density < 0.0) u.failAt("density", "must be >= 0 (kg/m^3)");
    env.fluid.gravity = u.vec3("gravity", env.fluid.gravity);
    env.fluid.current_world = u.vec3("current", Vec3::Zero());
    if (const Json* bs = u.get("bodies")) {
      if (!bs->is_array()) u.failAt("bodies", "expected an array");
      for (size_t i = 0; i < bs->size(); ++i) {
        ObjectReader b((*bs)[i], io::indexPath(u.keyPath("bodies"), i), source);
        HydrodynamicBody h;
        h.link = b.requireString("link");
        h.volume = b.number("volume", 0.0);
        if (h.volume < 0.0) b.failAt("volume", "must be >= 0 (m^3)");
        h.center_of_buoyancy = b.vec3("center_of_buoyancy", Vec3::Zero());
        if (b.has("linear_damping"))
          h.linear_damping =
              readVecN(b.require("linear_damping"), 6, b.keyPath("linear_damping"), source);
        if (b.has("quadratic_damping"))
          h.quadratic_damping =
              readVecN(b.require("quadratic_damping"), 6, b.keyPath("quadratic_damping"), source);
        if (b.has("added_mass_diagonal"))
          h.added_mass = readVecN(b.require("added_mass_diagonal"), 6,
                                  b.keyPath("added_mass_diagonal"), source)
                             .asDiagonal();
        if ((h.linear_damping.array() < 0.0).any()) b.failAt("linear_damping", "must be >= 0");
        if ((h.quadratic_damping.array() < 0.0).any())
          b.failAt("quadratic_damping", "must be >= 0");
        if ((h.added_mass.diagonal().array() < 0.0).any())
          b.failAt("added_mass_diagonal", "must be >= 0");
        b.finish({"link", "volume", "center_of_buoyancy", "linear_damping", "quadratic_damping",
                  "added_mass_diagonal"});
        env.bodies.push_back(h);
      }
    }
    u.finish({"density", "gravity", "current", "bodies"});
  }
  if (r.has("gravity_gradient")) {
    ++kinds;
    env.type = EnvironmentSpec::Type::GravityGradient;
    ObjectReader g(r.require("gravity_gradient"), r.keyPath("gravity_gradient"), source);
    if (g.has("mean_motion") == g.has("orbit_radius"))
      g.failHere("give exactly one of mean_motion (rad/s) or orbit_radius (m)");
    env.mean_motion = g.has("mean_motion") ? g.requireNumber("mean_motion")
                                           : circularOrbitRate(positive(g, "orbit_radius", 1.0));
    if (!(env.mean_motion > 0.0)) g.failAt("mean_motion", "must be > 0 (rad/s)");
    g.finish({"mean_motion", "orbit_radius"});
  }
  r.finish({"gravity", "underwater", "gravity_gradient"});
  if (kinds > 1) r.failHere("give one environment: gravity, underwater or gravity_gradient");
}

}  // namespace

const char* controllerTypeName(ControllerSpec::Type type) {
  switch (type) {
    case ControllerSpec::Type::ComputedTorque:
      return "computed_torque";
    case ControllerSpec::Type::JointPD:
      return "joint_pd";
    case ControllerSpec::Type::ResolvedRate:
      return "resolved_rate";
    case ControllerSpec::Type::WheelAttitude:
      return "wheel_attitude";
    case ControllerSpec::Type::ThrusterHold:
      return "thruster_hold";
  }
  return "?";
}

Scenario parseScenarioJson(const std::string& text, const std::string& source,
                           const std::string& base_dir, std::vector<std::string>* warnings) {
  const Json root = io::parseJsonText(text, source);
  const std::vector<std::string> top = {
      "name",           "model",      "base",        "initial_state", "environment",
      "actuators",      "mode",       "controllers", "duration",      "dt",
      "control_period", "integrator", "solver",      "output_every",  "analysis"};
  checkKeys(root, "", source, top);
  ObjectReader r(root, "", source);
  Scenario s;
  s.source = source;
  s.name = r.string("name", baseName(source));

  // Model: a path (relative to the scenario file) or an inline vms-model object.
  ModelDescription description;
  const Json& mj = r.require("model");
  if (mj.is_string()) {
    const std::string path = resolvePath(base_dir, pathValue(r, "model", mj));
    description = loadModelDescription(path, warnings);  // errors name the model file
  } else if (mj.is_object()) {
    description = parseVmsJson(mj.dump(), source + ": model", warnings);
  } else {
    r.failAt("model", "expected a model file path or an inline vms-model object, got " +
                          io::describeJson(mj));
  }
  if (r.has("base")) {
    const std::string b = r.requireString("base");
    const auto type = baseTypeFromString(b);
    if (!type)
      r.failAt("base", "unknown base type '" + b +
                           "' (expected free, planar, ball, translation, schoenflies or fixed)");
    description.base_type = *type;
  }
  const Model arm =
      withContext(source, "model", [&] { return compileModel(description, warnings); });

  // Initial state, against the model without reaction wheels.
  StateFile initial{State::neutral(arm), VecX::Zero(arm.njoints)};
  if (const Json* sj = r.get("initial_state")) {
    if (sj->is_string())
      initial =
          readStateFile(resolvePath(base_dir, pathValue(r, "initial_state", *sj)), arm, warnings);
    else if (sj->is_object())
      initial = parseStateJson(sj->dump(), source + ": initial_state", arm, warnings);
    else
      r.failAt("initial_state", "expected a STATE file path or an inline STATE object");
  }

  // Maneuvering mode.
  const std::string mode_name = r.string("mode", "floating");
  const auto mode = maneuveringModeFromName(mode_name);
  if (!mode)
    r.failAt("mode", "unknown maneuvering mode '" + mode_name +
                         "' (expected floating, rotation-floating, rotation-flying, "
                         "translation-flying or flying)");
  s.mode = *mode;

  // Actuators.
  std::vector<double> wheel_speeds;
  if (const Json* aj = r.get("actuators")) {
    checkKeys(*aj, "actuators", source, {"reaction_wheels", "thrusters"});
    ObjectReader a(*aj, "actuators", source);
    if (a.has("reaction_wheels")) {
      const Json& ws = requireArray(a, "reaction_wheels");
      for (size_t i = 0; i < ws.size(); ++i) {
        const std::string p = io::indexPath(a.keyPath("reaction_wheels"), i);
        s.reaction_wheels.push_back(readWheel(ws[i], p, source));
        wheel_speeds.push_back(ws[i].value("initial_speed", 0.0));
      }
    }
    if (a.has("thrusters")) {
      const Json& ts = requireArray(a, "thrusters");
      for (size_t i = 0; i < ts.size(); ++i)
        s.thrusters.push_back(
            readThruster(ts[i], io::indexPath(a.keyPath("thrusters"), i), source, arm));
    }
    a.finish({"reaction_wheels", "thrusters"});
    if (arm.base_type == BaseType::Fixed && (!s.reaction_wheels.empty() || !s.thrusters.empty()))
      a.failAt(s.reaction_wheels.empty() ? "thrusters" : "reaction_wheels",
               "vehicle actuators on a fixed base (the vehicle cannot move; use a floating base)");
  }
  if (!s.reaction_wheels.empty())
    withContext(source, "actuators.reaction_wheels",
                [&] { addReactionWheels(description, s.reaction_wheels); });

  // Environment (gravity goes into the model; the rest are force models of the Simulator).
  if (const Json* ej = r.get("environment"))
    readEnvironment(*ej, "environment", source, s.environment);
  if (s.environment.type == EnvironmentSpec::Type::Gravity)
    setUniformGravity(description, s.environment.gravity);
  if (s.environment.type == EnvironmentSpec::Type::Underwater)  // weight (buoyancy: Underwater)
    setUniformGravity(description, s.environment.fluid.gravity);

  s.model = withContext(source, "model", [&] { return compileModel(description, warnings); });
  if (s.environment.type == EnvironmentSpec::Type::Underwater) {
    for (size_t i = 0; i < s.environment.bodies.size(); ++i)
      if (s.model.frameIndex(s.environment.bodies[i].link) < 0 &&
          s.model.bodyIndex(s.environment.bodies[i].link) < 0)
        io::fail(source, "environment.underwater.bodies[" + std::to_string(i) + "].link",
                 "unknown link '" + s.environment.bodies[i].link + "'");
    setAddedMass(s.model, s.environment.bodies);
  }

  // The initial state of the full model: wheels (appended last) at their initial speeds.
  s.initial_state = initial.state;
  s.constant_tau = VecX::Zero(s.model.njoints);
  for (int k = 0; k < arm.njoints; ++k)
    s.constant_tau[s.model.jointIndex(arm.joint_names[static_cast<size_t>(k)])] = initial.tau[k];
  if (!s.reaction_wheels.empty()) {
    const std::vector<int> wj = reactionWheelJoints(s.model, s.reaction_wheels);
    State full = State::neutral(s.model);
    full.base_orientation = initial.state.base_orientation;
    full.base_position = initial.state.base_position;
    full.base_twist = initial.state.base_twist;
    for (int k = 0; k < arm.njoints; ++k) {
      const int kk = s.model.jointIndex(arm.joint_names[static_cast<size_t>(k)]);
      full.q[kk] = initial.state.q[k];
      full.qd[kk] = initial.state.qd[k];
    }
    for (size_t i = 0; i < wj.size(); ++i) full.qd[wj[i]] = wheel_speeds[i];
    s.initial_state = full;
  }

  // Mode / actuator consistency.
  try {
    std::unique_ptr<Thrusters> th;
    if (!s.thrusters.empty()) th = std::make_unique<Thrusters>(s.model, s.thrusters);
    validateActuatorConfiguration(s.mode, {static_cast<int>(s.reaction_wheels.size()), th.get()});
  } catch (const ModeError& e) {
    io::fail(source, s.thrusters.empty() ? "actuators.reaction_wheels" : "actuators.thrusters",
             e.what());
  } catch (const std::invalid_argument& e) {
    io::fail(source, "actuators.thrusters", e.what());
  }

  // Controllers.
  const std::vector<int> wheel_joints = s.reaction_wheels.empty()
                                            ? std::vector<int>{}
                                            : reactionWheelJoints(s.model, s.reaction_wheels);
  if (r.has("controllers")) {
    const Json& cs = requireArray(r, "controllers");
    for (size_t i = 0; i < cs.size(); ++i)
      s.controllers.push_back(readController(cs[i], io::indexPath("controllers", i), source,
                                             s.model, wheel_joints, s.thrusters.size()));
  }

  // Time settings.
  s.duration = r.requireNumber("duration");
  if (!(s.duration >= 0.0)) r.failAt("duration", "must be >= 0 (s)");
  s.dt = positive(r, "dt", 0.01);
  s.control_period = positive(r, "control_period", s.dt);
  const double ratio = s.control_period / s.dt;
  if (ratio < 1.0 - 1e-9 || std::abs(ratio - std::round(ratio)) > 1e-9)
    r.failAt("control_period", "must be a whole multiple of dt (s)");
  if (const std::string problem = stepCountProblem(s.duration, s.dt); !problem.empty())
    r.failAt("duration", problem);
  s.integrator = registeredName(r, "integrator", "rk4", integratorNames(), "integrator");
  s.solver = registeredName(r, "solver", "aba", solverNames(), "solver");
  const double every = r.number("output_every", 1.0);
  if (!(every >= 1.0) || every != std::floor(every) || every > 1e9)
    r.failAt("output_every", "must be a whole number from 1 to 1e9");
  s.output_every = static_cast<long>(every);
  // Optional analysis output: manipulability of a frame, fixed base vs floating.
  if (const Json* aj = r.get("analysis")) {
    checkKeys(*aj, "analysis", source, {"end_effector"});
    ObjectReader a(*aj, "analysis", source);
    AnalysisSpec spec;
    spec.end_effector = a.requireString("end_effector");
    spec.end_effector_frame = s.model.frameIndex(spec.end_effector);
    if (spec.end_effector_frame < 0)
      a.failAt("end_effector", "unknown frame '" + spec.end_effector + "'");
    if (s.model.njoints == 0) a.failAt("end_effector", "the model has no joints");
    a.finish({"end_effector"});
    s.analysis = spec;
  }
  r.finish(top);
  return s;
}

Scenario loadScenario(const std::string& path, std::vector<std::string>* warnings) {
  return parseScenarioJson(io::readTextFile(path), path, parentDir(path), warnings);
}

}  // namespace vms
