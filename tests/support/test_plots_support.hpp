#pragma once
// Hand-built SimFrames for the plot tests: every plotted quantity is a known function of the
// frame index, so graph data can be compared with it exactly.
#include <cmath>

#include "core/io/model_io.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui::test {

inline Model planarModel() { return loadModel(VMS_SOURCE_DIR "/models/seed004_planar.vms.json"); }

/// Frame i at t = 0.01 i. drift_P(i) = 1e-13 i, drift_L(i) = 0 (L constant).
inline SimFrame makeFrame(int i, const Model& model) {
  SimFrame f;
  f.sequence = i;
  const double t = 0.01 * i;
  Snapshot& s = f.snapshot;
  s.time = t;
  s.state = State::neutral(model);
  for (int k = 0; k < s.state.q.size(); ++k) {
    s.state.q[k] = 0.1 * (k + 1) * std::sin(t);
    s.state.qd[k] = 0.1 * (k + 1) * std::cos(t);
  }
  s.joint_torque = VecX::Constant(model.njoints, 0.5 * i);
  s.momenta.linear_vehicle = Vec3(std::sin(t), std::cos(t), 0.0);
  s.momenta.linear_arm = -s.momenta.linear_vehicle + Vec3(1e-13 * i, 0.0, 0.0);
  s.momenta.linear_total = Vec3(1e-13 * i, 0.0, 0.0);
  s.momenta.angular_origin_vehicle = Vec3(0.0, 0.0, 2.0 * std::sin(t));
  s.momenta.angular_origin_arm = Vec3(0.0, 0.0, 3.0 - 2.0 * std::sin(t));
  s.momenta.angular_origin_total = Vec3(0.0, 0.0, 3.0);
  s.kinetic_energy = 1.0 + t;
  s.energy = 1.0 + t;
  s.actuator_work = t;
  s.vehicle_attitude_deviation = 0.2 * t;
  s.vehicle_com_displacement = Vec3(t, -t, 0.0);
  f.analysis.manipulability_fixed = 0.5;
  f.analysis.manipulability_floating = 0.25 + 0.001 * i;
  f.analysis.dynamic_singularity = 0.5 + 0.002 * i;
  f.analysis.vehicle_reaction_world << 1.0, 2.0, 3.0, 4.0, 5.0, 6.0 * t;
  return f;
}

}  // namespace vms::ui::test
