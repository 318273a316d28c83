#include "ui/app/measurement/latency_probe.hpp"

#include <algorithm>

namespace vms::ui {

LatencyProbe::LatencyProbe(int interval_ms, QObject* parent)
    : QObject(parent), interval_ms_(interval_ms) {
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(interval_ms_);
  connect(&timer_, &QTimer::timeout, this, &LatencyProbe::fired);
}

void LatencyProbe::start() {
  lateness_.clear();
  clock_.start();
  last_ns_ = 0;
  worst_ms_ = -1.0;
  worst_at_s_ = 0.0;
  timer_.start();
}

void LatencyProbe::stop() { timer_.stop(); }

void LatencyProbe::fired() {
  const qint64 now = clock_.nsecsElapsed();
  const double gap_ms = double(now - last_ns_) * 1e-6;
  last_ns_ = now;
  const double late_ms = std::max(0.0, gap_ms - interval_ms_);
  lateness_.add(late_ms);
  if (late_ms > worst_ms_) {
    worst_ms_ = late_ms;
    worst_at_s_ = double(now) * 1e-9;
  }
}

}  // namespace vms::ui
