// The Disturbance Map panel in the main window, on seed 004's planar closed loop:
// - the colour map holds the core's disturbanceMap at the shown configuration, cell for cell
//   (the same numbers: the signed z curvature of a planar vehicle), and the direction segments
//   are its least-disturbing directions;
// - the marker is at the shown frame's (q_i, q_j); choosing other joints recomputes the map
//   for them;
// - while the run plays the path grows with the published frames' (q_i, q_j) and the map is
//   not recomputed on every frame;
// - a click on the map while paused poses the two joints at the clicked point (the other
//   joints unchanged); while playing it only says to pause;
// - a 6-joint spatial model's map (the curvature's norm) takes milliseconds (printed);
// - fixed and nonholonomic vehicles, mimic joints and a one-joint arm are refused with the
//   reason (the core's, for the first three).
// VMS_SCREENSHOT_DIR=DIR saves the window as DIR/disturbance-map.png.
#include <qcustomplot.h>

#include <QComboBox>
#include <QDockWidget>
#include <QScreen>
#include <cmath>
#include <limits>

#include "core/analysis/attitude_disturbance.hpp"
#include "test_app_support.hpp"
#include "ui/panels/disturbance_map_panel.hpp"
#include "ui/plots/disturbance_map_plot.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// A free-floating URDF arm of `joints` continuous joints; with `mimic`, the last one mimics
/// the one before it.
QByteArray urdfArm(int joints, bool mimic) {
  const QByteArray inertial =
      R"(<inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" )"
      R"(iyz="0"/></inertial>)";
  QByteArray urdf = R"(<robot name="arm"><link name="base">)" + inertial + "</link>";
  for (int k = 1; k <= joints; ++k) {
    const QByteArray n = QByteArray::number(k),
                     parent = k == 1 ? "base" : "l" + QByteArray::number(k - 1);
    urdf += "<link name=\"l" + n + "\">" + inertial + "</link>";
    urdf += "<joint name=\"j" + n + "\" type=\"continuous\"><parent link=\"" + parent +
            "\"/><child link=\"l" + n + "\"/><origin xyz=\"0.5 0 0\"/><axis xyz=\"0 1 1\"/>";
    if (mimic && k == joints) urdf += "<mimic joint=\"j" + QByteArray::number(k - 1) + "\"/>";
    urdf += "</joint>";
  }
  return urdf + "</robot>";
}

ui::SimFrame latest(ui::MainWindow& window) {
  window.framePump()->tick();
  return window.framePump()->lastFrame();
}

}  // namespace

