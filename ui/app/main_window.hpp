#pragma once
// The workbench's main window: the 3D view in the centre; a dock per entry of the panel table
// (workbench_panel.hpp); the simulation toolbar and time slider; File / Examples / Simulation /
// View / the panels' menus / Export / Window / Help. The window names no dock: every view is
// a WorkbenchPanel bound to one WorkbenchContext (the log, the selection), a loaded scenario,
// the run state and scrubbing go to each, and a FramePump fans simulation frames out to each
// at ~60 Hz. Layout, recent files, overlays and the last directory persist in QSettings.
// Implementation split by concern: main_window.cpp (construction, wiring, run control),
// main_window_files.cpp (open, save, recent, examples, autosave, close),
// main_window_exports.cpp, main_window_view.cpp (overlay, camera and window menus).
#include <QMainWindow>
#include <QTimer>
#include <memory>
#include <vector>

#include "ui/app/workbench_panel.hpp"
#include "ui/sim/sim_frame.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/view3d/scene_view.hpp"

class QAction;
class QLabel;
class QMenu;

namespace vms::ui {

class FramePump;
class ModelDocument;
class SimulationToolbar;
class TimelineBar;
class VideoRecording;
class WorkbenchContext;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  /// `panels`: the docks, in order (the workbench's table; tests may add to it).
  explicit MainWindow(QWidget* parent = nullptr,
                      const std::vector<PanelSpec>& panels = workbenchPanels());
  ~MainWindow() override;

  /// Opens a .scenario.json, .vms.json or .urdf. On failure: a dialog naming the problem (if
  /// `dialogs()`), the log, `error`; the current session is left untouched.
  bool openFile(const QString& path, QString* error = nullptr);
  bool saveTo(const QString& path, QString* error = nullptr);
  /// At start: offers a recovery file left by a session that did not close cleanly.
  void offerRecovery();
  /// Dialogs for errors and questions (off for self-measurement runs: the log only; the
  /// caller reports on stderr).
  void setDialogs(bool enabled) { dialogs_ = enabled; }
  bool dialogs() const { return dialogs_; }

  // Run control (what the toolbar and shortcuts do).
  void play();
  void pause();
  void togglePlay();
  void stepOnce();
  void resetSimulation();
  void scrubTo(double t);

  // Exports (also behind the Export menu's dialogs; the plots' are in plots_dock.hpp).
  bool exportTrajectory(const QString& path, QString* error = nullptr);
  /// The 3D view at `scale` times its pixel size (1, 2, 4).
  bool exportScreenshot(const QString& path, QString* error = nullptr, int scale = 1);
  bool exportGltf(const QString& path, QString* error = nullptr);
  bool startVideo(const QString& path, QString* error = nullptr);
  bool stopVideo(QString* error = nullptr);
  VideoRecording* videoRecording() const { return video_; }  // indicator, replay state

  void setOverlay(Overlay overlay, bool visible);  // updates the View menu and settings
  void setCameraFollow(CameraFollow follow);
  /// The dock layout the window starts with (Window > Reset layout).
  void resetLayout();

  SimulationController* controller() const { return controller_; }
  ModelDocument* document() const { return document_; }
  WorkbenchContext* context() const { return context_; }
  SceneView* sceneView() const { return scene_; }
  SimulationToolbar* simulationToolbar() const { return toolbar_; }
  TimelineBar* timeline() const { return timeline_; }
  FramePump* framePump() const { return pump_; }
  QMenu* examplesMenu() const { return examples_menu_; }
  QMenu* recentMenu() const { return recent_menu_; }
  /// Every panel frames and scenarios go to: the 3D view, then the docks in table order.
  const std::vector<std::unique_ptr<WorkbenchPanel>>& panels() const { return panels_; }
  /// The widget of the first panel that is a `Widget` (a view class); nullptr if none.
  template <class Widget>
  Widget* panelWidget() const {
    for (const auto& panel : panels_)
      if (auto* widget = qobject_cast<Widget*>(panel->widget())) return widget;
    return nullptr;
  }

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // main_window.cpp
  void createPanels(const std::vector<PanelSpec>& specs);
  void connectSignals();
  void createSimulationMenu();
  void createHelpMenu();
  void onDocumentOpened();
  void onModelChanged();
  void loadSimulation(bool opened);
  void onRunStateChanged(RunState state);
  void onFrameShown(const SimFrame& frame);
  void refreshStatus();
  void showProblem(const QString& title, const QString& text);
  void leaveScrub();
  // main_window_files.cpp
  void createFileMenu();
  void createExamplesMenu();
  void rebuildRecentMenu();
  void openWithDialog();
  void saveWithDialog(bool save_as);
  void reloadFile();
  bool confirmDiscardEdits();  // Save / Discard / Cancel; true to go on
  void writeAutosave();
  void updateTitle();
  void rememberDirectory(const QString& file);
  // main_window_exports.cpp
  void createExportMenu();  // and the panels' menus (WorkbenchPanel::addMenus) before it
  // main_window_view.cpp
  void createViewMenu();
  void createWindowMenu();
  void restoreLayout();
  void saveLayout();

  ModelDocument* document_;
  SimulationController* controller_;
  WorkbenchContext* context_;
  SceneView* scene_ = nullptr;
  SimulationToolbar* toolbar_ = nullptr;
  TimelineBar* timeline_ = nullptr;
  FramePump* pump_ = nullptr;
  std::vector<std::unique_ptr<WorkbenchPanel>> panels_;
  QMenu *examples_menu_ = nullptr, *recent_menu_ = nullptr, *window_menu_ = nullptr;
  QAction* overlay_actions_[kOverlayCount] = {};
  QList<QAction*> follow_actions_;
  QAction* record_action_ = nullptr;
  VideoRecording* video_ = nullptr;
  QLabel* status_label_ = nullptr;
  QTimer status_timer_, autosave_timer_;
  QByteArray default_layout_;
  bool dialogs_ = true;
  bool scrubbed_ = false;
  RunState run_state_ = RunState::Empty;
};

}  // namespace vms::ui
