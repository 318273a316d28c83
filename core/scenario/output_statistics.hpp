#pragma once
// Running statistics of output quantities over a run: the figures of `vms run`'s summary.json
// (drifts, maxima, minima, final values), each a reduction of one quantity of the table
// (output_quantities.hpp), optionally also relative to the running maximum of a scale
// quantity (a drift relative to the largest momentum exchanged inside the system).
// accumulate() allocates nothing.
#include <string>
#include <vector>

#include "core/scenario/output_quantities.hpp"

namespace vms {

enum class Reduction {
  Max,                // largest value (from 0)
  MaxAbs,             // largest |value| (from 0)
  Min,                // smallest value (from +inf)
  Final,              // value at the last instant
  FirstTimePositive,  // time of the first instant with a value > 0 (-1: none yet)
};

/// Which part of summary.json a figure belongs to (writers put their other keys around them).
enum class SummarySection { Momentum, Energy, Vehicle, Tracking, Analysis };

struct SummaryFigureSpec {
  std::string key;       // summary.json key, e.g. "linear_momentum_drift"
  std::string quantity;  // a quantity of the table
  Reduction reduction = Reduction::Max;
  SummarySection section = SummarySection::Momentum;
  /// If set, a quantity whose running maximum is the scale: key + "_relative" = value / scale
  /// (0 while the scale is 0).
  std::string relative_to;
};

/// The figures of `vms run`'s summary.json for `scenario`, in the order they are written:
/// energy figures only if `energy_balance` (nothing but the joint actuators does work),
/// tracking with controllers (and, with a reaction_null_space controller,
/// reactionless_task_residual_max, reactionless_vehicle_rate_max and
/// reactionless_first_outside_time), manipulability with "analysis".
std::vector<SummaryFigureSpec> summaryFigures(const Scenario& scenario, bool energy_balance);

class OutputStatistics {
 public:
  struct Figure {
    SummaryFigureSpec spec;
    double value = 0.0;
    double scale = 0.0;  // running maximum of spec.relative_to
    bool relative() const { return !spec.relative_to.empty(); }
    double relativeValue() const { return scale > 0.0 ? value / scale : 0.0; }
  };

  /// Throws std::invalid_argument for a quantity `quantities` does not have.
  OutputStatistics(const OutputQuantities& quantities, std::vector<SummaryFigureSpec> figures);
  /// Adds one instant (`first`: the run's first snapshot).
  void accumulate(const OutputSample& at, const Snapshot& first);
  const std::vector<Figure>& figures() const { return figures_; }

 private:
  struct Source {
    const OutputQuantity* value;
    const OutputQuantity* scale;  // null: not relative
  };
  std::vector<Figure> figures_;
  std::vector<Source> sources_;
};

}  // namespace vms
