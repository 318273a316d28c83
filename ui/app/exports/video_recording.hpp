#pragma once
// Recording the 3D view as a video from the Export menu: frames stamped by the simulated time
// of the frames the view shows (SceneView's VideoClock), at the speed the run is shown (1 s of
// simulation at 2x real time is 0.5 s of video; "max" speed records real time), a
// recording indicator with the elapsed time and frame count in the status bar, and on a run
// that has finished (or diverged; nothing new will be shown) a replay of its history from
// the start into the video, after which the recording stops by itself. MP4 (H.264 through
// the ffmpeg program) when ffmpeg is installed, else Ogg Theora (VTK).
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

class QLabel;
class QStatusBar;

namespace vms::ui {

class SceneView;
class SimulationController;

class VideoRecording : public QObject {
  Q_OBJECT
 public:
  static constexpr int kFps = 30;
  /// A replay longer than this many seconds of simulation is sped up to fit (frames).
  static constexpr int kMaxReplayFrames = 60 * kFps;

  /// The indicator goes into `status` (a permanent widget, hidden while not recording).
  VideoRecording(SceneView* scene, SimulationController* controller, QStatusBar* status,
                 QObject* parent = nullptr);

  /// ".mp4" when ffmpeg is on PATH, else ".ogv".
  static QString defaultSuffix();
  static bool ffmpegAvailable();

  /// Starts recording into `path` (.mp4 or .ogv). On a finished run, replays the history
  /// from its start. *what says what is being recorded (for the log).
  bool start(const QString& path, QString* what, QString* error);
  /// Stops (also a replay in progress) and closes the file; false if it could not be written
  /// or no frame was recorded.
  bool stop(QString* error);
  bool isRecording() const;
  bool isReplaying() const { return replay_.isActive(); }
  int framesRecorded() const;
  QLabel* indicator() const { return indicator_; }
  QString path() const { return path_; }

 signals:
  /// A replay reached the end and the recording was closed (ok: the file is complete).
  void replayFinished(bool ok, const QString& message);

 private:
  void replayStep();
  void updateIndicator();
  /// Video seconds per simulated second for the run's current speed.
  double liveRate() const;

  SceneView* scene_;
  SimulationController* controller_;
  QLabel* indicator_;
  QTimer tick_, replay_;
  QElapsedTimer elapsed_;
  QString path_;
  double replay_t0_ = 0.0, replay_step_ = 0.0;
  int replay_frames_ = 0, replay_next_ = 0;
};

}  // namespace vms::ui
