// The Teach panel's planners in the main window, checked by running the plans they open:
// - "Turn the vehicle…" on seed 004's planar model (paused at rest): a 0.2 rad turn about z
//   with loops of joint1 and joint2 becomes the document's scenario (one undo step); played
//   to its end, the vehicle has turned by 0.2 rad (the requested turn, R0^T R_end) to within
//   1e-3 rad and the joints are back within 1e-3 rad of where they started; Undo brings the
//   bare model back;
// - posed first (joint3 at 40 degrees, the vehicle reacting), the plan starts from the pose
//   (its initial state) and turns the vehicle by -0.15 rad from there to within 1e-3 rad;
// - a turn about x of the planar vehicle is out of reach: the dialog says so with the nearest
//   reachable turn, and the document is unchanged (no scenario, no undo step);
// - a moving state is refused with the reason, before any planning;
// - the button opens the dialog; on seed 004's free spacecraft the first three joints are
//   checked, and the turn (0.05, -0.05, 0.1) rad, played to the end, is reached to within
//   1e-3 rad with the joints back within 1e-3 rad;
// - fixed, translating and wheeled (nonholonomic) vehicles are refused by both planners with
//   the reason, opening nothing;
// - "Reach without turning…" on seed 004's spatial spacecraft: to a target whose straight
//   line in joint space turns the vehicle by more than 0.1 rad, the opened path, played to its
//   end, leaves the vehicle's attitude within 1e-3 rad of the start and the joints within
//   1e-3 rad of the target; with the reaction wheels of the wheel-slew scenario, the path
//   opens with the wheels kept and meets the same figures.
// VMS_SCREENSHOT_DIR=DIR saves the window with the turn dialog as DIR/turn-vehicle.png.
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QUndoStack>

#include "core/scenario/scenario_description.hpp"
#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/reach_without_turning_dialog.hpp"
#include "ui/panels/teach_panel.hpp"
#include "ui/panels/turn_vehicle_dialog.hpp"

using namespace vms;
using namespace vms::test;

namespace {

ui::SimFrame latest(ui::MainWindow& window) {
  window.framePump()->tick();
  return window.framePump()->lastFrame();
}

/// The rotation vector of R0^T R1 (body frame of the first).
Vec3 relativeRotation(const Quat& q0, const Quat& q1) {
  const Eigen::AngleAxisd r(q0.conjugate() * q1);
  return r.angle() * r.axis();
}

}  // namespace

