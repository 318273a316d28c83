#pragma once
// Thrusters: forces of bounded magnitude fixed on bodies, driven by commands held between
// control updates. A ForceModel, so the force follows the body within an integrator step.
#include <string>
#include <vector>

#include "core/integrators/force_model.hpp"

namespace vms {

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

  /// Commands in [0, 1] per thruster (clamped; on/off thrusters are quantised).
  void setCommands(const Eigen::Ref<const VecX>& commands);
  const VecX& commands() const { return commands_; }
  const std::vector<ThrusterSpec>& specs() const { return specs_; }

  void apply(const Model& model, const Data& data, const State& state,
             std::vector<Vec6>& body_forces_world, VecX& tau) override;

  /// Wrench [f; n] that thrusters on the vehicle body exert at unit command each, in the
  /// vehicle frame at its origin (6 x count): the allocation matrix used by controllers.
  Mat6X vehicleAllocationMatrix() const;

 private:
  std::vector<ThrusterSpec> specs_;
  std::vector<int> body_;
  std::vector<Pose> body_M_thruster_;  // position and direction in the body frame
  VecX commands_;
};

}  // namespace vms
