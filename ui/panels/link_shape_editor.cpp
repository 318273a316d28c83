#include "ui/panels/link_shape_editor.hpp"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <algorithm>
#include <array>

#include "core/io/rotations.hpp"
#include "core/model/link_shapes.hpp"
#include "core/model/mass_from_shape.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/number_text.hpp"
#include "ui/document/qt_strings.hpp"
#include "ui/document/shape_length_edit.hpp"
#include "ui/view3d/mesh_mass.hpp"

namespace vms::ui {

namespace {

// The order of the shape combo.
constexpr std::array<Visual::Shape, 5> kShapes = {Visual::Shape::Box, Visual::Shape::Cylinder,
                                                  Visual::Shape::Sphere, Visual::Shape::Capsule,
                                                  Visual::Shape::Mesh};

/// The units box: a file's length unit and the scale it needs (metres per unit).
struct MeshUnit {
  const char* name;
  double metres;
};
constexpr std::array<MeshUnit, 4> kMeshUnits = {
    {{"m", 1.0}, {"cm", 0.01}, {"mm", 0.001}, {"inch", 0.0254}}};

/// The row of kMeshUnits the scale is (the same factor on every axis, signs aside), or the
/// "custom" row after them.
int meshUnitRow(const Vec3& scale) {
  const Vec3 a = scale.cwiseAbs();
  for (size_t i = 0; i < kMeshUnits.size(); ++i)
    if (a.x() == kMeshUnits[i].metres && a.y() == kMeshUnits[i].metres &&
        a.z() == kMeshUnits[i].metres)
      return int(i);
  return int(kMeshUnits.size());
}

int shapeRow(Visual::Shape s) {
  return int(std::find(kShapes.begin(), kShapes.end(), s) - kShapes.begin());
}

/// Sizes carried over when the shape changes: the same extent where it means the same.
Vec3 convertedSize(const Visual& v, Visual::Shape to) {
  const Vec3& s = v.size;
  double radius = 0.05, length = 0.2;
  switch (v.shape) {
    case Visual::Shape::Box:
      radius = 0.5 * std::max(s.x(), s.y());
      length = s.z();
      break;
    case Visual::Shape::Cylinder:
    case Visual::Shape::Capsule:
      radius = s.x();
      length = s.y();
      break;
    case Visual::Shape::Sphere:
      radius = s.x();
      length = 2.0 * s.x();
      break;
    case Visual::Shape::Mesh:
      break;
  }
  if (!(radius > 0.0)) radius = 0.05;
  if (!(length > 0.0)) length = 2.0 * radius;
  switch (to) {
    case Visual::Shape::Box:
      return Vec3(2.0 * radius, 2.0 * radius, length);
    case Visual::Shape::Cylinder:
    case Visual::Shape::Capsule:
      return Vec3(radius, length, 0.0);
    case Visual::Shape::Sphere:
      return Vec3(radius, 0.0, 0.0);
    case Visual::Shape::Mesh:
      break;
  }
  return s;
}

QString shapeEntry(const Visual& v, int index) {
  QString text = QString("%1: %2").arg(index + 1).arg(toString(v.shape));
  if (v.follow_joints) text += QObject::tr(" (follows joints)");
  return text;
}

/// A row of line edits whose texts were last set by the program (unchanged ones commit
/// nothing, so an untouched value is kept exactly).
struct Fields {
  std::vector<QLineEdit*> edits;
  std::vector<QString> shown;

