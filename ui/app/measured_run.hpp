#pragma once
// The self-measurement run (`vms-workbench --scenario F --run-seconds S --report R.json`):
// plays the open scenario for S wall seconds with the 3D view, three live plots and the
// ellipsoid overlays on, measures frame times, real-time factor, dropped snapshots and
// event-loop latency (LatencyProbe), writes the JSON report and an optional window
// screenshot, then quits the application.
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTimer>

#include "ui/app/latency_probe.hpp"

namespace vms::ui {

class MainWindow;

struct MeasuredRunOptions {
  double run_seconds = 10.0;
  double real_time_factor = 1.0;  // 0 = as fast as possible (--max-speed)
  QString report_path;            // empty: no report
  QString screenshot_path;        // empty: no screenshot
};

class MeasuredRun : public QObject {
  Q_OBJECT
 public:
  MeasuredRun(MainWindow* window, MeasuredRunOptions options, QObject* parent = nullptr);
  /// Starts playing and measuring; the application quits when done (exit code 0, or 3 when
  /// the report or screenshot cannot be written).
  void start();
  QJsonObject report() const { return report_; }

  /// The whole window as the user sees it, the native 3D view included.
  static QImage grabWindow(MainWindow* window);

 private:
  void finish();
  MainWindow* window_;
  MeasuredRunOptions options_;
  LatencyProbe probe_;
  QElapsedTimer wall_;
  QJsonObject report_;
};

}  // namespace vms::ui
