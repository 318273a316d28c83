#include "ui/app/window/main_window.hpp"

#include <QApplication>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>

#include "core/integrators/integrator.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "ui/app/bars/draft_bar.hpp"
#include "ui/app/bars/missing_mesh_bar.hpp"
#include "ui/app/bars/simulation_toolbar.hpp"
#include "ui/app/bars/timeline_bar.hpp"
#include "ui/app/contract/frame_pump.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/docks/panel_adapters.hpp"
#include "ui/app/window/start_page.hpp"
#include "ui/document/model_document.hpp"

namespace vms::ui {

namespace {
QString firstLine(const QString& text) { return text.section(QLatin1Char('\n'), 0, 0); }
}  // namespace

MainWindow::MainWindow(QWidget* parent, const std::vector<PanelSpec>& panels)
    : QMainWindow(parent),
      document_(new ModelDocument(this)),
      controller_(new SimulationController(this)),
      context_(new WorkbenchContext(document_, controller_, this)) {
  setObjectName("mainWindow");
  setAcceptDrops(true);
  // The screen's available area up to 1800 x 1100 (the window never exceeds it): the 3D view
  // gets what the docks leave, and they need about 900 px together.
  const QRect available = QGuiApplication::primaryScreen()
                              ? QGuiApplication::primaryScreen()->availableGeometry()
                              : QRect(0, 0, 1400, 900);
  resize(std::min(1800, available.width()), std::min(1100, available.height()));
  createPanels(panels);
  createFileMenu();
  createEditMenu();
  createExamplesMenu();
  createSimulationMenu();
  createViewMenu();
  createExportMenu();
  createWindowMenu();
  createHelpMenu();
  connectSignals();
  // Docks and toolbars move without animation: Qt's restoreState() (Window > Reset layout)
  // during one, e.g. of the toolbar opening its extension, crashes in QWidget::show().
  setAnimated(false);
  default_layout_ = saveState();
  restoreLayout();
  updateTitle();
  pump_->start(60);
  status_timer_.start(250);
  // A recovery copy a second after the last edit (not on a fixed period): a crash loses at
  // most that second of edits.
  autosave_timer_.setSingleShot(true);
  autosave_timer_.setInterval(1000);
}

MainWindow::~MainWindow() {
  pump_->stop();
  pump_->removePanels();  // the panels go before the pump
  status_timer_.stop();
  autosave_timer_.stop();
  // The document is a child: QWidget's destructor deletes it after this class is gone and
  // perhaps after the Edit menu's actions. Clearing its undo stack then emits indexChanged,
  // whose handlers here would write to those freed actions.
  document_->undoStack()->disconnect(this);
  document_->disconnect(this);
}

void MainWindow::createPanels(const std::vector<PanelSpec>& specs) {
  // The centre shows the start page until a document is open, then the 3D view.
  central_ = new QStackedWidget(this);
  start_page_ = new StartPage(central_);
  scene_page_ = new QWidget(central_);
  mesh_bar_ = new MissingMeshBar(scene_page_);
  draft_bar_ = new DraftBar(scene_page_);
  scene_ = new SceneView(scene_page_);
  scene_->setObjectName("sceneView");
  scene_->setMinimumSize(320, 240);
  auto* scene_layout = new QVBoxLayout(scene_page_);
  scene_layout->setContentsMargins(0, 0, 0, 0);
  scene_layout->setSpacing(0);
  scene_layout->addWidget(draft_bar_);
  scene_layout->addWidget(mesh_bar_);
  scene_layout->addWidget(scene_, 1);
  connect(mesh_bar_, &MissingMeshBar::locateRequested, this, &MainWindow::locateMeshFolder);
  central_->addWidget(start_page_);
  central_->addWidget(scene_page_);
  setCentralWidget(central_);
  connect(start_page_, &StartPage::openRequested, this,
          [this](const QString& path) { openFile(path); });
  connect(start_page_, &StartPage::openDialogRequested, this, &MainWindow::openWithDialog);
  panels_.push_back(sceneViewPanel(scene_));
  for (auto& panel : addPanelDocks(this, specs, *context_)) panels_.push_back(std::move(panel));
  for (const auto& panel : panels_) panel->bind(*context_);  // how panels reach each other
  pump_ = new FramePump(controller_, this);
  for (const auto& panel : panels_) pump_->addPanel(panel.get());

  toolbar_ = new SimulationToolbar(controller_, this);
  addToolBar(Qt::TopToolBarArea, toolbar_);
  timeline_ = new TimelineBar(this);
  auto* timeline_bar = new QToolBar(tr("Time"), this);
  timeline_bar->setObjectName("timelineToolbar");
  timeline_bar->addWidget(timeline_);
  addToolBar(Qt::BottomToolBarArea, timeline_bar);

  status_label_ = new QLabel(this);
  statusBar()->addPermanentWidget(status_label_);
}

void MainWindow::connectSignals() {
  connect(document_, &ModelDocument::opened, this, &MainWindow::onDocumentOpened);
  connect(document_, &ModelDocument::modelChanged, this, &MainWindow::onModelChanged);
  connect(document_, &ModelDocument::modifiedChanged, this, [this] { updateTitle(); });

  connect(controller_, &SimulationController::runStateChanged, this,
          &MainWindow::onRunStateChanged);
  connect(controller_, &SimulationController::frameAvailable, pump_, &FramePump::tick);
  connect(context_, &WorkbenchContext::problemRaised, this, &MainWindow::showProblem);
  connect(controller_, &SimulationController::error, context_, &WorkbenchContext::error);
  connect(controller_, &SimulationController::error, this, [this](const QString& message) {
    toolbar_->syncFromController();  // a rejected setting: show what is in effect
    statusBar()->showMessage(tr("Error: %1").arg(firstLine(message)), 15000);
  });
  connect(controller_, &SimulationController::notice, this, [this](const QString& message) {
    context_->warning(message);
    statusBar()->showMessage(firstLine(message), 15000);
  });
  connect(controller_, &SimulationController::diverged, this, [this](const QString& message) {
    // Shown until the next message: the run stays stopped until the user acts.
    statusBar()->showMessage(tr("Run stopped: %1").arg(firstLine(message)));
    showProblem(tr("The simulation diverged"),
                message + tr("\n\nThe run is paused. Try a smaller time step, another "
                             "integrator, or reset."));
  });
  connect(toolbar_, &SimulationToolbar::message, context_, &WorkbenchContext::info);
  connect(toolbar_, &SimulationToolbar::refused, this, [this](const QString& text) {
    context_->warning(text);
    statusBar()->showMessage(text, 15000);
  });

  connect(toolbar_, &SimulationToolbar::playPauseRequested, this, &MainWindow::togglePlay);
  connect(toolbar_, &SimulationToolbar::stepRequested, this, &MainWindow::stepOnce);
  connect(toolbar_, &SimulationToolbar::resetRequested, this, &MainWindow::resetSimulation);
  connect(timeline_, &TimelineBar::scrubbed, this, &MainWindow::scrubTo);
  connect(pump_, &FramePump::frameShown, this, &MainWindow::onFrameShown);

  connect(&status_timer_, &QTimer::timeout, this, &MainWindow::refreshStatus);
  connect(&autosave_timer_, &QTimer::timeout, this, &MainWindow::writeAutosave);
  connect(document_, &ModelDocument::modelChanged, &autosave_timer_, qOverload<>(&QTimer::start));
  connect(document_, &ModelDocument::autosaveFailed, this, [this](const QString& message) {
    context_->warning(tr("autosave failed: %1").arg(message));
  });
}

void MainWindow::createSimulationMenu() {
  QMenu* menu = menuBar()->addMenu(tr("&Simulation"));
  menu->addAction(toolbar_->playPauseAction());
  menu->addAction(toolbar_->stepAction());
  menu->addAction(toolbar_->resetAction());
  menu->addSeparator();
  menu->addAction(toolbar_->slowerAction());
  menu->addAction(toolbar_->fasterAction());
  menu->addSeparator();
  QAction* real_time = menu->addAction(tr("Real time (1×)"));
  connect(real_time, &QAction::triggered, this, [this] { toolbar_->setRealTimeFactor(1.0); });
  QAction* max_speed = menu->addAction(tr("As fast as possible"));
  connect(max_speed, &QAction::triggered, this, [this] { toolbar_->setRealTimeFactor(0.0); });
}

// --- document → views ------------------------------------------------------------------

void MainWindow::onDocumentOpened() {
  central_->setCurrentWidget(scene_page_);
  scrubbed_ = false;
  restoreMeshFolders();  // before the 3D view resolves the meshes
  loadSimulation(true);
  refreshMissingMeshes();
  showDraftState();
  updateTitle();
}

void MainWindow::showDraftState() {
  const bool draft = document_->isDraft();
  draft_bar_->showProblems(draft ? document_->problemMessages() : QStringList());
  toolbar_->setBlocked(draft ? tr("A draft cannot be simulated: fix its problems first (the "
                                  "draft bar above the 3D view and the model tree name them)")
                             : QString());
  updateTitle();
}

void MainWindow::onModelChanged() {
  // An accepted edit recompiled the model: rebuild the simulation from t = 0 with it, keeping
  // the run settings chosen in the toolbar (they used to fall back to the file's).
  std::optional<Scenario> before;
  if (controller_->hasSimulation()) before = controller_->scenario();
  const RunSettings file_before = file_settings_;
  loadSimulation(false);
  if (before) keepRunSettings(*before, file_before);
  refreshMissingMeshes();  // an edit may add, remove or rename meshes
  showDraftState();
  context_->info(tr("model changed: simulation reset to t = 0"));
}

void MainWindow::keepRunSettings(const Scenario& before, const RunSettings& file_before) {
  if (!controller_->hasSimulation()) return;
  const Scenario& now = controller_->scenario();
  const BaseType base = now.model.base_type;
  // A setting the edit itself changed (the Scenario panel) is the new one; the others stay as
  // the toolbar had them.
  if (before.dt != now.dt && now.dt == file_before.dt) controller_->setTimeStep(before.dt);
  if (before.solver != now.solver && now.solver == file_before.solver) {
    if (const std::string problem = solverSupportProblem(before.solver, base); problem.empty())
      controller_->setSolver(before.solver);
    else
      context_->warning(tr("solver back to %1: %2")
                            .arg(QString::fromStdString(now.solver))
                            .arg(QString::fromStdString(problem)));
  }
  if (before.integrator != now.integrator && now.integrator == file_before.integrator) {
    if (const std::string problem = integratorSupportProblem(before.integrator, base);
        problem.empty())
      controller_->setIntegrator(before.integrator);
    else
      context_->warning(tr("integrator back to %1: %2")
                            .arg(QString::fromStdString(now.integrator))
                            .arg(QString::fromStdString(problem)));
  }
  if (before.mode != now.mode && now.mode == file_before.mode && now.model.base_dof > 0)
    controller_->setManeuveringMode(before.mode);
  toolbar_->syncFromController();
}

void MainWindow::loadSimulation(bool opened) {
  try {
    const Scenario& scenario = document_->scenario();
    controller_->load(scenario);
    file_settings_ = {scenario.dt, scenario.solver, scenario.integrator, scenario.mode};
    const ScenarioOrigin source{document_->path(), document_->modelDirectory(), opened};
    for (const auto& panel : panels_) panel->scenarioLoaded(scenario, source);
    pump_->restart();
    pump_->forgetFrame();
    toolbar_->syncFromController();
    onRunStateChanged(controller_->runState());
    timeline_->showSpan(0.0, 0.0, 0.0);
  } catch (const std::exception& e) {
    showProblem(tr("Cannot start the simulation"), QString::fromUtf8(e.what()));
  } catch (...) {
    showProblem(tr("Cannot start the simulation"), tr("an unexpected exception"));
  }
}

// --- run control -------------------------------------------------------------------------

void MainWindow::leaveScrub() {
  if (!scrubbed_) return;
  scrubbed_ = false;
  controller_->resumeFromScrub();
  pump_->restart();
}

void MainWindow::play() {
  if (!controller_->hasSimulation()) return;
  if (document_->isDraft()) {
    context_->warning(
        tr("not simulated: the model is a draft (%1)").arg(document_->problemMessages().value(0)));
    return;
  }
  leaveScrub();
  controller_->play();
}

void MainWindow::pause() { controller_->pause(); }

void MainWindow::togglePlay() {
  if (controller_->runState() == RunState::Running)
    pause();
  else
    play();
}

void MainWindow::stepOnce() {
  if (!controller_->hasSimulation()) return;
  if (document_->isDraft()) {
    context_->warning(
        tr("not simulated: the model is a draft (%1)").arg(document_->problemMessages().value(0)));
    return;
  }
  leaveScrub();
  controller_->stepOnce();
}

void MainWindow::resetSimulation() {
  if (!controller_->hasSimulation()) return;
  scrubbed_ = false;
  controller_->reset();
  pump_->restart();
  pump_->forgetFrame();
  context_->info(tr("reset to t = 0"));
}

void MainWindow::scrubTo(double t) {
  const RunState state = controller_->runState();
  if (state == RunState::Running || state == RunState::Empty) return;
  controller_->scrubTo(t);
  for (const auto& panel : panels_) panel->scrubbed(t);
  scrubbed_ = true;
}

void MainWindow::onRunStateChanged(RunState state) {
  run_state_ = state;
  if (csv_action_) csv_action_->setEnabled(controller_->hasSimulation());
  if (urdf_action_) urdf_action_->setEnabled(document_->isOpen());
  toolbar_->showRunState(state);
  for (const auto& panel : panels_) panel->runStateChanged(state);
  timeline_->setScrubbable(state == RunState::Paused || state == RunState::Finished ||
                           state == RunState::Diverged);
  if (state == RunState::Finished) context_->info(tr("run finished"));
  refreshStatus();
}

void MainWindow::onFrameShown(const SimFrame& frame) {
  if (run_state_ == RunState::Running && frame_clock_.isValid()) {
    const double ms = frame_clock_.nsecsElapsed() * 1e-6;
    frame_interval_ms_ = frame_interval_ms_ > 0.0 ? 0.95 * frame_interval_ms_ + 0.05 * ms : ms;
  }
  frame_clock_.start();
  if (scrubbed_) {
    // The frame shown is the recorded one nearest the slider's time: the slider, its label and
    // the status bar all show that frame's time.
    timeline_->showShownTime(frame.snapshot.time);
  } else {
    const HistoryBuffer& history = controller_->history();
    const double last = history.size() ? history.lastTime() : frame.snapshot.time;
    const double first = history.size() ? history.firstTime() : 0.0;
    timeline_->showSpan(first, std::max(last, frame.snapshot.time), frame.snapshot.time);
  }
}

void MainWindow::refreshStatus() {
  if (!controller_->hasSimulation()) {
    status_label_->setText(tr("no model"));
    return;
  }
  const SimulationStats stats = controller_->stats();
  const char* names[] = {"empty", "paused", "running", "finished", "diverged"};
  QString text = tr("%1   t = %2 s")
                     .arg(QLatin1String(names[int(run_state_)]))
                     .arg(pump_->hasFrame() ? pump_->lastFrame().snapshot.time : 0.0, 0, 'f', 3);
  if (run_state_ == RunState::Running) {
    text += tr("   real-time factor %1").arg(stats.real_time_factor, 0, 'g', 3);
    if (frame_interval_ms_ > 0.0)
      text += tr("   %1 ms per frame (%2 fps)")
                  .arg(frame_interval_ms_, 0, 'f', 1)
                  .arg(1000.0 / frame_interval_ms_, 0, 'f', 0);
    toolbar_->showMeasuredRate(stats.real_time_factor);
  }
  status_label_->setText(text);
}

QString MainWindow::statusText() {
  refreshStatus();
  return status_label_->text();
}

void MainWindow::showProblem(const QString& title, const QString& text) {
  context_->error(title + ": " + text);
  // Without dialogs (measured runs) the caller reports on stderr: one line, as the CLI does.
  if (dialogs_) QMessageBox::warning(this, title, text);
}

}  // namespace vms::ui
