// ModelTreePanel and PropertyInspector on a live ModelDocument: one row per link, joint and
// frame mirroring the kinematic tree, rows ↔ compiled bodies, selection kept across edits;
// inspector edits through its fields reach the document (undoable), refused edits revert the
// field and say why.
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest/QtTest>

#include "test_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/panels/property_inspector.hpp"

using vms::ui::ModelDocument;
using vms::ui::ModelTreePanel;
using vms::ui::PropertyInspector;
using RowKind = ModelTreePanel::RowKind;

namespace {

const QString kModels = QStringLiteral(VMS_MODELS_DIR);
const QString kSpatial = kModels + "/seed004_spatial.vms.json";
const QString kWheelSlew = kModels + "/seed004_spatial_wheel_slew.scenario.json";

// A vehicle with a two-joint arm, a tool link on a fixed joint and a named frame.
const char* kFixedJointModel = R"({"format": "vms-model", "version": 1, "name": "fixed_tool",
  "links": [
    {"name": "hub", "mass": 10, "inertia": {"ixx": 1, "iyy": 1, "izz": 1}},
    {"name": "upper", "mass": 2, "com": [0, 0, 0.5], "inertia": {"ixx": 0.2, "iyy": 0.2, "izz": 0.01}},
    {"name": "lower", "mass": 1, "com": [0, 0, 0.5], "inertia": {"ixx": 0.1, "iyy": 0.1, "izz": 0.01}},
    {"name": "tool", "mass": 0.5, "inertia": {"ixx": 0.01, "iyy": 0.01, "izz": 0.01}}],
  "joints": [
    {"name": "shoulder", "type": "revolute", "parent": "hub", "child": "upper", "axis": [0, 1, 0],
     "limits": {"lower": -1, "upper": 1}},
    {"name": "tool_mount", "type": "fixed", "parent": "lower", "child": "tool",
     "origin": {"xyz": [0, 0, 1]}},
    {"name": "elbow", "type": "prismatic", "parent": "upper", "child": "lower",
     "origin": {"xyz": [0, 0, 1]}, "axis": [0, 0, 1]}],
  "frames": [{"name": "tcp", "link": "tool", "origin": {"xyz": [0, 0, 0.1]}}]})";

QList<QTreeWidgetItem*> rows(QTreeWidget* tree, RowKind kind) {
  QList<QTreeWidgetItem*> out;
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    if ((*it)->data(0, ModelTreePanel::KindRole).toInt() == int(kind)) out << *it;
  return out;
}

QTreeWidgetItem* row(QTreeWidget* tree, const QString& name) {
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    if ((*it)->text(0) == name) return *it;
  return nullptr;
}

QString writeModel(const QTemporaryDir& dir) {
  const QString path = dir.filePath("fixed_tool.vms.json");
  QFile f(path);
  if (f.open(QIODevice::WriteOnly)) f.write(kFixedJointModel);
  return path;
}

/// Types into a field and finishes editing, as a user would.
void enter(QLineEdit* field, const QString& text) {
  field->setFocus();
  field->setText(text);
  emit field->editingFinished();
}

}  // namespace

class TestModelPanels : public QObject {
  Q_OBJECT
 private slots:
  void treeMirrorsTheKinematicTree();
  void selectingRowsEmitsBodies();
  void treeKeepsSelectionAcrossEdits();
  void treeMarksReactionWheels();
  void inspectorEditsGoThroughTheDocument();
  void inspectorRefusedEditRevertsTheField();
  void inspectorJointEditsAndLimits();
};

