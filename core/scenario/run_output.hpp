#pragma once
// Where a run's output instants go (ScenarioRun::setOutput, core/scenario/scenario_run.hpp):
// the trajectory CSV (OutputCsvWriter, output_csv.hpp), rows kept in memory (OutputTable,
// output_table.hpp), the desktop's history of frames.
#include "core/scenario/output_quantities.hpp"

namespace vms {

class RunOutput {
 public:
  virtual ~RunOutput() = default;
  /// One output instant, in time order (`first`: the run's first snapshot, the reference of
  /// the drifts).
  virtual void write(const OutputSample& at, const Snapshot& first) = 0;
};

}  // namespace vms
