#pragma once
// What the panels of the workbench share, and the one way they talk to each other: the
// document and the simulation they show, the window their widgets and dialogs go in, the last
// directory of file dialogs, the Edit menu, signals for the log and the selection, and
// requests to the views (plots, explanation) from the window's tools. A panel connects itself
// to these in WorkbenchPanel::bind() (the model tree forwards its row selections here, the
// property inspector listens), so that the main window wires no panel to another and nothing
// looks a panel up by type or name. Cross-panel events go through the context in the order
// panels were bound: the 3D view, then the docks in table order.
#include <QObject>
#include <QString>
#include <QStringList>
#include <vector>

#include "core/spatial/se3.hpp"
#include "ui/plots/plot_kind.hpp"

class QMenu;
class QWidget;

namespace vms::ui {

class ModelDocument;
class SimulationController;

enum class MessageLevel { Info, Warning, Error };

/// What the plots have shown of the run (the self-measurement report).
struct PlotsShown {
  int plots = 0;             // plots shown
  long points_received = 0;  // history frames the plots received
};

/// The requests that answer, served by the plots dock (WorkbenchContext::servePlots in its
/// bind()).
class PlotsServer {
 public:
  virtual ~PlotsServer() = default;
  virtual void showPlots(const std::vector<PlotKind>& kinds) = 0;
  virtual bool showFigurePlot(const QStringList& quantities) = 0;
  virtual PlotsShown plotsShown() const = 0;
};

class WorkbenchContext : public QObject {
  Q_OBJECT
 public:
  WorkbenchContext(ModelDocument* document, SimulationController* controller, QWidget* window);

  ModelDocument* document() const { return document_; }
  SimulationController* controller() const { return controller_; }
  /// The main window: the parent of the panels' widgets and of their dialogs.
  QWidget* window() const { return window_; }
  /// Where file dialogs start: the last directory used (persisted), else the examples folder,
  /// else home.
  QString lastDirectory() const;
  void setLastDirectory(const QString& dir);
  /// Where export dialogs start: the last folder exported to, else the user's documents (never
  /// the app's own models folder).
  QString exportDirectory() const;
  void setExportDirectory(const QString& dir);
  /// The window's Edit menu (set by the window before WorkbenchPanel::addMenus): panels add
  /// their edit actions to it there.
  QMenu* editMenu() const { return edit_menu_; }
  void setEditMenu(QMenu* menu) { edit_menu_ = menu; }

  // Requests to the views, from the window's tools (seed figures, the measured run). The
  // panel that shows them serves each from bind(); without it a request does nothing.
  /// The plots dock answers the plot requests (nullptr: none).
  void servePlots(PlotsServer* server) { plots_ = server; }
  /// The plots show exactly these built-in plots.
  void showPlots(const std::vector<PlotKind>& kinds);
  /// The plots show one plot of exactly `quantities` (ids), in place of the built-in and custom
  /// plots, until another document is opened: then the built-in plots shown before come back.
  /// False (with `error`) when a quantity is not plottable or no panel shows plots.
  bool showFigurePlot(const QStringList& quantities, QString* error = nullptr);
  /// What the plots have shown (zeros without a plots panel).
  PlotsShown plotsShown() const;
  /// The explanation shows `markdown` (images relative to `directory`) in front of its tabs.
  void explain(const QString& markdown, const QString& directory) {
    emit explanationRequested(markdown, directory);
  }
  /// The explanation comes to the front of the docks it is tabbed with.
  void bringExplanationToFront() { emit explanationToFront(); }

 public slots:
  // The log: whatever panel shows messages listens to logged().
  void info(const QString& text) { emit logged(MessageLevel::Info, text); }
  void warning(const QString& text) { emit logged(MessageLevel::Warning, text); }
  void error(const QString& text) { emit logged(MessageLevel::Error, text); }
  /// Something the user must see: the window logs it and, with dialogs on, shows a box.
  void problem(const QString& title, const QString& text) { emit problemRaised(title, text); }

  // Selection (indices as the signals below say).
  void pickBody(int body) { emit bodyPicked(body); }
  void selectBody(int body) { emit bodySelected(body); }
  void selectLink(int link) { emit linkSelected(link); }
  /// A compiled-model joint (user order): emits jointSelected with its body and the index of
  /// the description joint of the same name; nothing for an index the model does not have.
  void selectJoint(int joint);
  /// Errata mode's ghost models: body poses (model.nbodies each) per ghost run; the 3D view
  /// draws them translucent. Empty: none.
  void showGhosts(const std::vector<std::vector<vms::Pose>>& ghosts) { emit ghostsMoved(ghosts); }
  /// Teach mode: the arm is posed (true) or the run left the pose (false).
  void setPosing(bool posing) { emit posingChanged(posing); }

 signals:
  /// explain(): for the explanation panel.
  void explanationRequested(const QString& markdown, const QString& directory);
  /// bringExplanationToFront(): for the explanation panel's dock.
  void explanationToFront();
  /// The ghost models moved (showGhosts).
  void ghostsMoved(const std::vector<std::vector<vms::Pose>>& ghosts);
  /// setPosing: the views that show the run, not the pose, step aside while it is true.
  void posingChanged(bool posing);
  void logged(vms::ui::MessageLevel level, const QString& text);
  void problemRaised(const QString& title, const QString& text);
  /// A body clicked in the 3D view (-1: none): every view selects it.
  void bodyPicked(int body);
  /// A body chosen in a list of the model (compiled-model index).
  void bodySelected(int body);
  /// A description link chosen (-1: one that cannot be edited, e.g. a reaction wheel's).
  void linkSelected(int link);
  /// A joint chosen: its compiled body and its description joint (-1: none of that name).
  void jointSelected(int body, int description_joint);

 private:
  ModelDocument* document_;
  SimulationController* controller_;
  QWidget* window_;
  QMenu* edit_menu_ = nullptr;
  PlotsServer* plots_ = nullptr;
};

}  // namespace vms::ui