void TestModelPanels::treeMirrorsTheKinematicTree() {
  QTemporaryDir dir;
  ModelDocument doc;
  ModelTreePanel panel(&doc);
  QString error;
  QVERIFY2(doc.open(writeModel(dir), &error), qPrintable(error));
  QTreeWidget* tree = panel.treeWidget();
  const vms::ModelDescription& d = doc.scenario().model.description;
  QCOMPARE(rows(tree, RowKind::Link).size(), int(d.links.size()));
  QCOMPARE(rows(tree, RowKind::Joint).size(), int(d.joints.size()));
  QCOMPARE(rows(tree, RowKind::Frame).size(), int(d.frames.size()));
  QCOMPARE(tree->topLevelItemCount(), 1);
  QTreeWidgetItem* hub = tree->topLevelItem(0);
  QCOMPARE(hub->text(0), QString("hub"));
  QVERIFY(hub->text(1).startsWith("vehicle"));
  // hub → shoulder → upper → elbow → lower → tool_mount → tool → tcp
  QCOMPARE(row(tree, "shoulder")->parent(), hub);
  QCOMPARE(row(tree, "upper")->parent(), row(tree, "shoulder"));
  QCOMPARE(row(tree, "elbow")->parent(), row(tree, "upper"));
  QCOMPARE(row(tree, "lower")->parent(), row(tree, "elbow"));
  QCOMPARE(row(tree, "tool_mount")->parent(), row(tree, "lower"));
  QCOMPARE(row(tree, "tool")->parent(), row(tree, "tool_mount"));
  QCOMPARE(row(tree, "tcp")->parent(), row(tree, "tool"));
  QVERIFY(row(tree, "shoulder")->text(1).contains("revolute"));
  QVERIFY(row(tree, "shoulder")->text(2).contains("axis (0, 1, 0)"));
  QVERIFY(row(tree, "elbow")->text(1).contains("prismatic"));
  QVERIFY(row(tree, "tool_mount")->text(1).contains("fixed"));
  QVERIFY(row(tree, "tool")->text(2).contains("fused into body 'lower'"));
  QCOMPARE(row(tree, "tool")->data(0, ModelTreePanel::BodyRole).toInt(),
           row(tree, "lower")->data(0, ModelTreePanel::BodyRole).toInt());
  QCOMPARE(row(tree, "tool_mount")->data(0, ModelTreePanel::JointIndexRole).toInt(), -1);
}

void TestModelPanels::selectingRowsEmitsBodies() {
  QTemporaryDir dir;
  ModelDocument doc;
  ModelTreePanel panel(&doc);
  QString error;
  QVERIFY2(doc.open(writeModel(dir), &error), qPrintable(error));
  QTreeWidget* tree = panel.treeWidget();
  const vms::Model& model = doc.scenario().model;
  QSignalSpy bodies(&panel, &ModelTreePanel::bodySelected);
  QSignalSpy links(&panel, &ModelTreePanel::linkSelected);
  QSignalSpy joints(&panel, &ModelTreePanel::jointSelected);
  QSignalSpy description_joints(&panel, &ModelTreePanel::descriptionJointSelected);

  tree->setCurrentItem(row(tree, "lower"));
  QCOMPARE(bodies.count(), 1);
  QCOMPARE(bodies.last().at(0).toInt(), model.bodyIndex("lower"));
  QCOMPARE(links.last().at(0).toInt(), 2);

  tree->setCurrentItem(row(tree, "tool"));  // fused: the body of 'lower', link index 3
  QCOMPARE(bodies.last().at(0).toInt(), model.bodyIndex("lower"));
  QCOMPARE(links.last().at(0).toInt(), 3);

  tree->setCurrentItem(row(tree, "elbow"));  // description joint 2, compiled joint 1
  QCOMPARE(joints.count(), 1);
  QCOMPARE(joints.last().at(0).toInt(), model.jointIndex("elbow"));
  QCOMPARE(model.joint_names[joints.last().at(0).toInt()], std::string("elbow"));
  QCOMPARE(description_joints.last().at(0).toInt(), 2);
  QCOMPARE(bodies.last().at(0).toInt(), model.joint_body[model.jointIndex("elbow")]);

  tree->setCurrentItem(row(tree, "tool_mount"));  // fixed: no compiled joint
  QCOMPARE(joints.count(), 1);
  QCOMPARE(description_joints.last().at(0).toInt(), 1);

  tree->setCurrentItem(row(tree, "tcp"));
  QCOMPARE(bodies.last().at(0).toInt(), model.frames[model.frameIndex("tcp")].body);

  // Selecting from outside (3D view pick) emits nothing.
  const int emitted = bodies.count();
  panel.setSelectedBody(model.bodyIndex("upper"));
  QCOMPARE(tree->currentItem(), row(tree, "upper"));
  panel.setSelectedBody(-1);
  QCOMPARE(bodies.count(), emitted);
  QCOMPARE(links.count(), 2);  // 'lower' and 'tool'
}

