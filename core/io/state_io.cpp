#include "core/io/state_io.hpp"

#include <cmath>

#include "core/io/error_messages.hpp"
#include "core/io/json_util.hpp"
#include "core/io/number_format.hpp"
#include "core/io/text_files.hpp"
#include "core/model/joint_coupling.hpp"

namespace vms {

using io::Json;
using io::ObjectReader;

namespace {

std::string numbers(int n) { return std::to_string(n) + (n == 1 ? " number" : " numbers"); }

std::optional<std::vector<double>> readJointVector(ObjectReader& r, const std::string& key) {
  const Json* j = r.get(key);
  if (!j) return std::nullopt;
  if (!j->is_array())
    r.failAt(key, "expected an array of numbers (one per joint), got " + io::describeJson(*j));
  return io::readNumbers(*j, 0, r.keyPath(key), r.source());
}

VecX jointVector(const std::optional<std::vector<double>>& v, const std::string& key,
                 const Model& model, bool required, const std::string& source) {
  if (!v) {
    if (required && model.njoints > 0)
      io::fail(source, key, "missing (expected " + numbers(model.njoints) + ", one per joint)");
    return VecX::Zero(model.njoints);
  }
  if (static_cast<int>(v->size()) != model.njoints)
    io::fail(source, key,
             "expected " + numbers(model.njoints) + " (one per joint), got " +
                 std::to_string(v->size()));
  return Eigen::Map<const VecX>(v->data(), model.njoints);
}

const char* const kTwistNames[6] = {"v_x", "v_y", "v_z", "w_x", "w_y", "w_z"};

std::string allowedComponents(const Model& model) {
  std::string s;
  for (int c = 0; c < model.base_dof; ++c)
    for (int k = 0; k < 6; ++k)
      if (model.base_basis(k, c) != 0.0) s += (s.empty() ? "" : ", ") + std::string(kTwistNames[k]);
  return s.empty() ? "none" : s;
}

}  // namespace

StateDescription parseStateDescription(const std::string& text, const std::string& source) {
  const Json root = io::parseJsonText(text, source);
  ObjectReader r(root, "", source);
  StateDescription d;
  if (const Json* names = r.get("joint_names")) {
    if (!names->is_array())
      r.failAt("joint_names", "expected an array of joint names, got " + io::describeJson(*names));
    d.joint_names.emplace();
    for (size_t k = 0; k < names->size(); ++k) {
      const Json& n = (*names)[k];
      if (!n.is_string())
        io::fail(source, io::indexPath("joint_names", k),
                 "expected a joint name, got " + io::describeJson(n));
      d.joint_names->push_back(n.get<std::string>());
    }
  }
  if (const Json* b = r.get("base")) {
    ObjectReader br(*b, "base", source);
    d.position = br.vec3("position", Vec3::Zero());
    if (d.position.cwiseAbs().maxCoeff() > io::kMaxPositionMagnitude)
      br.failAt("position",
                "out of range: at most 1e8 m from the world origin (the dynamics are "
                "computed about the origin and lose precision farther away; move "
                "the origin near the system)");
    if (const Json* qj = br.get("quaternion_wxyz")) {
      const auto q = io::readNumbers(*qj, 4, br.keyPath("quaternion_wxyz"), source);
      d.orientation = Quat(q[0], q[1], q[2], q[3]);
      if (!(d.orientation->norm() > 0.0))
        br.failAt("quaternion_wxyz", "zero quaternion (cannot be normalised)");
    }
    d.linear_velocity_world = br.vec3("linear_velocity_world", Vec3::Zero());
    d.angular_velocity_world = br.vec3("angular_velocity_world", Vec3::Zero());
    br.finish({"position", "quaternion_wxyz", "linear_velocity_world", "angular_velocity_world"});
  }
  d.q = readJointVector(r, "q");
  d.qd = readJointVector(r, "qd");
  d.tau = readJointVector(r, "tau");
  r.finish({"base", "q", "qd", "tau", "joint_names"});
  return d;
}

StateFile stateFromDescription(const StateDescription& d, const std::string& source,
                               const Model& model, std::vector<std::string>* warnings) {
  StateFile out;
  State& s = out.state;
  s = State::neutral(model);
  if (d.joint_names) {
    const auto& names = *d.joint_names;
    if (static_cast<int>(names.size()) != model.njoints)
      io::fail(source, "joint_names",
               "expected " + std::to_string(model.njoints) +
                   " joint names (the model's, in order), got " + std::to_string(names.size()));
    for (int k = 0; k < model.njoints; ++k)
      if (names[static_cast<size_t>(k)] != model.joint_names[static_cast<size_t>(k)])
        io::fail(source, "joint_names[" + std::to_string(k) + "]",
                 "expected " + io::quote(model.joint_names[static_cast<size_t>(k)]) +
                     " (the model's joint " + std::to_string(k) + "), got " +
                     io::quote(names[static_cast<size_t>(k)]));
  }
  s.base_position = d.position;
  if (d.orientation) {
    const double n = d.orientation->norm();
    if (!(n > 0.0))
      io::fail(source, "base.quaternion_wxyz", "zero quaternion (cannot be normalised)");
    if (std::abs(n - 1.0) > 1e-6 && warnings)
      warnings->push_back(source + ": base.quaternion_wxyz: not of unit length (norm " +
                          io::formatDouble(n) + "): normalised");
    s.base_orientation = normalized(*d.orientation);
  }
  s.q = jointVector(d.q, "q", model, true, source);
  s.qd = jointVector(d.qd, "qd", model, true, source);
  out.tau = jointVector(d.tau, "tau", model, false, source);
  // A mimic joint follows its leader: the file's values for it are replaced (said when they
  // differ).
  if (const double change = enforceJointCouplings(model, s); change > 1e-12 && warnings)
    warnings->push_back(source +
                        ": q, qd: mimic joints set from their leaders (values changed by " +
                        "up to " + io::formatDouble(change) + ")");

  // The vehicle's velocity, in its own frame, must lie in its subgroup.
  s.setBaseVelocityWorld(d.linear_velocity_world, d.angular_velocity_world);
  const Mat6X& B = model.base_basis;
  const Vec6 inside = B * (B.transpose() * s.base_twist);
  const Vec6 outside = s.base_twist - inside;
  const double scale = std::max(1.0, s.base_twist.cwiseAbs().maxCoeff());
  Eigen::Index k_body = 0;
  if (outside.cwiseAbs().maxCoeff(&k_body) > 1e-9 * scale) {
    // Name the world component that carries most of the forbidden motion.
    const Mat3 R = s.base_orientation.toRotationMatrix();
    const bool is_linear = k_body < 3;
    const Vec3 world = R * (is_linear ? Vec3(outside.head<3>()) : Vec3(outside.tail<3>()));
    Eigen::Index k_world = 0;
    world.cwiseAbs().maxCoeff(&k_world);
    const std::string key = std::string("base.") +
                            (is_linear ? "linear_velocity_world" : "angular_velocity_world") + "[" +
                            std::to_string(k_world) + "]";
    io::fail(source, key,
             "must be 0 for a " + toString(model.base_type) + " vehicle (it can only move with " +
                 allowedComponents(model) + " of its own frame; this state has " +
                 kTwistNames[k_body] + " = " + io::formatDouble(s.base_twist[k_body]) +
                 " in the base frame)");
  }
  s.base_twist = inside;  // exactly in the subgroup
  return out;
}

StateFile parseStateJson(const std::string& text, const std::string& source, const Model& model,
                         std::vector<std::string>* warnings) {
  return stateFromDescription(parseStateDescription(text, source), source, model, warnings);
}

StateFile readStateFile(const std::string& path, const Model& model,
                        std::vector<std::string>* warnings) {
  return parseStateJson(io::readTextFile(path), path, model, warnings);
}

std::string writeStateJson(const Model& model, const State& state, const VecX& tau) {
  auto arr = [](const VecX& v, int n) {
    Json a = Json::array();
    for (int k = 0; k < n; ++k) a.push_back(k < v.size() ? v[k] : 0.0);
    return a;
  };
  Json o = Json::object();
  Json names = Json::array();
  for (const auto& n : model.joint_names) names.push_back(n);
  o["joint_names"] = names;
  const Quat& q = state.base_orientation;
  Json b = Json::object();
  b["position"] = io::jvec(state.base_position);
  b["quaternion_wxyz"] = Json::array({q.w(), q.x(), q.y(), q.z()});
  b["linear_velocity_world"] = io::jvec(state.baseLinearVelocityWorld());
  b["angular_velocity_world"] = io::jvec(state.baseAngularVelocityWorld());
  o["base"] = b;
  o["q"] = arr(state.q, model.njoints);
  o["qd"] = arr(state.qd, model.njoints);
  o["tau"] = arr(tau, model.njoints);
  return io::prettyJson(o);
}

}  // namespace vms
