// "Start a DH table" in the DH-table editor, for models built link by link:
//  - a vehicle carrying a serial chain in DH place (a 90° twist, a mount height, a tool frame)
//    becomes a DH table in one undo step: the rows read d, α, a, b as placed; the link poses at
//    a random configuration (forward kinematics of both compiled models) and the masses,
//    centres of mass and inertias body by body are the model's before; Save writes the table
//    and the file reopens editable; undo gives the model as it was, bit for bit;
//  - a vehicle alone starts an empty table; "Add link" appends a first row (a joint and a
//    link on the vehicle);
//  - a chain not in DH place (a centre of mass off the link's x-z line) offers no start and
//    says which link and why.
#include <QFile>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <random>

#include "core/algorithms/kinematics.hpp"
#include "core/io/dh_table.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/data.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/dh_table_editor.hpp"

using namespace vms;
using vms::ui::DhTableEditor;
using vms::ui::ModelDocument;

namespace {

// Base, two links on revolute joints: joint2 twisted 90° about x and 0.05 m up, the tool frame
// 0.25 m along link2's x.
const char* kChain = R"({"format": "vms-model", "version": 1, "name": "built_arm",
  "links": [
    {"name": "bus", "mass": 20, "inertia": {"ixx": 1, "iyy": 1.2, "izz": 1.4},
     "visuals": [{"shape": "box", "size": [0.3, 0.3, 0.2]}]},
    {"name": "upper", "mass": 2, "com": [0.15, 0, 0.05],
     "inertia": {"ixx": 0.002, "iyy": 0.02, "izz": 0.021, "ixy": 0.0001},
     "visuals": [{"shape": "capsule", "radius": 0.04, "length": 0.1, "follow": "joints"}]},
    {"name": "fore", "mass": 1.5, "com": [0.125, 0, 0],
     "inertia": {"ixx": 0.001, "iyy": 0.01, "izz": 0.01},
     "visuals": [{"shape": "cylinder", "radius": 0.03, "length": 0.25,
                  "origin": {"xyz": [0.125, 0, 0], "rpy": [0, 1.5707963267948966, 0]}}]}],
  "joints": [
    {"name": "shoulder", "type": "revolute", "parent": "bus", "child": "upper", "axis": [0, 0, 1],
     "origin": {"xyz": [0.1, 0, 0.1]}, "limits": {"lower": -2, "upper": 2}, "effort": 10, "velocity": 1},
    {"name": "elbow", "type": "continuous", "parent": "upper", "child": "fore", "axis": [0, 0, 1],
     "origin": {"xyz": [0.3, 0, 0.05], "rpy": [1.5707963267948966, 0, 0]}}],
  "frames": [{"name": "tool", "link": "fore", "origin": {"xyz": [0.25, 0, 0]}}]})";

QString writeModel(const QTemporaryDir& dir, const QString& name, QByteArray text) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (f.open(QIODevice::WriteOnly)) f.write(text);
  return path;
}

/// World pose of each named body at `q` (user joint order of the model).
std::map<std::string, Pose> bodyPoses(const Model& model, const VecX& q) {
  Data data(model);
  State s = State::neutral(model);
  s.q = q;
  forwardKinematics(model, data, s);
  std::map<std::string, Pose> out;
  for (int b = 0; b < model.nbodies; ++b) out[model.body_names[size_t(b)]] = data.oMi[size_t(b)];
  return out;
}

}  // namespace

