#pragma once
// When a recorded video gets a frame: video frames are stamped by the simulated time of the
// frames the view shows, so that the video plays the run at the speed it is meant to be seen
// at whatever rate the view happens to render (60 shown frames a second recorded at 30 fps
// would otherwise play in slow motion). Each shown frame is written as many times as video
// frames fall due since the last one (0 when the view renders faster than the video rate, more
// than one when it renders slower).
namespace vms::ui {

class VideoClock {
 public:
  /// At most this many copies of one shown frame (a second of video at 30 fps): a jump of
  /// simulated time larger than that is cut short (the video skips ahead, it does not freeze).
  static constexpr int kMaxCopies = 30;

  explicit VideoClock(double fps = 30.0);

  /// Starts a new video. `video_seconds_per_simulated_second`: 1 = the run at real time,
  /// 1 / f for a run shown at f times real time (what the viewer saw), 0 = one video frame per
  /// shown frame whatever its time (a replay that chose its own frame times).
  void start(double video_seconds_per_simulated_second);
  /// Changes the rate from now on (the video so far keeps its stamps).
  void setRate(double video_seconds_per_simulated_second);

  /// How many video frames the frame shown at simulated time `t` fills. The first shown frame
  /// is one; a frame at or before the previous time (paused, scrubbed back, reset) is none,
  /// unless the time went back (a cut: one frame, and the clock goes on from there).
  int framesFor(double t);

  double videoSeconds() const { return written_ / fps_; }
  int framesWritten() const { return written_; }
  /// Seconds of video skipped because of kMaxCopies.
  double skippedSeconds() const { return skipped_; }

 private:
  double fps_;
  double rate_ = 1.0;
  bool started_ = false;
  double last_t_ = 0.0;
  double video_t_ = 0.0;  // video time of the last shown frame
  int written_ = 0;       // video frames so far; the next is due at written_ / fps_
  double skipped_ = 0.0;
};

}  // namespace vms::ui
