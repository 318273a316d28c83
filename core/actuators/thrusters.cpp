#include "core/actuators/thrusters.hpp"

#include <cmath>
#include <stdexcept>

#include "core/model/model_error.hpp"
#include "core/modes/maneuvering_modes.hpp"

namespace vms {

Thrusters::Thrusters(const Model& model, std::vector<ThrusterSpec> specs)
    : specs_(std::move(specs)), mode_(ManeuveringMode::Flying) {
  const int n = static_cast<int>(specs_.size());
  body_.resize(n);
  body_M_thruster_.resize(n);
  commands_ = VecX::Zero(n);
  applied_ = VecX::Zero(n);
  for (int k = 0; k < n; ++k) {
    const ThrusterSpec& t = specs_[k];
    const std::string who = "thruster '" + t.name + "': ";
    const int f = model.frameIndex(t.link);
    if (f < 0) throw ModelError(who + "unknown link or frame '" + t.link + "'");
    const double dn = t.direction.norm();
    if (!(dn > 1e-12) || !std::isfinite(dn)) throw ModelError(who + "zero or non-finite direction");
    if (!(t.max_force > 0.0) || !std::isfinite(t.max_force))
      throw ModelError(who + "max_force must be positive");
    if (!t.position.allFinite()) throw ModelError(who + "non-finite position");
    const Frame& fr = model.frames[f];
    body_[k] = fr.body;
    // Thruster frame: origin at the point of application, x along the force.
    const Mat3 R_local = Quat::FromTwoVectors(Vec3::UnitX(), t.direction / dn).toRotationMatrix();
    body_M_thruster_[k] = fr.placement * Pose{R_local, t.position};
  }
}

void Thrusters::setCommands(const Eigen::Ref<const VecX>& commands) {
  if (commands.size() != commands_.size())
    throw std::invalid_argument("Thrusters::setCommands: " + std::to_string(commands.size()) +
                                " commands for " + std::to_string(commands_.size()) + " thrusters");
  for (int k = 0; k < commands_.size(); ++k) {
    double c = commands[k];
    if (!(c > 0.0)) c = 0.0;  // also maps NaN to 0
    if (c > 1.0) c = 1.0;
    if (!specs_[k].proportional) c = c >= 0.5 ? 1.0 : 0.0;
    commands_[k] = c;
  }
}

void Thrusters::setMode(ManeuveringMode mode) {
  const bool project =
      mode == ManeuveringMode::RotationFlying || mode == ManeuveringMode::TranslationFlying;
  if (project)
    for (const auto& s : specs_)
      if (!s.proportional)
        throw ModeError(std::string(maneuveringModeName(mode)) + " mode: thruster '" + s.name +
                        "' is on/off; cannot project its command");
  mode_ = mode;
  project_ = project;
}

void Thrusters::apply(const Model& model, const Data& data, const State&,
                      std::vector<Vec6>& body_forces_world, VecX&) {
  applied_ = commands_;  // same size: no allocation
  if (project_) enforceModeOnThrusterCommands(mode_, *this, model, data, applied_);
  for (int k = 0; k < applied_.size(); ++k) {
    const double c = applied_[k];
    if (c == 0.0) continue;
    const Pose& oMb = data.oMi[body_[k]];
    const Pose& bMt = body_M_thruster_[k];
    const Vec3 f = (c * specs_[k].max_force) * (oMb.R * bMt.R.col(0));
    const Vec3 p = oMb.act(bMt.p);
    Vec6& out = body_forces_world[body_[k]];
    out.head<3>() += f;
    out.tail<3>() += p.cross(f);
  }
}

Mat6X Thrusters::vehicleAllocationMatrix() const {
  const int n = static_cast<int>(specs_.size());
  Mat6X B = Mat6X::Zero(6, n);
  for (int k = 0; k < n; ++k) {
    if (body_[k] != 0) continue;
    const Pose& bMt = body_M_thruster_[k];
    const Vec3 f = specs_[k].max_force * bMt.R.col(0);
    B.col(k) << f, bMt.p.cross(f);
  }
  return B;
}

}  // namespace vms
