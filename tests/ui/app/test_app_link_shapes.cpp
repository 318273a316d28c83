// Link shapes in the property inspector: a link's shape type, sizes, colour and "follows joints"
// are edited through the inspector's fields, each one undo step; undoing every edit gives the
// description that was opened bit for bit (its .vms.json text), redoing gives the edited one again.
// "Compute from shapes" sets mass, CoM and inertia from the shapes and the chosen material in one
// undo step, equal to inertialFromShapes. A refused size changes nothing; a size or origin beyond
// the file formats' range (1e15) is refused with the file reader's reason. After a joint origin is
// edited in the inspector, the following capsule of the parent link spans the link origin to the
// new joint position, in the description's resolved shapes and in the 3D view's geometry (world
// bounds of the drawn capsule), and the child's capsule starts there: no gap. The system mass line
// follows the edits. A mesh shape (a scaled, rotated STL cube) computes as the box primitive at the
// same place. Lengthening an explicit capsule moves the child joint along; mass properties
// computed from the shapes follow a length change or a moved joint in the same undo step.
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>

#include "core/algorithms/kinematics.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/data.hpp"
#include "core/model/link_shapes.hpp"
#include "core/model/mass_from_shape.hpp"
#include "test_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/number_text.hpp"
#include "ui/panels/link_shape_editor.hpp"
#include "ui/panels/property_inspector.hpp"
#include "ui/view3d/link_bounds.hpp"

using namespace vms;
using vms::ui::ModelDocument;
using vms::ui::PropertyInspector;

namespace {

// Base, two links on revolute joints; each link's shape is a capsule that follows the joints;
// link2 ends at a tool frame.
const char* kFollowingArm = R"({"format": "vms-model", "version": 1, "name": "following_arm",
  "links": [
    {"name": "base", "mass": 20, "inertia": {"ixx": 1, "iyy": 1, "izz": 1},
     "visuals": [{"shape": "box", "size": [0.3, 0.3, 0.2], "rgba": [0.6, 0.6, 0.65, 1]}]},
    {"name": "link1", "mass": 2, "com": [0.15, 0, 0], "inertia": {"ixx": 0.002, "iyy": 0.02, "izz": 0.02},
     "visuals": [{"shape": "capsule", "radius": 0.04, "length": 0.1, "follow": "joints",
                  "rgba": [0.3, 0.5, 0.9, 1]}]},
    {"name": "link2", "mass": 1.5, "com": [0.125, 0, 0], "inertia": {"ixx": 0.001, "iyy": 0.01, "izz": 0.01},
     "visuals": [{"shape": "capsule", "radius": 0.03, "length": 0.1, "follow": "joints",
                  "rgba": [0.95, 0.55, 0.15, 1]}]}],
  "joints": [
    {"name": "joint1", "type": "revolute", "parent": "base", "child": "link1", "axis": [0, 0, 1],
     "origin": {"xyz": [0, 0, 0.1]}},
    {"name": "joint2", "type": "revolute", "parent": "link1", "child": "link2", "axis": [0, 0, 1],
     "origin": {"xyz": [0.3, 0, 0]}}],
  "frames": [{"name": "tool", "link": "link2", "origin": {"xyz": [0.25, 0, 0]}}]})";

void enter(QLineEdit* field, const QString& text) {
  QVERIFY(field);
  field->setFocus();
  field->setText(text);
  emit field->editingFinished();
}

void choose(QComboBox* combo, int row) {
  QVERIFY(combo);
  combo->setCurrentIndex(row);
  emit combo->activated(row);
}

/// World bounds of the shapes drawn on `body` at q = 0 (the 3D view's geometry).
std::array<double, 6> bodyBounds(const Model& model, int body,
                                 const QString& model_dir = QString()) {
  Data data(model);
  forwardKinematics(model, data, State::neutral(model));
  std::array<double, 6> b = {1e9, -1e9, 1e9, -1e9, 1e9, -1e9};
  for (const ui::PartBounds& p : ui::linkPartBounds(model, data.oMi, model_dir)) {
    if (p.body != body || p.automatic) continue;
    for (int k = 0; k < 3; ++k) {
      b[size_t(2 * k)] = std::min(b[size_t(2 * k)], p.lo(k));
      b[size_t(2 * k + 1)] = std::max(b[size_t(2 * k + 1)], p.hi(k));
    }
  }
  return b;
}

