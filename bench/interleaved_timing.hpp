#pragma once
// Times several functions side by side on a machine whose speed drifts (a shared VM: the same
// code runs up to 1.5x slower for seconds at a time). Google Benchmark times one function after
// another, so a slow spell that falls on one of them skews their ratio. Here the functions take
// turns in short batches (round robin, about 200 us each: long enough that refilling the caches the
// others used costs little), so every slow spell hits all of them alike; each one's time per call
// is a low percentile of its batch means (the machine at its undisturbed speed), and their ratios
// come from the same rounds.
#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace vms::bench {

struct Contender {
  std::string name;
  std::function<void()> call;  // one call of the function timed
};

/// Each contender's time per call in seconds: the `percentile` (0 to 1) of its batch means over
/// `rounds` rounds, a round being one batch of each contender in turn, a batch as many calls as
/// take about `batch_seconds` (calibrated once, on a first batch of 16 calls).
inline std::vector<double> interleavedTimes(const std::vector<Contender>& contenders, int rounds,
                                            double batch_seconds = 200e-6,
                                            double percentile = 0.1) {
  using Clock = std::chrono::steady_clock;
  const auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
  const size_t n = contenders.size();
  std::vector<int> calls(n);
  for (size_t k = 0; k < n; ++k) {
    const Clock::time_point t0 = Clock::now();
    for (int r = 0; r < 16; ++r) contenders[k].call();
    const double per_call = seconds(Clock::now() - t0) / 16.0;
    calls[k] = std::max(1, static_cast<int>(batch_seconds / std::max(per_call, 1e-9)));
  }
  std::vector<std::vector<double>> means(n);
  for (int round = 0; round < rounds; ++round)
    for (size_t k = 0; k < n; ++k) {
      const Clock::time_point t0 = Clock::now();
      for (int r = 0; r < calls[k]; ++r) contenders[k].call();
      means[k].push_back(seconds(Clock::now() - t0) / calls[k]);
    }
  std::vector<double> result(n);
  for (size_t k = 0; k < n; ++k) {
    std::vector<double>& m = means[k];
    const size_t at = std::min(m.size() - 1, static_cast<size_t>(percentile * m.size()));
    std::nth_element(m.begin(), m.begin() + static_cast<long>(at), m.end());
    result[k] = m[at];
  }
  return result;
}

}  // namespace vms::bench
