// Teach mode and the analysis overlays in the main window, on seed 004's spatial example
// (computed torque along the joint sweep):
// - typing a number in a joint's box (degrees) poses that joint at exactly that angle, and the
//   slider follows;
// - the Teach panel's live numbers equal the core functions at the shown pose
//   (EndEffectorAnalyzer, attitudeDeviationAngle, momentumPartition) and the pose plot grows;
// - "Hold pose" on: after 1 s of Play the joints stay within 1e-3 rad of the pose; off: the
//   controller pulls the arm back towards its reference as before (the joint moves > 0.05 rad);
// - the analysis-frame selector moves the analysis to the chosen frame;
// - Lambda(k) at every link: the worker sends one ellipsoid per body when the overlay is on,
//   equal to LinkOperationalInertias at the state, and the view draws them; the rotational
//   and force ellipsoid choices change the picture;
// - numbers far out of range (a diverging run) keep the live view's labels short;
// - frame rate while playing: adding Lambda(k) at every link keeps more than half the rate of
//   the default overlays; the rate with every overlay on is printed (VMS_RUN_SERIAL: timed).
#include <qcustomplot.h>

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>

#include "core/actuators/reaction_wheel.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/analysis/link_operational_inertia.hpp"
#include "core/analysis/momentum_partition.hpp"
#include "core/analysis/vehicle_reaction.hpp"
#include "test_app_support.hpp"
#include "ui/app/measurement/measured_run.hpp"
#include "ui/panels/teach_live_view.hpp"
#include "ui/panels/teach_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

ui::SimFrame latest(ui::MainWindow& window) {
  window.framePump()->tick();
  return window.framePump()->lastFrame();
}

/// Types `text` into a spin box as a user would (select all, type, Enter).
void typeInto(QDoubleSpinBox* box, const QString& text) {
  box->setFocus();
  box->selectAll();
  QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Return);
}

}  // namespace

