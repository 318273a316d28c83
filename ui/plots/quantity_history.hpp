#pragma once
// The values of every registered quantity over time, fed with SimFrames: what the plots draw.
// Bounded memory: at most `capacity` points per quantity. When full, every other point is
// dropped (the whole run stays visible at half the resolution) and from then on only every
// `stride`-th frame is kept (the stride doubles at each halving). So a run of any length costs
// O(capacity) memory and the plots always span t = 0 .. now. Drifts are measured against the
// first frame kept (the first since the last clear, unless replaced at the same instant).
#include <vector>

#include "ui/plots/quantities.hpp"

namespace vms::ui {

class QuantityHistory {
 public:
  static constexpr int kDefaultCapacity = 8192;

  explicit QuantityHistory(int capacity = kDefaultCapacity);

  /// Sets the quantities (clears the history).
  void setRegistry(const QuantityRegistry& registry);
  const QuantityRegistry& registry() const { return registry_; }
  void clear();

  /// Appends one frame. A frame not later than the last one rewinds the history first (the
  /// points at and after its time are dropped: the run resumed from an earlier instant, or
  /// teach mode changed the state at the same instant); frames with a non-finite time are
  /// ignored. Returns true if stored points changed other
  /// than by growing (decimation or rewind): views must reload.
  bool append(const SimFrame& frame);

  int size() const { return static_cast<int>(time_.size()); }
  int capacity() const { return capacity_; }
  long stride() const { return stride_; }
  long framesReceived() const { return received_; }
  const std::vector<double>& time() const { return time_; }
  /// Values of quantity `index` (registry order), one per time().
  const std::vector<double>& values(int index) const { return values_[index]; }
  bool hasFirstFrame() const { return has_first_; }

 private:
  void halve();
  void truncateFrom(double t);

  QuantityRegistry registry_;
  int capacity_;
  long stride_ = 1, received_ = 0;
  bool has_first_ = false;
  SimFrame first_;
  std::vector<double> time_;
  std::vector<std::vector<double>> values_;
};

}  // namespace vms::ui
