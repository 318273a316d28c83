#include "core/io/state_io.hpp"

#include <cmath>

#include "core/io/json_util.hpp"

namespace vms {

using io::Json;
using io::ObjectReader;

namespace {

std::string numbers(int n) { return std::to_string(n) + (n == 1 ? " number" : " numbers"); }

VecX readJointVector(ObjectReader& r, const std::string& key, const Model& model, bool required) {
  const Json* j = r.get(key);
  if (!j) {
    if (required && model.njoints > 0)
      r.failAt(key, "missing (expected " + numbers(model.njoints) + ", one per joint)");
    return VecX::Zero(model.njoints);
  }
  if (!j->is_array())
    r.failAt(key, "expected an array of " + numbers(model.njoints) + " (one per joint), got " +
                      io::describeJson(*j));
  if (static_cast<int>(j->size()) != model.njoints)
    r.failAt(key, "expected " + numbers(model.njoints) + " (one per joint), got " +
                      std::to_string(j->size()));
  const auto v = io::readNumbers(*j, j->size(), r.keyPath(key), r.source());
  VecX out(model.njoints);
  for (int k = 0; k < model.njoints; ++k) out[k] = v[static_cast<size_t>(k)];
  return out;
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

StateFile parseStateJson(const std::string& text, const std::string& source, const Model& model,
                         std::vector<std::string>* warnings) {
  const Json root = io::parseJsonText(text, source);
  ObjectReader r(root, "", source);
  StateFile out;
  State& s = out.state;
  s = State::neutral(model);

  if (const Json* names = r.get("joint_names")) {
    if (!names->is_array() || static_cast<int>(names->size()) != model.njoints)
      r.failAt("joint_names", "expected " + std::to_string(model.njoints) +
                                  " joint names (the model's, in order), got " +
                                  io::describeJson(*names));
    for (int k = 0; k < model.njoints; ++k) {
      const Json& n = (*names)[static_cast<size_t>(k)];
      if (!n.is_string() || n.get<std::string>() != model.joint_names[static_cast<size_t>(k)])
        io::fail(source, "joint_names[" + std::to_string(k) + "]",
                 "expected " + io::quote(model.joint_names[static_cast<size_t>(k)]) +
                     " (the model's joint " + std::to_string(k) + "), got " + n.dump());
    }
  }

  Vec3 v_world = Vec3::Zero(), w_world = Vec3::Zero();
  if (const Json* b = r.get("base")) {
    ObjectReader br(*b, "base", source);
    s.base_position = br.vec3("position", Vec3::Zero());
    if (s.base_position.cwiseAbs().maxCoeff() > io::kMaxPositionMagnitude)
      br.failAt("position",
                "out of range: at most 1e8 m from the world origin (the dynamics are "
                "computed about the origin and lose precision farther away; move "
                "the origin near the system)");
    if (const Json* qj = br.get("quaternion_wxyz")) {
      const auto q = io::readNumbers(*qj, 4, br.keyPath("quaternion_wxyz"), source);
      Quat quat(q[0], q[1], q[2], q[3]);
      const double n = quat.norm();
      if (!(n > 0.0)) br.failAt("quaternion_wxyz", "zero quaternion (cannot be normalised)");
      if (std::abs(n - 1.0) > 1e-6 && warnings)
        warnings->push_back(source + ": base.quaternion_wxyz: not of unit length (norm " +
                            io::formatDouble(n) + "): normalised");
      s.base_orientation = normalized(quat);
    }
    v_world = br.vec3("linear_velocity_world", Vec3::Zero());
    w_world = br.vec3("angular_velocity_world", Vec3::Zero());
    br.finish({"position", "quaternion_wxyz", "linear_velocity_world", "angular_velocity_world"});
  }
  s.q = readJointVector(r, "q", model, true);
  s.qd = readJointVector(r, "qd", model, true);
  out.tau = readJointVector(r, "tau", model, false);
  r.finish({"base", "q", "qd", "tau", "joint_names"});

  // The vehicle's velocity, in its own frame, must lie in its subgroup.
  s.setBaseVelocityWorld(v_world, w_world);
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
