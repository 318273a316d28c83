#pragma once
// Measures event-loop responsiveness: a precise timer asks to fire every `interval_ms`; how late
// each firing comes is the delay a user's click would have seen.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "ui/app/measurement/frame_statistics.hpp"

namespace vms::ui {

class LatencyProbe : public QObject {
  Q_OBJECT
 public:
  explicit LatencyProbe(int interval_ms = 10, QObject* parent = nullptr);
  void start();
  void stop();
  const SampleStatistics& lateness() const { return lateness_; }  // ms past the due time
  double worstAtSeconds() const { return worst_at_s_; }           // when the largest lateness ended

 private:
  void fired();
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_ns_ = 0;
  int interval_ms_;
  double worst_ms_ = -1.0, worst_at_s_ = 0.0;
  SampleStatistics lateness_;
};

}  // namespace vms::ui
