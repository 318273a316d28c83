#include "ui/app/measurement/measured_run.hpp"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPainter>
#include <cstdio>

#include "ui/app/bars/simulation_toolbar.hpp"
#include "ui/app/contract/frame_pump.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/document/model_document.hpp"

namespace vms::ui {

MeasuredRun::MeasuredRun(MainWindow* window, MeasuredRunOptions options, QObject* parent)
    : QObject(parent), window_(window), options_(std::move(options)), probe_(10) {
  // Connected at once: a scenario can diverge as soon as it is loaded (a non-finite state).
  SimulationController* controller = window_->controller();
  connect(controller, &SimulationController::diverged, this, &MeasuredRun::diverged);
  connect(controller, &SimulationController::error, this,
          [this](const QString& message) { errors_ << message; });
}

void MeasuredRun::diverged(const QString& message) {
  if (finished_) return;
  divergence_ = message;
  finish();  // nothing left to measure: the worker holds the last finite state, paused
}

void MeasuredRun::start() {
  for (Overlay o :
       {Overlay::ManipulabilityFixed, Overlay::ManipulabilityFloating, Overlay::SystemCenterOfMass,
        Overlay::MomentumArrows, Overlay::EndEffectorTrail, Overlay::JointAxes})
    window_->setOverlay(o, true);
  WorkbenchContext* context = window_->context();
  context->showPlots({PlotKind::Momentum, PlotKind::MomentumDrift, PlotKind::BaseReaction});
  window_->simulationToolbar()->setRealTimeFactor(options_.real_time_factor);
  // The teaching text next to the view (README screenshots show it).
  context->bringExplanationToFront();
  window_->sceneView()->resetCamera();  // frames the model in the view's settled size
  connect(window_->controller(), &SimulationController::runStateChanged, this,
          &MeasuredRun::runStateChanged);
  // The set-up above repaints the window; the measured run starts once that is done.
  QTimer::singleShot(300, this, [this] {
    if (finished_) return;  // diverged while the window settled
    window_->framePump()->resetStatistics();
    probe_.start();
    wall_.start();
    window_->play();
    QTimer::singleShot(int(options_.run_seconds * 1000.0), Qt::PreciseTimer, this,
                       &MeasuredRun::finish);
  });
}

QImage MeasuredRun::grabWindow(MainWindow* window) {
  QImage image = window->grab().toImage();
  // The 3D view is a native window that QWidget::grab() cannot see: draw its own image.
  SceneView* scene = window->sceneView();
  if (scene->isVisible()) {
    const QImage view = scene->grabImage();
    if (!view.isNull()) {
      QPainter painter(&image);
      painter.drawImage(QRect(scene->mapTo(window, QPoint(0, 0)), scene->size()), view);
    }
  }
  return image;
}

void MeasuredRun::runStateChanged(RunState state) {
  if (finished_ || state != RunState::Finished) return;
  ++runs_completed_;
  if (options_.real_time_factor != 0.0) return;
  const SimulationStats stats = window_->controller()->stats();
  simulated_in_earlier_runs_ += stats.simulated_time;
  window_->resetSimulation();
  window_->play();
}

void MeasuredRun::finish() {
  if (finished_) return;  // the run-seconds timer after a divergence
  finished_ = true;
  const double wall = wall_.isValid() ? double(wall_.nsecsElapsed()) * 1e-9 : 0.0;
  probe_.stop();
  SimulationController* controller = window_->controller();
  const SimulationStats stats = controller->stats();
  window_->pause();
  FramePump* pump = window_->framePump();
  const double simulated = simulated_in_earlier_runs_ + stats.simulated_time;
  // Simulated seconds per wall second of the whole run (resets included at maximum speed).
  const double rtf = wall > 0.0 ? simulated / wall : 0.0;
  const char* states[] = {"empty", "paused", "running", "finished", "diverged"};

  QJsonObject r;
  r["scenario"] = window_->document()->path();
  r["run_seconds"] = wall;
  r["requested_real_time_factor"] = options_.real_time_factor;  // 0 = max
  r["frames_drawn"] = double(pump->framesShown());
  r["frames_rendered"] = double(window_->sceneView()->framesRendered());
  r["frame_time_median_ms"] = pump->frameIntervals().median();
  r["frame_time_p99_ms"] = pump->frameIntervals().percentile(99);
  r["frame_cost_median_ms"] = pump->frameCosts().median();
  r["frame_cost_p99_ms"] = pump->frameCosts().percentile(99);
  r["scene_cost_median_ms"] = pump->sceneCosts().median();
  r["scene_cost_p99_ms"] = pump->sceneCosts().percentile(99);
  r["scene_cost_max_ms"] = pump->sceneCosts().maximum();
  r["plot_cost_median_ms"] = pump->plotCosts().median();
  r["plot_cost_p99_ms"] = pump->plotCosts().percentile(99);
  r["plot_cost_max_ms"] = pump->plotCosts().maximum();
  r["simulated_time"] = simulated;
  r["worker_real_time_factor"] = stats.average_real_time_factor;  // the worker's own measure
  r["runs_completed"] = runs_completed_;
  r["real_time_factor"] = rtf;
  r["dropped_snapshots"] = double(stats.frames_dropped);
  r["frames_published"] = double(stats.frames_published);
  r["frames_taken"] = double(stats.frames_taken);
  r["max_ui_latency_ms"] = probe_.lateness().maximum();
  r["ui_latency_p99_ms"] = probe_.lateness().percentile(99);
  r["max_ui_latency_at_s"] = probe_.worstAtSeconds();
  r["ui_latency_probe_interval_ms"] = 10;
  r["ui_latency_samples"] = double(probe_.lateness().count());
  const PlotsShown plots = window_->context()->plotsShown();
  r["plots_shown"] = plots.plots;
  r["plot_points_received"] = double(plots.points_received);
  // The run state is the worker's (queued to this thread): a divergence is known from its
  // own signal even when the state change has not arrived yet.
  r["run_state"] = divergence_.isEmpty() ? QLatin1String(states[int(controller->runState())])
                                         : QLatin1String("diverged");
  r["diverged"] = !divergence_.isEmpty();
  if (!divergence_.isEmpty()) r["divergence"] = divergence_;
  if (!errors_.isEmpty()) r["errors"] = QJsonArray::fromStringList(errors_);
  QJsonArray overlays;
  for (int i = 0; i < kOverlayCount; ++i)
    if (window_->sceneView()->overlayVisible(Overlay(i))) overlays.append(i);
  r["overlays_visible"] = overlays;
  report_ = r;

  int code = kExitOk;
  if (!divergence_.isEmpty()) {
    std::fprintf(stderr, "vms-workbench: %s; the report holds the run up to then\n",
                 qPrintable(divergence_.section(QLatin1Char('\n'), 0, 0)));
    code = kExitDiverged;
  }
  const QByteArray json = QJsonDocument(r).toJson(QJsonDocument::Indented);
  if (!options_.report_path.isEmpty()) {
    QFile file(options_.report_path);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size()) {
      std::fprintf(stderr, "vms-workbench: %s: cannot write the report\n",
                   qPrintable(options_.report_path));
      code = kExitCannotWrite;
    }
  }
  std::fputs(json.constData(), stdout);
  std::fflush(stdout);
  if (!options_.screenshot_path.isEmpty()) {
    const QImage image = grabWindow(window_);
    if (image.isNull() || !image.save(options_.screenshot_path)) {
      std::fprintf(stderr, "vms-workbench: %s: cannot write the screenshot\n",
                   qPrintable(options_.screenshot_path));
      code = kExitCannotWrite;
    }
  }
  QApplication::exit(code);
}

}  // namespace vms::ui