void TestModelPanels::treeKeepsSelectionAcrossEdits() {
  ModelDocument doc;
  ModelTreePanel panel(&doc);
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  QTreeWidget* tree = panel.treeWidget();
  tree->setCurrentItem(row(tree, "joint3"));
  QSignalSpy bodies(&panel, &ModelTreePanel::bodySelected);
  QVERIFY(doc.setJointProperty(2, vms::ui::JointProperty::Axis,
                               (vms::VecX(3) << 1, 0, 0).finished(), &error));
  QVERIFY(row(tree, "joint3")->text(2).contains("axis (1, 0, 0)"));
  QCOMPARE(tree->currentItem(), row(tree, "joint3"));
  doc.undoStack()->undo();
  QVERIFY(row(tree, "joint3")->text(2).contains("axis (0, 0, 1)"));
  QCOMPARE(tree->currentItem(), row(tree, "joint3"));
  QCOMPARE(bodies.count(), 0);  // rebuilding is not a new selection
}

void TestModelPanels::treeMarksReactionWheels() {
  ModelDocument doc;
  ModelTreePanel panel(&doc);
  PropertyInspector inspector(&doc);
  QString error;
  QVERIFY2(doc.open(kWheelSlew, &error), qPrintable(error));
  QTreeWidget* tree = panel.treeWidget();
  QCOMPARE(rows(tree, RowKind::Link).size(), int(doc.description().links.size()) + 3);
  QSignalSpy links(&panel, &ModelTreePanel::linkSelected);
  for (const char* wheel : {"wheel_x", "wheel_y", "wheel_z"}) {
    QTreeWidgetItem* joint = nullptr;
    QTreeWidgetItem* link = nullptr;
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
      if ((*it)->text(0) == wheel)
        ((*it)->data(0, ModelTreePanel::KindRole).toInt() == int(RowKind::Joint) ? joint : link) =
            *it;
    QVERIFY(joint && link);
    QCOMPARE(joint->parent(), tree->topLevelItem(0));  // on the vehicle
    QVERIFY(link->text(1).contains("reaction wheel"));
    QVERIFY(joint->text(1).contains("reaction wheel"));
    tree->setCurrentItem(link);
    QCOMPARE(links.last().at(0).toInt(), -1);  // not editable in the inspector
  }
  inspector.showBody(doc.scenario().model.bodyIndex("wheel_x"));
  QCOMPARE(inspector.shownLink(), -1);
  inspector.showBody(doc.scenario().model.bodyIndex("link2"));
  QCOMPARE(inspector.shownLink(), 2);
}

