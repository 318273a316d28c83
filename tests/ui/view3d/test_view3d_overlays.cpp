// Every overlay toggle changes the picture (and switching it off restores it), ellipsoids are
// drawn with one scale for the fixed and floating ones, and the follow camera keeps the vehicle
// (or the system CoM) at the centre of the view while the vehicle drifts away.
#include <limits>

#include "test_view3d_support.hpp"
#include "ui/view3d/grid_spacing.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// A moving state of the spatial example (vehicle and joints turning: non-zero momenta).
State movingState(const Model& model, double t) {
  State state = State::neutral(model);
  for (int k = 0; k < model.njoints; ++k) {
    state.q(k) = 0.4 * std::sin(1.3 * t + k);
    state.qd(k) = 0.5 * std::cos(1.3 * t + k);
  }
  state.base_twist << 0.05, 0.02, 0.0, 0.01, 0.03, 0.02;
  return state;
}

/// The frame with analysis filled as the worker would: end-effector position and ellipsoids
/// (made up, but shaped like the real ones: the floating one inside the fixed one).
ui::SimFrame analysedFrame(const Model& model, const State& state, long sequence) {
  ui::SimFrame frame = frameFor(model, state, sequence);
  const int ee = model.frameIndex("link6");
  const Frame& f = model.frames[size_t(ee)];
  const Vec3 tip = frame.body_poses[size_t(f.body)].act(f.placement.p);
  ui::FrameAnalysis& a = frame.analysis;
  a.end_effector_frame = ee;
  a.end_effector_position = tip;
  a.velocity_ellipsoid_fixed = {true, tip, frame.body_poses[size_t(f.body)].R, Vec3(2.0, 1.2, 0.6)};
  a.velocity_ellipsoid_floating = {true, tip, frame.body_poses[size_t(f.body)].R,
                                   Vec3(1.2, 0.8, 0.3)};
  a.inertia_ellipsoid = {true, tip, Mat3::Identity(), Vec3(40.0, 25.0, 10.0)};
  for (size_t k = 0; k < frame.body_poses.size(); ++k)  // Lambda(k): one per link
    a.link_inertia_ellipsoids.push_back({true, frame.body_poses[k].p, frame.body_poses[k].R,
                                         Vec3(0.3, 0.2, 0.1) * (1.0 + 0.2 * double(k))});
  return frame;
}

void allOverlays(ui::SceneView& view, bool on) {
  for (int k = 0; k < ui::kOverlayCount; ++k) view.setOverlayVisible(ui::Overlay(k), on);
}

}  // namespace

