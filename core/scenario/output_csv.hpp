#pragma once
// The trajectory CSV of a run: the CSV columns of the output quantities
// (output_quantities.hpp) in table order, a header and one row per instant, every value as
// "%.17g" (so it reads back to the same double). Rows are flushed as written: a run that stops
// early leaves a valid file. Used by `vms run` and the desktop CSV export, so both write the
// same columns, and by `vms simulate` for its columns (kOutputTrajectory), the first of them.
#include <cstdio>
#include <string>
#include <vector>

#include "core/scenario/output_quantities.hpp"
#include "core/scenario/run_output.hpp"

namespace vms {

class OutputCsvWriter : public RunOutput {
 public:
  /// Writes to `file` (not owned) the quantities with a bit of `use`; `quantities` must
  /// outlive the writer.
  OutputCsvWriter(std::FILE* file, const OutputQuantities& quantities, unsigned use = kOutputCsv);
  void writeHeader();
  /// One row at `at` (`first`: the run's first snapshot). Allocates nothing.
  void writeRow(const OutputSample& at, const Snapshot& first);
  /// As a run's output (ScenarioRun::setOutput): writeRow.
  void write(const OutputSample& at, const Snapshot& first) override { writeRow(at, first); }
  const std::vector<std::string>& columns() const { return columns_; }

 private:
  std::FILE* file_;
  std::vector<const OutputQuantity*> csv_;
  std::vector<std::string> columns_;
};

}  // namespace vms
