#pragma once
// The model tree's structural edit actions: add a child link (revolute, prismatic,
// continuous, fixed), add a frame, duplicate, delete, rename, change a joint's type, re-parent.
// They act on the tree's current row through ModelDocument (each one undo step); a refused edit
// changes nothing and is reported through `refused`. The tree's context menu shows them, the
// main window's Edit menu holds the same actions; their shortcuts (Insert, Delete, F2, Ctrl+D)
// work while the tree has the focus, so a text field's Delete key never deletes a link.
// Actions that do not apply to the current row are disabled. What was made or renamed becomes
// the current row.
#include <QObject>
#include <QString>
#include <QStringList>

#include "core/model/model_description.hpp"

class QAction;
class QMenu;
class QWidget;

namespace vms::ui {

class ComposeActions;
class ModelDocument;
class ModelTreePanel;

class StructureActions : public QObject {
  Q_OBJECT
 public:
  StructureActions(ModelDocument* document, ModelTreePanel* tree, QWidget* dialog_parent);

  QAction* addChildAction(JointKind kind) const { return add_child_[static_cast<int>(kind)]; }
  QAction* jointTypeAction(JointKind kind) const { return joint_type_[static_cast<int>(kind)]; }
  QAction* addFrameAction() const { return add_frame_; }
  QAction* duplicateAction() const { return duplicate_; }
  /// Delete: a link row or its parent joint's row deletes the link and its subtree; the row of a
  /// second parent joint (a draft's loop) deletes that joint alone; a frame row the frame.
  QAction* deleteAction() const { return delete_; }
  QAction* renameAction() const { return rename_; }
  QAction* reparentAction() const { return reparent_; }
  /// Scenario actuators (enabled for a scenario file): a reaction wheel on the vehicle (the
  /// vehicle's row), a thruster on the current link; Delete on a wheel's row deletes it;
  /// "Delete thruster" lists the scenario's thrusters.
  QAction* addWheelAction() const { return add_wheel_; }
  QAction* addThrusterAction() const { return add_thruster_; }
  /// Mount arm… / Replace vehicle… (ui/panels/compose_actions.hpp), after the others.
  ComposeActions* composeActions() const { return compose_; }

  /// Appends the actions to `menu`: "Add child link" and "Change joint type" submenus, then
  /// the others.
  void addTo(QMenu* menu);
  /// Enables the actions for the tree's current row (called on every selection and edit).
  void update();

  /// The parents the current link (or the link of the current joint) may move under.
  QStringList validParents() const;
  /// Rename / re-parent without their dialogs (the dialogs call these).
  bool renameCurrent(const QString& new_name);
  bool reparentCurrent(const QString& new_parent);

 signals:
  /// A refused edit: the document's message (nothing changed).
  void refused(const QString& message);

 private:
  struct Current;
  Current current() const;
  void report(bool ok, const QString& error);
  void addChild(JointKind kind);
  void addFrame();
  void duplicate();
  void remove();
  void rename();
  void setJointType(JointKind kind);
  void reparent();

  ModelDocument* document_;
  ModelTreePanel* tree_;
  QWidget* dialog_parent_;
  QAction* add_child_[4] = {};
  QAction* joint_type_[4] = {};
  QAction *add_frame_ = nullptr, *duplicate_ = nullptr, *delete_ = nullptr, *rename_ = nullptr,
          *reparent_ = nullptr, *add_wheel_ = nullptr, *add_thruster_ = nullptr;
  ComposeActions* compose_ = nullptr;
};

}  // namespace vms::ui
