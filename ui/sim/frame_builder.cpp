#include "ui/sim/frame_builder.hpp"

#include "core/actuators/reaction_wheel.hpp"
#include "core/algorithms/crba.hpp"
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
  out.inverse_condition_fixed = in.inverse_condition_fixed;
  out.inverse_condition_floating = in.inverse_condition_floating;
  out.velocity_ellipsoid_fixed = toEllipsoid(in.velocity_fixed);
  out.velocity_ellipsoid_floating = toEllipsoid(in.velocity_floating);
  out.inertia_ellipsoid = toEllipsoid(in.inertia);
  out.effective_masses = in.effective_masses;
  out.vehicle_reaction_world = in.vehicle_reaction_world;
  out.rotation_ellipsoid_fixed = toEllipsoid(in.rotation_fixed);
  out.rotation_ellipsoid_floating = toEllipsoid(in.rotation_floating);
  out.force_ellipsoid_fixed = toEllipsoid(in.force_fixed);
  out.force_ellipsoid_floating = toEllipsoid(in.force_floating);
}

FrameBuilder::FrameBuilder(const Model& model, int end_effector_frame,
                           std::vector<int> vehicle_joints)
    : model_(model),
      data_(model),
      analyzer_(model, end_effector_frame, std::move(vehicle_joints)),
      links_(model) {}

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

void FrameBuilder::build(const Snapshot& snapshot, long sequence, SimFrame& out) {
  out.sequence = sequence;
  out.snapshot = snapshot;  // reuses out's storage once sized
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
  std::vector<Ellipsoid>& links = out.analysis.link_inertia_ellipsoids;
  if (!link_inertias_) {
    links.clear();
    return;
  }
  crba(model_, data_, state);
  links_.compute(model_, data_, VehicleMode::Free);
  links.resize(static_cast<size_t>(model_.nbodies));
  for (size_t k = 0; k < links.size(); ++k) {
    const OperationalSpaceInertia& L = links_.links()[k];
    Ellipsoid& e = links[k];
    e.valid = L.rank > 0;
    e.center = links_.points()[k];
    e.axes = rightHanded(L.translational.axes);
    e.radii = L.translational.mobility.cwiseMax(0.0).cwiseSqrt();
  }
}

}  // namespace vms::ui
