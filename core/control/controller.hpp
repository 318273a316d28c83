#pragma once
// Controllers run between integrator steps (zero-order hold, as MuJoCo's mj_step1/mj_step2):
// they read the state and write actuator commands, which the simulation saturates to the
// actuators' limits and holds over the next control period.
#include <string>

#include "core/model/state.hpp"

namespace vms {

struct ControlOutput {
  VecX joint_torque;      // every joint of the model (arm joints and wheel joints), user order
  VecX thruster_command;  // one per thruster, in [0, 1]
};

class Controller {
 public:
  virtual ~Controller() = default;
  virtual std::string name() const = 0;
  /// Adds this controller's commands to `out` (several controllers may act together, e.g.
  /// an arm controller and an attitude controller). `out` is sized by the caller.
  virtual void compute(double t, const State& state, ControlOutput& out) = 0;
  /// Called when the simulation restarts from `state` at time t (reset integrators, filters).
  virtual void reset(double /*t*/, const State& /*state*/) {}
};

}  // namespace vms
