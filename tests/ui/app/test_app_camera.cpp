// The camera keeps the vehicle in view: with a free camera, the vehicle of seed000_prismatic_se3
// and seed000_uvms leaves the view by the end of the run. Every example is run to its end at full
// speed with the default follow mode; the vehicle's centre of mass must then be inside the 3D
// view. The free camera loses at least one vehicle, so the check can fail. The status bar says
// what the camera follows.
#include <QAction>
#include <QToolButton>
#include <cmath>

#include "test_app_support.hpp"
#include "ui/app/window/example_catalog.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// Runs the open example to its end as fast as possible; true when the vehicle's centre is
/// inside the view at the end. `where` gets the position (widget pixels).
bool vehicleInViewAtTheEnd(ui::MainWindow& window, QPointF* where) {
  window.resetSimulation();
  runFor(window, 1e9, /*factor=*/0.0);
  ui::SceneView* scene = window.sceneView();
  *where = scene->projectToWidget(scene->vehicleCenter());
  return QRectF(0, 0, scene->width(), scene->height()).contains(*where);
}

/// World positions of the bodies in the frame the window shows.
struct SimFrameProbe {
  explicit SimFrameProbe(const ui::MainWindow& window) : window_(window) {}
  Vec3 bodyPosition(int body) const {
    const auto& poses = window_.framePump()->lastFrame().body_poses;
    return body >= 0 && size_t(body) < poses.size() ? poses[size_t(body)].p : Vec3::Zero();
  }
  const ui::MainWindow& window_;
};

}  // namespace

class TestAppCamera : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_camera", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void defaultFollowIsShownInTheStatusBar() {
    QCOMPARE(window_->sceneView()->cameraFollow(), ui::CameraFollow::SystemCenterOfMass);
    auto* button = window_->findChild<QToolButton*>("cameraFollowButton");
    QVERIFY(button && button->isVisible());
    QVERIFY2(button->text().contains("system CoM"), qPrintable(button->text()));
    window_->setCameraFollow(ui::CameraFollow::Vehicle);
    QVERIFY2(button->text().contains("vehicle"), qPrintable(button->text()));
    window_->setCameraFollow(ui::CameraFollow::SystemCenterOfMass);
  }

  void everyExampleKeepsItsVehicleInView_data() {
    QTest::addColumn<QString>("path");
    for (const ui::Example& e : ui::ExampleCatalog::examples())
      QTest::newRow(qPrintable(e.name)) << e.path;
  }

  void everyExampleKeepsItsVehicleInView() {
    QFETCH(QString, path);
    QString error;
    QVERIFY2(window_->openFile(path, &error), qPrintable(error));
    QPointF at;
    const bool in_view = vehicleInViewAtTheEnd(*window_, &at);
    qInfo("vehicle at (%.0f, %.0f) px in a %d x %d view at t = %.1f s", at.x(), at.y(),
          window_->sceneView()->width(), window_->sceneView()->height(), shownTime(*window_));
    QVERIFY2(in_view,
             qPrintable(QStringLiteral("vehicle out of view at (%1, %2)").arg(at.x()).arg(at.y())));
  }

  // The old default, a free camera, loses the vehicle of the moving examples.
  void aFreeCameraLosesAMovingVehicle() {
    window_->setCameraFollow(ui::CameraFollow::None);
    int lost = 0;
    for (const char* name : {"seed000_prismatic_se3", "seed000_uvms"}) {
      QString error;
      QVERIFY2(window_->openFile(sourcePath(QStringLiteral("models/%1.scenario.json").arg(name)),
                                 &error),
               qPrintable(error));
      QPointF at;
      if (!vehicleInViewAtTheEnd(*window_, &at)) ++lost;
      qInfo("free camera, %s: vehicle at (%.0f, %.0f) px", name, at.x(), at.y());
    }
    window_->setCameraFollow(ui::CameraFollow::SystemCenterOfMass);
    QVERIFY(lost >= 1);
  }

  // View ▸ Frame Selected (F) brings the selected link to the middle of the view, large; Frame
  // All (Home) frames the whole model again.
  void frameSelectedAndFrameAll() {
    const QString error = openShowingFirstFrame(*window_, "models/seed004_spatial.vms.json");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    ui::SceneView* scene = window_->sceneView();
    const Model& model = window_->controller()->scenario().model;
    const int tip = model.nbodies - 1;
    scene->setSelectedBody(tip);
    auto* frame_selected = window_->findChild<QAction*>("frameSelectedAction");
    auto* frame_all = window_->findChild<QAction*>("frameAllAction");
    QVERIFY(frame_selected && frame_all);
    QCOMPARE(frame_selected->shortcut(), QKeySequence(Qt::Key_F));
    const QPointF middle(scene->width() / 2.0, scene->height() / 2.0);
    auto distanceFromMiddle = [&](const Vec3& p) {
      const QPointF w = scene->projectToWidget(p);
      return std::hypot(w.x() - middle.x(), w.y() - middle.y());
    };
    auto apparentSize = [&](const Vec3& a, const Vec3& b) {
      const QPointF pa = scene->projectToWidget(a), pb = scene->projectToWidget(b);
      return std::hypot(pa.x() - pb.x(), pa.y() - pb.y());
    };
    // The tip's joint and the vehicle's centre, as drawn at the shown pose.
    SimFrameProbe probe(*window_);
    const Vec3 tip_joint = probe.bodyPosition(tip), vehicle = probe.bodyPosition(0);
    frame_all->trigger();
    const double all_size = apparentSize(tip_joint, probe.bodyPosition(tip - 1));
    frame_selected->trigger();
    const double selected_size = apparentSize(tip_joint, probe.bodyPosition(tip - 1));
    qInfo("last link: %.0f px framed with the model, %.0f px framed alone", all_size,
          selected_size);
    QVERIFY2(distanceFromMiddle(tip_joint) < 0.35 * scene->height(),
             qPrintable(QString::number(distanceFromMiddle(tip_joint))));
    QVERIFY(selected_size > 2.0 * all_size);
    frame_all->trigger();
    QVERIFY(distanceFromMiddle(vehicle) < 0.35 * scene->height());
    QVERIFY(std::abs(apparentSize(tip_joint, probe.bodyPosition(tip - 1)) - all_size) < 1.0);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppCamera)
#include "test_app_camera.moc"
