#pragma once
// The panel contract of the desktop workbench. Every view the main window feeds (the 3D view
// and each dock) is a WorkbenchPanel: it binds itself once to the shared WorkbenchContext (the
// log, the selection: how panels talk to each other), may add its own menus, is told when a
// scenario is loaded, is given frames from one fan-out point (FramePump::tick), is told when
// what it showed of the run is void, when the run state changes and when the user scrubs.
// The docks are one table, workbenchPanels() (panel_table.cpp): MainWindow creates a dock per
// entry, in order, and names no panel. Adding a panel = its files and one entry there
// (docs/workbench.md, "Add a panel").
#include <QString>
#include <QWidget>
#include <Qt>
#include <functional>
#include <memory>
#include <vector>

#include "core/scenario/scenario.hpp"
#include "ui/sim/sim_frame.hpp"
#include "ui/sim/simulation_controller.hpp"  // RunState

class QMainWindow;
class QMenu;
class QMenuBar;

namespace vms::ui {

class WorkbenchContext;

/// Where a loaded scenario came from. (Not ui/document's ScenarioSource, the scenario around an
/// edited description: one name for both was two definitions of one class in vms_ui_app.)
struct ScenarioOrigin {
  QString path;             // the document's file ("" for none)
  QString model_directory;  // for relative mesh paths
  bool opened = false;      // true: a document was opened; false: an accepted edit reloaded it
};

class WorkbenchPanel {
 public:
  virtual ~WorkbenchPanel() = default;
  /// The widget shown (in a dock or in the centre); owned by the window, not by the panel.
  virtual QWidget* widget() const = 0;
  /// Once, after every panel exists, in panel order: connect the widget to the context
  /// (forward its messages and selections to it, follow the others' from it).
  virtual void bind(WorkbenchContext& context) { (void)context; }
  /// Once, while the window builds its menus: the panel's own menus go into `bar` (after
  /// View), its export actions into `exports` (the Export menu, after the trajectory CSV).
  virtual void addMenus(QMenuBar* bar, QMenu* exports) {
    (void)bar;
    (void)exports;
  }
  /// A scenario was loaded into the simulation (a document opened, or an edit accepted):
  /// rebuild for its model. cleared() follows, then frames from t = 0.
  virtual void scenarioLoaded(const Scenario& scenario, const ScenarioOrigin& source) {
    (void)scenario;
    (void)source;
  }
  /// The newest frame (at most ~60 Hz; frames in between may be skipped).
  virtual void showFrame(const SimFrame& frame) { (void)frame; }
  /// Every frame published since the last call, in order (what the history holds).
  virtual void appendFrames(const std::vector<SimFrame>& frames) { (void)frames; }
  /// What was shown of the run is void (load, reset, resume from a scrubbed time): drop what
  /// came from frames; the history is given again from its start by appendFrames.
  virtual void cleared() {}
  /// The run state changed (also once after every load).
  virtual void runStateChanged(RunState state) { (void)state; }
  /// The user moved the time slider: the simulation shows time `t` (paused).
  virtual void scrubbed(double t) { (void)t; }
};

/// One dock of the main window.
struct PanelSpec {
  QString id;     // the dock's objectName (layout persistence; tab_with names docks by it)
  QString title;  // the dock's title (Window menu)
  Qt::DockWidgetArea area = Qt::RightDockWidgetArea;
  /// Creates the panel; its widget's parent is context.window().
  std::function<std::unique_ptr<WorkbenchPanel>(WorkbenchContext&)> create;
  QString tab_with;  // id of an earlier dock to share tabs with (that one stays in front)
  int size = 0;      // initial width (left/right area) or height (top/bottom); 0: Qt's choice
  /// Initial height of a left/right dock stacked above or below others in its column
  /// (their shares of the column are in proportion); 0: Qt's choice.
  int column_share = 0;
};

/// The docks of the workbench, in creation order (panel_table.cpp).
std::vector<PanelSpec> workbenchPanels();
/// Creates a dock per entry of `specs` in `window`, in order (tabbed and sized as the entries
/// say), and returns their panels in the same order.
std::vector<std::unique_ptr<WorkbenchPanel>> addPanelDocks(QMainWindow* window,
                                                           const std::vector<PanelSpec>& specs,
                                                           WorkbenchContext& context);

}  // namespace vms::ui
