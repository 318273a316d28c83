// Run control from the main window on the seed 004 spatial example: play/pause/step/reset, the
// speed ladder, the registry-driven selectors, scrubbing the history with the time slider, and
// teach mode (a slider moves its joint; with "vehicle reacts" the system CoM stays put and the
// vehicle turns; without it the vehicle stays). VMS_SCREENSHOT_DIR=DIR saves the window while a
// Ctrl + drag pulls the vehicle (the red arrow drawn) as DIR/perturbation-arrow.png.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QScreen>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardItemModel>
#include <QTreeWidget>
#include <QUndoStack>

#include "core/integrators/integrator_entry.hpp"
#include "core/model/compile_model.hpp"
#include "core/scenario/default_scenario.hpp"
#include "core/solvers/solver_entry.hpp"
#include "test_app_support.hpp"
#include "ui/app/bars/timeline_bar.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/log_panel.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/panels/teach_panel.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

ui::SimFrame shown(ui::MainWindow& window) {
  waitUntil([] { return false; }, 80);
  window.framePump()->tick();
  return window.framePump()->lastFrame();
}

/// Pixels of `image` in the pull's arrow red.
int redPixels(const QImage& image) {
  int red = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QRgb c = image.pixel(x, y);
      red += qRed(c) > 170 && qGreen(c) < 70 && qBlue(c) < 70;
    }
  return red;
}

}  // namespace