class TestAppDhStart : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void chainBecomesADhTable() {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(writeModel(dir_, "built_arm.vms.json", kChain), &error), qPrintable(error));
    const std::string opened = writeVmsJson(doc.description());
    const Model before = doc.scenario().model;
    DhTableEditor editor(&doc);
    auto* start = editor.findChild<QPushButton*>("dhStart");
    QVERIFY(start && !start->isHidden() && start->isEnabled());
    QVERIFY(!editor.editable());
    QVERIFY2(editor.statusText().contains("Start a DH table"), qPrintable(editor.statusText()));

    QTest::mouseClick(start, Qt::LeftButton);
    QVERIFY2(editor.editable(), qPrintable(editor.statusText()));
    QVERIFY(start->isHidden());
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->undoText(), QString("Start a DH table"));
    QTableWidget* table = editor.table();
    QCOMPARE(table->rowCount(), 2);
    auto cell = [&](int row, DhTableEditor::Column c) { return table->item(row, c)->text(); };
    QCOMPARE(cell(0, DhTableEditor::Name), QString("upper"));
    QCOMPARE(cell(0, DhTableEditor::Joint), QString("shoulder"));
    QCOMPARE(cell(0, DhTableEditor::D), QString("0.05"));
    QCOMPARE(cell(0, DhTableEditor::AlphaDeg), QString("90"));
    QCOMPARE(cell(0, DhTableEditor::A), QString("0.15"));
    QCOMPARE(cell(0, DhTableEditor::B), QString("0.15"));
    QCOMPARE(cell(1, DhTableEditor::A), QString("0.125"));
    QCOMPARE(cell(1, DhTableEditor::B), QString("0.125"));  // to the tool frame
    QCOMPARE(doc.description().dh->end_effector, std::string("tool"));
    QVERIFY(keepsDhForm(doc.description()));

    // The same bodies, masses and poses at a random configuration.
    const Model& after = doc.scenario().model;
    QCOMPARE(after.nbodies, before.nbodies);
    QCOMPARE(after.total_mass, before.total_mass);
    std::mt19937 random(7);
    std::uniform_real_distribution<double> angle(-2.0, 2.0);
    VecX q(before.njoints);
    for (Eigen::Index i = 0; i < q.size(); ++i) q[i] = angle(random);
    const auto want = bodyPoses(before, q), got = bodyPoses(after, q);
    for (const auto& [name, pose] : want) {
      QVERIFY2(got.count(name), name.c_str());
      QVERIFY2((got.at(name).p - pose.p).norm() < 1e-12, name.c_str());
      QVERIFY2((got.at(name).R - pose.R).norm() < 1e-12, name.c_str());
    }
    for (int b = 0; b < before.nbodies; ++b) {
      const int a = after.bodyIndex(before.body_names[size_t(b)]);
      QCOMPARE(after.mass[size_t(a)], before.mass[size_t(b)]);
      QVERIFY((after.com[size_t(a)] - before.com[size_t(b)]).norm() < 1e-12);
      QVERIFY((after.inertia_com[size_t(a)] - before.inertia_com[size_t(b)]).norm() < 1e-12);
    }
    // Joint settings carried over.
    QVERIFY(doc.description().joints[0].has_limits && doc.description().joints[0].effort == 10.0);
    QVERIFY(doc.description().joints[1].kind == JointKind::Continuous);

    // Saved as a table, reopened editable.
    const QString saved = dir_.filePath("built_arm_dh.vms.json");
    QVERIFY2(doc.save(saved, &error), qPrintable(error));
    QFile file(saved);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("\"dh\""));
    ModelDocument reopened;
    QVERIFY2(reopened.open(saved, &error), qPrintable(error));
    QVERIFY(DhTableEditor(&reopened).editable());

    doc.undoStack()->undo();
    QCOMPARE(writeVmsJson(doc.description()), opened);
    QVERIFY(!editor.editable());
    QVERIFY(!start->isHidden() && start->isEnabled());
  }

  void vehicleAloneStartsAnEmptyTable() {
    ModelDescription vehicle;
    vehicle.name = "new_vehicle";
    LinkDescription bus;
    bus.name = "vehicle";
    bus.inertial.mass = 100.0;
    bus.inertial.inertia = Mat3::Identity() * 10.0;
    vehicle.links.push_back(bus);
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.newDocument(vehicle, &error), qPrintable(error));
    DhTableEditor editor(&doc);
    QVERIFY2(editor.startTable(), qPrintable(editor.lastProblem()));
    QVERIFY(editor.editable());
    QCOMPARE(editor.table()->rowCount(), 0);
    QVERIFY2(editor.addLink(), qPrintable(editor.lastProblem()));
    QCOMPARE(editor.table()->rowCount(), 1);
    QCOMPARE(doc.description().links.size(), size_t(2));
    QCOMPARE(doc.description().joints.size(), size_t(1));
    QCOMPARE(doc.description().joints[0].parent, std::string("vehicle"));
    QCOMPARE(doc.scenario().model.njoints, 1);
    QVERIFY2(editor.setCell(0, DhTableEditor::A, "0.2"), qPrintable(editor.lastProblem()));
    QCOMPARE(doc.description().links[1].inertial.com.x(), 0.2);
    QCOMPARE(doc.undoStack()->count(), 3);
    // A table without an end-effector frame saves and reopens as a table.
    const QString saved = dir_.filePath("new_vehicle.vms.json");
    QVERIFY2(doc.save(saved, &error), qPrintable(error));
    ModelDocument reopened;
    QVERIFY2(reopened.open(saved, &error), qPrintable(error));
    DhTableEditor reopened_editor(&reopened);
    QVERIFY(reopened_editor.editable());
    QCOMPARE(reopened_editor.table()->rowCount(), 1);
    QCOMPARE(writeVmsJson(reopened.description()), writeVmsJson(doc.description()));
    for (int k = 0; k < 3; ++k) doc.undoStack()->undo();
    QCOMPARE(doc.description().links.size(), size_t(1));
    QVERIFY(!doc.description().dh);
  }

  void chainOutOfDhPlaceSaysWhy() {
    QByteArray text(kChain);
    text.replace("\"com\": [0.15, 0, 0.05]", "\"com\": [0.15, 0.02, 0.05]");
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(writeModel(dir_, "off.vms.json", text), &error), qPrintable(error));
    DhTableEditor editor(&doc);
    auto* start = editor.findChild<QPushButton*>("dhStart");
    QVERIFY(start && !start->isEnabled());
    QVERIFY2(editor.statusText().contains("cannot be") && editor.statusText().contains("'upper'"),
             qPrintable(editor.statusText()));
    QVERIFY(!editor.startTable());
    QVERIFY2(editor.lastProblem().contains("centre of mass"), qPrintable(editor.lastProblem()));
    QCOMPARE(doc.undoStack()->count(), 0);
  }
};

QTEST_MAIN(TestAppDhStart)
#include "test_app_dh_start.moc"
