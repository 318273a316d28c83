#pragma once
// Composing real robots in the model editor: "Mount arm…" attaches the root link of
// another model file (a URDF arm such as SPART's KUKA LWR, or a .vms.json) to a link or frame
// of the open model at a placement; "Replace vehicle…" swaps the open model's vehicle for
// another file's. Each asks for the file and the placement, then makes one undoable edit
// through ModelDocument (core/model/compose_models.hpp does the work); a refused edit changes
// nothing and is reported through `refused`. The functions without dialogs serve tests.
#include <QObject>
#include <QString>

#include "core/spatial/se3.hpp"

class QAction;
class QWidget;

namespace vms::ui {

class ModelDocument;

class ComposeActions : public QObject {
  Q_OBJECT
 public:
  ComposeActions(ModelDocument* document, QWidget* dialog_parent, QObject* parent);

  QAction* mountArmAction() const { return mount_; }
  QAction* replaceVehicleAction() const { return replace_; }
  /// The link the dialogs offer first (the tree's current link).
  void setCurrentLink(const QString& link) { current_link_ = link; }

  /// Without dialogs: the same edits (false, and `refused` emitted, when refused).
  bool mountArm(const QString& file, const QString& at, const Pose& placement,
                const QString& prefix);
  bool replaceVehicle(const QString& file, const QString& attach, const Pose& placement);

 signals:
  void refused(const QString& message);

 private:
  void askMountArm();
  void askReplaceVehicle();

  ModelDocument* document_;
  QWidget* dialog_parent_;
  QAction* mount_ = nullptr;
  QAction* replace_ = nullptr;
  QString current_link_;
};

}  // namespace vms::ui
