// "Mount arm…" and "Replace vehicle…" in the editor (composing real robots): SPART's
// KUKA LWR mounted on an empty vehicle (File > New) and then a second one with a prefix, the
// vehicle then replaced; each one undo step that restores the model exactly; the scenario's
// initial state gains the arm's joints; refused edits (a name clash, an unreadable file) change
// nothing and are reported; the composed model simulates.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>

#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/scenario/simulator.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/model_templates.hpp"
#include "ui/panels/compose_actions.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

const QString kKuka = QString(VMS_SOURCE_DIR) + "/tests/data/urdf-spart/kuka_lwr.urdf";

Pose alongX(double x) {
  Pose p;
  p.R = Eigen::AngleAxisd(M_PI / 2, Vec3::UnitY()).toRotationMatrix();
  p.p = Vec3(x, 0, 0);
  return p;
}

}  // namespace

class TestAppMountArm : public QObject {
  Q_OBJECT
 private slots:
  void mountAndReplace() {
    ModelDocument doc;
    QString error;
    QVERIFY2(doc.newDocument(findModelTemplate("vehicle")->make(), &error), qPrintable(error));
    ComposeActions actions(&doc, nullptr, nullptr);
    QSignalSpy refused(&actions, &ComposeActions::refused);
    const std::string empty = writeVmsJson(doc.description());
    QCOMPARE(doc.scenario().model.njoints, 0);

    QVERIFY(actions.mountArm(kKuka, QString(), alongX(0.5), QString()));
    QCOMPARE(doc.scenario().model.njoints, 7);
    QCOMPARE(doc.scenario().initial_state.q.size(), 7);
    const std::string one_arm = writeVmsJson(doc.description());
    // Mesh paths now lead from this document to the arm's meshes.
    bool found_mesh = false;
    for (const LinkDescription& l : doc.description().links)
      for (const Visual& v : l.visuals)
        if (v.shape == Visual::Shape::Mesh) {
          found_mesh = true;
          // (SPART's meshes are not in the repository: the resolved path is compared.)
          QVERIFY2(
              QDir::cleanPath(QDir(doc.modelDirectory()).filePath(QString::fromStdString(v.mesh)))
                  .startsWith(QFileInfo(kKuka).absolutePath() + "/meshes_kuka_lwr/"),
              v.mesh.c_str());
        }
    QVERIFY(found_mesh);

    // The same arm again clashes by name: refused, nothing changes, the reason is reported.
    QVERIFY(!actions.mountArm(kKuka, QString(), alongX(-0.5), QString()));
    QCOMPARE(refused.count(), 1);
    QVERIFY2(refused.last().at(0).toString().contains("prefix"),
             qPrintable(refused.last().at(0).toString()));
    QCOMPARE(writeVmsJson(doc.description()), one_arm);
    QVERIFY(!actions.mountArm(kKuka + ".missing", QString(), Pose{}, QString()));
    QCOMPARE(writeVmsJson(doc.description()), one_arm);

    // A second arm with a prefix: a dual-arm vehicle that simulates.
    QVERIFY(actions.mountArm(kKuka, QString(), alongX(-0.5), "right_"));
    QCOMPARE(doc.scenario().model.njoints, 14);
    const std::string two_arms = writeVmsJson(doc.description());
    Simulator sim(doc.scenario());
    for (int k = 0; k < 50; ++k) sim.step();
    QVERIFY(sim.state().allFinite());

    // Replace the vehicle by a planar one from a file: both arms move over.
    QTemporaryDir dir;
    ModelDescription rover;
    rover.name = "rover";
    rover.base_type = BaseType::Planar;
    LinkDescription chassis;
    chassis.name = "chassis";
    chassis.inertial.mass = 80;
    chassis.inertial.inertia = Vec3(5, 6, 7).asDiagonal();
    rover.links.push_back(chassis);
    const QString rover_file = dir.filePath("rover.vms.json");
    saveModelDescription(rover, rover_file.toStdString());
    QVERIFY(actions.replaceVehicle(rover_file, QString(), Pose{}));
    QVERIFY(doc.scenario().model.base_type == BaseType::Planar);
    QCOMPARE(doc.scenario().model.njoints, 14);
    QCOMPARE(doc.description().links[0].name, std::string("chassis"));

    // Undo walks back through every step exactly, redo forward.
    QUndoStack* undo = doc.undoStack();
    undo->undo();
    QCOMPARE(writeVmsJson(doc.description()), two_arms);
    undo->undo();
    QCOMPARE(writeVmsJson(doc.description()), one_arm);
    undo->undo();
    QCOMPARE(writeVmsJson(doc.description()), empty);
    QCOMPARE(doc.scenario().model.njoints, 0);
    undo->redo();
    undo->redo();
    QCOMPARE(writeVmsJson(doc.description()), two_arms);
  }
};

QTEST_MAIN(TestAppMountArm)
#include "test_app_mount_arm.moc"