class TestAppSimulation : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_simulation", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
  }

  void selectorsComeFromTheRegistries() {
    QComboBox* solver = window_->simulationToolbar()->solverSelector();
    QCOMPARE(solver->count(), int(solverNames().size()));
    for (const std::string& name : solverNames())
      QVERIFY(solver->findText(QString::fromStdString(name)) >= 0);
    QCOMPARE(solver->currentText(), QString("aba"));
    QComboBox* integrator = window_->simulationToolbar()->integratorSelector();
    QCOMPARE(integrator->count(), int(integratorNames().size()));
    QCOMPARE(integrator->currentText(), QString("rk4"));
    QCOMPARE(window_->simulationToolbar()->modeSelector()->currentText(), QString("floating"));
  }

  void selectorsReconfigureTheRun() {
    auto* toolbar = window_->simulationToolbar();
    QComboBox* solver = toolbar->solverSelector();
    const int crba = solver->findText("crba");
    QVERIFY(crba >= 0);
    solver->setCurrentIndex(crba);
    emit solver->textActivated("crba");  // what choosing it with the mouse emits
    QVERIFY(waitUntil([&] { return window_->controller()->scenario().solver == "crba"; }, 5000));
    toolbar->timeStepField()->setValue(0.005);
    QVERIFY(waitUntil([&] { return window_->controller()->scenario().dt == 0.005; }, 5000));
    // A mode the actuators contradict (flying needs thrusters) is refused: the log says why
    // and the selector shows the mode in effect.
    QComboBox* mode = toolbar->modeSelector();
    const int flying = mode->findText("flying");
    mode->setCurrentIndex(flying);
    emit mode->activated(flying);
    QVERIFY(waitUntil(
        [&] { return window_->panelWidget<ui::LogPanel>()->text().contains("error"); }, 5000));
    QVERIFY(waitUntil([&] { return mode->currentText() == "floating"; }, 5000));
    QCOMPARE(window_->controller()->scenario().mode, ManeuveringMode::Floating);
    // Back to the scenario's settings for the tests below.
    solver->setCurrentIndex(solver->findText("aba"));
    emit solver->textActivated("aba");
    toolbar->timeStepField()->setValue(0.01);
    QVERIFY(waitUntil(
        [&] {
          return window_->controller()->scenario().solver == "aba" &&
                 window_->controller()->scenario().dt == 0.01;
        },
        5000));
  }

  void playPauseStepReset() {
    QCOMPARE(window_->controller()->runState(), ui::RunState::Paused);
    window_->stepOnce();
    QVERIFY(waitUntil([&] { return shownTime(*window_) > 0.0; }, 5000));
    QVERIFY(std::abs(shownTime(*window_) - 0.01) < 1e-9);
    QVERIFY(runFor(*window_, 0.5, 4.0));
    QVERIFY(shownTime(*window_) >= 0.5);
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
  }

  void speedLadderReachesMax() {
    auto* toolbar = window_->simulationToolbar();
    toolbar->setRealTimeFactor(1.0);
    QCOMPARE(window_->controller()->realTimeFactor(), 1.0);
    toolbar->slowerAction()->trigger();
    QVERIFY(window_->controller()->realTimeFactor() < 1.0);
    for (int i = 0; i < 20; ++i) toolbar->fasterAction()->trigger();
    QCOMPARE(window_->controller()->realTimeFactor(), 0.0);  // max
  }

  void scrubbingShowsEarlierFrames() {
    QVERIFY(runFor(*window_, 2.0, 2.0));
    const double end = shownTime(*window_);
    QVERIFY(end >= 2.0);
    QVERIFY(window_->timeline()->slider()->isEnabled());
    window_->scrubTo(1.0);
    const ui::SimFrame frame = shown(*window_);
    QVERIFY2(std::abs(frame.snapshot.time - 1.0) < 0.05,
             qPrintable(QString::number(frame.snapshot.time)));
    // Scrubbed to a time between two recorded frames, the slider and the status bar both show
    // the time of the frame shown.
    window_->scrubTo(1.0437);
    const ui::SimFrame between = shown(*window_);
    QVERIFY(between.snapshot.time != 1.0437);
    QCOMPARE(window_->timeline()->currentTime(), between.snapshot.time);
    const QString t_text = QString::number(between.snapshot.time, 'f', 3);
    QVERIFY2(window_->statusText().contains("t = " + t_text),
             qPrintable(window_->statusText() + " vs " + t_text));
    // Playing on resumes from the scrubbed instant: the history after it is dropped.
    QVERIFY(runFor(*window_, 1.2, 4.0));
    QVERIFY(window_->controller()->history().lastTime() < end);
    window_->resetSimulation();
    QVERIFY(waitUntil([&] { return shownTime(*window_) == 0.0; }, 5000));
  }

  void teachSliderMovesJointWithVehicleReacting() {
    ui::TeachPanel* teach = window_->panelWidget<ui::TeachPanel>();
    QVERIFY(teach->sliderCount() >= 2);
    QCOMPARE(window_->controller()->runState(), ui::RunState::Paused);
    const ui::SimFrame before = shown(*window_);
    teach->setVehicleReacts(true);
    const int joint = teach->sliderJoint(0);
    teach->setSliderPosition(0, 0.6);
    QVERIFY(waitUntil(
        [&] {
          window_->framePump()->tick();
          return std::abs(window_->framePump()->lastFrame().snapshot.state.q[joint] - 0.6) < 0.01;
        },
        5000));
    const ui::SimFrame after = window_->framePump()->lastFrame();
    const double com_shift =
        (after.snapshot.momenta.center_of_mass - before.snapshot.momenta.center_of_mass).norm();
    QVERIFY2(com_shift < 1e-6, qPrintable(QString("CoM moved %1 m").arg(com_shift)));
    const double turn = after.snapshot.state.base_orientation.angularDistance(
        before.snapshot.state.base_orientation);
    QVERIFY2(turn > 1e-4, "the vehicle should react");
  }

  void teachSliderWithVehicleHeld() {
    ui::TeachPanel* teach = window_->panelWidget<ui::TeachPanel>();
    teach->setVehicleReacts(false);
    const ui::SimFrame before = shown(*window_);
    const int joint = teach->sliderJoint(1);
    teach->setSliderPosition(1, -0.4);
    QVERIFY(waitUntil(
        [&] {
          window_->framePump()->tick();
          return std::abs(window_->framePump()->lastFrame().snapshot.state.q[joint] + 0.4) < 0.01;
        },
        5000));
    const ui::SimFrame after = window_->framePump()->lastFrame();
    QVERIFY(after.snapshot.state.base_orientation.angularDistance(
                before.snapshot.state.base_orientation) < 1e-12);
    QVERIFY((after.snapshot.state.base_position - before.snapshot.state.base_position).norm() <
            1e-12);
  }

  void teachSlidersDisabledWhileRunning() {
    window_->simulationToolbar()->setRealTimeFactor(1.0);
    window_->play();
    QVERIFY(waitUntil([&] { return window_->controller()->runState() == ui::RunState::Running; },
                      5000));
    QSlider* slider = window_->panelWidget<ui::TeachPanel>()->findChildren<QSlider*>().first();
    QVERIFY(waitUntil([&] { return !slider->isEnabled(); }, 3000));
    window_->pause();
  }

  void pickingSelectsInTheTreeAndBack() {
    auto* tree = window_->panelWidget<ui::ModelTreePanel>()->findChild<QTreeWidget*>();
    QVERIFY(tree);
    const Model& model = window_->controller()->scenario().model;
    const int body = 2;
    emit window_->sceneView()->bodyPicked(body);  // what a click on link 2 emits
    QTest::qWait(20);
    const QList<QTreeWidgetItem*> selected = tree->selectedItems();
    QCOMPARE(selected.size(), 1);
    QVERIFY2(selected.first()->text(0) == QString::fromStdString(model.body_names[body]),
             qPrintable(selected.first()->text(0)));
    // And back: selecting another row in the tree highlights its body without crashing.
    QTreeWidgetItem* other = tree->topLevelItem(0);
    tree->setCurrentItem(other);
    QTest::qWait(20);
    QCOMPARE(tree->selectedItems().first(), other);
    emit window_->sceneView()->bodyPicked(-1);  // a click on nothing
    QTest::qWait(20);
  }

  // Ctrl + drag on the vehicle pulls it (drag-to-perturb): the run gets the pull, the vehicle
  // moves towards the mouse, the pull's work is in the frames and the power balance closes
  // (E - E(0) - W - W_pull stays at rounding level); letting go ends it.
  void ctrlDragPullsTheVehicle() {
    const QString error = openShowingFirstFrame(*window_, "models/seed004_spatial.vms.json");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    ui::SceneView* scene = window_->sceneView();
    QSignalSpy requested(scene, &ui::SceneView::perturbationRequested);
    QSignalSpy released(scene, &ui::SceneView::perturbationReleased);
    const QPoint at = scene->projectToWidget(scene->vehicleCenter()).toPoint();
    QTest::mousePress(scene, Qt::LeftButton, Qt::ControlModifier, at);
    QVERIFY(scene->isPulling());
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.first().at(0).toInt(), 0);  // the vehicle
    const QPoint to = at + QPoint(scene->width() / 6, 0);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), scene->mapToGlobal(QPointF(to)), Qt::NoButton,
                     Qt::LeftButton, Qt::ControlModifier);
    QApplication::sendEvent(scene, &move);
    QVERIFY(requested.count() >= 2);
    const Vec3 target = scene->pullTarget();
    // The pull is drawn: a red arrow in the view.
    const int red = redPixels(scene->grabImage());
    qInfo("the pull's arrow: %d red pixels", red);
    QVERIFY(red > 100);
    // The window as the screen shows it as the pull starts, its arrow drawn.
    if (const QString dir = qEnvironmentVariable("VMS_SCREENSHOT_DIR"); !dir.isEmpty()) {
      QTest::qWait(300);  // let the 3D view and the plots draw
      const QImage shot = window_->screen()->grabWindow(window_->winId()).toImage();
      QVERIFY(shot.save(dir + "/perturbation-arrow.png"));
      QVERIFY2(redPixels(shot) > 100, "the screenshot shows no arrow");
    }
    const Vec3 start = window_->framePump()->lastFrame().snapshot.momenta.center_of_mass;
    QVERIFY((target - scene->vehicleCenter()).norm() > 0.1);
    runFor(*window_, 1.0, 1.0);
    const ui::SimFrame& pulled = window_->framePump()->lastFrame();
    QCOMPARE(window_->controller()->runState(), ui::RunState::Paused);
    QCOMPARE(pulled.snapshot.perturbed_body, 0);
    QVERIFY2(pulled.snapshot.perturbation_work > 0.0,
             qPrintable(QString("t = %1, work %2")
                            .arg(pulled.snapshot.time)
                            .arg(pulled.snapshot.perturbation_work)));
    // The system's centre of mass moves towards the target (only the pull acts on it).
    const Vec3 moved = pulled.snapshot.momenta.center_of_mass - start;
    qInfo(
        "pulled for %.2f s: the centre of mass moved %.4f m, %.1f %% of it towards the target; "
        "work %.4g J",
        pulled.snapshot.time, moved.norm(),
        100.0 * moved.normalized().dot((target - start).normalized()),
        pulled.snapshot.perturbation_work);
    QVERIFY(moved.norm() > 1e-3);
    QVERIFY(moved.normalized().dot((target - start).normalized()) > 0.9);
    // The power balance with the pull's work: E - E(0) - W_pull at the level of the energy
    // exchanged times the integration error.
    ui::SimFrame first;
    QVERIFY(window_->controller()->history().nearest(0.0, first));
    const double residual = pulled.snapshot.energy - first.snapshot.energy -
                            pulled.snapshot.actuator_work - pulled.snapshot.perturbation_work;
    QVERIFY2(std::abs(residual) <= 1e-4 * pulled.snapshot.perturbation_work,
             qPrintable(QString::number(residual)));
    QTest::mouseRelease(scene, Qt::LeftButton, Qt::ControlModifier, to);
    QVERIFY(!scene->isPulling());
    QCOMPARE(released.count(), 1);
    runFor(*window_, pulled.snapshot.time + 0.3, 1.0);
    QCOMPARE(window_->framePump()->lastFrame().snapshot.perturbed_body, -1);
    QVERIFY(window_->document()->undoStack()->count() == 0);  // a pull is no edit
    // While running, the status bar reads the frame time.
    window_->play();
    QTest::qWait(700);
    const QString status = window_->statusText();
    window_->pause();
    QVERIFY2(QRegularExpression("\\d+\\.\\d ms per frame \\(\\d+ fps\\)").match(status).hasMatch(),
             qPrintable(status));
  }

  // A solver that does not handle the vehicle type stays listed but greyed out, with the reason
  // as its tooltip; choosing it anyway is refused in the log and the run keeps its solver.
  void solversThatCannotHandleTheVehicleAreGreyed() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_planar_one_joint.scenario.json"), &error),
             qPrintable(error));
    const BaseType base = window_->controller()->scenario().model.base_type;
    QVERIFY(base == BaseType::Planar);
    QComboBox* solver = window_->simulationToolbar()->solverSelector();
    auto* items = qobject_cast<QStandardItemModel*>(solver->model());
    QVERIFY(items);
    int greyed = 0;
    for (const std::string& name : solverNames()) {
      const QStandardItem* item = items->item(solver->findText(QString::fromStdString(name)));
      QVERIFY(item);
      QCOMPARE(item->isEnabled(), solverSupports(name, base));
      // Unsupported: the reason; supported: what the user gets from it, the entry's summary
      // (no developer words such as "core registry").
      if (item->isEnabled()) {
        QVERIFY2(!item->toolTip().isEmpty() && !item->toolTip().contains("registry"), name.c_str());
        QCOMPARE(item->toolTip().toStdString(), solverRegistry().find(name)->summary);
      } else
        QCOMPARE(item->toolTip().toStdString(), solverSupportProblem(name, base));
      if (!item->isEnabled()) ++greyed;
    }
    QVERIFY(greyed >= 1);  // barycentric handles free vehicles only
    emit solver->textActivated("barycentric");
    QVERIFY(waitUntil(
        [&] { return window_->panelWidget<ui::LogPanel>()->text().contains("barycentric"); },
        5000));
    QCOMPARE(window_->controller()->scenario().solver, std::string("aba"));
  }

  // Likewise for integrators: on the wheeled rover (nonholonomic vehicle) momentum-rk4 is listed,
  // greyed out with the reason, and choosing it is refused in the log.
  void integratorsThatCannotHandleTheVehicleAreGreyed() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed000_wheeled_rover.scenario.json"), &error),
             qPrintable(error));
    const BaseType base = window_->controller()->scenario().model.base_type;
    QVERIFY(base == BaseType::Nonholonomic);
    QComboBox* integrator = window_->simulationToolbar()->integratorSelector();
    auto* items = qobject_cast<QStandardItemModel*>(integrator->model());
    QVERIFY(items);
    for (const std::string& name : integratorNames()) {
      const QStandardItem* item = items->item(integrator->findText(QString::fromStdString(name)));
      QVERIFY(item);
      QCOMPARE(item->isEnabled(), name != "momentum-rk4");
      if (item->isEnabled())
        QCOMPARE(item->toolTip().toStdString(), integratorRegistry().find(name)->summary);
      else
        QCOMPARE(item->toolTip().toStdString(), integratorSupportProblem(name, base));
    }
    QVERIFY(!integrator->toolTip().contains("registry"));
    emit integrator->textActivated("momentum-rk4");
    QVERIFY(waitUntil(
        [&] {
          return window_->panelWidget<ui::LogPanel>()->text().contains(
              "integrator 'momentum-rk4' does not handle a nonholonomic vehicle");
        },
        5000));
    QCOMPARE(window_->controller()->scenario().integrator, std::string("rk4"));
  }

  // Teach mode says what "vehicle reacts" can mean: on wheels (the rover above) the box is
  // disabled with the reason and posing holds the vehicle; a fixed vehicle cannot move; a
  // floating one reacts.
  void teachVehicleReactsFollowsTheVehicleType() {
    ui::TeachPanel* teach = window_->panelWidget<ui::TeachPanel>();
    QVERIFY(window_->controller()->scenario().model.base_type == BaseType::Nonholonomic);
    QVERIFY(!teach->vehicleReactsBox()->isEnabled());
    QVERIFY2(teach->vehicleReactsBox()->text().contains("wheels"),
             qPrintable(teach->vehicleReactsBox()->text()));
    QVERIFY(!teach->vehicleReacts());
    QString error;
    QVERIFY2(window_->document()->setBaseType(BaseType::Planar, &error), qPrintable(error));
    QVERIFY(waitUntil([&] { return teach->vehicleReactsBox()->isEnabled(); }, 5000));
    QVERIFY(teach->vehicleReactsBox()->text().contains("planar"));
    // A fixed vehicle (the editor refuses to fix this one: its state is moving).
    ui::TeachPanel fixed(window_->document(), window_->controller());
    ModelDescription d = window_->document()->description();
    d.base_type = BaseType::Fixed;
    fixed.setScenario(defaultScenario(compileModel(d)));
    QVERIFY(!fixed.vehicleReactsBox()->isEnabled());
    QVERIFY(fixed.vehicleReactsBox()->text().contains("fixed"));
    QVERIFY(!fixed.vehicleReacts());
    teach->setVehicleReacts(true);
    QVERIFY(teach->vehicleReacts());
    window_->document()->undoStack()->undo();  // back to the file as it is
    QVERIFY(!window_->document()->isModified());
  }

  // A fixed vehicle (the model editor's vehicle type): the Mode selector is disabled with the
  // reason instead of saying "floating", and Teach cannot make the vehicle react.
  void fixedVehicleHasNoManeuveringMode() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_planar_one_joint.scenario.json"), &error),
             qPrintable(error));
    QComboBox* mode = window_->simulationToolbar()->modeSelector();
    QVERIFY(waitUntil([&] { return mode->isEnabled(); }, 5000));
    QVERIFY2(window_->document()->setBaseType(BaseType::Fixed, &error), qPrintable(error));
    QVERIFY(waitUntil([&] { return !mode->isEnabled(); }, 5000));
    QVERIFY2(mode->toolTip().contains("fixed"), qPrintable(mode->toolTip()));
    QVERIFY(!window_->panelWidget<ui::TeachPanel>()->vehicleReactsBox()->isEnabled());
    window_->document()->undoStack()->undo();
    QVERIFY(waitUntil([&] { return mode->isEnabled(); }, 5000));
    QVERIFY(!window_->document()->isModified());
  }

  // A dt above the limit is refused with a message (not clamped silently), and the toolbar's
  // settings (dt, solver) survive a model edit instead of going back to the file's.
  void runSettingsSurviveAModelEditAndTooLargeDtIsRefused() {
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    auto* toolbar = window_->simulationToolbar();
    toolbar->timeStepField()->setValue(20.0);  // what typing 20 and Enter commits
    QVERIFY(waitUntil(
        [&] { return window_->panelWidget<ui::LogPanel>()->text().contains("20 s refused"); },
        5000));
    QCOMPARE(window_->controller()->scenario().dt, 0.01);
    QCOMPARE(toolbar->timeStepField()->value(), 0.01);
    toolbar->timeStepField()->setValue(0.004);
    QComboBox* solver = toolbar->solverSelector();
    solver->setCurrentIndex(solver->findText("crba"));
    emit solver->textActivated("crba");
    QComboBox* integrator = toolbar->integratorSelector();
    integrator->setCurrentIndex(integrator->findText("euler"));
    emit integrator->textActivated("euler");
    QVERIFY(
        waitUntil([&] { return window_->controller()->scenario().integrator == "euler"; }, 5000));
    const double mass_before = window_->controller()->scenario().model.mass[0];
    VecX mass(1);
    mass << mass_before + 7.0;
    QVERIFY2(window_->document()->setLinkProperty(0, ui::LinkProperty::Mass, mass, &error),
             qPrintable(error));
    QVERIFY(waitUntil(
        [&] { return window_->controller()->scenario().model.mass[0] != mass_before; }, 5000));
    QCOMPARE(window_->controller()->scenario().dt, 0.004);
    QCOMPARE(window_->controller()->scenario().solver, std::string("crba"));
    QCOMPARE(window_->controller()->scenario().integrator, std::string("euler"));
    QCOMPARE(toolbar->timeStepField()->value(), 0.004);
    QCOMPARE(solver->currentText(), QString("crba"));
    window_->document()->undoStack()->undo();
    QVERIFY(!window_->document()->isModified());
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppSimulation)
#include "test_app_simulation.moc"
