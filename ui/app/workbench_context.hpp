#pragma once
// What the panels of the workbench share, and the one way they talk to each other: the
// document and the simulation they show, the window their widgets and dialogs go in, the last
// directory of file dialogs, and signals for the log and the selection. A panel connects itself to
// these in WorkbenchPanel::bind() (the model tree forwards its row selections here, the property
// inspector listens), so that the main window wires no panel to another. Cross-panel events go
// through the context in the order panels were bound: the 3D view, then the docks in table order.
#include <QObject>
#include <QString>
#include <vector>

#include "core/spatial/se3.hpp"

class QWidget;

namespace vms::ui {

class ModelDocument;
class SimulationController;

enum class MessageLevel { Info, Warning, Error };

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

 signals:
  /// The ghost models moved (showGhosts).
  void ghostsMoved(const std::vector<std::vector<vms::Pose>>& ghosts);
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
};

}  // namespace vms::ui
