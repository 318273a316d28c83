// The simulation worker never lets an exception end the application (an exception escaping a
// std::thread is std::terminate): one thrown by a queued command or inside a running step,
// std::exception or not, becomes an error signal naming it, a running simulation stops
// (paused at its last completed step), and the worker goes on serving commands. A scenario
// naming an unregistered integrator or solver is refused at load with the registered names
// (the core Simulator would step with a null integrator).
#include <QSignalSpy>
#include <QtTest/QtTest>
#include <stdexcept>

#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/sim/simulation_worker.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed004_planar_one_joint.scenario.json";

/// A worker reporting to `owner` (whose own worker stays idle), loaded and paused.
struct WorkerFixture {
  SimulationController owner;
  SimulationWorker worker{&owner};
  QSignalSpy errors{&owner, &SimulationController::error};
  WorkerFixture() {
    worker.start();
    worker.load(std::make_shared<Simulator>(loadScenario(kScenario)));
  }
  bool waitForState(RunState s, int ms = 10000) {
    return QTest::qWaitFor([&] { return worker.runState() == s; }, ms);
  }
  QString waitForError(int ms = 10000) {
    if (errors.isEmpty() && !errors.wait(ms)) return {};
    return errors.takeFirst().at(0).toString();
  }
};

}  // namespace

class TestSimWorkerFaults : public QObject {
  Q_OBJECT
 private slots:
  void exceptionInACommandIsAnError() {
    WorkerFixture f;
    QVERIFY(f.waitForState(RunState::Paused));
    f.worker.reconfigure([](Simulator&) { throw std::runtime_error("bad reconfiguration"); });
    QCOMPARE(f.waitForError(), QString("bad reconfiguration"));
    f.worker.reconfigure([](Simulator&) { throw 42; });  // not a std::exception
    QVERIFY(f.waitForError().contains("not a std::exception"));
    // Still serving commands.
    f.worker.stepOnce();
    QVERIFY(QTest::qWaitFor([&] { return f.worker.stats().simulated_time > 0.0; }, 5000));
  }

  void exceptionInsideARunningStepStopsTheRun() {
    WorkerFixture f;
    QVERIFY(f.waitForState(RunState::Paused));
    int steps = 0;
    f.worker.setStepHook([&steps](const Simulator&) {
      if (++steps == 20) throw std::runtime_error("fault at step 20");
    });
    f.worker.setRealTimeFactor(0.0);
    f.worker.play();
    const QString message = f.waitForError();
    QVERIFY2(message.contains("fault at step 20"), qPrintable(message));
    QVERIFY(message.startsWith("simulation stopped"));
    QVERIFY(f.waitForState(RunState::Paused));
    const double t = f.worker.stats().simulated_time;
    QTest::qWait(200);
    QCOMPARE(f.worker.stats().simulated_time, t);  // stopped
    // A non-std exception the same way.
    f.worker.setStepHook([](const Simulator&) { throw 7; });
    f.worker.play();
    QVERIFY(f.waitForError().contains("not a std::exception"));
    QVERIFY(f.waitForState(RunState::Paused));
    // Without the fault the run goes on from where it stopped.
    f.worker.setStepHook({});
    f.worker.play();
    QVERIFY(QTest::qWaitFor([&] { return f.worker.stats().simulated_time > t + 0.5; }, 10000));
    f.worker.pause();
    QVERIFY(f.errors.isEmpty());
  }

  void unregisteredNamesAreRefusedAtLoad_data() {
    QTest::addColumn<QString>("key");
    QTest::newRow("integrator") << "integrator";
    QTest::newRow("solver") << "solver";
  }

  void unregisteredNamesAreRefusedAtLoad() {
    QFETCH(QString, key);
    Scenario s = loadScenario(kScenario);
    (key == "integrator" ? s.integrator : s.solver) = "x";
    SimulationController controller;
    QSignalSpy errors(&controller, &SimulationController::error);
    controller.load(s);
    QCOMPARE(errors.count(), 1);
    const QString message = errors.takeFirst().at(0).toString();
    QVERIFY2(message.contains(key + ": unknown " + key + " 'x'"), qPrintable(message));
    QVERIFY2(message.contains(key == "integrator" ? "rk4, euler, rk45" : "aba, crba"),
             qPrintable(message));
    QVERIFY(!controller.hasSimulation());
    controller.play();  // nothing to run, nothing to crash
    QTest::qWait(100);
    QCOMPARE(controller.runState(), RunState::Empty);
  }
};

QTEST_GUILESS_MAIN(TestSimWorkerFaults)
#include "test_sim_worker_faults.moc"
