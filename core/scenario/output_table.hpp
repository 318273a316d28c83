#pragma once
// A run's output instants kept in memory: the values of the trajectory CSV's columns (or of
// the quantities with another use bit), one row per instant, row-major, the same doubles the
// CSV writes (output_csv.hpp). For callers that want arrays rather than a file (the Python
// package, tests).
#include <string>
#include <vector>

#include "core/scenario/output_quantities.hpp"
#include "core/scenario/run_output.hpp"

namespace vms {

class OutputTable : public RunOutput {
 public:
  /// The quantities with a bit of `use`; `quantities` must outlive the table.
  explicit OutputTable(const OutputQuantities& quantities, unsigned use = kOutputCsv);
  /// Room for `rows` rows: writing that many allocates nothing.
  void reserve(long rows);
  void write(const OutputSample& at, const Snapshot& first) override;
  void clear() { values_.clear(); }

  const std::vector<std::string>& columns() const { return columns_; }
  long rowCount() const { return static_cast<long>(values_.size() / columns_.size()); }
  /// Row-major: value (row, column) at row * columns().size() + column.
  const std::vector<double>& values() const { return values_; }
  double value(long row, int column) const {
    return values_[static_cast<size_t>(row) * columns_.size() + static_cast<size_t>(column)];
  }

 private:
  std::vector<const OutputQuantity*> quantities_;
  std::vector<std::string> columns_;
  std::vector<double> values_;
};

}  // namespace vms
