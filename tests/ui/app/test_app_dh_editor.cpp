// The DH-table editor (seed 004's convention, with b0, epsilon, zeta, eta, for serial arms: the
// examples are written in DH and stay in DH after saving), on
// seed 004's spatial example:
//  - a cell edit re-expands the model as seed 004's Eqs (1)-(10) say (joint i+1 at
//    [Rx(alpha_i), (a_i + b_i, 0, d_i)] in body i, CoM at (a_i, 0, d_i)), one undo step; undo
//    gives the opened file's text bit for bit, redo the edited one;
//  - the mount angles, typed in degrees, place joint 1 at Rz(eta) Ry(zeta) Rx(epsilon);
//  - saved, the file is still a DH table (angles in degrees) and reopens to the same model;
//  - add/remove a link changes the joints and the initial state; the model simulates;
//  - refusals (a negative mass, a non-number, a name clash) change nothing and say why;
//  - a model whose DH links were edited one by one, or one without a table, is not editable
//    and the editor says why.
#include <QLineEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>

#include "core/io/dh_table.hpp"
#include "core/io/vms_json.hpp"
#include "core/scenario/simulator.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/dh_table_editor.hpp"

using namespace vms;
using vms::ui::DhTableEditor;
using vms::ui::ModelDocument;

namespace {

const QString kSpatial = QString(VMS_SOURCE_DIR) + "/models/seed004_spatial.vms.json";

const JointDescription& joint(const ModelDocument& doc, const std::string& name) {
  for (const JointDescription& j : doc.description().joints)
    if (j.name == name) return j;
  throw std::runtime_error("no joint " + name);
}

const LinkDescription& link(const ModelDocument& doc, const std::string& name) {
  for (const LinkDescription& l : doc.description().links)
    if (l.name == name) return l;
  throw std::runtime_error("no link " + name);
}

Mat3 rotX(double a) { return Eigen::AngleAxisd(a, Vec3::UnitX()).toRotationMatrix(); }
Mat3 rotY(double a) { return Eigen::AngleAxisd(a, Vec3::UnitY()).toRotationMatrix(); }
Mat3 rotZ(double a) { return Eigen::AngleAxisd(a, Vec3::UnitZ()).toRotationMatrix(); }

}  // namespace

class TestAppDhEditor : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void editsReexpandAndUndo() {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
    DhTableEditor editor(&doc);
    QVERIFY(editor.editable());
    const DhTable opened = *doc.description().dh;
    const int n = int(opened.links.size());
    QCOMPARE(editor.table()->rowCount(), n);
    QCOMPARE(editor.table()->item(1, DhTableEditor::A)->text(), QString("1.25"));
    QCOMPARE(editor.table()->item(0, DhTableEditor::AlphaDeg)->text(), QString("90"));
    const std::string original = writeVmsJson(doc.description());
    const int steps = doc.undoStack()->count();

    // Row 1 (link2): a = 1.5. Joint 3 sits at a + b along x of body 2; the CoM at a.
    QVERIFY2(editor.setCell(1, DhTableEditor::A, "1.5"), qPrintable(editor.lastProblem()));
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    const DhLink& l2 = doc.description().dh->links[1];
    QCOMPARE(joint(doc, "joint3").origin.p, Vec3(1.5 + l2.b, 0, l2.d));
    QCOMPARE(link(doc, "link2").inertial.com, Vec3(1.5, 0, l2.d));
    QVERIFY(keepsDhForm(doc.description()));
    QCOMPARE(editor.table()->item(1, DhTableEditor::A)->text(), QString("1.5"));

    // Through the table's cell, as a user types it: row 2 (link3) alpha = 30 degrees.
    editor.table()->item(2, DhTableEditor::AlphaDeg)->setText("30");
    QCOMPARE(doc.undoStack()->count(), steps + 2);
    QVERIFY((joint(doc, "joint4").origin.R - rotX(30 * M_PI / 180)).cwiseAbs().maxCoeff() < 1e-15);
    QCOMPARE(doc.description().dh->links[2].alpha_deg, 30.0);

    // The mount: zeta 60 degrees, b0 z 0.5: joint 1 at [Rz(eta) Ry(zeta) Rx(eps), b0].
    QVERIFY(editor.setMountField(DhTableEditor::ZetaDeg, "60"));
    QVERIFY(editor.setMountField(DhTableEditor::B0z, "0.5"));
    const DhTable& t = *doc.description().dh;
    const Mat3 mount = rotZ(t.eta) * rotY(60 * M_PI / 180) * rotX(t.epsilon);
    QVERIFY((joint(doc, "joint1").origin.R - mount).cwiseAbs().maxCoeff() < 1e-15);
    QCOMPARE(joint(doc, "joint1").origin.p, Vec3(t.b0.x(), t.b0.y(), 0.5));
    const std::string edited = writeVmsJson(doc.description());