  QWidget* build(const QStringList& names) {
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    for (const QString& n : names) {
      auto* e = new QLineEdit;
      e->setObjectName(n);
      e->setMinimumWidth(60);
      h->addWidget(e);
      edits.push_back(e);
      shown.emplace_back();
    }
    return row;
  }
  void fill(const Vec3& v) {
    for (size_t i = 0; i < edits.size(); ++i) {
      shown[i] = numberText(v[Eigen::Index(i)]);
      const QSignalBlocker block(edits[i]);
      edits[i]->setText(shown[i]);
      edits[i]->setCursorPosition(0);
    }
  }
  void revert() {
    for (size_t i = 0; i < edits.size(); ++i) {
      const QSignalBlocker block(edits[i]);
      edits[i]->setText(shown[i]);
    }
  }
  /// `value` with the edited entries replaced; false + `bad` text if one is not a number;
  /// `changed` tells whether any entry was edited.
  bool read(Vec3* value, bool* changed, QString* bad) const {
    *changed = false;
    for (size_t i = 0; i < edits.size(); ++i) {
      const QString text = edits[i]->text().trimmed();
      if (text == shown[i]) continue;
      const auto x = parseNumberText(text);
      if (!x) {
        *bad = text;
        return false;
      }
      (*value)[Eigen::Index(i)] = *x;
      *changed = true;
    }
    return true;
  }
};

}  // namespace

struct LinkShapeEditor::Impl {
  LinkShapeEditor* self = nullptr;
  ModelDocument* document = nullptr;
  int link = -1;
  int index = -1;
  QComboBox* shape_index = nullptr;
  QPushButton* add = nullptr;
  QPushButton* remove = nullptr;
  QWidget* shape_box = nullptr;
  QComboBox* shape_type = nullptr;
  QLabel* size_label = nullptr;
  Fields size, origin, rpy;
  QCheckBox* follow = nullptr;
  QCheckBox* carry = nullptr;  // a length change moves the child joints (and mass) along
  QPushButton* color = nullptr;
  QWidget* mesh_row = nullptr;
  QLineEdit* mesh_file = nullptr;
  QComboBox* mesh_units = nullptr;
  QPushButton* mesh_y_up = nullptr;
  QLabel* mesh_label = nullptr;
  QLabel* units_label = nullptr;
  QComboBox* material = nullptr;
  QLineEdit* density = nullptr;
  QPushButton* compute = nullptr;

  const Visual* visual() const {
    if (!document || !document->isOpen() || link < 0 || index < 0) return nullptr;
    const auto& links = document->description().links;
    if (link >= int(links.size())) return nullptr;
    const auto& visuals = links[size_t(link)].visuals;
    return index < int(visuals.size()) ? &visuals[size_t(index)] : nullptr;
  }

