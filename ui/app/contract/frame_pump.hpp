#pragma once
// The UI side of the snapshot channel and the one point where frames reach the views: a ~60 Hz
// timer gives the latest SimFrame to every panel (WorkbenchPanel::showFrame) and the new
// history frames to every panel (appendFrames), and times itself (self-measurement). When
// showing a frame is slow (> 25 ms: the 3D view under software OpenGL on a loaded machine)
// frames are shown at most at a 50 % duty cycle, so that input events always get their turn.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <limits>
#include <vector>

#include "ui/app/measurement/frame_statistics.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

class SimulationController;
class WorkbenchPanel;

class FramePump : public QObject {
  Q_OBJECT
 public:
  explicit FramePump(SimulationController* controller, QObject* parent = nullptr);
  /// Adds a panel frames fan out to (in the order added; not owned).
  void addPanel(WorkbenchPanel* panel) { panels_.push_back(panel); }
  void removePanels() { panels_.clear(); }
  void start(int hz = 60);
  void stop();
  /// What the panels were given is void (after load, reset or resume-from-scrub): tells every
  /// panel (WorkbenchPanel::cleared) and re-feeds the history from its start on the next tick.
  void restart();
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
  /// The parts of that cost: the panels' showFrame (the 3D view) and appendFrames (the plots).
  const SampleStatistics& sceneCosts() const { return scene_costs_; }
  const SampleStatistics& plotCosts() const { return plot_costs_; }
  void resetStatistics();

 signals:
  void frameShown(const vms::ui::SimFrame& frame);

 private:
  SimulationController* controller_;
  std::vector<WorkbenchPanel*> panels_;
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_shown_ns_ = -1;
  qint64 next_render_ns_ = 0;  // duty-cycle limit
  long last_sequence_ = std::numeric_limits<long>::min();
  SimFrame last_frame_;
  bool has_frame_ = false;
  long frames_shown_ = 0;
  std::vector<SimFrame> batch_;
  SampleStatistics intervals_, costs_, scene_costs_, plot_costs_;
};

}  // namespace vms::ui
