#pragma once
// The CSV of `vms sweep` (docs/design-studies.md): a header row, then one row per grid point:
// index, the parameter values, the metrics, status (0 ok, 3 diverged) and grid_points (the
// size of the whole grid, so that merging shards can tell a missing one), every number with
// %.17g. `vms sweep merge` joins the CSVs of shards into the CSV of the whole grid.
#include <string>
#include <vector>

#include "core/scenario/sweep_grid.hpp"

namespace vms::cli {

class SweepCsv {
 public:
  SweepCsv(const SweepGrid& grid, const std::vector<std::string>& metrics);
  void addRow(std::size_t index, const std::vector<double>& metrics, int status);
  const std::string& text() const { return text_; }

 private:
  const SweepGrid& grid_;
  std::string text_;
};

/// `vms sweep merge A.csv B.csv ... [--out FILE.csv]`: the rows of every file sorted by index;
/// ModelError naming the file for different headers, a repeated index, a grid point that no
/// file has, or a row that is not a sweep row.
int runSweepMerge(int argc, char** argv);

}  // namespace vms::cli