  void build() {
    auto* form = new QFormLayout(self);
    form->setContentsMargins(0, 0, 0, 0);
    auto* title = new QLabel(tr("<b>Shapes</b>"));
    form->addRow(title);
    auto* pick = new QWidget;
    auto* ph = new QHBoxLayout(pick);
    ph->setContentsMargins(0, 0, 0, 0);
    shape_index = new QComboBox;
    shape_index->setObjectName("shapeIndex");
    add = new QPushButton(tr("Add"));
    add->setObjectName("addShape");
    add->setToolTip(tr("Add a capsule that follows the joints"));
    remove = new QPushButton(tr("Remove"));
    remove->setObjectName("removeShape");
    ph->addWidget(shape_index, 1);
    ph->addWidget(add);
    ph->addWidget(remove);
    form->addRow(tr("Shape"), pick);

    shape_box = new QWidget;
    auto* sf = new QFormLayout(shape_box);
    sf->setContentsMargins(0, 0, 0, 0);
    shape_type = new QComboBox;
    shape_type->setObjectName("shapeType");
    for (Visual::Shape s : kShapes) shape_type->addItem(toString(s));
    sf->addRow(tr("Type"), shape_type);
    mesh_row = new QWidget;
    auto* fh = new QHBoxLayout(mesh_row);
    fh->setContentsMargins(0, 0, 0, 0);
    mesh_file = new QLineEdit;
    mesh_file->setObjectName("meshFile");
    mesh_file->setToolTip(
        tr("The mesh file as the model names it (relative to the model's "
           "folder, package://, or absolute); STL, OBJ, DAE, glTF, …"));
    auto* choose_mesh = new QPushButton(tr("Choose…"));
    choose_mesh->setObjectName("chooseMesh");
    fh->addWidget(mesh_file, 1);
    fh->addWidget(choose_mesh);
    mesh_label = new QLabel(tr("Mesh file"));
    sf->addRow(mesh_label, mesh_row);
    auto* units_row = new QWidget;
    auto* uh = new QHBoxLayout(units_row);
    uh->setContentsMargins(0, 0, 0, 0);
    mesh_units = new QComboBox;
    mesh_units->setObjectName("meshUnits");
    for (const MeshUnit& u : kMeshUnits)
      mesh_units->addItem(tr("%1 (scale %2)").arg(u.name).arg(numberText(u.metres)), u.metres);
    mesh_units->addItem(tr("custom scale"), 0.0);
    mesh_units->setToolTip(tr("The length unit the file is written in: sets the scale"));
    mesh_y_up = new QPushButton(tr("Y up → Z up"));
    mesh_y_up->setObjectName("meshYUp");
    mesh_y_up->setToolTip(
        tr("Stand a mesh drawn with y up (glTF, many OBJ exporters) on z: "
           "turns it +90° about its x axis"));
    uh->addWidget(mesh_units, 1);
    uh->addWidget(mesh_y_up);
    units_label = new QLabel(tr("File units"));
    sf->addRow(units_label, units_row);
    connect(choose_mesh, &QPushButton::clicked, self, [this] { chooseMesh(); });
    connect(mesh_file, &QLineEdit::editingFinished, self, [this] {
      const Visual* v = visual();
      if (!v || !mesh_file->isModified()) return;
      mesh_file->setModified(false);
      const QString text = mesh_file->text().trimmed();
      if (text.isEmpty()) {
        emit self->problem(tr("a mesh needs a file name"));
        refresh();
        return;
      }
      Visual edited = *v;
      edited.shape = Visual::Shape::Mesh;
      edited.mesh = text.toStdString();
      store(edited);
    });
    connect(mesh_units, &QComboBox::activated, self, [this](int row) {
      const double metres = mesh_units->itemData(row).toDouble();
      if (metres > 0.0)
        self->setMeshUnits(metres);
      else
        refresh();  // "custom" is what the scale fields say
    });
    connect(mesh_y_up, &QPushButton::clicked, self, [this] { self->convertMeshYUpToZUp(); });
    size_label = new QLabel;
    sf->addRow(size_label, size.build({"shape.size0", "shape.size1", "shape.size2"}));
    carry = new QCheckBox(tr("length moves child joints"));
    carry->setObjectName("shapeCarriesJoints");
    carry->setChecked(true);
    carry->setToolTip(
        tr("Lengthening or shortening the shape keeps its near end and moves the child joints "
           "and frames on its axis by the same length, so that no gap opens; mass properties "
           "computed from the shapes are computed again. One undo step."));
    sf->addRow(QString(), carry);
    follow = new QCheckBox(tr("follows the joints"));
    follow->setObjectName("shapeFollow");
    follow->setToolTip(tr("The shape spans the link from its joint to its child joints"));
    sf->addRow(tr("Follow"), follow);
    color = new QPushButton;
    color->setObjectName("shapeColor");
    sf->addRow(tr("Colour"), color);
    sf->addRow(tr("Origin xyz (m)"),
               origin.build({"shape.origin.x", "shape.origin.y", "shape.origin.z"}));
    sf->addRow(tr("Origin rpy (rad)"),
               rpy.build({"shape.origin.roll", "shape.origin.pitch", "shape.origin.yaw"}));
    form->addRow(shape_box);

    auto* mass_row = new QWidget;
    auto* mh = new QHBoxLayout(mass_row);
    mh->setContentsMargins(0, 0, 0, 0);
    material = new QComboBox;
    material->setObjectName("material");
    for (const Material& m : materialTable())
      material->addItem(QString("%1 (%2)").arg(m.name).arg(m.density), m.density);
    material->addItem(tr("other"), 0.0);
    density = new QLineEdit(numberText(materialTable()[0].density));
    density->setObjectName("density");
    density->setToolTip(tr("Density (kg/m³)"));
    density->setMinimumWidth(60);
    compute = new QPushButton(tr("Compute from shapes"));
    compute->setObjectName("computeInertia");
    compute->setToolTip(
        tr("Mass, centre of mass and inertia of the link from its shapes filled with the "
           "density (a mesh from its triangles: it must be closed; overlapping shapes count "
           "twice)"));
    mh->addWidget(material, 1);
    mh->addWidget(density);
    mh->addWidget(new QLabel(tr("kg/m³")));
    form->addRow(tr("Material"), mass_row);
    form->addRow(QString(), compute);
    // The lists as narrow as a few characters: their longest entry (a mesh unit, a material)
    // must not make the editor wider than the dock.
    for (QComboBox* list : {shape_index, shape_type, mesh_units, material}) {
      list->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
      list->setMinimumContentsLength(6);
    }

    connect(shape_index, &QComboBox::activated, self, [this](int i) {
      index = i;
      refresh();
    });
    connect(add, &QPushButton::clicked, self, [this] { addShape(); });
    connect(remove, &QPushButton::clicked, self, [this] { removeShape(); });
    connect(shape_type, &QComboBox::activated, self, [this](int row) { commitType(row); });
    for (Fields* f : {&size, &origin, &rpy})
      for (QLineEdit* e : f->edits)
        connect(e, &QLineEdit::editingFinished, self, [this, f] { commitFields(f); });
    connect(follow, &QCheckBox::toggled, self, [this](bool on) { commitFollow(on); });
    connect(color, &QPushButton::clicked, self, [this] {
      const Visual* v = visual();
      if (!v) return;
      const QColor now = QColor::fromRgbF(float(v->rgba[0]), float(v->rgba[1]), float(v->rgba[2]),
                                          float(v->rgba[3]));
      const QColor c =
          QColorDialog::getColor(now, self, tr("Shape colour"), QColorDialog::ShowAlphaChannel);
      if (c.isValid()) self->applyColor(c);
    });
    connect(material, &QComboBox::activated, self, [this](int row) {
      const double rho = material->itemData(row).toDouble();
      if (rho > 0.0) density->setText(numberText(rho));
    });
    connect(density, &QLineEdit::textEdited, self, [this] {
      const auto rho = parseNumberText(density->text());
      int row = material->count() - 1;
      for (int i = 0; i + 1 < material->count(); ++i)
        if (rho && material->itemData(i).toDouble() == *rho) row = i;
      material->setCurrentIndex(row);
    });
    connect(compute, &QPushButton::clicked, self, [this] { self->computeInertia(); });
  }

