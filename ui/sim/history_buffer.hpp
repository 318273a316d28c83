#pragma once
// A bounded, thread-safe history of published SimFrames (oldest dropped first, or decimated):
// the worker appends, the UI reads new frames for the plots (since a sequence number) and
// the frame nearest a time for scrubbing. Contract owned by the sim module.
#include <mutex>
#include <vector>

#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

class HistoryBuffer {
 public:
  explicit HistoryBuffer(std::size_t capacity = 20000);
  void append(const SimFrame& frame);
  void clear();
  /// Frames with sequence > `after`, oldest first (appended to `out`); returns the last
  /// sequence copied (or `after` if none). Sequences must increase along appends.
  long framesAfter(long after, std::vector<SimFrame>& out) const;
  /// The stored frame whose time is nearest to t; false if empty.
  bool nearest(double t, SimFrame& out) const;
  /// Drops frames with time > t (resume from a scrubbed instant).
  void truncateAfter(double t);
  std::size_t size() const;
  double firstTime() const;
  double lastTime() const;

 private:
  mutable std::mutex mutex_;
  std::vector<SimFrame> frames_;  // ring storage
  std::size_t capacity_, start_ = 0, count_ = 0;
};

}  // namespace vms::ui
