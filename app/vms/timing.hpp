#pragma once
// Timing for `vms benchmark` and `vms crosscheck`: the median over 15 batches of the time per
// call, so that one slow batch (another process, a page fault) does not move the figure.
#include <algorithm>
#include <chrono>
#include <vector>

namespace vms::cli {

/// Median over 15 batches of the time per call of `call`, in microseconds; `iterations` calls
/// in all (at least one per batch).
template <typename F>
double medianMicroseconds(long iterations, F&& call) {
  const int batches = 15;
  const long per_batch = std::max(1L, iterations / batches);
  std::vector<double> times;
  for (int b = 0; b < batches; ++b) {
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < per_batch; ++i) call();
    const auto stop = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double, std::micro>(stop - start).count() /
                    static_cast<double>(per_batch));
  }
  std::nth_element(times.begin(), times.begin() + batches / 2, times.end());
  return times[batches / 2];
}

}  // namespace vms::cli
