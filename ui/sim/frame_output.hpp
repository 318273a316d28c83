#pragma once
// A SimFrame as the output quantities read it (core/scenario/output_quantities.hpp): the
// snapshot plus the end-effector figures of its FrameAnalysis. Plots and the CSV export
// evaluate the same table as `vms run` through this.
#include "core/scenario/output_quantities.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

inline OutputAnalysis outputAnalysis(const FrameAnalysis& a) {
  OutputAnalysis out;
  out.manipulability_fixed = a.manipulability_fixed;
  out.manipulability_floating = a.manipulability_floating;
  out.dynamic_singularity = a.dynamic_singularity;
  out.vehicle_reaction_world = a.vehicle_reaction_world;
  return out;
}

/// Holds the converted analysis so that `sample()` can point at it.
class FrameOutput {
 public:
  explicit FrameOutput(const SimFrame& frame)
      : snapshot_(&frame.snapshot), analysis_(outputAnalysis(frame.analysis)) {}
  OutputSample sample() const { return {snapshot_, &analysis_}; }

 private:
  const Snapshot* snapshot_;
  OutputAnalysis analysis_;
};

}  // namespace vms::ui
