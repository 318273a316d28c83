#pragma once
// The time slider: shows where the run is in its history and, while paused, scrubs back
// through it (HistoryBuffer via SimulationController::scrubTo).
#include <QWidget>

class QLabel;
class QSlider;

namespace vms::ui {

class TimelineBar : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineBar(QWidget* parent = nullptr);
  /// The history's time span and the time shown (does not emit scrubbed).
  void showSpan(double first, double last, double current);
  /// The time of the frame actually shown after a scrub (the recorded frame nearest the
  /// requested time): the label shows it, and the slider moves to it unless the user is
  /// dragging it. Does not emit scrubbed.
  void showShownTime(double t);
  void setScrubbable(bool scrubbable);
  double currentTime() const { return current_; }
  QSlider* slider() const { return slider_; }

 signals:
  void scrubbed(double t);  // the user moved the slider (paused only)

 private:
  void updateLabel();
  static constexpr int kSteps = 10000;
  QSlider* slider_;
  QLabel* label_;
  double first_ = 0.0, last_ = 0.0, current_ = 0.0;
};

}  // namespace vms::ui