class TestAppTeach : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

  ui::TeachPanel* teach() { return window_->panelWidget<ui::TeachPanel>(); }

  void open() {
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    QVERIFY(
        waitUntil([&] { return window_->controller()->runState() == ui::RunState::Paused; }, 5000));
    QVERIFY(waitUntil([&] { return teach()->valueBox(0)->isEnabled(); }, 5000));
  }

  /// Poses joint row `row` at `degrees` through its number box; the joint's value.
  double poseByTyping(int row, double degrees) {
    const int joint = teach()->sliderJoint(row);
    typeInto(teach()->valueBox(row), QString::number(degrees, 'f', 3));
    const double target = degrees * M_PI / 180.0;
    waitUntil([&] { return std::abs(latest(*window_).snapshot.state.q[joint] - target) < 1e-9; },
              5000);
    return latest(*window_).snapshot.state.q[joint];
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_teach", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    open();
  }

  void typedValueMovesTheJointExactly() {
    teach()->setVehicleReacts(true);
    QDoubleSpinBox* box = teach()->valueBox(0);
    QCOMPARE(box->suffix(), QString(QChar(0x00B0)));
    QVERIFY(box->singleStep() <= 0.1);
    const double q = poseByTyping(0, 37.25);
    QCOMPARE(box->value(), 37.25);
    QVERIFY2(std::abs(q - 37.25 * M_PI / 180.0) < 1e-12,
             qPrintable(QString("joint at %1 rad").arg(q, 0, 'g', 17)));
    // The slider follows the box (to its resolution: 2 pi / 20000).
    const Model& m = window_->controller()->scenario().model;
    const double lower = m.has_limits[size_t(teach()->sliderJoint(0))]
                             ? m.lower_limit[teach()->sliderJoint(0)]
                             : -M_PI;
    const double upper = m.has_limits[size_t(teach()->sliderJoint(0))]
                             ? m.upper_limit[teach()->sliderJoint(0)]
                             : M_PI;
    auto* slider = teach()->findChild<QSlider*>(
        QString::fromStdString("teach_" + m.joint_names[size_t(teach()->sliderJoint(0))]));
    QVERIFY(slider);
    const double shown = lower + (upper - lower) * slider->value() / slider->maximum();
    QVERIFY2(std::abs(shown - q) <= (upper - lower) / slider->maximum(),
             qPrintable(QString::number(shown)));
  }

  void liveNumbersEqualTheCore() {
    poseByTyping(1, -21.5);
    QTest::qWait(100);
    const ui::SimFrame frame = latest(*window_);
    const ui::TeachLiveValues& v = teach()->liveView()->values();
    QVERIFY(v.valid);
    const Scenario& s = window_->controller()->scenario();
    const Model& m = s.model;
    const State& x = frame.snapshot.state;
    EndEffectorAnalyzer analyzer(m, s.analysis ? s.analysis->end_effector_frame : -1,
                                 reactionWheelJoints(m, s.reaction_wheels));
    EndEffectorAnalysis a;
    analyzer.compute(x, frame.snapshot.joint_torque - m.damping.cwiseProduct(x.qd), a);
    QVERIFY(a.manipulability_fixed > 0.0 && a.manipulability_floating > 0.0);
    QCOMPARE(v.manipulability_fixed, a.manipulability_fixed);
    QCOMPARE(v.manipulability_floating, a.manipulability_floating);
    QCOMPARE(v.ratio, a.dynamic_singularity);
    const double attitude =
        attitudeDeviationAngle(s.initial_state.base_orientation, x.base_orientation) * 180 / M_PI;
    QVERIFY(std::abs(v.attitude_deg - attitude) < 1e-12);
    QVERIFY(attitude > 0.01);  // the vehicle reacted to the poses
    Data d(m);
    computeKinematics(m, d, x);
    QVERIFY((v.system_com - momentumPartition(m, d).center_of_mass).norm() < 1e-12);
    // What the labels show.
    auto* floating = teach()->findChild<QLabel*>("teach_manipulability_floating");
    QCOMPARE(floating->text(), QString::number(a.manipulability_floating, 'g', 5));
    const QString ratio = teach()->findChild<QLabel*>("teach_ratio")->text();
    QVERIFY2(std::isfinite(a.dynamic_singularity)
                 ? ratio.startsWith(QString::number(a.dynamic_singularity, 'g', 5))
                 : ratio.startsWith("undefined: Jm is singular"),
             qPrintable(ratio));
    // The reason comes with a ratio made large by a nearly singular Jm.
    QCOMPARE(ratio.contains("nearly singular"),
             std::isfinite(a.dynamic_singularity) && a.inverse_condition_fixed < 1e-3);
    QVERIFY2(teach()->liveView()->posesRecorded() >= 2,
             qPrintable(QString::number(teach()->liveView()->posesRecorded())));
    // Opening the file again starts the pose plot afresh, its axes too.
    auto* plot = teach()->liveView()->findChild<QCustomPlot*>("teach_plot");
    QVERIFY(plot);
    const QCPRange w_range = plot->yAxis->range();  // the measures' values, not [0, 1]
    QVERIFY2(w_range.lower != 0.0 || w_range.upper != 1.0,
             qPrintable(QString("%1 %2").arg(w_range.lower).arg(w_range.upper)));
    open();
    QCOMPARE(teach()->liveView()->posesRecorded(), 0);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis, plot->yAxis2}) {
      QCOMPARE(axis->range().lower, 0.0);
      QCOMPARE(axis->range().upper, 1.0);
    }
  }

  /// A run far out of range (a diverging one) shows its numbers with 6 significant digits:
  /// labels stay short, and the view, with it the dock and the window, no wider.
  void hugeValuesMakeShortLabels() {
    ui::TeachLiveView view;
    const int usual_width = view.minimumSizeHint().width();
    ui::SimFrame frame;
    frame.snapshot.momenta.center_of_mass = Vec3(1e300, -2.5e299, 3e-290);
    frame.snapshot.vehicle_attitude_deviation = 1e12;
    view.showFrame(frame, false);
    auto* com = view.findChild<QLabel*>("teach_com");
    auto* attitude = view.findChild<QLabel*>("teach_attitude");
    QVERIFY(com && attitude);
    QCOMPARE(com->text(), QString("(1e+300, -2.5e+299, 0) m"));
    QCOMPARE(attitude->text(), QString::number(1e12 * 180.0 / M_PI, 'g', 6) + QChar(0x00B0));
    QVERIFY2(
        view.minimumSizeHint().width() <= usual_width,
        qPrintable(
            QString("%1 px, %2 px before").arg(view.minimumSizeHint().width()).arg(usual_width)));
    for (QLabel* label : {com, attitude})
      QVERIFY2(label->sizeHint().width() < 300, qPrintable(label->text()));
    // Rounding noise next to the largest component shows as 0, a small CoM as it is.
    frame.snapshot.momenta.center_of_mass = Vec3(0.125, 1e-17, -2e-3);
    frame.snapshot.vehicle_attitude_deviation = 0.5 * M_PI / 180.0;
    view.showFrame(frame, false);
    QCOMPARE(com->text(), QString("(0.125, 0, -0.002) m"));
    QCOMPARE(attitude->text(), QString("0.5") + QChar(0x00B0));
  }

  void holdPoseKeepsThePoseWhenPlayed() {
    QVERIFY(teach()->holdPose());  // on by default
    poseByTyping(2, 30.0);
    const ui::SimFrame posed = latest(*window_);
    const double t0 = posed.snapshot.time;
    QVERIFY(runFor(*window_, t0 + 1.0, 2.0));
    const ui::SimFrame after = latest(*window_);
    QVERIFY(after.snapshot.time >= t0 + 1.0);
    const double moved = (after.snapshot.state.q - posed.snapshot.state.q).cwiseAbs().maxCoeff();
    qInfo("hold pose: joints moved at most %.3g rad in %.2f s of play", moved,
          after.snapshot.time - t0);
    QVERIFY2(moved < 1e-3, qPrintable(QString::number(moved)));
  }

  void withoutHoldTheArmIsPulledBack() {
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
    teach()->setHoldPose(false);
    const int joint = teach()->sliderJoint(2);
    const double q0 = latest(*window_).snapshot.state.q[joint];
    poseByTyping(2, q0 * 180 / M_PI + 30.0);
    const ui::SimFrame posed = latest(*window_);
    const double t0 = posed.snapshot.time;
    QVERIFY(runFor(*window_, t0 + 1.0, 2.0));
    const ui::SimFrame after = latest(*window_);
    const double back = posed.snapshot.state.q[joint] - after.snapshot.state.q[joint];
    qInfo("without hold: joint pulled back %.3g rad towards its reference in 1 s", back);
    QVERIFY2(back > 0.05, qPrintable(QString::number(back)));
    teach()->setHoldPose(true);
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
  }

  void analysisFrameSelectorMovesTheAnalysis() {
    QComboBox* selector = window_->simulationToolbar()->analysisFrameSelector();
    const Model& m = window_->controller()->scenario().model;
    QCOMPARE(selector->count(), int(m.frames.size()) + 1);
    const int chosen = m.frameIndex("link3");
    QVERIFY(chosen >= 0);
    const int item = selector->findData(chosen);
    selector->setCurrentIndex(item);
    emit selector->activated(item);
    QVERIFY(
        waitUntil([&] { return latest(*window_).analysis.end_effector_frame == chosen; }, 5000));
    QTest::qWait(50);
    QCOMPARE(teach()->liveView()->values().manipulability_floating,
             latest(*window_).analysis.manipulability_floating);
    // Opening a file goes back to the default, and the selector shows it.
    open();
    QVERIFY(
        waitUntil([&] { return latest(*window_).analysis.end_effector_frame != chosen; }, 5000));
    QCOMPARE(selector->currentIndex(), 0);
    QCOMPARE(window_->controller()->analysisFrame(), -1);
  }

  void linkInertiasAndEllipsoidQuantities() {
    const Model& m = window_->controller()->scenario().model;
    window_->setOverlay(ui::Overlay::LinkInertias, true);
    QVERIFY(waitUntil(
        [&] {
          return latest(*window_).analysis.link_inertia_ellipsoids.size() == size_t(m.nbodies);
        },
        5000));
    const ui::SimFrame frame = latest(*window_);
    Data d(m);
    crba(m, d, frame.snapshot.state);
    LinkOperationalInertias core(m);
    core.compute(m, d, VehicleMode::Free);
    for (int k = 0; k < m.nbodies; ++k) {
      const ui::Ellipsoid& e = frame.analysis.link_inertia_ellipsoids[size_t(k)];
      QVERIFY(e.valid);
      const Vec3 radii = core.links()[size_t(k)].translational.mobility.cwiseSqrt();
      QVERIFY((e.radii - radii).norm() <= 1e-12 * radii.norm());
      QVERIFY((e.center - d.oMi[k].p).norm() < 1e-12);
    }
    window_->sceneView()->showFrame(frame);
    QCOMPARE(window_->sceneView()->linkInertiasShown(), m.nbodies);
    QVERIFY(window_->sceneView()->linkInertiaScale() > 0.0);

    window_->setOverlay(ui::Overlay::ManipulabilityFixed, true);
    window_->setOverlay(ui::Overlay::ManipulabilityFloating, true);
    window_->setEllipsoidQuantity(ui::EllipsoidQuantity::TranslationalVelocity);
    const QImage translational = window_->sceneView()->grabImage();
    window_->setEllipsoidQuantity(ui::EllipsoidQuantity::RotationalVelocity);
    const QImage rotational = window_->sceneView()->grabImage();
    window_->setEllipsoidQuantity(ui::EllipsoidQuantity::Force);
    const QImage force = window_->sceneView()->grabImage();
    QVERIFY(translational != rotational);
    QVERIFY(rotational != force);
    window_->setEllipsoidQuantity(ui::EllipsoidQuantity::TranslationalVelocity);
    window_->setOverlay(ui::Overlay::LinkInertias, false);
    QVERIFY(waitUntil([&] { return latest(*window_).analysis.link_inertia_ellipsoids.empty(); },
                      5000) ||
            window_->controller()->runState() == ui::RunState::Paused);
  }

  void frameRateWithEverythingOn() {  // VMS_RUN_SERIAL
    // Frames drawn per wall second while playing in real time: the default overlays, then
    // every overlay on (Lambda(k) at every link, computed in the worker, included).
    auto measure = [&] {
      window_->simulationToolbar()->setRealTimeFactor(1.0);
      const long before = window_->sceneView()->framesRendered();
      QElapsedTimer wall;
      wall.start();
      window_->play();
      QTest::qWait(3000);
      window_->pause();
      return double(window_->sceneView()->framesRendered() - before) / (wall.elapsed() / 1000.0);
    };
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
    const double usual = measure();
    window_->setOverlay(ui::Overlay::LinkInertias, true);
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
    const double with_links = measure();
    for (int k = 0; k < ui::kOverlayCount; ++k) window_->setOverlay(ui::Overlay(k), true);
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
    const double all = measure();
    qInfo(
        "seed004_spatial_one_joint at 1x: %.1f frames/s with the default overlays, %.1f with "
        "Lambda(k) at every link added, %.1f with every overlay on",
        usual, with_links, all);
    QVERIFY2(with_links > 0.5 * usual, qPrintable(QString("%1 vs %2").arg(with_links).arg(usual)));
    QVERIFY(all > 0.0);
    for (int k = 0; k < ui::kOverlayCount; ++k) window_->setOverlay(ui::Overlay(k), false);
  }

  /// With VMS_TEACH_SCREENSHOT=FILE.png: the picture of docs/screenshots/teach_ellipsoids.png
  /// (posed arm, Lambda(k) at every link, the J* ellipsoid, the Teach panel raised).
  void screenshotForDocs() {
    const QString path = qEnvironmentVariable("VMS_TEACH_SCREENSHOT");
    if (path.isEmpty()) QSKIP("set VMS_TEACH_SCREENSHOT=FILE.png to write the screenshot");
    window_->resize(1400, 900);
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
    if (auto* dock = window_->findChild<QDockWidget*>("teachDock")) dock->raise();
    for (int k = 0; k < ui::kOverlayCount; ++k) window_->setOverlay(ui::Overlay(k), false);
    for (ui::Overlay o : {ui::Overlay::LinkInertias, ui::Overlay::ManipulabilityFloating,
                          ui::Overlay::ManipulabilityFixed, ui::Overlay::SystemCenterOfMass,
                          ui::Overlay::JointAxes})
      window_->setOverlay(o, true);
    teach()->setVehicleReacts(true);
    const double poses[][2] = {{1, -35.0}, {2, 60.0}, {3, -40.0}, {4, 50.0}, {1, -55.0}};
    for (const auto& p : poses) poseByTyping(int(p[0]), p[1]);
    window_->sceneView()->setFocus();  // the number boxes show their values unselected
    for (QLineEdit* edit : teach()->findChildren<QLineEdit*>()) edit->deselect();
    QTest::qWait(300);
    window_->sceneView()->resetCamera();
    QTest::qWait(300);
    latest(*window_);
    QVERIFY(ui::MeasuredRun::grabWindow(window_.get()).save(path));
  }
};

QTEST_MAIN(TestAppTeach)
#include "test_app_teach.moc"
