// The 3D view draws the example models where the camera says they are, follows joint motion,
// draws automatic geometry for links without visuals, picks bodies, and survives undocking.
#include <QDockWidget>
#include <QMainWindow>

#include "core/model/compile_model.hpp"
#include "test_view3d_support.hpp"

using namespace vms;
using namespace vms::test;

class TestView3dScene : public QObject {
  Q_OBJECT

  /// Draws `model` at `state`, checks that the image is not blank and that the pixels at the
  /// projected vehicle centre and at every arm body differ from the background there.
  static void checkModelVisible(const Model& model, const State& state) {
    auto view = shownView();
    QStringList messages;
    QObject::connect(view.get(), &ui::SceneView::message, [&](const QString& m) { messages << m; });
    view->setModel(model, sourcePath("models"));
    QVERIFY2(messages.isEmpty(), qPrintable(messages.join("; ")));
    view->showFrame(frameFor(model, state));
    const QImage image = view->grabImage();
    image.save(QDir::temp().filePath(QString("view3d_%1.png").arg(QTest::currentTestFunction())));
    QCOMPARE(image.size(), QSize(640, 480));
    const double variance = luminanceVariance(image);
    qInfo("%s: luminance variance %.1f", model.name.c_str(), variance);
    QVERIFY(variance > 50.0);

    const auto poses = bodyPoses(model, state);
    std::vector<QPointF> points;
    for (int b = 0; b < model.nbodies; ++b)
      points.push_back(view->projectToWidget(poses[size_t(b)].act(model.com[size_t(b)])));
    view->clearModel();  // same camera, background only
    const QImage bg = view->grabImage();
    int hits = 0;
    for (int b = 0; b < model.nbodies; ++b) {
      const int differing = differingPixels(image, bg, 40, around(points[size_t(b)], 2));
      qInfo("  body %d (%s) at (%.0f, %.0f): %d/25 pixels differ from the background", b,
            model.body_names[size_t(b)].c_str(), points[size_t(b)].x(), points[size_t(b)].y(),
            differing);
      if (differing >= 13) ++hits;
    }
    QVERIFY2(hits == model.nbodies, "every body's centre of mass shows geometry");
  }