    // Saved: still a table, angles in degrees; reopened: the same model.
    const QString saved = dir_.filePath("spatial_edited.vms.json");
    QVERIFY2(doc.save(saved, &error), qPrintable(error));
    QFile file(saved);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("\"dh\""));
    QVERIFY(text.contains("\"zeta_deg\": 60"));
    QVERIFY(text.contains("\"alpha_deg\": 30"));
    QVERIFY(!text.contains("\"joints\""));  // no link-by-link expansion
    ModelDocument reopened;
    QVERIFY2(reopened.open(saved, &error), qPrintable(error));
    QCOMPARE(writeVmsJson(reopened.description()), edited);

    // Undo everything: the opened file's model bit for bit; redo: the edited one.
    for (int k = 0; k < 4; ++k) doc.undoStack()->undo();
    QCOMPARE(writeVmsJson(doc.description()), original);
    QCOMPARE(editor.table()->item(1, DhTableEditor::A)->text(), QString("1.25"));
    for (int k = 0; k < 4; ++k) doc.undoStack()->redo();
    QCOMPARE(writeVmsJson(doc.description()), edited);
  }

  void addAndRemoveLinks() {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
    DhTableEditor editor(&doc);
    const int joints = doc.scenario().model.njoints;
    const std::string before = writeVmsJson(doc.description());
    QVERIFY2(editor.addLink(), qPrintable(editor.lastProblem()));
    QCOMPARE(doc.scenario().model.njoints, joints + 1);
    QCOMPARE(int(doc.scenario().initial_state.q.size()), joints + 1);
    QCOMPARE(editor.table()->rowCount(), joints + 1);
    QVERIFY(keepsDhForm(doc.description()));
    Simulator sim(doc.scenario());
    for (int k = 0; k < 50; ++k) sim.step();
    QVERIFY(sim.state().allFinite());
    QVERIFY2(editor.removeLastLink(), qPrintable(editor.lastProblem()));
    QCOMPARE(writeVmsJson(doc.description()), before);
    QCOMPARE(doc.scenario().model.njoints, joints);
  }

  void refusalsChangeNothing() {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
    DhTableEditor editor(&doc);
    const std::string before = writeVmsJson(doc.description());
    const int steps = doc.undoStack()->count();
    QVERIFY(!editor.setCell(1, DhTableEditor::Mass, "-3"));
    QVERIFY2(editor.lastProblem().contains("mass"), qPrintable(editor.lastProblem()));
    QVERIFY(editor.statusText().startsWith("Refused: "));
    QCOMPARE(editor.table()->item(1, DhTableEditor::Mass)->text(), QString("50"));
    QVERIFY(!editor.setCell(1, DhTableEditor::D, "abc"));
    QVERIFY(editor.lastProblem().contains("not a number"));
    QVERIFY(!editor.setCell(1, DhTableEditor::Name, "link3"));
    QVERIFY2(editor.lastProblem().contains("'link3' is named twice"),
             qPrintable(editor.lastProblem()));
    QVERIFY(!editor.setMountField(DhTableEditor::EtaDeg, "nan"));
    QCOMPARE(writeVmsJson(doc.description()), before);
    QCOMPARE(doc.undoStack()->count(), steps);
    // Renaming a link is one step; what hangs on it (the end-effector frame's link) follows.
    const int last = editor.table()->rowCount() - 1;
    QVERIFY2(editor.setCell(last, DhTableEditor::Name, "wrist"), qPrintable(editor.lastProblem()));
    QCOMPARE(doc.description().frames.front().link, std::string("wrist"));
  }

  void notEditableSaysWhy() {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.open(kSpatial, &error), qPrintable(error));
    DhTableEditor editor(&doc);
    QVERIFY(editor.editable());
    // A DH link edited in the inspector: no longer DH form.
    VecX mass(1);
    mass << 51.0;
    QVERIFY2(doc.setLinkProperty(2, ui::LinkProperty::Mass, mass, &error), qPrintable(error));
    QVERIFY(!editor.editable());
    QVERIFY(!editor.table()->isEnabled());
    QVERIFY2(editor.statusText().contains("edited one by one"), qPrintable(editor.statusText()));
    QVERIFY(!editor.setCell(0, DhTableEditor::D, "0.3"));
    doc.undoStack()->undo();
    QVERIFY(editor.editable());
    QCOMPARE(editor.table()->rowCount(), int(doc.description().dh->links.size()));

    QVERIFY2(doc.open(QString(VMS_SOURCE_DIR) + "/models/seed001_rover_2r.vms.json", &error),
             qPrintable(error));
    QVERIFY(!editor.editable());
    QVERIFY2(editor.statusText().contains("not written as a DH table"),
             qPrintable(editor.statusText()));
  }
};

QTEST_MAIN(TestAppDhEditor)
#include "test_app_dh_editor.moc"