class TestAppDisturbanceMap : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  QTemporaryDir files_;
  std::unique_ptr<ui::MainWindow> window_;

  ui::DisturbanceMapPanel* panel() { return window_->panelWidget<ui::DisturbanceMapPanel>(); }

  void open(const QString& path) {
    QString error;
    QVERIFY2(window_->openFile(path, &error), qPrintable(error));
    QVERIFY(
        waitUntil([&] { return window_->controller()->runState() == ui::RunState::Paused; }, 5000));
    window_->framePump()->tick();
    QTest::qWait(50);
  }

  void showPanel() {
    auto* dock = qobject_cast<QDockWidget*>(panel()->parentWidget());
    QVERIFY(dock);
    dock->show();
    dock->raise();
    QVERIFY(waitUntil([&] { return panel()->isVisible(); }, 5000));
  }

  /// Every cell of the colour map and every segment against the core at `state`.
  void compareWithCore(const State& state, int i, int j) {
    const ui::DisturbanceMapPanel* p = panel();
    QVERIFY(p->map());
    QCOMPARE(p->map()->joint_i, i);
    QCOMPARE(p->map()->joint_j, j);
    const Model& model = window_->controller()->scenario().model;
    const int n = p->map()->grid;
    const DisturbanceMap expected = disturbanceMap(model, state, i, j, n);
    QCPColorMapData* data = p->figure().colorMap()->data();
    QCOMPARE(data->keySize(), n);
    QCOMPARE(data->valueSize(), n);
    QCOMPARE(data->keyRange().lower, expected.qi[0]);
    QCOMPARE(data->keyRange().upper, expected.qi[n - 1]);
    QCOMPARE(data->valueRange().lower, expected.qj[0]);
    QCOMPARE(data->valueRange().upper, expected.qj[n - 1]);
    const bool planar = model.base_type == BaseType::Planar;
    double largest = 0.0;
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        const DisturbancePoint& point = expected.points[std::size_t(a * n + b)];
        // The panel's norm and this one may sum in another order (this file is compiled at
        // another optimisation level than ui/): equal to a few units in the last place.
        const double want = planar ? point.curvature.z() : point.curvature.norm();
        const double ulps = 4.0 * std::numeric_limits<double>::epsilon() * std::abs(want);
        QVERIFY2(std::abs(data->cell(a, b) - want) <= ulps,
                 qPrintable(QString("cell (%1, %2): %3, core %4")
                                .arg(a)
                                .arg(b)
                                .arg(data->cell(a, b), 0, 'g', 17)
                                .arg(want, 0, 'g', 17)));
        largest = std::max(largest, std::abs(want));
      }
    QVERIFY(largest > 0.0);
    // The segments: centred on grid points, along the core's least-disturbing direction.
    const int stride = ui::DisturbanceMapPlot::segmentStride(n);
    const QCPCurve* segments = p->figure().segments();
    int k = 0;
    for (int a = stride / 2; a < n; a += stride)
      for (int b = stride / 2; b < n; b += stride, k += 3) {
        QVERIFY(k + 2 < segments->data()->size());
        const auto p0 = segments->data()->at(k), p1 = segments->data()->at(k + 1);
        QVERIFY(std::isnan(segments->data()->at(k + 2)->key));
        QVERIFY(std::abs((p0->key + p1->key) / 2 - expected.qi[a]) < 1e-12);
        QVERIFY(std::abs((p0->value + p1->value) / 2 - expected.qj[b]) < 1e-12);
        Eigen::Vector2d d(p1->key - p0->key, p1->value - p0->value);
        d.normalize();
        const Eigen::Vector2d least = expected.points[std::size_t(a * n + b)].least;
        QVERIFY2(std::abs(d.dot(least)) > 1 - 1e-12,
                 qPrintable(QString("segment at (%1, %2)").arg(a).arg(b)));
      }
    QCOMPARE(segments->data()->size(), k);
  }

  /// The marker's point.
  Eigen::Vector2d marker() {
    const QCPCurve* m = panel()->figure().marker();
    if (m->data()->size() != 1) return Eigen::Vector2d::Constant(NAN);
    return {m->data()->at(0)->key, m->data()->at(0)->value};
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_disturbance_map", autosave_.path());
    window_ = shownWindow();
    window_->resize(1500, 950);
    window_->setDialogs(false);
    QVERIFY(panel());
    open(sourcePath("models/seed004_planar_closed_loop.scenario.json"));
    showPanel();
    QVERIFY(waitUntil([&] { return panel()->map() != nullptr; }, 5000));
  }

  void defaultsAreTheFirstTwoJointsOnA31Grid() {
    QCOMPARE(panel()->jointChooser(0)->currentText(), QString("joint1"));
    QCOMPARE(panel()->jointChooser(1)->currentText(), QString("joint2"));
    QCOMPARE(panel()->jointChooser(0)->count(), 4);
    QCOMPARE(panel()->map()->grid, 31);
    QVERIFY(panel()->refusal().isEmpty());
    QCOMPARE(panel()->figure().shown(), ui::CurvatureShown::SignedZ);
    const QString label = panel()->figure().colorScale()->axis()->label();
    QVERIFY2(label.contains("F_z") && label.contains("signed") && label.contains("rad/rad²"),
             qPrintable(label));
    QCOMPARE(panel()->plot()->xAxis->label(), QString("joint1 (rad)"));
    QCOMPARE(panel()->plot()->yAxis->label(), QString("joint2 (rad)"));
  }

  void colourMapEqualsTheCore() {
    const ui::SimFrame frame = latest(*window_);
    QVERIFY(panel()->state().q == frame.snapshot.state.q);
    compareWithCore(frame.snapshot.state, 0, 1);
  }

  void markerIsAtTheShownConfiguration() {
    const VecX q = latest(*window_).snapshot.state.q;
    const Eigen::Vector2d m = marker();
    QCOMPARE(m[0], std::remainder(q[0], 2 * M_PI));
    QCOMPARE(m[1], std::remainder(q[1], 2 * M_PI));
  }

  void choosingOtherJointsRecomputes() {
    const int before = panel()->computations();
    panel()->jointChooser(1)->setCurrentIndex(2);  // joint3
    QCOMPARE(panel()->computations(), before + 1);
    compareWithCore(latest(*window_).snapshot.state, 0, 2);
    QCOMPARE(panel()->plot()->yAxis->label(), QString("joint3 (rad)"));
    // One joint on both axes: the other chooser takes the joint this one had.
    panel()->jointChooser(0)->setCurrentIndex(2);
    QCOMPARE(panel()->jointChooser(1)->currentIndex(), 0);
    compareWithCore(latest(*window_).snapshot.state, 2, 0);
    // The grid.
    panel()->setGrid(12);
    QCOMPARE(panel()->map()->grid, 12);
    compareWithCore(latest(*window_).snapshot.state, 2, 0);
    panel()->setGrid(31);
    panel()->chooseJoints(0, 1);
    compareWithCore(latest(*window_).snapshot.state, 0, 1);
  }

  void pathFollowsTheRunWithoutRecomputingEveryFrame() {
    const int before = panel()->computations();
    QElapsedTimer wall;
    wall.start();
    QVERIFY(runFor(*window_, 6.0));
    const double elapsed_ms = double(wall.elapsed());
    const int recomputed = panel()->computations() - before;
    const QCPCurve* path = panel()->figure().path();
    const int points = path->data()->size();
    qInfo("path: %d points over %.2f s of simulated time; map recomputed %d times in %.0f ms",
          points, latest(*window_).snapshot.time, recomputed, elapsed_ms);
    QVERIFY2(points > 20, qPrintable(QString::number(points)));
    // Spaced recomputes while playing (the held joints 3, 4 move by tracking errors only).
    QVERIFY2(recomputed <= int(elapsed_ms / ui::DisturbanceMapPanel::kRecomputeInterval) + 2,
             qPrintable(QString::number(recomputed)));
    // The path ends at the shown frame and went out along joint 1 (the loop's first leg).
    const ui::SimFrame frame = latest(*window_);
    const auto last = path->data()->at(points - 1);
    QVERIFY(std::abs(last->key - frame.snapshot.state.q[0]) < 1e-12);
    QVERIFY(std::abs(last->value - frame.snapshot.state.q[1]) < 1e-12);
    QVERIFY2(frame.snapshot.state.q[0] > 0.5,
             qPrintable(QString::number(frame.snapshot.state.q[0])));
    const Eigen::Vector2d m = marker();
    QCOMPARE(m[0], frame.snapshot.state.q[0]);
    QCOMPARE(m[1], frame.snapshot.state.q[1]);
    // Paused: the map is at the shown configuration of the other joints.
    const State& at = panel()->mapState();
    for (int k : {2, 3})
      QVERIFY(std::abs(at.q[k] - frame.snapshot.state.q[k]) <=
              ui::DisturbanceMapPanel::kOtherJointsTolerance);
    compareWithCore(at, 0, 1);
  }

  void clickWhilePausedPosesTheJoints() {
    QCustomPlot* plot = panel()->plot();
    const double target_i = 0.9, target_j = -0.6;
    const QPoint at(int(std::lround(plot->xAxis->coordToPixel(target_i))),
                    int(std::lround(plot->yAxis->coordToPixel(target_j))));
    const double want_i = plot->xAxis->pixelToCoord(at.x());
    const double want_j = plot->yAxis->pixelToCoord(at.y());
    const VecX before = latest(*window_).snapshot.state.q;
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
    QVERIFY2(waitUntil(
                 [&] {
                   const VecX q = latest(*window_).snapshot.state.q;
                   return std::abs(q[0] - want_i) < 1e-9 && std::abs(q[1] - want_j) < 1e-9;
                 },
                 5000),
             qPrintable(panel()->status()));
    const VecX q = latest(*window_).snapshot.state.q;
    QVERIFY(std::abs(q[0] - target_i) < 0.02 && std::abs(q[1] - target_j) < 0.02);
    QCOMPARE(q[2], before[2]);
    QCOMPARE(q[3], before[3]);
    QTest::qWait(50);
    window_->framePump()->tick();
    const Eigen::Vector2d m = marker();
    QVERIFY(std::abs(m[0] - want_i) < 1e-9 && std::abs(m[1] - want_j) < 1e-9);
    QVERIFY2(panel()->status().contains("Posed"), qPrintable(panel()->status()));
  }

  void clickWhilePlayingSaysToPause() {
    window_->simulationToolbar()->setRealTimeFactor(1.0);
    window_->play();
    QVERIFY(waitUntil([&] { return window_->controller()->runState() == ui::RunState::Running; },
                      5000));
    QTest::qWait(100);
    QCustomPlot* plot = panel()->plot();
    const QPoint at(int(plot->xAxis->coordToPixel(-1.0)), int(plot->yAxis->coordToPixel(1.0)));
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
    QVERIFY2(panel()->status().contains("Pause the simulation"), qPrintable(panel()->status()));
    window_->pause();
    QVERIFY(waitUntil([&] { return window_->controller()->runState() != ui::RunState::Running; },
                      5000));
    QTest::qWait(100);
    window_->framePump()->tick();
  }

  void sixJointSpatialMapTakesMilliseconds() {
    open(sourcePath("models/seed004_spatial_closed_loop.scenario.json"));
    QVERIFY(waitUntil([&] { return panel()->map() != nullptr; }, 5000));
    QCOMPARE(panel()->jointChooser(0)->count(), 6);
    QCOMPARE(panel()->figure().shown(), ui::CurvatureShown::Norm);
    QVERIFY(panel()->figure().colorScale()->axis()->label().contains("|F|"));
    compareWithCore(latest(*window_).snapshot.state, 0, 1);
    double fastest = INFINITY;
    for (int k = 0; k < 5; ++k) {
      panel()->chooseJoints(k % 2 == 0 ? 2 : 1, 3);
      fastest = std::min(fastest, panel()->lastComputeMilliseconds());
    }
    qInfo("31 x 31 map of a 6-joint spatial model: %.2f ms (fastest of 5)", fastest);
    QVERIFY2(fastest < 250.0, qPrintable(QString::number(fastest)));
    QVERIFY(panel()->status().contains("31 × 31"));
  }

  void fixedAndNonholonomicVehiclesAreRefused() {
    const QString fixed =
        writeFileIn(files_, "fixed.scenario.json",
                    QString(R"({"name": "fixed", "model": "%1", "base": "fixed", "duration": 1})")
                        .arg(sourcePath("models/seed004_planar.vms.json"))
                        .toUtf8());
    open(fixed);
    QVERIFY(waitUntil([&] { return !panel()->refusal().isEmpty(); }, 5000));
    QVERIFY2(panel()->refusal().contains("fixed"), qPrintable(panel()->refusal()));
    QVERIFY(!panel()->map());
    QVERIFY(!panel()->plot()->isVisible());

    open(sourcePath("models/seed000_wheeled_rover.scenario.json"));
    QVERIFY(waitUntil([&] { return !panel()->refusal().isEmpty(); }, 5000));
    QVERIFY2(panel()->refusal().contains("nonholonomic"), qPrintable(panel()->refusal()));

    open(writeFileIn(files_, "mimic.urdf", urdfArm(3, true)));
    QVERIFY(waitUntil([&] { return !panel()->refusal().isEmpty(); }, 5000));
    QVERIFY2(panel()->refusal().contains("mimic"), qPrintable(panel()->refusal()));

    open(writeFileIn(files_, "one_joint.urdf", urdfArm(1, false)));
    QVERIFY(waitUntil([&] { return !panel()->refusal().isEmpty(); }, 5000));
    QVERIFY2(panel()->refusal().contains("needs two"), qPrintable(panel()->refusal()));

    // Without mimic joints the same arm has its map.
    open(writeFileIn(files_, "arm.urdf", urdfArm(3, false)));
    QVERIFY(waitUntil([&] { return panel()->map() != nullptr; }, 5000));
    QCOMPARE(panel()->figure().shown(), ui::CurvatureShown::Norm);
    compareWithCore(latest(*window_).snapshot.state, 0, 1);

    // Back to a floating model: the map again.
    open(sourcePath("models/seed004_planar_closed_loop.scenario.json"));
    QVERIFY(waitUntil([&] { return panel()->map() != nullptr; }, 5000));
    QVERIFY(panel()->refusal().isEmpty());
    QVERIFY(panel()->plot()->isVisible());
  }

  /// The whole loop of the planar example on the map, the window as the screen shows it
  /// (the 3D view included).
  void screenshot() {
    const QString dir = qEnvironmentVariable("VMS_SCREENSHOT_DIR");
    if (dir.isEmpty()) QSKIP("VMS_SCREENSHOT_DIR not set");
    window_->resize(1600, 1000);
    QTest::qWait(200);
    QVERIFY(runFor(*window_, 45.0, 8.0));
    QTest::qWait(300);
    const QImage shot = window_->screen()->grabWindow(window_->winId()).toImage();
    QVERIFY(shot.save(dir + "/disturbance-map.png"));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppDisturbanceMap)
#include "test_app_disturbance_map.moc"