/// An ASCII STL box from the origin to `size` (in the file's own units).
QByteArray boxStlText(const Vec3& size) {
  QByteArray s = "solid b\n";
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  auto corner = [&](int k) {
    return Vec3((k & 1) ? size.x() : 0.0, (k & 2) ? size.y() : 0.0, (k & 4) ? size.z() : 0.0);
  };
  for (const auto& f : faces)
    for (int t = 0; t < 2; ++t) {
      s += " facet normal 0 0 0\n  outer loop\n";
      for (int k : {f[0], f[1 + t], f[2 + t]}) {
        const Vec3 v = corner(k);
        s += "   vertex " + QByteArray::number(v.x()) + " " + QByteArray::number(v.y()) + " " +
             QByteArray::number(v.z()) + "\n";
      }
      s += "  endloop\n endfacet\n";
    }
  return s + "endsolid b\n";
}

}  // namespace

class TestAppLinkShapes : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    path_ = dir_.filePath("following_arm.vms.json");
    QFile f(path_);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kFollowingArm);
  }

  void shapeEditsUndoBitExact() {
    ModelDocument doc;
    PropertyInspector inspector(&doc);
    inspector.show();
    QString error;
    QVERIFY2(doc.open(path_, &error), qPrintable(error));
    const std::string opened = writeVmsJson(doc.description());
    inspector.showLink(1);
    auto* type = inspector.findChild<QComboBox*>("shapeType");
    auto* follow = inspector.findChild<QCheckBox*>("shapeFollow");
    auto* size0 = inspector.findChild<QLineEdit*>("shape.size0");
    QVERIFY(type && follow && size0);
    QCOMPARE(type->currentText(), QString("capsule"));
    QVERIFY(follow->isChecked());
    QCOMPARE(size0->text(), QString("0.04"));
    auto* mass_line = inspector.findChild<QLabel*>("systemMass");
    QVERIFY(mass_line && mass_line->text().startsWith("Total mass 23.5 kg"));

    // Radius, then a cylinder, then a colour: three undo steps.
    enter(size0, "0.05");
    QCOMPARE(doc.description().links[1].visuals[0].size.x(), 0.05);
    choose(type, 1);  // cylinder
    QVERIFY(doc.description().links[1].visuals[0].shape == Visual::Shape::Cylinder);
    QVERIFY(doc.description().links[1].visuals[0].follow_joints);
    inspector.findChild<ui::LinkShapeEditor*>()->applyColor(QColor::fromRgbF(1.0, 0.0, 0.5));
    QCOMPARE(doc.description().links[1].visuals[0].rgba[0], 1.0);
    QCOMPARE(doc.undoStack()->count(), 3);
    // A refused size changes nothing and says why.
    enter(size0, "-1");
    QVERIFY(inspector.problemText().contains("radius"));
    QCOMPARE(doc.undoStack()->count(), 3);
    QCOMPARE(size0->text(), QString("0.05"));
    // Stop following: the shape stays where it was drawn (its segment, explicit now).
    follow->setChecked(false);
    const Visual explicit_shape = doc.description().links[1].visuals[0];
    QVERIFY(!explicit_shape.follow_joints);
    QVERIFY((explicit_shape.origin.p - Vec3(0.15, 0, 0)).norm() < 1e-15);
    QCOMPARE(explicit_shape.size.y(), 0.3);
    // Add (a following capsule) and remove a shape.
    QTest::mouseClick(inspector.findChild<QPushButton*>("addShape"), Qt::LeftButton);
    QCOMPARE(doc.description().links[1].visuals.size(), size_t(2));
    QVERIFY(doc.description().links[1].visuals[1].follow_joints);
    QTest::mouseClick(inspector.findChild<QPushButton*>("removeShape"), Qt::LeftButton);
    QCOMPARE(doc.description().links[1].visuals.size(), size_t(1));
    QCOMPARE(doc.undoStack()->count(), 6);

    // Compute from shapes, steel: one undo step, the closed forms of the resolved shapes.
    choose(inspector.findChild<QComboBox*>("material"), 1);
    QCOMPARE(inspector.findChild<QLineEdit*>("density")->text(), QString("7850"));
    QTest::mouseClick(inspector.findChild<QPushButton*>("computeInertia"), Qt::LeftButton);
    QCOMPARE(doc.undoStack()->count(), 7);
    const Inertial expected = inertialFromShapes(resolveLinkShapes(doc.description(), 1), 7850.0);
    const Inertial& got = doc.description().links[1].inertial;
    QCOMPARE(got.mass, expected.mass);
    QVERIFY(got.com == expected.com && got.inertia == expected.inertia);
    // Cylinder r 0.05 from (0,0,0) to (0.3,0,0): m = 7850 pi 0.05^2 0.3, CoM at x = 0.15.
    QVERIFY(std::abs(got.mass - 7850.0 * M_PI * 0.0025 * 0.3) < 1e-12);
    QVERIFY((got.com - Vec3(0.15, 0, 0)).norm() < 1e-15);
    QCOMPARE(inspector.findChild<QLineEdit*>("mass")->text(), QString("18.49612675"));  // 10 digits
    QVERIFY(mass_line->text().startsWith(
        QString("Total mass %1 kg").arg(doc.scenario().model.total_mass, 0, 'g', 4)));
    const std::string edited = writeVmsJson(doc.description());

    while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
    QCOMPARE(writeVmsJson(doc.description()), opened);
    QVERIFY(!doc.isModified());
    while (doc.undoStack()->canRedo()) doc.undoStack()->redo();
    QCOMPARE(writeVmsJson(doc.description()), edited);
    // The edited text reads back to the same description.
    QCOMPARE(writeVmsJson(parseVmsJson(edited, "edited.vms.json")), edited);
  }

  /// A size, scale or origin beyond the file formats' range (1e15) is refused where it is typed,
  /// with the file reader's own reason: stored, it could never be saved and opened again.
  void sizeBeyondTheFileRangeIsRefused() {
    ModelDocument doc;
    PropertyInspector inspector(&doc);
    inspector.show();
    QString error;
    QVERIFY2(doc.open(path_, &error), qPrintable(error));
    inspector.showLink(0);  // the base's box
    auto* size0 = inspector.findChild<QLineEdit*>("shape.size0");
    auto* origin_x = inspector.findChild<QLineEdit*>("shape.origin.x");
    QVERIFY(size0 && origin_x);

    // What the reader says of the same number in the file.
    QByteArray text(kFollowingArm);
    text.replace("\"size\": [0.3, 0.3, 0.2]", "\"size\": [2e15, 0.3, 0.2]");
    QString reader_error;
    try {
      parseVmsJson(text.toStdString(), "big.vms.json");
    } catch (const std::exception& e) {
      reader_error = e.what();
    }
    QVERIFY2(reader_error.contains("out of range"), qPrintable(reader_error));
    const QString reason = reader_error.section(": ", -1);  // after "<source>: <element>: "
    QVERIFY2(reason.startsWith("2e+15 is out of range"), qPrintable(reason));

    for (QLineEdit* field : {size0, origin_x}) {
      const QString before = field->text();
      enter(field, "2e15");
      QCOMPARE(inspector.problemText(), reason);
      QCOMPARE(doc.undoStack()->count(), 0);
      QCOMPARE(field->text(), before);
    }
    // At the limit: accepted, and the saved file opens again.
    enter(size0, "1e15");
    QCOMPARE(inspector.problemText(), QString());
    QCOMPARE(doc.description().links[0].visuals[0].size.x(), 1e15);
    const QString saved = dir_.filePath("limit.vms.json");
    QVERIFY2(doc.save(saved, &error), qPrintable(error));
    ModelDocument reopened;
    QVERIFY2(reopened.open(saved, &error), qPrintable(error));
    QCOMPARE(reopened.description().links[0].visuals[0].size.x(), 1e15);
  }

  /// Lengthening an explicit capsule that runs from the joint to the child joint keeps its near
  /// end and moves the child joint by the length change, and mass properties computed from the
  /// shapes are computed again: one undo step, undone at once. Unticked, or for mass properties
  /// typed in, only what was asked for changes.
  void lengtheningAShapeCarriesTheChildJoint() {
    ModelDocument doc;
    PropertyInspector inspector(&doc);
    inspector.show();
    QString error;
    QVERIFY2(doc.open(path_, &error), qPrintable(error));
    inspector.showLink(1);
    auto* follow = inspector.findChild<QCheckBox*>("shapeFollow");
    auto* carry = inspector.findChild<QCheckBox*>("shapeCarriesJoints");
    auto* length = inspector.findChild<QLineEdit*>("shape.size1");
    QVERIFY(follow && carry && length);
    QVERIFY(carry->isHidden());  // a following shape's length is the joints'
    follow->setChecked(false);   // the capsule from (0,0,0) to (0.3,0,0), explicit now
    QVERIFY(!carry->isHidden() && carry->isChecked());
    auto d = [&]() -> const vms::ModelDescription& {
      return doc.description();
    };                                    // the current one
    const double r = 0.04, rho = 2700.0;  // aluminium, the first material
    auto capsuleMass = [&](double len) {
      return rho * (M_PI * r * r * len + 4.0 / 3.0 * M_PI * r * r * r);
    };

    // Mass properties typed in the file: the joint moves, the mass stays.
    const Inertial typed = d().links[1].inertial;
    enter(length, "0.4");
    QVERIFY(std::abs(d().joints[1].origin.p.x() - 0.4) < 1e-15);
    QVERIFY((d().links[1].visuals[0].origin.p - Vec3(0.2, 0, 0)).norm() < 1e-15);
    QCOMPARE(d().links[1].inertial.mass, typed.mass);
    doc.undoStack()->undo();
    QCOMPARE(d().joints[1].origin.p.x(), 0.3);

    // From the shapes: recomputed at the same density.
    QTest::mouseClick(inspector.findChild<QPushButton*>("computeInertia"), Qt::LeftButton);
    QVERIFY(std::abs(d().links[1].inertial.mass - capsuleMass(0.3)) < 1e-12);
    const std::string before = writeVmsJson(d());
    const int steps = doc.undoStack()->count();
    enter(length, "0.5");
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QVERIFY2(doc.undoStack()->undoText().contains("joint2"),
             qPrintable(doc.undoStack()->undoText()));
    QCOMPARE(d().links[1].visuals[0].size.y(), 0.5);
    QVERIFY((d().joints[1].origin.p - Vec3(0.5, 0, 0)).norm() < 1e-15);
    QVERIFY((d().links[1].visuals[0].origin.p - Vec3(0.25, 0, 0)).norm() < 1e-15);
    QVERIFY(std::abs(d().links[1].inertial.mass - capsuleMass(0.5)) < 1e-12);
    QVERIFY((d().links[1].inertial.com - Vec3(0.25, 0, 0)).norm() < 1e-15);
    // The capsule ends at the moved joint (where the next link starts): no gap.
    const Visual& shape = d().links[1].visuals[0];
    const Vec3 far_end = shape.origin.p + 0.5 * shape.size.y() * shape.origin.R.col(2);
    QVERIFY((far_end - d().joints[1].origin.p).norm() < 1e-15);
    doc.undoStack()->undo();
    QCOMPARE(writeVmsJson(d()), before);

    // Unticked: the length alone.
    carry->setChecked(false);
    enter(length, "0.5");
    QCOMPARE(d().joints[1].origin.p.x(), 0.3);
    QVERIFY((d().links[1].visuals[0].origin.p - Vec3(0.15, 0, 0)).norm() < 1e-15);
    QVERIFY(std::abs(d().links[1].inertial.mass - capsuleMass(0.3)) < 1e-12);
  }

  /// Moving a joint stretches the parent link's following capsule; mass properties computed
  /// from it follow in the same undo step (typed ones stay: the next test).
  void jointOriginEditCarriesMassFromShapes() {
    ModelDocument doc;
    PropertyInspector inspector(&doc);
    inspector.show();
    QString error;
    QVERIFY2(doc.open(path_, &error), qPrintable(error));
    auto d = [&]() -> const vms::ModelDescription& { return doc.description(); };
    const double r = 0.04, rho = 2700.0;
    auto capsuleMass = [&](double len) {
      return rho * (M_PI * r * r * len + 4.0 / 3.0 * M_PI * r * r * r);
    };
    inspector.showLink(1);
    QTest::mouseClick(inspector.findChild<QPushButton*>("computeInertia"), Qt::LeftButton);
    QVERIFY(std::abs(d().links[1].inertial.mass - capsuleMass(0.3)) < 1e-12);
    const std::string computed = writeVmsJson(d());
    inspector.showJoint(1);  // joint2
    enter(inspector.findChild<QLineEdit*>("origin.x"), "0.5");
    QCOMPARE(doc.undoStack()->count(), 2);
    QVERIFY2(doc.undoStack()->undoText().contains("from its shapes"),
             qPrintable(doc.undoStack()->undoText()));
    QVERIFY(std::abs(d().links[1].inertial.mass - capsuleMass(0.5)) < 1e-12);
    QVERIFY((d().links[1].inertial.com - Vec3(0.25, 0, 0)).norm() < 1e-15);
    QCOMPARE(d().links[2].inertial.mass, 1.5);  // the child's own shapes did not change
    doc.undoStack()->undo();
    QCOMPARE(writeVmsJson(d()), computed);
  }

  void jointOriginEditStretchesTheFollowingShape() {
    ModelDocument doc;
    PropertyInspector inspector(&doc);
    inspector.show();
    QString error;
    QVERIFY2(doc.open(path_, &error), qPrintable(error));
    const Model& before = doc.scenario().model;
    const int body1 = before.bodyIndex("link1"), body2 = before.bodyIndex("link2");
    {  // As opened: link1 drawn from (0, 0, 0.1) to (0.3, 0, 0.1), radius 0.04.
      const auto b = bodyBounds(before, body1);
      QVERIFY2(std::abs(b[0] + 0.04) < 2e-3 && std::abs(b[1] - 0.34) < 2e-3,
               qPrintable(QString("x %1 .. %2").arg(b[0]).arg(b[1])));
    }
    inspector.showJoint(1);  // joint2
    enter(inspector.findChild<QLineEdit*>("origin.x"), "0.5");
    enter(inspector.findChild<QLineEdit*>("origin.z"), "0.2");
    QVERIFY(doc.description().joints[1].origin.p == Vec3(0.5, 0, 0.2));
    QCOMPARE(doc.description().links[1].inertial.mass, 2.0);  // typed: kept
    // Resolved: link1's capsule spans the origin to the new joint position.
    const std::vector<Visual> shapes = resolveLinkShapes(doc.description(), 1);
    QCOMPARE(shapes.size(), size_t(1));
    const Vec3 half = 0.5 * shapes[0].size.y() * shapes[0].origin.R.col(2);
    QVERIFY((shapes[0].origin.p - half).norm() < 1e-15);
    QVERIFY((shapes[0].origin.p + half - Vec3(0.5, 0, 0.2)).norm() < 1e-15);
    // Drawn: link1's capsule reaches the new joint (world (0.5, 0, 0.3)) and link2's starts
    // there; link2 runs to its tool frame, 0.25 along x.
    const Model& after = doc.scenario().model;
    const auto b1 = bodyBounds(after, body1);
    const auto b2 = bodyBounds(after, body2);
    const double r1 = 0.04, r2 = 0.03, tessellation = 0.05 * r1;  // facets sag up to 1.3 % of r
    QVERIFY2(b1[1] >= 0.5 && b1[1] <= 0.5 + r1, qPrintable(QString::number(b1[1])));
    QVERIFY2(b1[5] >= 0.3 && b1[5] <= 0.3 + r1, qPrintable(QString::number(b1[5])));
    QVERIFY2(std::abs(b1[4] - (0.1 - r1)) < tessellation, qPrintable(QString::number(b1[4])));
    QVERIFY2(std::abs(b2[0] - (0.5 - r2)) < tessellation, qPrintable(QString::number(b2[0])));
    QVERIFY2(std::abs(b2[1] - (0.75 + r2)) < tessellation, qPrintable(QString::number(b2[1])));
    QVERIFY2(std::abs(b2[5] - (0.3 + r2)) < tessellation, qPrintable(QString::number(b2[5])));
    // Undo: back where it was.
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    const auto back = bodyBounds(doc.scenario().model, body1);
    QVERIFY(std::abs(back[1] - 0.34) < 2e-3);
  }

  void computeFromAMeshShape() {
    // link2's shape: the unit cube of tests/data/meshes/box.stl scaled to 0.1 x 0.2 x 0.3 and
    // placed off the link origin, rotated; with a sphere beside it. Compute from shapes
    // (titanium) = the box primitive at the same place plus the sphere (parallel axes).
    const QString mesh = QStringLiteral(VMS_SOURCE_DIR) + "/tests/data/meshes/box.stl";
    ModelDocument doc;
    PropertyInspector inspector(&doc);
    QString error;
    QVERIFY2(doc.open(path_, &error), qPrintable(error));
    Visual v;
    v.shape = Visual::Shape::Mesh;
    v.mesh = mesh.toStdString();
    v.mesh_scale = Vec3(0.1, 0.2, 0.3);
    v.origin.p = Vec3(0.1, 0.02, -0.03);
    v.origin.R = Eigen::AngleAxisd(0.4, Vec3(1, 1, 0).normalized()).toRotationMatrix();
    QVERIFY2(doc.setVisual(2, 0, v, &error), qPrintable(error));
    Visual ball;
    ball.shape = Visual::Shape::Sphere;
    ball.size = Vec3(0.04, 0, 0);
    ball.origin.p = Vec3(0.25, 0, 0);
    QVERIFY2(doc.addVisual(2, ball, &error), qPrintable(error));
    inspector.showLink(2);
    choose(inspector.findChild<QComboBox*>("material"), 2);  // titanium
    QTest::mouseClick(inspector.findChild<QPushButton*>("computeInertia"), Qt::LeftButton);
    QCOMPARE(inspector.problemText(), QString());
    Visual box = v;
    box.shape = Visual::Shape::Box;
    box.size = v.mesh_scale;
    const Inertial expected = inertialFromShapes({box, ball}, 4430.0);
    const Inertial& got = doc.description().links[2].inertial;
    QVERIFY2(std::abs(got.mass - expected.mass) < 1e-12 * expected.mass,
             qPrintable(QString("%1 vs %2").arg(got.mass).arg(expected.mass)));
    QVERIFY((got.com - expected.com).norm() < 1e-12);
    QVERIFY((got.inertia - expected.inertia).norm() < 1e-12 * expected.inertia.norm());
    // A mesh that cannot be read is named and left out.
    v.mesh = "no/such/mesh.stl";
    QVERIFY2(doc.setVisual(2, 0, v, &error), qPrintable(error));
    QTest::mouseClick(inspector.findChild<QPushButton*>("computeInertia"), Qt::LeftButton);
    QVERIFY2(inspector.problemText().contains("no/such/mesh.stl"),
             qPrintable(inspector.problemText()));
    QCOMPARE(doc.description().links[2].inertial.mass,
             4430.0 * 4.0 / 3.0 * M_PI * 0.04 * 0.04 * 0.04);
  }

  void meshFileUnitsAndAxes() {
    // A part drawn in millimetres with y up, 100 x 300 x 200 mm: chosen as link2's shape, set to
    // millimetres, stood on z; each one undo step, drawn where it should be, undone exactly.
    QDir(dir_.path()).mkpath("meshes");
    QFile f(dir_.filePath("meshes/part_mm.stl"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(boxStlText(Vec3(100, 300, 200)));
    f.close();
    ModelDocument doc;
    PropertyInspector inspector(&doc);
    QString error;
    QVERIFY2(doc.open(path_, &error), qPrintable(error));
    const std::string opened = writeVmsJson(doc.description());
    inspector.showLink(2);
    auto* editor = inspector.findChild<ui::LinkShapeEditor*>();
    QVERIFY(editor);
    QVERIFY(editor->setMeshFile(dir_.filePath("meshes/part_mm.stl")));
    const Visual& v = doc.description().links[2].visuals[0];
    QCOMPARE(v.shape, Visual::Shape::Mesh);
    QCOMPARE(v.mesh, std::string("meshes/part_mm.stl"));  // relative to the model's folder
    QVERIFY(!v.follow_joints);
    QCOMPARE(inspector.findChild<QLineEdit*>("meshFile")->text(), QString("meshes/part_mm.stl"));
    const int body = doc.scenario().model.bodyIndex("link2");
    auto extent = [&] {
      const auto b = bodyBounds(doc.scenario().model, body, doc.modelDirectory());
      return Vec3(b[1] - b[0], b[3] - b[2], b[5] - b[4]);
    };
    QVERIFY2((extent() - Vec3(100, 300, 200)).norm() < 1e-9, "drawn in file units first");
    QCOMPARE(inspector.findChild<QComboBox*>("meshUnits")->currentIndex(), 0);  // m
    choose(inspector.findChild<QComboBox*>("meshUnits"), 2);                    // mm
    QCOMPARE(doc.description().links[2].visuals[0].mesh_scale, Vec3::Constant(0.001));
    QVERIFY2((extent() - Vec3(0.1, 0.3, 0.2)).norm() < 1e-12,
             qPrintable(QString("%1 %2 %3").arg(extent().x()).arg(extent().y()).arg(extent().z())));
    QTest::mouseClick(inspector.findChild<QPushButton*>("meshYUp"), Qt::LeftButton);
    QVERIFY2((extent() - Vec3(0.1, 0.2, 0.3)).norm() < 1e-12, "y up stood on z");
    QCOMPARE(doc.undoStack()->count(), 3);
    for (int k = 0; k < 3; ++k) doc.undoStack()->undo();
    QCOMPARE(writeVmsJson(doc.description()), opened);
  }

 private:
  QTemporaryDir dir_;
  QString path_;
};

QTEST_MAIN(TestAppLinkShapes)
#include "test_app_link_shapes.moc"