void TestModelPanels::inspectorEditsGoThroughTheDocument() {
  ModelDocument doc;
  PropertyInspector inspector(&doc);
  inspector.show();
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  inspector.showLink(1);
  auto* mass = inspector.findChild<QLineEdit*>("mass");
  QVERIFY(mass);
  QCOMPARE(mass->text(), QString("5"));
  const QString com_z = inspector.findChild<QLineEdit*>("com.z")->text();
  const double total = doc.scenario().model.total_mass;

  enter(mass, "7.25");
  QCOMPARE(doc.description().links[1].inertial.mass, 7.25);
  QCOMPARE(doc.scenario().model.total_mass, total + 2.25);
  QVERIFY(doc.isModified());
  QCOMPARE(doc.undoStack()->count(), 1);

  // Finishing an untouched field (e.g. tabbing through) is no edit.
  enter(inspector.findChild<QLineEdit*>("com.y"), inspector.findChild<QLineEdit*>("com.y")->text());
  emit inspector.findChild<QLineEdit*>("inertia.ixx")->editingFinished();
  QCOMPARE(doc.undoStack()->count(), 1);

  enter(inspector.findChild<QLineEdit*>("com.z"), "0.125");
  QCOMPARE(doc.description().links[1].inertial.com.z(), 0.125);
  enter(inspector.findChild<QLineEdit*>("inertia.ixy"), "0.001");
  QCOMPARE(doc.description().links[1].inertial.inertia(0, 1), 0.001);
  QCOMPARE(doc.description().links[1].inertial.inertia(1, 0), 0.001);
  QCOMPARE(doc.undoStack()->count(), 3);

  // Undo updates the fields.
  doc.undoStack()->undo();
  doc.undoStack()->undo();
  doc.undoStack()->undo();
  QCOMPARE(mass->text(), QString("5"));
  QCOMPARE(inspector.findChild<QLineEdit*>("com.z")->text(), com_z);
  doc.undoStack()->redo();
  QCOMPARE(mass->text(), QString("7.25"));

  // Shown at a precision that means something, the exact value kept while untouched.
  // The smallest principal moment (0.0063 in the link's frame) a rounding step lower.
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (doc.description().links[1].inertial.inertia(i, i) <
        doc.description().links[1].inertial.inertia(k, k))
      k = i;
  const char* diagonal[] = {"inertia.ixx", "inertia.iyy", "inertia.izz"};
  QCOMPARE(doc.description().links[1].inertial.inertia(k, k), 0.0063);
  enter(inspector.findChild<QLineEdit*>(diagonal[k]), "0.00629999999999");
  QCOMPARE(doc.description().links[1].inertial.inertia(k, k), 0.00629999999999);
  QCOMPARE(inspector.findChild<QLineEdit*>(diagonal[k])->text(), QString("0.0063"));
  enter(inspector.findChild<QLineEdit*>("inertia.ixz"), "1e-19");  // noise beside 0.0292
  QCOMPARE(inspector.findChild<QLineEdit*>("inertia.ixz")->text(), QString("0"));
  const int steps = doc.undoStack()->count();
  emit inspector.findChild<QLineEdit*>(diagonal[k])->editingFinished();
  emit inspector.findChild<QLineEdit*>("inertia.ixz")->editingFinished();
  QCOMPARE(doc.undoStack()->count(), steps);
  QCOMPARE(doc.description().links[1].inertial.inertia(k, k), 0.00629999999999);
  QCOMPARE(doc.description().links[1].inertial.inertia(0, 2), 1e-19);

  // Vehicle type on the vehicle link.
  inspector.showLink(0);
  auto* base = inspector.findChild<QComboBox*>("baseType");
  QVERIFY(base && base->isVisible());
  base->setCurrentIndex(1);
  emit base->activated(1);
  QVERIFY(doc.scenario().model.base_type == vms::BaseType::Planar);
}

