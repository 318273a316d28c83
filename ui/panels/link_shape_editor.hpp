#pragma once
// The shapes of the selected link in the property inspector: which shape (box, cylinder,
// sphere, capsule; a mesh is shown and kept), its sizes, colour, origin and whether it follows
// the joints, plus "Compute from shapes": mass, CoM and inertia from the shapes and a material
// density (meshes from their triangles, read as the 3D view reads them), one undoable edit. Edits
// go through ModelDocument (undo, validation).
//
// Child widgets (tests): QComboBox "shapeIndex" (one entry per visual), QPushButton "addShape"
// / "removeShape", QComboBox "shapeType" (box, cylinder, sphere, capsule, mesh), QLineEdit
// "shape.size0" .. "shape.size2" (box: x y z; cylinder and capsule: radius, length; sphere:
// radius; mesh: scale x y z), "shape.origin.x" .. "shape.origin.z", "shape.origin.roll" ..
// "shape.origin.yaw", QCheckBox "shapeFollow", QPushButton "shapeColor", QComboBox "material",
// QLineEdit "density", QPushButton "computeInertia". Each field commits on editingFinished.
#include <QColor>
#include <QWidget>
#include <memory>

namespace vms::ui {

class ModelDocument;

class LinkShapeEditor : public QWidget {
  Q_OBJECT
 public:
  explicit LinkShapeEditor(ModelDocument* document, QWidget* parent = nullptr);
  ~LinkShapeEditor() override;
  void setLink(int link);  // description link index (-1: none)
  void refresh();          // the document's current values
  int shownShape() const;  // index of the visual shown (-1: the link has none)
  /// The colour button's action after its dialog: sets the shown visual's colour (alpha kept
  /// from `color`).
  void applyColor(const QColor& color);
  /// The "Compute from shapes" button's action.
  void computeInertia();

 signals:
  void problem(const QString& text);  // "" when an edit was accepted

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
