#include "ui/sim/frame_builder.hpp"

#include "core/actuators/reaction_wheel.hpp"
#include "core/algorithms/kinematics.hpp"

namespace vms::ui {

namespace {
Ellipsoid toEllipsoid(const EllipsoidGeometry& g) {
  Ellipsoid e;
  e.valid = g.valid;
  e.center = g.center;
  e.axes = g.axes;
  e.radii = g.radii;
  return e;
}
}  // namespace

void toFrameAnalysis(const EndEffectorAnalysis& in, FrameAnalysis& out) {
  out.end_effector_frame = in.frame;
  out.task_dimension = in.task_dimension;
  out.end_effector_position = in.position;
  out.manipulability_fixed = in.manipulability_fixed;
  out.manipulability_floating = in.manipulability_floating;
  out.dynamic_singularity = in.dynamic_singularity;
  out.velocity_ellipsoid_fixed = toEllipsoid(in.velocity_fixed);
  out.velocity_ellipsoid_floating = toEllipsoid(in.velocity_floating);
  out.inertia_ellipsoid = toEllipsoid(in.inertia);
  out.effective_masses = in.effective_masses;
  out.vehicle_reaction_world = in.vehicle_reaction_world;
}

FrameBuilder::FrameBuilder(const Model& model, int end_effector_frame,
                           std::vector<int> vehicle_joints)
    : model_(model),
      data_(model),
      analyzer_(model, end_effector_frame, std::move(vehicle_joints)) {}

std::unique_ptr<FrameBuilder> FrameBuilder::forScenario(const Scenario& scenario,
                                                        int end_effector_frame) {
  int frame = end_effector_frame;
  if (frame < 0 && scenario.analysis) frame = scenario.analysis->end_effector_frame;
  std::vector<int> wheels;
  if (!scenario.reaction_wheels.empty())
    wheels = reactionWheelJoints(scenario.model, scenario.reaction_wheels);
  return std::make_unique<FrameBuilder>(scenario.model, frame, std::move(wheels));
}

void FrameBuilder::build(Simulator& sim, long sequence, SimFrame& out) {
  out.sequence = sequence;
  sim.snapshot(out.snapshot);
  complete(out);
}

void FrameBuilder::complete(SimFrame& out) {
  const State& state = out.snapshot.state;
  forwardKinematics(model_, data_, state);
  out.body_poses.resize(static_cast<size_t>(model_.nbodies));
  for (int i = 0; i < model_.nbodies; ++i) out.body_poses[static_cast<size_t>(i)] = data_.oMi[i];
  if (!state.allFinite()) {  // a diverged state: poses only, no analysis
    out.analysis = FrameAnalysis{};
    return;
  }
  // The joint forces that act (held torques minus the model's viscous damping).
  const VecX& tau = out.snapshot.joint_torque;
  if (tau.size() == model_.njoints && state.qd.size() == model_.njoints)
    tau_applied_ = tau - model_.damping.cwiseProduct(state.qd);
  else
    tau_applied_.setZero(model_.njoints);
  analyzer_.compute(state, tau_applied_, analysis_);
  toFrameAnalysis(analysis_, out.analysis);
}

}  // namespace vms::ui
