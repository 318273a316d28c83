#pragma once
// The self-measurement run (`vms-workbench --scenario F --run-seconds S --report R.json`):
// plays the open scenario for S wall seconds with the 3D view, three live plots and the
// ellipsoid overlays on, measures frame times, real-time factor, dropped snapshots and
// event-loop latency (LatencyProbe), writes the JSON report and an optional window
// screenshot, then quits the application. At maximum speed a scenario that ends early is
// reset and played again, so that the whole run measures responsiveness under load. A run
// that diverges ends there: the report says so ("diverged", "divergence"), one line on
// stderr, exit status 3 (as `vms run`).
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include "ui/app/measurement/latency_probe.hpp"
#include "ui/sim/simulation_controller.hpp"

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
  /// Exit statuses of the measured run (the `vms` CLI's: 1 an output file cannot be written,
  /// 3 the simulation diverged).
  static constexpr int kExitOk = 0, kExitCannotWrite = 1, kExitDiverged = 3;

  /// Starts playing and measuring; the application quits when done (kExitOk, kExitDiverged
  /// when the simulation diverged, kExitCannotWrite when the report or screenshot cannot be
  /// written).
  void start();
  QJsonObject report() const { return report_; }

  /// The whole window as the user sees it, the native 3D view included.
  static QImage grabWindow(MainWindow* window);

 private:
  void finish();
  void runStateChanged(RunState state);
  void diverged(const QString& message);
  QString divergence_;  // the worker's message; empty while the run is finite
  QStringList errors_;  // rejected commands and worker faults during the run
  MainWindow* window_;
  bool finished_ = false;
  int runs_completed_ = 0;
  double simulated_in_earlier_runs_ = 0.0;
  MeasuredRunOptions options_;
  LatencyProbe probe_;
  QElapsedTimer wall_;
  QJsonObject report_;
};

}  // namespace vms::ui
