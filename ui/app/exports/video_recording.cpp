#include "ui/app/exports/video_recording.hpp"

#include <QLabel>
#include <QStandardPaths>
#include <QStatusBar>
#include <algorithm>
#include <cmath>

#include "ui/sim/simulation_controller.hpp"
#include "ui/view3d/scene_view.hpp"

namespace vms::ui {

VideoRecording::VideoRecording(SceneView* scene, SimulationController* controller,
                               QStatusBar* status, QObject* parent)
    : QObject(parent), scene_(scene), controller_(controller), indicator_(new QLabel) {
  indicator_->setObjectName("recordingIndicator");
  indicator_->setStyleSheet(
      "QLabel { color: white; background: #c0392b; padding: 1px 6px; "
      "border-radius: 3px; font-weight: bold; }");
  indicator_->setToolTip(tr("Recording the 3D view (Export ▸ Stop Recording)"));
  indicator_->hide();
  if (status) status->addPermanentWidget(indicator_);
  tick_.setInterval(250);
  connect(&tick_, &QTimer::timeout, this, &VideoRecording::updateIndicator);
  replay_.setInterval(0);  // as fast as the view renders; the video's clock is the frame count
  connect(&replay_, &QTimer::timeout, this, &VideoRecording::replayStep);
  // The speed can change at any time: the frames about to be shown are stamped at the new one.
  connect(controller_, &SimulationController::frameAvailable, this, [this] {
    if (isRecording() && !replay_.isActive()) scene_->setRecordingRate(liveRate());
  });
}

bool VideoRecording::ffmpegAvailable() {
  return !QStandardPaths::findExecutable("ffmpeg").isEmpty();
}

QString VideoRecording::defaultSuffix() {
  return ffmpegAvailable() ? QStringLiteral(".mp4") : QStringLiteral(".ogv");
}

bool VideoRecording::isRecording() const { return scene_->isRecording(); }

int VideoRecording::framesRecorded() const { return scene_->framesRecorded(); }

bool VideoRecording::start(const QString& path, QString* what, QString* error) {
  if (isRecording()) {
    if (error) *error = tr("already recording into %1").arg(path_);
    return false;
  }
  const RunState state = controller_->hasSimulation() ? controller_->runState() : RunState::Empty;
  const HistoryBuffer& history = controller_->history();
  const bool done = state == RunState::Finished || state == RunState::Diverged;
  const bool replay = done && history.size() > 1;
  // A replay picks its own frame times (one video frame each); a live run is stamped by its
  // simulated time at the speed it is shown.
  if (!scene_->startRecording(path, kFps, error, replay ? 0.0 : liveRate())) return false;
  path_ = path;
  elapsed_.start();
  tick_.start();
  if (replay) {
    // Nothing new will be shown: replay the run from its start, in real time (1 s of
    // simulation = 1 s of video) up to kMaxReplayFrames, sped up beyond.
    replay_t0_ = history.firstTime();
    const double duration = history.lastTime() - replay_t0_;
    replay_frames_ = std::clamp(int(std::ceil(duration * kFps)) + 1, 2, kMaxReplayFrames);
    replay_step_ = duration / (replay_frames_ - 1);
    replay_next_ = 0;
    replay_.start();
    if (what)
      *what = tr("replaying the finished run (%1 s, %2 frames%3) into %4")
                  .arg(duration, 0, 'f', 2)
                  .arg(replay_frames_)
                  .arg(duration * kFps > kMaxReplayFrames
                           ? tr(", %1× speed").arg(duration * kFps / kMaxReplayFrames, 0, 'f', 1)
                           : QString())
                  .arg(path);
  } else if (what) {
    *what = state == RunState::Running
                ? tr("recording video → %1 (%2 fps, stamped by simulated time)").arg(path).arg(kFps)
                : tr("recording video → %1: press Play, frames are added while it runs").arg(path);
  }
  updateIndicator();
  indicator_->show();
  return true;
}

void VideoRecording::replayStep() {
  if (!isRecording() || replay_next_ >= replay_frames_) {
    replay_.stop();
    QString error;
    const int frames = framesRecorded();
    const bool ok = isRecording() && stop(&error);
    emit replayFinished(ok,
                        ok ? tr("video: replay of %1 frames → %2").arg(frames).arg(path_) : error);
    return;
  }
  SimFrame frame;
  const double t = replay_t0_ + replay_step_ * replay_next_++;
  if (controller_->history().nearest(t, frame)) scene_->showFrame(frame);
  updateIndicator();
}

bool VideoRecording::stop(QString* error) {
  replay_.stop();
  tick_.stop();
  indicator_->hide();
  return scene_->stopRecording(error);
}

double VideoRecording::liveRate() const {
  // 1 s of video per 1 / f s of simulation at f times real time; "max" records real time.
  const double factor = controller_->realTimeFactor();
  return factor > 0.0 ? 1.0 / factor : 1.0;
}

void VideoRecording::updateIndicator() {
  if (isRecording() && !replay_.isActive()) scene_->setRecordingRate(liveRate());
  const qint64 s = elapsed_.isValid() ? elapsed_.elapsed() / 1000 : 0;
  QString text = tr("● REC %1:%2 · %3 frames")
                     .arg(s / 60)
                     .arg(s % 60, 2, 10, QChar('0'))
                     .arg(framesRecorded());
  if (replay_.isActive())
    text += tr(" · replay %1%").arg(100 * replay_next_ / std::max(1, replay_frames_));
  indicator_->setText(text);
}

}  // namespace vms::ui
