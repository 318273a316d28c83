// The README's editing walkthrough, step by step in the main window, each step checked:
//  1. File > New from the "Spacecraft + 6-DoF arm" template, a link selected: the inspector
//     shows its mass properties and shapes;
//  2. seed 004's spatial example in the DH-table editor, link 2's a changed to 1.5 m: the
//     model stays a DH table;
//  3. SPART's KUKA LWR mounted on an empty vehicle (Mount arm): 7 joints, and the bar over
//     the 3D view names the mesh files the repository does not ship;
//     the composite simulates;
//  4. seed 004's one-joint scenario in the Scenario panel: the initial angle of joint 1 set to
//     0.3 rad, which the loaded run starts from;
//  5. View > Reachable Workspace > Fixed Base on seed 004's spatial arm: the cloud drawn;
//  6. the Study panel on seed 004's one-joint scenario: link 1's mass over 5 points and link 2's
//     over 2, the peak vehicle attitude deviation plotted.
// With VMS_SCREENSHOT_DIR set (scripts/screenshots.sh), each step's window (and dialog) is
// saved there as editing-<step>.png for the README.
#include <QAction>
#include <QDockWidget>
#include <QScreen>
#include <QTableWidget>
#include <QUndoStack>

#include "core/io/dh_table.hpp"
#include "core/io/vms_json.hpp"
#include "test_app_support.hpp"
#include "ui/app/bars/missing_mesh_bar.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/dh_table_editor.hpp"
#include "ui/panels/scenario_panel.hpp"
#include "ui/panels/study_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// The window as the screen shows it (dialogs over it included) into VMS_SCREENSHOT_DIR.
void shoot(QWidget* window, const QString& name) {
  const QByteArray dir = qgetenv("VMS_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QTest::qWait(300);  // let the 3D view and the plots draw
  const QRect r = window->frameGeometry();
  const QPixmap shot =
      QGuiApplication::primaryScreen()->grabWindow(0, r.x(), r.y(), r.width(), r.height());
  QVERIFY(shot.save(QString(dir) + "/editing-" + name + ".png"));
}

int linkIndex(const ui::ModelDocument& doc, const std::string& name) {
  for (size_t i = 0; i < doc.description().links.size(); ++i)
    if (doc.description().links[i].name == name) return int(i);
  return -1;
}

}  // namespace

class TestAppEditingWalkthrough : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_editing_walkthrough", autosave_.path());
    window_ = shownWindow();
    window_->move(0, 0);
  }

  void newFromTemplate() {
    QString error;
    QVERIFY2(window_->newFromTemplate("spacecraft_arm", &error), qPrintable(error));
    ui::ModelDocument* doc = window_->document();
    QCOMPARE(doc->scenario().model.njoints, 6);
    const int link = linkIndex(*doc, doc->description().links[3].name);
    QVERIFY(link > 0);
    window_->context()->selectLink(link);
    QVERIFY(runFor(*window_, 0.5));
    shoot(window_.get(), "1-template");
  }

  void dhTable() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_spatial.vms.json"), &error),
             qPrintable(error));
    window_->findChild<QAction*>("dhTableAction")->trigger();  // Edit > DH Table…
    auto* editor = window_->findChild<ui::DhTableEditor*>();
    QVERIFY(editor);
    QVERIFY(editor->isVisible());
    QVERIFY(editor->editable());
    editor->move(window_->frameGeometry().center() - editor->rect().center());
    QVERIFY2(editor->setCell(1, ui::DhTableEditor::A, "1.5"), qPrintable(editor->lastProblem()));
    QVERIFY(keepsDhForm(window_->document()->description()));
    QCOMPARE(window_->document()->description().dh->links[1].a, 1.5);
    editor->table()->selectRow(1);
    shoot(window_.get(), "2-dh-table");
    editor->close();
    window_->document()->undoStack()->undo();  // back to the file: no unsaved-edits question
    QVERIFY(!window_->document()->isModified());
  }

  void mountArm() {
    QString error;
    QVERIFY2(window_->newFromTemplate("vehicle", &error), qPrintable(error));
    Pose mount;
    mount.p = Vec3(0, 0, 0.5);
    QVERIFY2(window_->document()->mountArm(sourcePath("tests/data/urdf-spart/kuka_lwr.urdf"),
                                           QString(), mount, QString(), &error),
             qPrintable(error));
    QCOMPARE(window_->document()->scenario().model.njoints, 7);
    // SPART's meshes are not in the repository: the bar says so and offers to locate them.
    QVERIFY(window_->missingMeshBar()->isVisible());
    QVERIFY2(window_->missingMeshBar()->text().startsWith("6 mesh files not found"),
             qPrintable(window_->missingMeshBar()->text()));
    QVERIFY(runFor(*window_, 1.0));
    QVERIFY(shownTime(*window_) >= 0.9);
    QVERIFY(window_->framePump()->lastFrame().snapshot.state.allFinite());
    shoot(window_.get(), "3-mount-arm");
  }

  void scenarioPanel() {
    window_->document()->undoStack()->clear();  // the mounted arm is not kept (no question)
    QVERIFY(!window_->document()->isModified());
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    auto* dock = window_->findChild<QDockWidget*>("scenarioDock");
    QVERIFY(dock);
    dock->raise();
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    QVERIFY(panel && panel->editable());
    QVERIFY2(panel->setJoint(0, "0.3", "0"), qPrintable(panel->problemText()));
    QCOMPARE(window_->controller()->scenario().initial_state.q[0], 0.3);
    shoot(window_.get(), "4-scenario");
  }

  void workspace() {
    window_->document()->undoStack()->clear();
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_spatial.vms.json"), &error),
             qPrintable(error));
    QVERIFY2(window_->showReachableWorkspace(WorkspaceVehicle::FixedBase, &error),
             qPrintable(error));
    QVERIFY(window_->sceneView()->workspaceCloudSize() >= 2000);
    window_->findChild<QDockWidget*>("propertyInspectorDock")->raise();
    shoot(window_.get(), "5-workspace");
  }

  void study() {
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    qputenv("VMS_CLI", VMS_CLI_PATH);
    window_->findChild<QDockWidget*>("studyDock")->raise();
    auto* panel = window_->panelWidget<ui::StudyPanel>();
    panel->setParameter(1, "link:link1.mass", 2, 20, 5);
    panel->setParameter(2, "link:link2.mass", 20, 80, 2);
    panel->setMetric("max_vehicle_attitude_deviation");
    QVERIFY2(panel->run(), qPrintable(panel->statusText()));
    QVERIFY2(panel->waitForFinished(240000), qPrintable(panel->statusText()));
    QCOMPARE(panel->plottedPoints(), 10);
    shoot(window_.get(), "6-study");
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppEditingWalkthrough)
#include "test_app_editing_walkthrough.moc"