void TestModelPanels::inspectorRefusedEditRevertsTheField() {
  ModelDocument doc;
  PropertyInspector inspector(&doc);
  inspector.show();
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  inspector.showLink(2);
  QSignalSpy messages(&inspector, &PropertyInspector::message);
  auto* mass = inspector.findChild<QLineEdit*>("mass");
  const QString before = mass->text();
  auto* izz_field = inspector.findChild<QLineEdit*>("inertia.izz");
  QApplication::processEvents();
  const QPoint izz_at = izz_field->mapTo(&inspector, QPoint(0, 0));

  enter(mass, "-3");
  // The inline error does not push the fields down (the next click would miss): they stay
  // where they were.
  QApplication::processEvents();
  QCOMPARE(izz_field->mapTo(&inspector, QPoint(0, 0)), izz_at);
  QCOMPARE(mass->text(), before);
  QCOMPARE(doc.undoStack()->count(), 0);
  QVERIFY(!doc.isModified());
  QCOMPARE(messages.count(), 1);
  QVERIFY2(inspector.problemText().contains("mass"), qPrintable(inspector.problemText()));
  QVERIFY(inspector.findChild<QLabel*>("problem")->isVisible());

  // Triangle inequality: Izz > Ixx + Iyy.
  auto* izz = inspector.findChild<QLineEdit*>("inertia.izz");
  const QString izz_before = izz->text();
  enter(izz, "100");
  QCOMPARE(izz->text(), izz_before);
  QCOMPARE(doc.description().links[2].inertial.inertia(2, 2), izz_before.toDouble());
  QCOMPARE(messages.count(), 2);
  QVERIFY2(inspector.problemText().contains("triangle"), qPrintable(inspector.problemText()));

  enter(mass, "heavy");
  QCOMPARE(mass->text(), before);
  QCOMPARE(messages.count(), 3);

  // A good edit clears the problem.
  enter(mass, "51");
  QVERIFY(inspector.problemText().isEmpty());
  QCOMPARE(doc.description().links[2].inertial.mass, 51.0);
}

void TestModelPanels::inspectorJointEditsAndLimits() {
  ModelDocument doc;
  PropertyInspector inspector(&doc);
  inspector.show();
  QString error;
  QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
  inspector.showJoint(1);
  QCOMPARE(inspector.shownJoint(), 1);
  const int k = doc.scenario().model.jointIndex(doc.description().joints[1].name);

  enter(inspector.findChild<QLineEdit*>("damping"), "0.5");
  QCOMPARE(doc.scenario().model.damping[k], 0.5);
  enter(inspector.findChild<QLineEdit*>("axis.x"), "1");
  QCOMPARE(doc.description().joints[1].axis.x(), 1.0);
  enter(inspector.findChild<QLineEdit*>("origin.z"), "0.5");
  QCOMPARE(doc.description().joints[1].origin.p.z(), 0.5);

  auto* limits = inspector.findChild<QCheckBox*>("limits");
  limits->setChecked(true);
  QVERIFY(doc.description().joints[1].has_limits);
  enter(inspector.findChild<QLineEdit*>("upper"), "1.5");
  enter(inspector.findChild<QLineEdit*>("lower"), "-1.5");
  QCOMPARE(doc.scenario().model.lower_limit[k], -1.5);
  QCOMPARE(doc.scenario().model.upper_limit[k], 1.5);
  // lower > upper is refused and reverted.
  auto* lower = inspector.findChild<QLineEdit*>("lower");
  enter(lower, "2");
  QCOMPARE(lower->text(), QString("-1.5"));
  QVERIFY2(inspector.problemText().contains("lower"), qPrintable(inspector.problemText()));
  // A zero axis too (two fields typed, then one editingFinished commits the group).
  auto* axis_x = inspector.findChild<QLineEdit*>("axis.x");
  auto* axis_z = inspector.findChild<QLineEdit*>("axis.z");
  QCOMPARE(axis_z->text(), QString("1"));
  axis_x->setText("0");
  enter(axis_z, "0");
  QCOMPARE(axis_x->text(), QString("1"));
  QCOMPARE(axis_z->text(), QString("1"));
  QCOMPARE(doc.description().joints[1].axis, vms::Vec3(1, 0, 1));
  QVERIFY(!inspector.problemText().isEmpty());
  // Untouched rpy fields commit nothing (rpy → rotation → rpy need not be bit exact).
  const int steps = doc.undoStack()->count();
  emit inspector.findChild<QLineEdit*>("origin.roll")->editingFinished();
  QCOMPARE(doc.undoStack()->count(), steps);
}

QTEST_MAIN(TestModelPanels)
#include "test_model_panels.moc"
