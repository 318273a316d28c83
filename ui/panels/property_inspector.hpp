#pragma once
// Property inspector: the selected link's mass, CoM and inertia, or the selected joint's axis,
// origin, limits, effort, velocity and damping, editable. Edits go through ModelDocument (undo,
// validation); a refused edit shows why inline and reverts the field. Contract owned by the
// model-document module; the main window depends on it.
#include <QWidget>
#include <memory>

namespace vms::ui {

class ModelDocument;

class PropertyInspector : public QWidget {
  Q_OBJECT
 public:
  explicit PropertyInspector(ModelDocument* document, QWidget* parent = nullptr);
  ~PropertyInspector() override;
  void showLink(int link);    // description link index (-1: nothing)
  void showJoint(int joint);  // description joint index
  void showBody(int body);    // compiled body: its defining link

  // What is shown (-1: none) and the inline problem text ("" when none). The
  // fields are QLineEdits named "mass", "com.x", "inertia.ixx" ... "inertia.iyz", "axis.x",
  // "origin.x", "origin.roll", "lower", "upper", "effort", "velocity", "damping"; QCheckBox
  // "limits"; QComboBox "baseType" (vehicle link only). Each commits on editingFinished.
  // The link page's shapes (LinkShapeEditor, its child names there) and the QLabel
  // "systemMass" (total mass and system CoM at the scenario's initial state, updated on edits).
  int shownLink() const;
  int shownJoint() const;
  QString problemText() const;

 signals:
  void message(const QString& text);  // refused edits etc., for the log panel

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