class TestView3dOverlays : public QObject {
  Q_OBJECT
 private slots:
  void everyToggleChangesTheImage() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView(800, 600);
    view->setModel(model, sourcePath("models"));
    allOverlays(*view, false);
    for (int i = 0; i <= 40; ++i)
      view->showFrame(analysedFrame(model, movingState(model, 0.05 * i), i));
    const QImage bare = view->grabImage();
    const char* names[] = {"link frames", "CoMs",      "joint axes",        "system CoM",
                           "momentum",    "trail",     "manipulability Jm", "manipulability J*",
                           "inertia",     "Lambda(k)", "world axes",        "grid"};
    static_assert(sizeof names / sizeof names[0] == ui::kOverlayCount);
    for (int k = 0; k < ui::kOverlayCount; ++k) {
      view->setOverlayVisible(ui::Overlay(k), true);
      QVERIFY(view->overlayVisible(ui::Overlay(k)));
      const QImage with = view->grabImage();
      const int changed = differingPixels(bare, with);
      qInfo("%-18s on: %6d pixels change", names[k], changed);
      QVERIFY2(changed > 40, names[k]);
      view->setOverlayVisible(ui::Overlay(k), false);
      QCOMPARE(differingPixels(bare, view->grabImage(), 10), 0);
    }
    allOverlays(*view, true);
    view->saveScreenshot(QDir::temp().filePath("view3d_overlays.png"));
    // The fixed and floating ellipsoids are drawn side by side: with both on, switching off
    // the floating one (inside the fixed one) still changes the picture.
    const QImage both = view->grabImage();
    view->setOverlayVisible(ui::Overlay::ManipulabilityFloating, false);
    QVERIFY(differingPixels(both, view->grabImage()) > 40);
  }

  // A world triad and a reference grid; the grid's spacing is a round number of
  // about a fifth of the model's size.
  void gridSpacingIsRound() {
    QCOMPARE(ui::gridSpacing(10.0), 2.0);
    QCOMPARE(ui::gridSpacing(4.0), 0.5);
    QCOMPARE(ui::gridSpacing(1.0), 0.2);
    QCOMPARE(ui::gridSpacing(0.3), 0.05);
    QCOMPARE(ui::gridSpacing(25.0), 5.0);
    QCOMPARE(ui::gridSpacing(0.0), 0.2);  // no size: as for 1 m
  }

  void ellipsoidQuantities() {
    // The rotational and force ellipsoids replace the translational ones; a force ellipsoid
    // with an unbounded axis (+inf) is still drawn (that axis at three times the longest).
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView(640, 480);
    view->setModel(model, sourcePath("models"));
    allOverlays(*view, false);
    ui::SimFrame frame = analysedFrame(model, movingState(model, 0.3), 1);
    const Vec3 tip = frame.analysis.end_effector_position;
    frame.analysis.rotation_ellipsoid_fixed = {true, tip, Mat3::Identity(), Vec3(1.0, 0.2, 0.2)};
    frame.analysis.force_ellipsoid_fixed = {
        true, tip, Mat3::Identity(), Vec3(0.5, 0.4, std::numeric_limits<double>::infinity())};
    view->showFrame(frame);
    const QImage bare = view->grabImage();
    view->setOverlayVisible(ui::Overlay::ManipulabilityFixed, true);
    QImage images[3];
    for (int q = 0; q < 3; ++q) {
      view->setEllipsoidQuantity(ui::EllipsoidQuantity(q));
      QCOMPARE(int(view->ellipsoidQuantity()), q);
      view->showFrame(frame);
      images[q] = view->grabImage();
      const int changed = differingPixels(bare, images[q]);
      qInfo("ellipsoid quantity %d: %d pixels change", q, changed);
      QVERIFY(changed > 40);
    }
    QVERIFY(differingPixels(images[0], images[1]) > 40);
    QVERIFY(differingPixels(images[1], images[2]) > 40);
    // Every radius infinite: nothing to draw, as for an invalid ellipsoid (the legend stays).
    frame.analysis.force_ellipsoid_fixed.valid = false;
    view->showFrame(frame);
    const QImage none = view->grabImage();
    frame.analysis.force_ellipsoid_fixed.valid = true;
    frame.analysis.force_ellipsoid_fixed.radii.setConstant(std::numeric_limits<double>::infinity());
    view->showFrame(frame);
    QCOMPARE(differingPixels(none, view->grabImage(), 10), 0);
  }

  void trailGrowsAndClears() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView(640, 480);
    view->setModel(model, sourcePath("models"));
    allOverlays(*view, false);
    view->setOverlayVisible(ui::Overlay::EndEffectorTrail, true);
    view->showFrame(analysedFrame(model, movingState(model, 0.0), 0));
    const QImage start = view->grabImage();
    for (int i = 1; i <= 30; ++i)
      view->showFrame(analysedFrame(model, movingState(model, 0.05 * i), i));
    const State last = movingState(model, 0.05 * 30);
    view->showFrame(analysedFrame(model, last, 31));
    const QImage long_trail = view->grabImage();
    view->clearTrail();
    const QImage cleared = view->grabImage();
    const int trail_pixels = differingPixels(cleared, long_trail);
    qInfo("trail of 30 frames: %d pixels", trail_pixels);
    QVERIFY(trail_pixels > 60);
    QVERIFY(differingPixels(start, long_trail) > trail_pixels);  // the arm moved as well
  }

  void followCameraKeepsTheVehicleCentred() {
    const Model model = loadExample("models/seed004_spatial.vms.json");
    auto view = shownView(640, 480);
    view->setModel(model, sourcePath("models"));
    const QPointF centre(320.0, 240.0);
    State state = State::neutral(model);
    view->showFrame(frameFor(model, state));
    view->setCameraFollow(ui::CameraFollow::Vehicle);
    for (int step = 1; step <= 5; ++step) {
      state.base_position = Vec3(3.0 * step, -2.0 * step, 1.0 * step);
      state.base_orientation = Quat(Eigen::AngleAxisd(0.3 * step, Vec3::UnitZ()));
      view->showFrame(frameFor(model, state));
      const Vec3 vehicle = state.basePose().act(model.com[0]);
      const QPointF at = view->projectToWidget(vehicle);
      qInfo("vehicle at (%.1f, %.1f, %.1f) m is drawn at (%.1f, %.1f)", vehicle.x(), vehicle.y(),
            vehicle.z(), at.x(), at.y());
      QVERIFY(QLineF(at, centre).length() < 2.0);
    }
    // The vehicle is actually drawn there.
    const QImage image = view->grabImage();
    QVERIFY(colorDistance(image.pixel(320, 240), image.pixel(5, 240)) > 40);

    // Not following: the vehicle leaves the centre.
    view->setCameraFollow(ui::CameraFollow::None);
    state.base_position += Vec3(4.0, 0.0, 0.0);
    view->showFrame(frameFor(model, state));
    QVERIFY(QLineF(view->projectToWidget(state.basePose().act(model.com[0])), centre).length() >
            20.0);

    // Following the system centre of mass.
    view->setCameraFollow(ui::CameraFollow::SystemCenterOfMass);
    state.q << 0.5, 0.5, 0.5, 0.5, 0.5, 0.5;
    state.base_position += Vec3(-6.0, 3.0, 0.0);
    const ui::SimFrame frame = frameFor(model, state);
    view->showFrame(frame);
    const QPointF com = view->projectToWidget(frame.snapshot.momenta.center_of_mass);
    qInfo("system CoM drawn at (%.1f, %.1f)", com.x(), com.y());
    QVERIFY(QLineF(com, centre).length() < 2.0);
  }
};

QTEST_MAIN(TestView3dOverlays)
#include "test_view3d_overlays.moc"
