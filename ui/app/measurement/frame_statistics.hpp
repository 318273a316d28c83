#pragma once
// Samples (milliseconds) with median / percentile / maximum, for the self-measurement report.
#include <vector>

namespace vms::ui {

class SampleStatistics {
 public:
  void add(double value_ms) { samples_.push_back(value_ms); }
  void clear() { samples_.clear(); }
  std::size_t count() const { return samples_.size(); }
  double median() const { return percentile(50.0); }
  /// Nearest-rank percentile (0 when empty).
  double percentile(double p) const;
  double maximum() const;

 private:
  std::vector<double> samples_;
};

}  // namespace vms::ui
