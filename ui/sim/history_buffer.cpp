#include "ui/sim/history_buffer.hpp"

#include <cmath>

namespace vms::ui {

HistoryBuffer::HistoryBuffer(std::size_t capacity) : capacity_(capacity < 2 ? 2 : capacity) {}

void HistoryBuffer::append(const SimFrame& frame) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (frames_.size() < capacity_) {
    frames_.push_back(frame);
    ++count_;
    return;
  }
  // Full: overwrite the oldest frame (ring).
  frames_[(start_ + count_) % capacity_] = frame;
  if (count_ < capacity_) {
    ++count_;
  } else {
    start_ = (start_ + 1) % capacity_;
  }
}

void HistoryBuffer::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  frames_.clear();
  start_ = count_ = 0;
}

long HistoryBuffer::framesAfter(long after, std::vector<SimFrame>& out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto at = [&](std::size_t k) -> const SimFrame& {
    return frames_[(start_ + k) % frames_.size()];
  };
  // Sequences increase along the ring: binary search for the first one > after.
  std::size_t lo = 0, hi = count_;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (at(mid).sequence <= after)
      lo = mid + 1;
    else
      hi = mid;
  }
  long last = after;
  for (std::size_t k = lo; k < count_; ++k) {
    out.push_back(at(k));
    last = at(k).sequence;
  }
  return last;
}

bool HistoryBuffer::nearest(double t, SimFrame& out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (count_ == 0) return false;
  // Times increase along the ring: binary search for the first frame with time >= t.
  std::size_t lo = 0, hi = count_;
  auto at = [&](std::size_t k) -> const SimFrame& {
    return frames_[(start_ + k) % frames_.size()];
  };
  while (lo < hi) {
    std::size_t mid = (lo + hi) / 2;
    if (at(mid).snapshot.time < t)
      lo = mid + 1;
    else
      hi = mid;
  }
  std::size_t best = lo < count_ ? lo : count_ - 1;
  if (best > 0 && std::abs(at(best - 1).snapshot.time - t) <= std::abs(at(best).snapshot.time - t))
    best = best - 1;
  out = at(best);
  return true;
}

void HistoryBuffer::truncateAfter(double t) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Linearize, then drop the tail.
  std::vector<SimFrame> kept;
  kept.reserve(count_);
  for (std::size_t k = 0; k < count_; ++k) {
    const SimFrame& f = frames_[(start_ + k) % frames_.size()];
    if (f.snapshot.time <= t) kept.push_back(f);
  }
  frames_ = std::move(kept);
  start_ = 0;
  count_ = frames_.size();
}

std::size_t HistoryBuffer::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return count_;
}

double HistoryBuffer::firstTime() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return count_ ? frames_[start_].snapshot.time : 0.0;
}

double HistoryBuffer::lastTime() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return count_ ? frames_[(start_ + count_ - 1) % frames_.size()].snapshot.time : 0.0;
}

}  // namespace vms::ui
