#pragma once
// Thrusters: forces of bounded magnitude fixed on bodies, driven by commands held between
// control updates. A ForceModel, so the force follows the body within an integrator step.
//
// Maneuvering mode (core/modes/maneuvering_modes.hpp, setMode): in rotation-flying and
// translation-flying the held (commanded) commands are projected onto the mode's constraint at
// EVERY force evaluation (every integrator stage), at that stage's poses: zero net force, or
// a thrust line through the system centre of mass of that instant. The applied commands
// therefore follow the CoM as the arm moves it; the mode's conserved momentum is then kept
// up to the integrator's truncation error, not a zero-order-hold leakage. Other modes apply
// the commands as held.
#include <string>
#include <vector>

#include "core/model/force_model.hpp"

namespace vms {

enum class ManeuveringMode;  // core/modes/maneuvering_modes.hpp

struct ThrusterSpec {
  std::string name;
  std::string link;                // link (or frame) the thruster is fixed on
  Vec3 position = Vec3::Zero();    // point of application, link frame
  Vec3 direction = Vec3::UnitX();  // direction of the force ON the body, link frame
  double max_force = 0.0;          // N (> 0)
  bool proportional = true;        // false: on/off (command >= 0.5 fires at max_force)
};

class Thrusters final : public ForceModel {
 public:
  /// Resolves links to bodies; throws ModelError naming the thruster for an unknown link,
  /// zero direction or non-positive max_force.
  Thrusters(const Model& model, std::vector<ThrusterSpec> specs);

  /// Commands in [0, 1] per thruster (clamped; on/off thrusters are quantised), held until
  /// the next call.
  void setCommands(const Eigen::Ref<const VecX>& commands);
  /// The held (commanded) commands; what acts is these after the mode's projection.
  const VecX& commands() const { return commands_; }
  const std::vector<ThrusterSpec>& specs() const { return specs_; }

  /// The mode whose thruster rule apply() enforces (default flying: the held commands act
  /// unchanged). Throws ModeError (core/modes) if the mode projects (rotation-flying,
  /// translation-flying) and a thruster is on/off; nothing changes then.
  void setMode(ManeuveringMode mode);
  ManeuveringMode mode() const { return mode_; }

  /// Adds the thrust of the held commands, projected for the mode at data's poses
  /// (enforceModeOnThrusterCommands, const-Data form) into a preallocated buffer: no heap
  /// allocation (at most kMaxInPlaceThrusters thrusters).
  void apply(const Model& model, const Data& data, const State& state,
             std::vector<Vec6>& body_forces_world, VecX& tau) override;
  /// The commands the last apply() used (after the projection; zero before the first).
  const VecX& appliedCommands() const { return applied_; }

  /// Wrench [f; n] that thrusters on the vehicle body exert at unit command each, in the
  /// vehicle frame at its origin (6 x count): the allocation matrix used by controllers.
  Mat6X vehicleAllocationMatrix() const;

 private:
  std::vector<ThrusterSpec> specs_;
  std::vector<int> body_;
  std::vector<Pose> body_M_thruster_;  // position and direction in the body frame
  VecX commands_;                      // held
  VecX applied_;                       // projected, last apply()
  ManeuveringMode mode_;
  bool project_ = false;  // mode_ is rotation-flying or translation-flying
};

}  // namespace vms
