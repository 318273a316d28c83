#pragma once
// The trajectory CSV of docs/contracts.md: t, base pose (position, wxyz quaternion),
// base world velocities, q:<joint>, qd:<joint>, momentum (P, L about the origin), kinetic
// energy T. Rows are flushed as written so that a run that stops early leaves a valid file.
#include <cstdio>
#include <string>
#include <vector>

#include "core/algorithms/momentum.hpp"
#include "core/model/state.hpp"

namespace vms {

class TrajectoryCsvWriter {
 public:
  /// Writes to `file` (not owned; stdout allowed). Extra columns are appended after T.
  TrajectoryCsvWriter(std::FILE* file, const Model& model,
                      std::vector<std::string> extra_columns = {});
  void writeHeader();
  /// One row; `momentum` must be for `state`. `extra` must match the extra columns.
  void writeRow(double t, const State& state, const MomentumSummary& momentum,
                const std::vector<double>& extra = {});
  /// Column names in order.
  const std::vector<std::string>& columns() const { return columns_; }

 private:
  std::FILE* file_;
  std::vector<std::string> columns_;
  size_t extra_count_;
  std::vector<double> row_;
};

}  // namespace vms
