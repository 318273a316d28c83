#pragma once
// The shapes of the selected link in the property inspector: which shape (box, cylinder,
// sphere, capsule, mesh: a file with its units and axes), its sizes, colour, origin and whether it
// follows the joints, plus "Compute from shapes": mass, CoM and inertia from the shapes and a
// material density (meshes from their triangles, read as the 3D view reads them), one undoable
// edit. Edits go through ModelDocument (undo, validation).
//
// Child widgets (tests): QComboBox "shapeIndex" (one entry per visual), QPushButton "addShape"
// / "removeShape", QComboBox "shapeType" (box, cylinder, sphere, capsule, mesh), QLineEdit
// "shape.size0" .. "shape.size2" (box: x y z; cylinder and capsule: radius, length; sphere:
// radius; mesh: scale x y z), "shape.origin.x" .. "shape.origin.z", "shape.origin.roll" ..
// "shape.origin.yaw", QCheckBox "shapeCarriesJoints" (shown for an explicit box, cylinder or
// capsule, on by default: a length change moves the child joints along and recomputes mass
// properties that came from the shapes, ui/document/shape_length_edit.hpp), QCheckBox
// "shapeFollow", QPushButton "shapeColor", QComboBox "material", QLineEdit "density", QPushButton
// "computeInertia". Each field commits on editingFinished. Meshes (shown for a mesh shape):
// QLineEdit "meshFile" with QPushButton "chooseMesh", QComboBox "meshUnits" (the file's length
// unit: m, cm, mm, inch; sets the scale) and QPushButton "meshYUp" (a file drawn with y up, as glTF
// and many OBJ exporters write, stood on z).
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
  /// "Choose…" after its dialog (also choosing "mesh" as the type): the shown shape becomes the
  /// mesh file `path`, stored relative to the model's folder when the model has one. False
  /// (problem() says why) when no shape is shown or the edit is refused.
  bool setMeshFile(const QString& path);
  /// The units box: the mesh's scale becomes `metres_per_unit` on every axis (mirroring signs
  /// kept), e.g. 0.001 for a file in millimetres.
  bool setMeshUnits(double metres_per_unit);
  /// "Y up → Z up": the mesh turned +90° about its own x axis (origin R := R · Rx(90°)).
  bool convertMeshYUpToZUp();

 signals:
  void problem(const QString& text);  // "" when an edit was accepted

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
