#include "ui/view3d/video_clock.hpp"

#include <cmath>

namespace vms::ui {

VideoClock::VideoClock(double fps) : fps_(fps > 0.0 ? fps : 30.0) {}

void VideoClock::start(double video_seconds_per_simulated_second) {
  *this = VideoClock(fps_);
  setRate(video_seconds_per_simulated_second);
}

void VideoClock::setRate(double video_seconds_per_simulated_second) {
  rate_ =
      std::isfinite(video_seconds_per_simulated_second) && video_seconds_per_simulated_second > 0.0
          ? video_seconds_per_simulated_second
          : 0.0;
}

int VideoClock::framesFor(double t) {
  if (!std::isfinite(t)) return 0;
  if (!started_) {
    started_ = true;
    last_t_ = t;
    video_t_ = 0.0;
    written_ = 1;
    return 1;
  }
  if (rate_ == 0.0) {  // one frame per shown frame
    last_t_ = t;
    ++written_;
    video_t_ = (written_ - 1) / fps_;
    return 1;
  }
  if (t < last_t_) {  // a cut: the new scene gets one frame
    last_t_ = t;
    ++written_;
    video_t_ = (written_ - 1) / fps_;
    return 1;
  }
  video_t_ += (t - last_t_) * rate_;
  last_t_ = t;
  // Frames due: those whose time k / fps (k = written_, written_ + 1, ...) is <= video_t_,
  // with a little slack so that rounding of t does not drop a frame that is due.
  const double slack = 1e-6;
  int due = int(std::floor(video_t_ * fps_ + slack)) + 1 - written_;
  if (due <= 0) return 0;
  if (due > kMaxCopies) {
    skipped_ += double(due - kMaxCopies) / fps_;
    video_t_ -= double(due - kMaxCopies) / fps_;
    due = kMaxCopies;
  }
  written_ += due;
  return due;
}

}  // namespace vms::ui
