#pragma once
// Fills a SimFrame from a Simulator in the worker thread: the core Snapshot, the world pose of
// every body (forward kinematics) and the end-effector analysis (FrameAnalysis, from
// core/analysis/end_effector_analysis). Owns its workspaces: once a frame has been sized,
// building the next one into the same SimFrame reuses its storage.
#include <memory>
#include <vector>

#include "core/analysis/end_effector_analysis.hpp"
#include "core/analysis/link_operational_inertia.hpp"
#include "core/scenario/simulator.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

class FrameBuilder {
 public:
  /// end_effector_frame: a model frame, or -1 for defaultEndEffectorFrame(model);
  /// vehicle_joints: reaction-wheel joints, left out of the manipulability measures
  /// (EndEffectorAnalyzer). The model must outlive the builder.
  explicit FrameBuilder(const Model& model, int end_effector_frame = -1,
                        std::vector<int> vehicle_joints = {});
  /// For a scenario: `end_effector_frame` if >= 0, else its "analysis" frame, else the
  /// default; its reaction wheels are vehicle joints.
  static std::unique_ptr<FrameBuilder> forScenario(const Scenario& scenario,
                                                   int end_effector_frame = -1);

  /// Snapshot of `sim` (its current state and time) plus poses and analysis.
  void build(Simulator& sim, long sequence, SimFrame& out);
  /// The same from a snapshot already taken (a run's output instant, ScenarioRun).
  void build(const Snapshot& snapshot, long sequence, SimFrame& out);
  /// Poses and analysis for the state already in out.snapshot (e.g. a frame from history
  /// whose state was edited); the joint forces are out.snapshot.joint_torque.
  void complete(SimFrame& out);

  int endEffectorFrame() const { return analyzer_.frame(); }
  /// Also fill FrameAnalysis::link_inertia_ellipsoids (Lambda(k) of every link; off by
  /// default: O(nv^3 + N nv^2) per frame).
  void setLinkInertias(bool on) { link_inertias_ = on; }
  bool linkInertias() const { return link_inertias_; }

 private:
  const Model& model_;
  Data data_;
  EndEffectorAnalyzer analyzer_;
  EndEffectorAnalysis analysis_;
  VecX tau_applied_;
  LinkOperationalInertias links_;
  bool link_inertias_ = false;
};

/// Copies the core analysis into the UI's FrameAnalysis.
void toFrameAnalysis(const EndEffectorAnalysis& in, FrameAnalysis& out);

}  // namespace vms::ui