class TestAppPlanActions : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

  ui::TeachPanel* teach() { return window_->panelWidget<ui::TeachPanel>(); }

  /// Opens `relative` and waits until it is paused at t = 0 with the Teach panel editable.
  void open(const QString& relative) {
    window_->document()->undoStack()->setClean();  // the previous case's plan: nothing to save
    const QString problem = openShowingFirstFrame(*window_, relative);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(
        waitUntil([&] { return window_->controller()->runState() == ui::RunState::Paused; }, 5000));
    QVERIFY(waitUntil([&] { return teach()->turnButton()->isEnabled(); }, 5000));
    latest(*window_);
  }

  /// Waits for the reload an accepted plan causes (the plan's duration), then plays the run
  /// to its end as fast as possible; the last frame.
  ui::SimFrame playToEnd(double duration) {
    waitUntil(
        [&] {
          return window_->controller()->scenario().duration == duration &&
                 window_->controller()->runState() == ui::RunState::Paused &&
                 latest(*window_).snapshot.time == 0.0;
        },
        5000);
    window_->simulationToolbar()->setRealTimeFactor(0.0);  // as fast as possible
    window_->play();
    // Generous for slow (sanitizer) builds: the runs take about a second in Release.
    waitUntil(
        [&] {
          const ui::RunState s = window_->controller()->runState();
          return s == ui::RunState::Finished || s == ui::RunState::Diverged;
        },
        180000);
    QTest::qWait(60);  // the last frame reaches the views
    return latest(*window_);
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_plan_actions", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void turnThePlanarVehicle() {
    open("models/seed004_planar.vms.json");
    ui::ModelDocument* document = window_->document();
    QVERIFY(!document->isScenarioFile());
    const State start = latest(*window_).snapshot.state;
    const int undo_before = document->undoStack()->count();

    ui::TurnVehicleDialog* dialog = teach()->openTurnDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    // Planar vehicle: the first two arm joints are checked by default.
    QCOMPARE(dialog->joints(), QStringList({"joint1", "joint2"}));
    auto* z_box = dialog->findChild<QDoubleSpinBox*>("turn_z");
    QVERIFY(z_box);
    QCOMPARE(z_box->suffix(), QString(QChar(0x00B0)));
    dialog->setTurn(Vec3(0, 0, 0.2));
    QVERIFY2(std::abs(z_box->value() - 0.2 * 180.0 / M_PI) < 1e-6,
             qPrintable(QString::number(z_box->value())));
    dialog->setJoints({"joint1", "joint2"});
    QVERIFY2(dialog->plan(), qPrintable(dialog->message()));
    QVERIFY(!dialog->isVisible());

    // The plan is the document's scenario: one computed-torque controller on a waypoint path,
    // from the state the plan started at; one undo step.
    QVERIFY(document->isScenarioFile());
    QVERIFY(document->isModified());
    QCOMPARE(document->undoStack()->count(), undo_before + 1);
    const ScenarioDescription& plan = document->scenarioDescription();
    QCOMPARE(plan.controllers.size(), std::size_t(1));
    QVERIFY(plan.comment && plan.comment->find("Turn the vehicle") != std::string::npos);
    QVERIFY(plan.duration > 10.0);

    const ui::SimFrame end = playToEnd(plan.duration);
    QCOMPARE(window_->controller()->runState(), ui::RunState::Finished);
    QVERIFY2(std::abs(end.snapshot.time - plan.duration) < 1e-6,
             qPrintable(QString::number(end.snapshot.time)));
    const Vec3 turned =
        relativeRotation(start.base_orientation, end.snapshot.state.base_orientation);
    QVERIFY2((turned - Vec3(0, 0, 0.2)).norm() < 1e-3, qPrintable(QString("turned (%1, %2, %3) rad")
                                                                      .arg(turned.x(), 0, 'g', 9)
                                                                      .arg(turned.y(), 0, 'g', 9)
                                                                      .arg(turned.z(), 0, 'g', 9)));
    const double joints_error = (end.snapshot.state.q - start.q).lpNorm<Eigen::Infinity>();
    QVERIFY2(joints_error < 1e-3, qPrintable(QString::number(joints_error)));
    qInfo("planar turn: %.9f rad about z after %.1f s; joints back within %.2e rad", turned.z(),
          end.snapshot.time, joints_error);

    // Undo: the bare model again.
    document->undoStack()->undo();
    QVERIFY(!document->isScenarioFile());
    QCOMPARE(document->undoStack()->index(), undo_before);
  }

  void turnFromAPose() {
    open("models/seed004_planar.vms.json");
    // Pose joint3 with the vehicle reacting: the plan starts from the pose, not from the file.
    teach()->setVehicleReacts(true);
    const int joint = teach()->sliderJoint(2);
    QDoubleSpinBox* box = teach()->valueBox(2);
    box->setValue(40.0);
    QVERIFY(waitUntil(
        [&] {
          return std::abs(latest(*window_).snapshot.state.q[joint] - 40.0 * M_PI / 180) < 1e-9;
        },
        5000));
    const State posed = latest(*window_).snapshot.state;
    QVERIFY(relativeRotation(Quat::Identity(), posed.base_orientation).norm() > 1e-3);
    ui::TurnVehicleDialog* dialog = teach()->openTurnDialog();
    QVERIFY(dialog);
    dialog->setTurn(Vec3(0, 0, -0.15));
    dialog->setJoints({"joint1", "joint2"});
    QVERIFY2(dialog->plan(), qPrintable(dialog->message()));
    const Scenario& loaded = window_->controller()->scenario();
    QVERIFY((loaded.initial_state.q - posed.q).lpNorm<Eigen::Infinity>() < 1e-12);
    QVERIFY(loaded.initial_state.base_orientation.angularDistance(posed.base_orientation) < 1e-12);
    const ui::SimFrame end = playToEnd(window_->document()->scenarioDescription().duration);
    QCOMPARE(window_->controller()->runState(), ui::RunState::Finished);
    const Vec3 turned =
        relativeRotation(posed.base_orientation, end.snapshot.state.base_orientation);
    QVERIFY2((turned - Vec3(0, 0, -0.15)).norm() < 1e-3,
             qPrintable(QString::number(turned.z(), 'g', 9)));
    QVERIFY((end.snapshot.state.q - posed.q).lpNorm<Eigen::Infinity>() < 1e-3);
  }

  void turnOutOfReachOpensNothing() {
    open("models/seed004_planar.vms.json");
    ui::ModelDocument* document = window_->document();
    const int undo_before = document->undoStack()->count();
    ui::TurnVehicleDialog* dialog = teach()->openTurnDialog();
    QVERIFY(dialog);
    dialog->setTurn(Vec3(0.2, 0, 0));
    dialog->setJoints({"joint1", "joint2"});
    QVERIFY(!dialog->plan());
    QVERIFY2(dialog->message().contains("out of reach"), qPrintable(dialog->message()));
    QVERIFY2(dialog->message().contains("nearest reachable turn"), qPrintable(dialog->message()));
    auto* label = dialog->findChild<QLabel*>("turn_message");
    QVERIFY(label);
    QCOMPARE(label->text(), dialog->message());
    QVERIFY(dialog->isVisible());
    QVERIFY(!document->isScenarioFile());
    QVERIFY(!document->isModified());
    QCOMPARE(document->undoStack()->count(), undo_before);
    dialog->reject();
  }

  void movingStateIsRefused() {
    open("models/seed004_planar_turn.scenario.json");
    runFor(*window_, 0.5, 1.0);  // the arm moves, and the vehicle with it
    const State moving = latest(*window_).snapshot.state;
    QVERIFY(!moving.qd.isZero());
    ui::ModelDocument* document = window_->document();
    const int undo_before = document->undoStack()->count();
    ui::TurnVehicleDialog* dialog = teach()->openTurnDialog();
    QVERIFY(dialog);
    dialog->setTurn(Vec3(0, 0, 0.1));
    QVERIFY(!dialog->plan());
    QVERIFY2(dialog->message().contains("at rest"), qPrintable(dialog->message()));
    QCOMPARE(document->undoStack()->count(), undo_before);
    dialog->reject();
  }

  void reachWithoutTurningTheSpacecraft() {
    open("models/seed004_spatial.vms.json");
    ui::ModelDocument* document = window_->document();
    const State start = latest(*window_).snapshot.state;
    ui::ReachWithoutTurningDialog* dialog = teach()->openReachDialog();
    QVERIFY(dialog);
    // Prefilled with the current angles (degrees).
    auto* box = dialog->findChild<QDoubleSpinBox*>("reach_joint1");
    QVERIFY(box);
    QCOMPARE(box->value(), start.q[0] * 180.0 / M_PI);
    QVERIFY((dialog->target() - start.q).isZero());
    VecX target = start.q;
    const double moves[4] = {0.5, -0.4, 0.6, 0.3};
    for (int k = 0; k < 4; ++k) target[k] += moves[k];
    dialog->setTarget(target);
    QVERIFY((dialog->target() - target).lpNorm<Eigen::Infinity>() < 1e-6);
    target = dialog->target();  // as the boxes hold it
    QVERIFY2(dialog->plan(), qPrintable(dialog->message()));
    QVERIFY2(dialog->straightTurn() > 0.1, qPrintable(QString::number(dialog->straightTurn())));
    QVERIFY2(dialog->pathTurn() < 1e-8, qPrintable(QString::number(dialog->pathTurn())));
    QVERIFY(document->isScenarioFile());
    const ScenarioDescription& plan = document->scenarioDescription();
    QVERIFY(plan.comment && plan.comment->find("Reach without turning") != std::string::npos);

    const ui::SimFrame end = playToEnd(plan.duration);
    QCOMPARE(window_->controller()->runState(), ui::RunState::Finished);
    const double attitude_error =
        relativeRotation(start.base_orientation, end.snapshot.state.base_orientation).norm();
    QVERIFY2(attitude_error < 1e-3, qPrintable(QString::number(attitude_error)));
    const double joints_error = (end.snapshot.state.q - target).lpNorm<Eigen::Infinity>();
    QVERIFY2(joints_error < 1e-3, qPrintable(QString::number(joints_error)));
    qInfo(
        "spatial reach: straight line turns %.4f rad, the path %.2e rad; run ends %.2e rad "
        "from the start attitude, joints %.2e rad from the target",
        dialog->straightTurn(), dialog->pathTurn(), attitude_error, joints_error);
  }

  void turnTheSpacecraftAboutATiltedAxis() {
    open("models/seed004_spatial.vms.json");
    const State start = latest(*window_).snapshot.state;
    // The button opens the dialog; a free vehicle gets the first three arm joints.
    QTest::mouseClick(const_cast<QPushButton*>(teach()->turnButton()), Qt::LeftButton);
    auto* dialog = teach()->findChild<ui::TurnVehicleDialog*>();
    QVERIFY(dialog);
    QVERIFY(waitUntil([&] { return dialog->isVisible(); }, 2000));
    QCOMPARE(dialog->joints(), QStringList({"joint1", "joint2", "joint3"}));
    const Vec3 target(0.05, -0.05, 0.1);
    dialog->setTurn(target);
    QVERIFY2(dialog->plan(), qPrintable(dialog->message()));
    const ui::SimFrame end = playToEnd(window_->document()->scenarioDescription().duration);
    QCOMPARE(window_->controller()->runState(), ui::RunState::Finished);
    const Vec3 turned =
        relativeRotation(start.base_orientation, end.snapshot.state.base_orientation);
    QVERIFY2((turned - target).norm() < 1e-3,
             qPrintable(QString::number((turned - target).norm())));
    const double joints_error = (end.snapshot.state.q - start.q).lpNorm<Eigen::Infinity>();
    QVERIFY2(joints_error < 1e-3, qPrintable(QString::number(joints_error)));
    qInfo("spatial turn: %.2e rad from the target, joints back within %.2e rad",
          (turned - target).norm(), joints_error);
  }

  void vehiclesThatCannotTurnAreRefused() {
    open("models/seed004_planar.vms.json");
    ui::ModelDocument* document = window_->document();
    const struct {
      BaseType type;
      const char* reason;
    } cases[] = {{BaseType::Fixed, "does not rotate"},
                 {BaseType::Translation, "does not rotate"},
                 {BaseType::Nonholonomic, "wheels"}};
    for (const auto& c : cases) {
      QString error;
      QVERIFY2(document->setBaseType(c.type, &error), qPrintable(error));
      QVERIFY(waitUntil(
          [&] {
            return window_->controller()->scenario().model.base_type == c.type &&
                   window_->controller()->runState() == ui::RunState::Paused;
          },
          5000));
      latest(*window_);
      const int undo_before = document->undoStack()->count();
      ui::TurnVehicleDialog* dialog = teach()->openTurnDialog();
      QVERIFY(dialog);
      dialog->setTurn(Vec3(0, 0, 0.2));
      QVERIFY(!dialog->plan());
      QVERIFY2(dialog->message().contains(c.reason), qPrintable(dialog->message()));
      dialog->reject();
      ui::ReachWithoutTurningDialog* reach = teach()->openReachDialog();
      QVERIFY(reach);
      VecX target = reach->target();
      target[0] += 0.3;
      reach->setTarget(target);
      QVERIFY(!reach->plan());
      QVERIFY2(reach->message().startsWith("Cannot plan"), qPrintable(reach->message()));
      reach->reject();
      QCOMPARE(document->undoStack()->count(), undo_before);
    }
  }

  void reachKeepsTheReactionWheels() {
    open("models/seed004_spatial_wheel_slew.scenario.json");
    ui::ModelDocument* document = window_->document();
    const std::size_t wheels = document->scenarioDescription().reaction_wheels.size();
    QVERIFY(wheels > 0);
    const State start = latest(*window_).snapshot.state;
    ui::ReachWithoutTurningDialog* dialog = teach()->openReachDialog();
    QVERIFY(dialog);
    VecX target = dialog->target();
    target[1] += 0.4;
    target[2] -= 0.3;
    dialog->setTarget(target);
    target = dialog->target();
    QVERIFY2(dialog->plan(), qPrintable(dialog->message()));
    QCOMPARE(document->scenarioDescription().reaction_wheels.size(), wheels);
    const ui::SimFrame end = playToEnd(document->scenarioDescription().duration);
    QCOMPARE(window_->controller()->runState(), ui::RunState::Finished);
    const double attitude_error =
        relativeRotation(start.base_orientation, end.snapshot.state.base_orientation).norm();
    QVERIFY2(attitude_error < 1e-3, qPrintable(QString::number(attitude_error)));
    const double joints_error = (end.snapshot.state.q - target).lpNorm<Eigen::Infinity>();
    QVERIFY2(joints_error < 1e-3, qPrintable(QString::number(joints_error)));
  }

  /// The window with the Teach panel in front and the turn dialog over it, after a plan that
  /// could not be made, as the screen shows it: VMS_SCREENSHOT_DIR/turn-vehicle.png.
  void screenshot() {
    const QString dir = qEnvironmentVariable("VMS_SCREENSHOT_DIR");
    if (dir.isEmpty()) QSKIP("VMS_SCREENSHOT_DIR not set");
    open("models/seed004_spatial.vms.json");
    if (auto* dock = qobject_cast<QDockWidget*>(teach()->parentWidget())) dock->raise();
    ui::TurnVehicleDialog* dialog = teach()->openTurnDialog();
    QVERIFY(dialog);
    dialog->setTurn(Vec3(0.05, -0.05, 0.1));
    dialog->setJoints({"joint1", "joint2", "joint3"});
    const QRect w = window_->frameGeometry();
    dialog->move(w.x() + 260, w.y() + 190);  // over the 3D view, the Teach buttons in sight
    QTest::qWait(400);
    const QPixmap shot =
        QGuiApplication::primaryScreen()->grabWindow(0, w.x(), w.y(), w.width(), w.height());
    QVERIFY(shot.save(dir + "/turn-vehicle.png"));
    dialog->reject();
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppPlanActions)
#include "test_app_plan_actions.moc"