  void refresh() {
    const bool open = document && document->isOpen();
    const auto* links = open ? &document->description().links : nullptr;
    if (!links || link >= int(links->size())) link = -1;
    const std::vector<Visual> none;
    const auto& visuals = link >= 0 ? (*links)[size_t(link)].visuals : none;
    if (index >= int(visuals.size())) index = int(visuals.size()) - 1;
    if (index < 0 && !visuals.empty()) index = 0;
    {
      const QSignalBlocker block(shape_index);
      shape_index->clear();
      for (size_t i = 0; i < visuals.size(); ++i)
        shape_index->addItem(shapeEntry(visuals[i], int(i)));
      if (visuals.empty()) shape_index->addItem(tr("none (drawn automatically)"));
      shape_index->setCurrentIndex(std::max(index, 0));
    }
    shape_index->setEnabled(!visuals.empty());
    add->setEnabled(link >= 0);
    remove->setEnabled(index >= 0);
    compute->setEnabled(link >= 0 && !visuals.empty());
    const Visual* v = visual();
    shape_box->setVisible(v != nullptr);
    if (!v) return;
    {
      const QSignalBlocker block(shape_type);
      shape_type->setCurrentIndex(shapeRow(v->shape));
    }
    // Choosing "mesh" asks for the file (chooseMesh); a mesh can become a primitive again.
    const bool is_mesh = v->shape == Visual::Shape::Mesh;
    int used = 3;
    switch (v->shape) {
      case Visual::Shape::Box:
        size_label->setText(v->follow_joints ? tr("Sides x y (m)") : tr("Sides x y z (m)"));
        used = v->follow_joints ? 2 : 3;
        break;
      case Visual::Shape::Cylinder:
      case Visual::Shape::Capsule:
        size_label->setText(v->follow_joints ? tr("Radius (m)") : tr("Radius, length (m)"));
        used = v->follow_joints ? 1 : 2;
        break;
      case Visual::Shape::Sphere:
        size_label->setText(tr("Radius (m)"));
        used = 1;
        break;
      case Visual::Shape::Mesh:
        size_label->setText(tr("Scale x y z"));
        break;
    }
    size.fill(is_mesh ? v->mesh_scale : v->size);
    for (QWidget* w : {static_cast<QWidget*>(mesh_row), static_cast<QWidget*>(mesh_label),
                       mesh_units->parentWidget(), static_cast<QWidget*>(units_label)})
      w->setVisible(is_mesh);
    if (is_mesh) {
      mesh_file->setText(qstr(v->mesh));
      mesh_file->setModified(false);
      mesh_file->setCursorPosition(0);
      const QSignalBlocker block(mesh_units);
      mesh_units->setCurrentIndex(meshUnitRow(v->mesh_scale));
    }
    for (int i = 0; i < 3; ++i) size.edits[size_t(i)]->setVisible(i < used);
    carry->setVisible(carriedShapeLength(*v) >= 0.0);
    origin.fill(v->origin.p);
    rpy.fill(io::rotationToRpy(v->origin.R));
    for (Fields* f : {&origin, &rpy})
      for (QLineEdit* e : f->edits) e->setEnabled(!v->follow_joints);
    {
      const QSignalBlocker block(follow);
      follow->setChecked(v->follow_joints);
    }
    follow->setEnabled(canFollowJoints(v->shape));
    const QColor c = QColor::fromRgbF(float(std::clamp(v->rgba[0], 0.0, 1.0)),
                                      float(std::clamp(v->rgba[1], 0.0, 1.0)),
                                      float(std::clamp(v->rgba[2], 0.0, 1.0)));
    color->setText(c.name());
    color->setStyleSheet(
        QString("QPushButton { background: %1; color: %2; }")
            .arg(c.name(), c.lightnessF() > 0.55 ? QString("black") : QString("white")));
  }

