// The 3D view on frames as the simulation worker makes them (Simulator + FrameBuilder): every
// example scenario runs for a while with every overlay on; the real manipulability and
// inertia ellipsoids show; a hidden or tiny view never crashes.
#include <QDirIterator>

#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "test_view3d_support.hpp"
#include "ui/sim/frame_builder.hpp"

using namespace vms;
using namespace vms::test;

class TestView3dLive : public QObject {
  Q_OBJECT
 private slots:
  void everyExampleScenarioWithEveryOverlay() {
    QDirIterator it(sourcePath("models"), {"*.scenario.json"});
    QStringList files;
    while (it.hasNext()) files << it.next();
    files.sort();
    QVERIFY(!files.isEmpty());
    auto view = shownView(640, 480);
    for (const QString& file : files) {
      const Scenario scenario = loadScenario(file.toStdString());
      Simulator sim(scenario);
      auto builder = ui::FrameBuilder::forScenario(scenario);
      QStringList messages;
      auto connection = QObject::connect(view.get(), &ui::SceneView::message,
                                         [&](const QString& m) { messages << m; });
      view->setModel(scenario.model, sourcePath("models"));
      QObject::disconnect(connection);
      QVERIFY2(messages.isEmpty(), qPrintable(messages.join("; ")));
      for (int k = 0; k < ui::kOverlayCount; ++k) view->setOverlayVisible(ui::Overlay(k), true);
      ui::SimFrame frame;
      for (long i = 0; i < 60 && !sim.finished(); ++i) {
        sim.step();
        builder->build(sim, i, frame);
        view->showFrame(frame);
      }
      const QImage with = view->grabImage();
      const ui::FrameAnalysis& a = frame.analysis;
      qInfo("%s: Jm radii %s (valid %d), J* radii %s (valid %d), inertia radii %s (valid %d)",
            qPrintable(QFileInfo(file).fileName()),
            qPrintable(QString("%1 %2 %3")
                           .arg(a.velocity_ellipsoid_fixed.radii.x(), 0, 'g', 3)
                           .arg(a.velocity_ellipsoid_fixed.radii.y(), 0, 'g', 3)
                           .arg(a.velocity_ellipsoid_fixed.radii.z(), 0, 'g', 3)),
            a.velocity_ellipsoid_fixed.valid,
            qPrintable(QString("%1 %2 %3")
                           .arg(a.velocity_ellipsoid_floating.radii.x(), 0, 'g', 3)
                           .arg(a.velocity_ellipsoid_floating.radii.y(), 0, 'g', 3)
                           .arg(a.velocity_ellipsoid_floating.radii.z(), 0, 'g', 3)),
            a.velocity_ellipsoid_floating.valid,
            qPrintable(QString("%1 %2 %3")
                           .arg(a.inertia_ellipsoid.radii.x(), 0, 'g', 3)
                           .arg(a.inertia_ellipsoid.radii.y(), 0, 'g', 3)
                           .arg(a.inertia_ellipsoid.radii.z(), 0, 'g', 3)),
            a.inertia_ellipsoid.valid);
      with.save(QDir::temp().filePath("view3d_live_" + QFileInfo(file).baseName() + ".png"));
      QVERIFY(luminanceVariance(with) > 50.0);
      // Each valid ellipsoid is visible: switching it off changes the picture.
      const std::pair<ui::Overlay, const ui::Ellipsoid*> ellipsoids[] = {
          {ui::Overlay::ManipulabilityFixed, &a.velocity_ellipsoid_fixed},
          {ui::Overlay::ManipulabilityFloating, &a.velocity_ellipsoid_floating},
          {ui::Overlay::OperationalInertia, &a.inertia_ellipsoid}};
      for (const auto& [overlay, ellipsoid] : ellipsoids) {
        if (!ellipsoid->valid) continue;
        view->setOverlayVisible(overlay, false);
        const int changed = differingPixels(with, view->grabImage(), 20);
        view->setOverlayVisible(overlay, true);
        QVERIFY2(changed > 30,
                 qPrintable(QString("overlay %1: %2 pixels").arg(int(overlay)).arg(changed)));
      }
    }
  }

  void hiddenAndTinyViewsDoNotCrash() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    ui::SceneView hidden;  // never shown
    hidden.resize(200, 150);
    hidden.setModel(model, sourcePath("models"));
    hidden.showFrame(frameFor(model, State::neutral(model)));
    QCOMPARE(hidden.framesRendered(), 0L);  // showFrame does not draw what is not visible
    hidden.grabImage();                     // may be blank, must not crash
    auto tiny = shownView(1, 1);            // as small as the widget allows
    tiny->setModel(model, sourcePath("models"));
    tiny->showFrame(frameFor(model, State::neutral(model)));
    qInfo("smallest view: %dx%d", tiny->width(), tiny->height());
    tiny->clearModel();
    tiny->showFrame(frameFor(model, State::neutral(model)));  // no model: ignored
    QVERIFY(!tiny->grabImage().isNull());
  }
};

QTEST_MAIN(TestView3dLive)
#include "test_view3d_live.moc"
