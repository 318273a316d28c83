#pragma once
// The workbench's main window: the 3D view in the centre; a dock per entry of the panel table
// (workbench_panel.hpp); the simulation toolbar and time slider; File / Examples / Simulation /
// View / the panels' menus / Export / Window / Help. The window names no dock: every view is
// a WorkbenchPanel bound to one WorkbenchContext (the log, the selection), a loaded scenario,
// the run state and scrubbing go to each, and a FramePump fans simulation frames out to each
// at ~60 Hz. Layout, recent files, overlays and the last directory persist in QSettings.
// Implementation split by concern: main_window.cpp (construction, wiring, run control),
// main_window_files.cpp (open, save, recent, examples, autosave, close),
// main_window_exports.cpp, main_window_view.cpp (overlay, camera and window menus),
// main_window_meshes.cpp (missing meshes, URDF export with meshes), main_window_workspace.cpp.
#include <QElapsedTimer>
#include <QMainWindow>
#include <QTimer>
#include <memory>
#include <vector>

#include "core/analysis/reachable_workspace.hpp"
#include "ui/app/contract/workbench_panel.hpp"
#include "ui/sim/sim_frame.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/view3d/scene_view.hpp"

class QAction;
class QLabel;
class QMenu;
class QStackedWidget;
class QToolButton;

namespace vms::ui {

class FramePump;
class HelpBrowser;
class MissingMeshBar;
class DraftBar;
class StartPage;
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
  /// A file whose only problem is a non-physical inertia gets a "Repair and open" button;
  /// `repair_inertia` opens it repaired directly (ModelDocument::openRepairingInertia).
  /// A file that reads but does not compile gets an "Open as draft" button; a file saved as a
  /// draft opens as one again without asking.
  bool openFile(const QString& path, QString* error = nullptr, bool repair_inertia = false);
  /// Opens `path` as a draft if its model does not compile or its scenario does
  /// not assemble (ModelDocument::openAsDraft): the tree marks each problem, the draft bar
  /// names them, the simulation stays off until they are fixed.
  bool openAsDraft(const QString& path, QString* error = nullptr);
  /// Refuses a path in the shipped examples' folder (read-only: Save asks for a new name).
  bool saveTo(const QString& path, QString* error = nullptr);
  /// Whether `path` lies in the folder of the shipped examples (ExampleCatalog).
  static bool isShippedExample(const QString& path);
  /// At start: offers a recovery file left by a session that did not close cleanly (the
  /// question names the document it holds edits of). True when edits were restored: the
  /// caller then opens nothing else (that would ask to save or discard what was restored).
  bool offerRecovery();
  /// What a normal start does: offers a recovery; unless edits were restored, opens `file`,
  /// or the last session's file when `file` is empty.
  void startSession(const QString& file);
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
  /// Export > URDF with meshes: PATH.urdf and PATH_meshes/ (core/io/urdf_export.hpp).
  bool exportUrdfWithMeshes(const QString& path, QString* error = nullptr);
  /// The missing-mesh bar's "Locate folder…" without its dialog: meshes not found are looked
  /// for in `folder` (and below it); remembered for this model file when it finds any, and the
  /// 3D view redrawn. False (with a message) when the folder holds none of them.
  bool useMeshFolder(const QString& folder, QString* error = nullptr);
  QStringList meshFolders() const;  // located for the open model's folder
  MissingMeshBar* missingMeshBar() const { return mesh_bar_; }
  DraftBar* draftBar() const { return draft_bar_; }
  /// View > Reachable Workspace: the end effector's workspace (defaultEndEffectorFrame) at the
  /// scenario's initial state as a point cloud in the 3D view, coloured by manipulability;
  /// reaction wheels held. `result` (optional) receives the samples and the volume.
  bool showReachableWorkspace(WorkspaceVehicle vehicle, QString* error = nullptr,
                              ReachableWorkspace* result = nullptr);
  void hideReachableWorkspace();
  bool startVideo(const QString& path, QString* error = nullptr);
  bool stopVideo(QString* error = nullptr);
  VideoRecording* videoRecording() const { return video_; }  // indicator, replay state

  void setOverlay(Overlay overlay, bool visible);  // updates the View menu and settings
  /// What the Jm and J* ellipsoids show; updates the View menu and settings.
  void setEllipsoidQuantity(EllipsoidQuantity quantity);
  void setCameraFollow(CameraFollow follow);  // also the status bar's camera button
  /// The dock layout the window starts with (Window > Reset layout).
  void resetLayout();

  /// The status bar's run line as of now ("paused   t = 1.040 s ..."), refreshed first.
  QString statusText();