  bool store(const Visual& edited, bool carry_length = false) {
    QString error;
    const bool ok = carry_length ? document->setVisualCarryingLength(link, index, edited, &error)
                                 : document->setVisual(link, index, edited, &error);
    if (!ok) {
      emit self->problem(error);
      refresh();
      return false;
    }
    emit self->problem({});
    refresh();
    return true;
  }

  void commitFields(Fields* f) {
    const Visual* v = visual();
    if (!v) return;
    Visual edited = *v;
    const bool is_mesh = v->shape == Visual::Shape::Mesh;
    Vec3 value = f == &size     ? (is_mesh ? v->mesh_scale : v->size)
                 : f == &origin ? v->origin.p
                                : io::rotationToRpy(v->origin.R);
    bool changed = false;
    QString bad;
    if (!f->read(&value, &changed, &bad)) {
      emit self->problem(tr("'%1' is not a number").arg(bad));
      f->revert();
      return;
    }
    if (!changed) return;
    if (f == &size)
      (is_mesh ? edited.mesh_scale : edited.size) = value;
    else if (f == &origin)
      edited.origin.p = value;
    else
      edited.origin.R = io::rpyToRotation(value);
    store(edited, f == &size && carry->isChecked());
  }

  void commitType(int row) {
    const Visual* v = visual();
    if (!v || row < 0 || row >= int(kShapes.size())) return;
    const Visual::Shape to = kShapes[size_t(row)];
    if (to == v->shape) return;
    if (to == Visual::Shape::Mesh) {
      chooseMesh();  // a mesh needs a file; cancelled: the shape stays what it was
      refresh();
      return;
    }
    Visual edited = *v;
    edited.size = convertedSize(*v, to);
    edited.shape = to;
    if (!canFollowJoints(to)) edited.follow_joints = false;
    store(edited);
  }

  void chooseMesh() {
    if (!visual()) return;
    const QString start = document->modelDirectory();
    const QString path = QFileDialog::getOpenFileName(
        self, tr("Mesh file"), start,
        tr("Meshes (*.stl *.obj *.dae *.gltf *.glb *.ply *.3ds *.fbx);;All files (*)"));
    if (!path.isEmpty()) self->setMeshFile(path);
  }

  void commitFollow(bool on) {
    const Visual* v = visual();
    if (!v) return;
    Visual edited = *v;
    edited.follow_joints = on;
    if (!on) {
      // Keep it where it was drawn: its first segment becomes the explicit shape.
      ModelDescription only = document->description();
      only.links[size_t(link)].visuals = {*v};
      const std::vector<Visual> segments = resolveLinkShapes(only, link);
      if (!segments.empty()) {
        edited.origin = segments.front().origin;
        edited.size = segments.front().size;
      }
    }
    store(edited);
  }

  void addShape() {
    if (link < 0 || !document) return;
    QString error;
    if (!document->addVisual(link, defaultFollowingVisual(), &error)) {
      emit self->problem(error);
      return;
    }
    index = int(document->description().links[size_t(link)].visuals.size()) - 1;
    emit self->problem({});
    refresh();
  }

