#include "ui/app/measurement/frame_statistics.hpp"

#include <algorithm>
#include <cmath>

namespace vms::ui {

double SampleStatistics::percentile(double p) const {
  if (samples_.empty()) return 0.0;
  std::vector<double> sorted = samples_;
  std::sort(sorted.begin(), sorted.end());
  const double rank = std::ceil(p / 100.0 * double(sorted.size()));
  const std::size_t index = std::size_t(std::clamp(rank, 1.0, double(sorted.size()))) - 1;
  return sorted[index];
}

double SampleStatistics::maximum() const {
  return samples_.empty() ? 0.0 : *std::max_element(samples_.begin(), samples_.end());
}

}  // namespace vms::ui
