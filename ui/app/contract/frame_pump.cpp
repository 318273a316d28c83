#include "ui/app/contract/frame_pump.hpp"

#include <algorithm>
#include <limits>

#include "ui/app/contract/workbench_panel.hpp"
#include "ui/sim/simulation_controller.hpp"

namespace vms::ui {

FramePump::FramePump(SimulationController* controller, QObject* parent)
    : QObject(parent), controller_(controller) {
  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, &FramePump::tick);
  clock_.start();
}

void FramePump::start(int hz) { timer_.start(1000 / std::max(1, hz)); }

void FramePump::stop() { timer_.stop(); }

void FramePump::restart() {
  last_sequence_ = std::numeric_limits<long>::min();
  for (WorkbenchPanel* panel : panels_) panel->cleared();
}

void FramePump::resetStatistics() {
  intervals_.clear();
  costs_.clear();
  scene_costs_.clear();
  plot_costs_.clear();
  last_shown_ns_ = -1;
  frames_shown_ = 0;
}

void FramePump::tick() {
  if (!controller_->hasSimulation()) return;
  const qint64 begin = clock_.nsecsElapsed();
  bool shown = false;
  SimFrame frame;
  if (begin >= next_render_ns_ && controller_->latestFrame(frame)) {
    for (WorkbenchPanel* panel : panels_) panel->showFrame(frame);
    const qint64 rendered = clock_.nsecsElapsed();
    scene_costs_.add(double(rendered - begin) * 1e-6);
    // A render slower than the frame budget (33 ms: software OpenGL on a loaded machine) is
    // followed by as long a pause, so that input events get their turn; renders within the
    // budget run at the timer's rate. (The pause used to start at 25 ms: a 100-body model
    // rendered in 27 ms was then shown every 60 ms instead of every 27.)
    constexpr qint64 kFrameBudgetNs = 33'000'000;
    const qint64 cost = rendered - begin;
    next_render_ns_ = cost > kFrameBudgetNs ? rendered + cost : rendered;
    last_frame_ = std::move(frame);
    has_frame_ = true;
    shown = true;
  }
  batch_.clear();
  last_sequence_ = controller_->history().framesAfter(last_sequence_, batch_);
  // Frames of the simulation before the latest load/reset (still in the history until the
  // worker processes the command) are dropped; they are re-read once the worker clears it.
  const long generation = controller_->generation();
  batch_.erase(
      std::remove_if(batch_.begin(), batch_.end(),
                     [generation](const SimFrame& f) { return f.generation < generation; }),
      batch_.end());
  if (!batch_.empty()) {
    const qint64 plot_begin = clock_.nsecsElapsed();
    for (WorkbenchPanel* panel : panels_) panel->appendFrames(batch_);
    plot_costs_.add(double(clock_.nsecsElapsed() - plot_begin) * 1e-6);
  }
  if (!shown) return;
  const qint64 end = clock_.nsecsElapsed();
  ++frames_shown_;
  costs_.add(double(end - begin) * 1e-6);
  if (last_shown_ns_ >= 0) intervals_.add(double(begin - last_shown_ns_) * 1e-6);
  last_shown_ns_ = begin;
  emit frameShown(last_frame_);
}

}  // namespace vms::ui
