// View > Reachable Workspace (the reachable workspace, fixed-base and free-floating, shown in
// the 3D view as a point cloud coloured by manipulability),
// on seed 004's spatial spacecraft arm: the cloud has one point per sample, every point within
// the arm's reach of joint 1 (fixed base), the free-floating workspace (the 1700 kg bus moving
// so the system centre of mass stays put) is smaller than the fixed-base one, Hide removes the
// cloud, and a model without joints is refused with a message.
#include "core/analysis/reachable_workspace.hpp"
#include "core/io/dh_table.hpp"
#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"

using namespace vms;
using namespace vms::test;

class TestAppWorkspace : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_workspace", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void fixedAndFreeFloating() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_spatial.vms.json"), &error),
             qPrintable(error));
    ReachableWorkspace fixed, floating;
    QVERIFY2(window_->showReachableWorkspace(WorkspaceVehicle::FixedBase, &error, &fixed),
             qPrintable(error));
    QCOMPARE(window_->sceneView()->workspaceCloudSize(), int(fixed.samples.size()));
    QVERIFY(fixed.samples.size() >= 2000);
    // Every point within the arm's reach of joint 1: the sum of the DH link lengths.
    const DhTable& dh = *window_->document()->description().dh;
    double reach = 0.0;
    for (const DhLink& l : dh.links) reach += std::abs(l.d) + std::abs(l.a + l.b);
    const Model& model = window_->document()->scenario().model;
    const Vec3 joint1 = dh.b0;  // the bus at the origin, identity attitude
    for (const WorkspaceSample& s : fixed.samples)
      QVERIFY((s.position - joint1).norm() <= reach + 1e-9);
    QVERIFY(model.njoints == 6);

    QVERIFY2(window_->showReachableWorkspace(WorkspaceVehicle::FreeFloating, &error, &floating),
             qPrintable(error));
    qInfo("volume: fixed base %.3f m^3, free-floating %.3f m^3", fixed.volume, floating.volume);
    QVERIFY(floating.volume < fixed.volume);
    QVERIFY(floating.volume > 0.5 * fixed.volume);  // a 1700 kg bus barely moves
    // The README's figures (a seeded sample: the same points every run).
    QVERIFY(std::abs(fixed.volume - 292.3) < 0.1);
    QVERIFY(std::abs(floating.volume - 263.5) < 0.1);
    window_->hideReachableWorkspace();
    QCOMPARE(window_->sceneView()->workspaceCloudSize(), 0);
  }

  void noJointsIsRefused() {
    QString error;
    QVERIFY2(window_->newFromTemplate("vehicle", &error), qPrintable(error));
    QVERIFY(!window_->showReachableWorkspace(WorkspaceVehicle::FixedBase, &error));
    QVERIFY2(error.contains("no joints"), qPrintable(error));
    QCOMPARE(window_->sceneView()->workspaceCloudSize(), 0);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppWorkspace)
#include "test_app_workspace.moc"
