#pragma once
// The UI side of the snapshot channel: a ~60 Hz timer takes the latest SimFrame into the 3D
// view and the new history frames into the plots, and times itself (self-measurement). When
// rendering is slow (> 25 ms: software OpenGL on a loaded machine) the 3D view is updated at
// most at a 50 % duty cycle, so that input events always get their turn between renders.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <limits>
#include <vector>

#include "ui/app/frame_statistics.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

class SimulationController;
class SceneView;
class PlotPanel;

class FramePump : public QObject {
  Q_OBJECT
 public:
  FramePump(SimulationController* controller, SceneView* scene, PlotPanel* plots,
            QObject* parent = nullptr);
  void start(int hz = 60);
  void stop();
  /// Forgets what the plots were given (after load, reset or resume-from-scrub): clears the
  /// plots and re-feeds them from the history on the next tick.
  void restartPlots();
  /// Forgets the last frame (a new simulation was loaded or reset): hasFrame() is false until
  /// the next one arrives.
  void forgetFrame() { has_frame_ = false; }
  /// One poll now (also called by the timer).
  void tick();

  bool hasFrame() const { return has_frame_; }
  const SimFrame& lastFrame() const { return last_frame_; }
  long framesShown() const { return frames_shown_; }
  /// Wall time between consecutive frames shown, and the UI-thread cost of showing one.
  const SampleStatistics& frameIntervals() const { return intervals_; }
  const SampleStatistics& frameCosts() const { return costs_; }
  /// The parts of that cost: SceneView::showFrame and PlotPanel::appendFrames.
  const SampleStatistics& sceneCosts() const { return scene_costs_; }
  const SampleStatistics& plotCosts() const { return plot_costs_; }
  void resetStatistics();

 signals:
  void frameShown(const vms::ui::SimFrame& frame);

 private:
  SimulationController* controller_;
  SceneView* scene_;
  PlotPanel* plots_;
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_shown_ns_ = -1;
  qint64 next_render_ns_ = 0;  // duty-cycle limit
  long last_sequence_ = std::numeric_limits<long>::min();
  bool plots_need_clear_ = false;
  SimFrame last_frame_;
  bool has_frame_ = false;
  long frames_shown_ = 0;
  std::vector<SimFrame> batch_;
  SampleStatistics intervals_, costs_, scene_costs_, plot_costs_;
};

}  // namespace vms::ui