  SimulationController* controller() const { return controller_; }
  ModelDocument* document() const { return document_; }
  WorkbenchContext* context() const { return context_; }
  SceneView* sceneView() const { return scene_; }
  /// Shown in the centre while no document is open (recent files, examples).
  StartPage* startPage() const { return start_page_; }
  /// The start page or the 3D view, whichever the centre shows.
  QWidget* centralView() const;
  SimulationToolbar* simulationToolbar() const { return toolbar_; }
  TimelineBar* timeline() const { return timeline_; }
  FramePump* framePump() const { return pump_; }
  QMenu* examplesMenu() const { return examples_menu_; }
  QMenu* recentMenu() const { return recent_menu_; }
  QAction* undoAction() const { return undo_action_; }
  QAction* trajectoryExportAction() const { return csv_action_; }
  /// Help > Keyboard shortcuts: every shortcut of the menus and the toolbar, from the actions.
  QString shortcutsText() const;
  QString aboutText() const;                                  // Help > About: with the version
  HelpBrowser* helpBrowser() const { return help_browser_; }  // once Documentation was opened
  void showDocumentation();  // Help > Documentation (README and docs/, offline)
  QAction* redoAction() const { return redo_action_; }
  /// File > New: a new untitled document from a template (ui/document/model_templates.hpp,
  /// by id), after the unsaved-edits question. False (with a message) if refused.
  bool newFromTemplate(const QString& template_id, QString* error = nullptr);
  /// Every panel frames and scenarios go to: the 3D view, then the docks in table order.
  const std::vector<std::unique_ptr<WorkbenchPanel>>& panels() const { return panels_; }
  /// The widget of the first panel that is a `Widget` (a view class); nullptr if none. For
  /// tests: the app's own code reaches panels through the WorkbenchContext (its signals and
  /// requests), never by type or object name (scripts/check-panel-access.py).
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
  // main_window_meshes.cpp
  void restoreMeshFolders();
  void refreshMissingMeshes();
  void locateMeshFolder();
  void connectSignals();
  void createSimulationMenu();
  void createHelpMenu();  // main_window_help.cpp
  void onDocumentOpened();
  void onModelChanged();
  /// After an edit reloaded the run: the dt, solver, integrator and mode the toolbar had
  /// (a solver or integrator the edited vehicle no longer supports is dropped with a warning).
  /// The run settings the document's scenario states (what loadSimulation loaded last).
  struct RunSettings {
    double dt = 0.0;
    std::string solver, integrator;
    ManeuveringMode mode = ManeuveringMode::Floating;
  };
  void keepRunSettings(const Scenario& before, const RunSettings& file_before);
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
  /// openFile after the unsaved-edits question: false with `message` on failure.
  enum class OpenMode { AsWritten, RepairingInertia, AsDraft };
  bool openConfirmed(const QString& path, OpenMode mode, QString* message);
  /// The draft bar and the run controls follow whether the document is a draft.
  void showDraftState();
  void saveWithDialog(bool save_as);
  void reloadFile();
  bool confirmDiscardEdits();  // Save / Discard / Cancel; true to go on
  void writeAutosave();
  void updateTitle();
  void rememberDirectory(const QString& file);
  // main_window_edit.cpp
  void createEditMenu();
  void newWithDialog();  // main_window_files.cpp: File > New, the template chooser

  // main_window_exports.cpp
  void createExportMenu();  // and the panels' menus (WorkbenchPanel::addMenus) before it
  // main_window_view.cpp
  void createViewMenu();
  void createWindowMenu();
  void showCameraFollow();  // the status bar's camera button
  void restoreLayout();
  void saveLayout();

  ModelDocument* document_;
  SimulationController* controller_;
  WorkbenchContext* context_;
  SceneView* scene_ = nullptr;
  QStackedWidget* central_ = nullptr;  // the start page, then the 3D view
  QWidget* scene_page_ = nullptr;      // the missing-mesh bar over the 3D view
  MissingMeshBar* mesh_bar_ = nullptr;
  DraftBar* draft_bar_ = nullptr;
  RunSettings file_settings_;  // the document's, at the last loadSimulation
  StartPage* start_page_ = nullptr;
  SimulationToolbar* toolbar_ = nullptr;
  TimelineBar* timeline_ = nullptr;
  FramePump* pump_ = nullptr;
  std::vector<std::unique_ptr<WorkbenchPanel>> panels_;
  QMenu *examples_menu_ = nullptr, *recent_menu_ = nullptr, *window_menu_ = nullptr;
  QAction* overlay_actions_[kOverlayCount] = {};
  QList<QAction*> follow_actions_;
  QList<QAction*> quantity_actions_;
  QAction* record_action_ = nullptr;
  QAction* csv_action_ = nullptr;   // Export > Trajectory CSV: enabled with a simulation
  QAction* urdf_action_ = nullptr;  // Export > URDF with meshes: enabled with a document
  HelpBrowser* help_browser_ = nullptr;
  QAction *undo_action_ = nullptr, *redo_action_ = nullptr;
  VideoRecording* video_ = nullptr;
  QLabel* status_label_ = nullptr;
  QToolButton* camera_button_ = nullptr;  // status bar: what the camera follows
  QTimer status_timer_, autosave_timer_;
  // Wall time between frames shown (exponential average over ~20 frames), for the status bar.
  QElapsedTimer frame_clock_;
  double frame_interval_ms_ = 0.0;
  QByteArray default_layout_;
  bool dialogs_ = true;
  bool scrubbed_ = false;
  RunState run_state_ = RunState::Empty;
};

}  // namespace vms::ui
