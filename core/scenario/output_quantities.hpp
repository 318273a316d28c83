#pragma once
// The one table of a run's output quantities: every scalar that `vms run` writes to its CSV,
// that its summary.json reduces, that the desktop workbench plots and exports. Each quantity
// has a name (the CSV column, stable: scripts use them), an SI unit, a group, and how it is
// computed from one instant of the run and the run's first instant (for drifts).
//
// Order: the CSV columns of `vms run` in their order (the `vms simulate` columns t, base_*,
// q:/qd:, Px.., Lx.., T, then tau:<joint>, thrust:<name>, vehicle and momentum columns, energy,
// actuator_work, tracking_error with controllers, manipulability_* with "analysis",
// reactionless_* with a reaction_null_space controller), then the quantities that are only
// plotted or reduced (drifts, V, power_residual, reaction wrench, …). Which per-scenario
// quantities exist (joints, thrusters, reactionless_*) and which are CSV columns
// (tracking_error, manipulability_*) is decided from the Scenario; every other quantity is
// always there. Evaluating a quantity allocates nothing.
#include <string>
#include <vector>

#include "core/analysis/end_effector_analysis.hpp"
#include "core/scenario/simulator.hpp"

namespace vms {

/// The end-effector figures of an instant that quantities read (from EndEffectorAnalysis, or
/// a copy of its values); NaN when not computed.
struct OutputAnalysis {
  double manipulability_fixed;
  double manipulability_floating;
  double dynamic_singularity;
  Vec6 vehicle_reaction_world;
  OutputAnalysis();
  explicit OutputAnalysis(const EndEffectorAnalysis& analysis);
};

/// One instant of a run as the quantities read it.
struct OutputSample {
  const Snapshot* snapshot = nullptr;
  const OutputAnalysis* analysis = nullptr;  // null: the analysis quantities are NaN
};

/// The scenario has a reaction_null_space controller (a reactionless resolved-rate one).
bool hasReactionNullSpaceController(const Scenario& scenario);

/// Where a quantity appears (a bit set).
enum OutputUse : unsigned {
  kOutputCsv = 1u,   // a column of `vms run`'s trajectory.csv (and the desktop CSV export)
  kOutputPlot = 2u,  // offered by the desktop plots
  // a column of `vms simulate`'s CSV too (docs/contracts.md: t, base_*, q:/qd:, P, L, T): the
  // first columns of the table, the same in both CSVs
  kOutputTrajectory = 4u,
};

struct OutputQuantity {
  /// value(sample, first snapshot, index): `index` selects a component or a joint/thruster.
  using Getter = double (*)(const OutputSample& at, const Snapshot& first, int index);

  std::string name;   // the CSV column / quantity id, e.g. "vehicle_attitude_deviation"
  std::string unit;   // SI, e.g. "N m s"; empty for dimensionless
  std::string group;  // e.g. "Momentum", "Joints"
  unsigned use = kOutputCsv | kOutputPlot;
  Getter getter = nullptr;
  int index = 0;

  bool isCsvColumn() const { return (use & kOutputCsv) != 0; }
  bool isPlotted() const { return (use & kOutputPlot) != 0; }
  double value(const OutputSample& at, const Snapshot& first) const {
    return getter(at, first, index);
  }
};

class OutputQuantities {
 public:
  /// The quantities of a run of `scenario`: joints of its model, its thrusters,
  /// tracking_error as a CSV column when it has controllers, manipulability_* when it has an
  /// "analysis", reactionless_task_residual, reactionless_vehicle_rate and
  /// reactionless_outside when it has a reaction_null_space controller.
  static OutputQuantities forScenario(const Scenario& scenario);
  /// For a bare model (no thrusters, controllers or analysis).
  static OutputQuantities forModel(const Model& model);

  const std::vector<OutputQuantity>& all() const { return quantities_; }
  int size() const { return static_cast<int>(quantities_.size()); }
  /// Index of `name`, -1 if there is none.
  int indexOf(const std::string& name) const;
  const OutputQuantity* find(const std::string& name) const;
  /// The CSV columns in order.
  std::vector<std::string> csvColumns() const;

 private:
  OutputQuantities(const Model& model, const std::vector<std::string>& thrusters, bool tracking,
                   bool analysis, bool reactionless);
  std::vector<OutputQuantity> quantities_;
};

}  // namespace vms
