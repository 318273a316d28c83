// The interactive workbench on a simulation that diverges (a scenario whose initial joint rate
// is 1e12 rad/s): the run stops at the last finite state, the log and the status bar say so,
// one dialog explains it, nothing crashes, and the user's unsaved model edit is still there
// (value, undo history, modified flag) after the run and a reset. The simulation's errors
// reach the log and the status bar.
#include <QStatusBar>
#include <QUndoStack>
#include <stdexcept>

#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/log_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppDivergence : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;
  QString path_;

  double firstLinkMass() const {
    return window_->document()->description().links.at(0).inertial.mass;
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_divergence", autosave_.path());
    window_ = shownWindow();
    path_ = regressionInput("diverging_huge_qd.scenario.json");
    QString error;
    QVERIFY2(window_->openFile(path_, &error), qPrintable(error));
  }

  void divergenceStopsTheRunAndKeepsTheEdit() {
    // An unsaved edit first: the document is modified, the simulation restarts with it.
    const double edited_mass = firstLinkMass() + 1.25;
    QString error;
    VecX mass(1);
    mass << edited_mass;
    QVERIFY2(window_->document()->setLinkProperty(0, ui::LinkProperty::Mass, mass, &error),
             qPrintable(error));
    QVERIFY(window_->document()->isModified());
    const int undo_count = window_->document()->undoStack()->count();

    DialogCloser closer;
    window_->simulationToolbar()->setRealTimeFactor(1.0);
    window_->play();
    QVERIFY(waitUntil([&] { return window_->controller()->runState() == ui::RunState::Diverged; },
                      20000));
    QVERIFY(waitUntil([&] { return closer.closed() == 1; }, 5000));
    QVERIFY2(closer.text().contains("diverged"), qPrintable(closer.text()));
    QVERIFY2(window_->panelWidget<ui::LogPanel>()->text().contains("diverged"),
             qPrintable(window_->panelWidget<ui::LogPanel>()->text()));
    const QString status = window_->statusBar()->currentMessage();
    QVERIFY2(status.contains("diverged"), qPrintable(status));
    // Stopped: the shown frame is the last finite state and time does not move on.
    QTest::qWait(300);
    window_->framePump()->tick();
    QVERIFY(window_->framePump()->hasFrame());
    QVERIFY(window_->framePump()->lastFrame().snapshot.state.allFinite());
    const double t = shownTime(*window_);
    QTest::qWait(300);
    window_->framePump()->tick();
    QCOMPARE(shownTime(*window_), t);
    QCOMPARE(window_->controller()->runState(), ui::RunState::Diverged);
    // The edit is untouched: value, undo history, modified flag, file.
    QCOMPARE(firstLinkMass(), edited_mass);
    QCOMPARE(window_->document()->undoStack()->count(), undo_count);
    QVERIFY(window_->document()->isModified());
    QCOMPARE(window_->document()->path(), QFileInfo(path_).absoluteFilePath());
    // Reset starts again from the initial state of the edited model.
    window_->resetSimulation();
    QVERIFY(
        waitUntil([&] { return window_->controller()->runState() == ui::RunState::Paused; }, 5000));
    QCOMPARE(firstLinkMass(), edited_mass);
    QVERIFY(window_->document()->isModified());
  }

  void rejectedCommandIsAnErrorInLogAndStatusBar() {
    // Errors the worker reports (a rejected command here; a fault inside a step goes the
    // same way: test_sim_worker_faults) reach the log and the status bar.
    window_->controller()->setTimeStep(-1.0);
    QVERIFY(waitUntil([&] { return window_->statusBar()->currentMessage().contains("time step"); },
                      5000));
    QVERIFY(window_->statusBar()->currentMessage().startsWith("Error"));
    QVERIFY(window_->panelWidget<ui::LogPanel>()->text().contains("time step must be"));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppDivergence)
#include "test_app_divergence.moc"