  void removeShape() {
    if (!visual()) return;
    QString error;
    if (!document->removeVisual(link, index, &error)) {
      emit self->problem(error);
      return;
    }
    emit self->problem({});
    refresh();
  }
};

LinkShapeEditor::LinkShapeEditor(ModelDocument* document, QWidget* parent)
    : QWidget(parent), impl_(std::make_unique<Impl>()) {
  impl_->self = this;
  impl_->document = document;
  impl_->build();
  impl_->refresh();
}

LinkShapeEditor::~LinkShapeEditor() = default;

void LinkShapeEditor::setLink(int link) {
  if (link != impl_->link) impl_->index = 0;
  impl_->link = link;
  impl_->refresh();
}

void LinkShapeEditor::refresh() { impl_->refresh(); }
int LinkShapeEditor::shownShape() const { return impl_->visual() ? impl_->index : -1; }

void LinkShapeEditor::applyColor(const QColor& color) {
  const Visual* v = impl_->visual();
  if (!v || !color.isValid()) return;
  Visual edited = *v;
  edited.rgba = Eigen::Vector4d(color.redF(), color.greenF(), color.blueF(), color.alphaF());
  impl_->store(edited);
}

void LinkShapeEditor::computeInertia() {
  Impl& d = *impl_;
  if (d.link < 0 || !d.document || !d.document->isOpen()) return;
  const auto rho = parseNumberText(d.density->text());
  if (!rho || !(*rho > 0.0)) {
    emit problem(tr("the density must be a positive number (kg/m³)"));
    return;
  }
  const ModelDescription& desc = d.document->description();
  std::vector<std::string> skipped;
  const std::vector<Visual> shapes = resolveLinkShapes(desc, d.link);
  std::vector<Inertial> parts = {inertialFromShapes(shapes, *rho)};
  for (const Visual& v : shapes) {  // meshes: their triangles, read as the 3D view reads them
    if (v.shape != Visual::Shape::Mesh) continue;
    QString why;
    if (auto mesh = meshInertial(v, d.document->modelDirectory(), *rho, &why))
      parts.push_back(*mesh);
    else
      skipped.push_back(why.toStdString());
  }
  const Inertial in = combinedInertial(parts);
  const QString name = qstr(desc.links[size_t(d.link)].name);
  if (!(in.mass > 0.0)) {
    emit problem(tr("link '%1' has no shape to compute from").arg(name));
    return;
  }
  const int row = d.material->currentIndex();
  const QString material = row >= 0 && row + 1 < d.material->count()
                               ? QString::fromUtf8(materialTable()[size_t(row)].name) + ", "
                               : QString();
  QString error;
  if (!d.document->setLinkInertial(
          d.link, in,
          tr("mass, CoM and inertia of link '%1' from its shapes (%2%3 kg/m³)")
              .arg(name, material, numberText(*rho)),
          &error)) {
    emit problem(error);
    return;
  }
  QString note;
  if (!skipped.empty())
    note = tr("not counted (mesh not read): %1").arg(qstr([&] {
      std::string all;
      for (const auto& s : skipped) all += (all.empty() ? "" : ", ") + s;
      return all;
    }()));
  emit problem(note);
}

bool LinkShapeEditor::setMeshFile(const QString& path) {
  const Visual* v = impl_->visual();
  if (!v || path.trimmed().isEmpty()) {
    emit problem(v ? tr("a mesh needs a file name") : tr("no shape selected"));
    return false;
  }
  Visual edited = *v;
  if (edited.shape != Visual::Shape::Mesh) {
    edited.shape = Visual::Shape::Mesh;
    edited.mesh_scale = Vec3::Ones();
    edited.follow_joints = false;
  }
  const QString dir = impl_->document->modelDirectory();
  const QFileInfo file(path.trimmed());
  // Relative to the model's folder (moves with it); as given without a folder or for URIs.
  edited.mesh =
      (!dir.isEmpty() && file.isAbsolute() ? QDir(dir).relativeFilePath(file.absoluteFilePath())
                                           : path.trimmed())
          .toStdString();
  return impl_->store(edited);
}

bool LinkShapeEditor::setMeshUnits(double metres_per_unit) {
  const Visual* v = impl_->visual();
  if (!v || v->shape != Visual::Shape::Mesh || !(metres_per_unit > 0.0)) {
    emit problem(tr("units apply to a mesh shape"));
    return false;
  }
  Visual edited = *v;
  for (int k = 0; k < 3; ++k)
    edited.mesh_scale[k] = v->mesh_scale[k] < 0.0 ? -metres_per_unit : metres_per_unit;
  return impl_->store(edited);
}

bool LinkShapeEditor::convertMeshYUpToZUp() {
  const Visual* v = impl_->visual();
  if (!v || v->shape != Visual::Shape::Mesh) {
    emit problem(tr("the axis conversion applies to a mesh shape"));
    return false;
  }
  Visual edited = *v;
  edited.origin.R = v->origin.R * io::rotX(M_PI / 2);
  return impl_->store(edited);
}

}  // namespace vms::ui