 private slots:
  void spatialExampleIsDrawn() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    State state = State::neutral(model);
    state.q << 0.3, -0.6, 0.9, 0.4, -0.5, 0.2;
    checkModelVisible(model, state);
  }

  void planarUrdfIsDrawn() {
    const Model model = loadExample("models/seed004_planar.urdf", BaseType::Planar);
    State state = State::neutral(model);
    state.q << 0.4, 0.5, -0.7, 0.6;
    checkModelVisible(model, state);
  }

  void linksWithoutVisualsGetAutomaticGeometry() {
    ModelDescription description =
        loadModelDescription(sourcePath("models/seed004_spatial.vms.json").toStdString());
    for (auto& link : description.links) link.visuals.clear();
    const Model model = compileModel(description);
    State state = State::neutral(model);
    state.q << 0.3, -0.6, 0.9, 0.4, -0.5, 0.2;
    checkModelVisible(model, state);
  }

  void movingAJointChangesTheArmPixels() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView();
    view->setModel(model, sourcePath("models"));
    view->setOverlayVisible(ui::Overlay::SystemCenterOfMass, false);  // it moves with the arm
    State state = State::neutral(model);
    state.q << 0.3, -0.6, 0.9, 0.4, -0.5, 0.2;
    view->showFrame(frameFor(model, state));
    const QImage before = view->grabImage();
    const QPointF elbow_before = view->projectToWidget(bodyPoses(model, state)[3].p);
    state.q(2) += 0.8;  // joint 3 (the elbow)
    view->showFrame(frameFor(model, state));
    const QImage after = view->grabImage();
    const QPointF tip_after = view->projectToWidget(bodyPoses(model, state)[5].p);
    const int changed = differingPixels(before, after, 40);
    qInfo("moving joint 3 by 0.8 rad changed %d pixels", changed);
    QVERIFY(changed > 500);
    // The vehicle does not move: pixels around its centre stay.
    const QPointF vehicle = view->projectToWidget(model.com[0]);
    QCOMPARE(differingPixels(before, after, 40, around(vehicle, 3)), 0);
    QVERIFY(differingPixels(before, after, 40, around(tip_after, 6)) > 0 ||
            differingPixels(before, after, 40, around(elbow_before, 6)) > 0);
  }

  void clickingABodyPicksIt() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView();
    view->setModel(model, sourcePath("models"));
    State state = State::neutral(model);
    state.q << 0.3, -0.6, 0.9, 0.4, -0.5, 0.2;
    view->showFrame(frameFor(model, state));
    const auto poses = bodyPoses(model, state);
    // A point inside each body's first visual: its origin on the body.
    int checked = 0;
    for (const LinkDescription& link : model.description.links) {
      if (link.visuals.empty()) continue;
      const Frame& f = model.frames[size_t(model.frameIndex(link.name))];
      const Vec3 point = poses[size_t(f.body)].act(f.placement.act(link.visuals[0].origin.p));
      const QPoint pixel = view->projectToWidget(point).toPoint();
      const int picked = view->pickBody(pixel);
      qInfo("link %s (body %d) at (%d, %d): picked %d", link.name.c_str(), f.body, pixel.x(),
            pixel.y(), picked);
      // Bodies may hide each other; accept only the body itself or a body in front of it.
      if (picked == f.body) ++checked;
    }
    QVERIFY2(checked >= model.nbodies - 1, "almost every body is picked at its own position");
    QCOMPARE(view->pickBody(QPoint(2, 2)), -1);  // a corner: background

    // A click (press + release without moving) emits bodyPicked with the vehicle.
    QSignalSpy picked(view.get(), &ui::SceneView::bodyPicked);
    const QPoint vehicle = view->projectToWidget(model.com[0]).toPoint();
    QTest::mouseClick(view.get(), Qt::LeftButton, Qt::NoModifier, vehicle);
    QCOMPARE(picked.count(), 1);
    QCOMPARE(picked.at(0).at(0).toInt(), 0);
  }

  void draggingOrbitsAndDoesNotPick() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView();
    view->setModel(model, sourcePath("models"));
    view->showFrame(frameFor(model, State::neutral(model)));
    const QImage before = view->grabImage();
    QSignalSpy picked(view.get(), &ui::SceneView::bodyPicked);
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, QPoint(300, 240));
    for (int k = 1; k <= 10; ++k) {
      QMouseEvent move(QEvent::MouseMove, QPointF(300 + 8 * k, 240 + 2 * k),
                       view->mapToGlobal(QPointF(300 + 8 * k, 240 + 2 * k)), Qt::NoButton,
                       Qt::LeftButton, Qt::NoModifier);
      QApplication::sendEvent(view.get(), &move);
    }
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, QPoint(380, 260));
    QCOMPARE(picked.count(), 0);
    const QImage after = view->grabImage();
    QVERIFY(differingPixels(before, after) > 1000);
    // Wheel zoom changes the apparent size of the vehicle.
    QWheelEvent wheel(QPointF(320, 240), view->mapToGlobal(QPointF(320, 240)), QPoint(),
                      QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.get(), &wheel);
    QVERIFY(differingPixels(after, view->grabImage()) > 1000);
  }

  void selectedBodyIsHighlighted() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView();
    view->setModel(model, sourcePath("models"));
    view->showFrame(frameFor(model, State::neutral(model)));
    const QImage plain = view->grabImage();
    view->setSelectedBody(0);
    const QImage selected = view->grabImage();
    // The vehicle's face turns yellow: many pixels change, and they get more red than blue.
    const int changed = differingPixels(plain, selected, 40);
    int yellower = 0;
    for (int y = 0; y < plain.height(); ++y)
      for (int x = 0; x < plain.width(); ++x) {
        const QRgb a = plain.pixel(x, y), b = selected.pixel(x, y);
        if (colorDistance(a, b) > 40 && qRed(b) - qBlue(b) > qRed(a) - qBlue(a) + 40) ++yellower;
      }
    qInfo("highlight changed %d pixels, %d towards yellow", changed, yellower);
    QVERIFY(changed > 2000);
    QVERIFY(yellower > 0.9 * changed);
    view->saveScreenshot(QDir::temp().filePath("view3d_selected.png"));
    view->setSelectedBody(-1);
    QCOMPARE(differingPixels(plain, view->grabImage(), 10), 0);
  }

  void survivesUndockingAndRedocking() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    QMainWindow window;
    auto* dock = new QDockWidget("3D", &window);
    auto* view = new ui::SceneView(dock);
    dock->setWidget(view);
    window.addDockWidget(Qt::LeftDockWidgetArea, dock);
    window.setCentralWidget(new QWidget(&window));
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    view->setModel(model, sourcePath("models"));
    view->showFrame(frameFor(model, State::neutral(model)));
    QVERIFY(luminanceVariance(view->grabImage()) > 50.0);
    dock->setFloating(true);
    QTest::qWait(100);
    QVERIFY(luminanceVariance(view->grabImage()) > 50.0);
    dock->setFloating(false);
    QTest::qWait(100);
    QVERIFY(luminanceVariance(view->grabImage()) > 50.0);
    // Re-parenting into another window entirely.
    QWidget other;
    other.resize(500, 400);
    view->setParent(&other);
    view->resize(500, 400);
    other.show();
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(&other));
    QVERIFY(luminanceVariance(view->grabImage()) > 50.0);
    QVERIFY(view->framesRendered() > 3);
  }
};

QTEST_MAIN(TestView3dScene)
#include "test_view3d_scene.moc"
