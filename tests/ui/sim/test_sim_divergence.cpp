// The desktop stops a diverging run where `vms run` and `vms sweep` do: the worker drives the
// core run loop (ScenarioRun), so tests/data/diverging_slider.scenario.json (the work of its
// joint force overflows while its state and energy are finite; a check of the state alone
// would stop later) diverges at the instant found by stepping a bare
// Simulator (support/diverging_slider.hpp), with the message `vms run` prints; the run is held
// at the last finite instant, no frame or history entry holds an inf or nan, every row of
// `vms run`'s CSV is in the history with the same figures, and a step from there diverges
// again.
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cmath>
#include <cstdio>

#include "diverging_slider.hpp"
#include "test_support.hpp"
#include "ui/sim/simulation_controller.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

bool finiteFigures(const Snapshot& s) {
  return s.state.allFinite() && std::isfinite(s.energy) && std::isfinite(s.actuator_work) &&
         s.momenta.linear_total.allFinite() && s.joint_torque.allFinite();
}

}  // namespace

class TestSimDivergence : public QObject {
  Q_OBJECT
 private slots:
  void stopsWhereTheCommandLineStops() {
    const test::ExpectedDivergence expected = test::expectedDivergence();
    QVERIFY(expected.time > 5.0 && expected.state_finite && expected.energy_finite);
    qInfo("diverged at t = %.17g s; a check of the state alone would stop at t = %.17g s",
          expected.time, expected.state_check_time);
    QVERIFY(expected.state_check_time > expected.time);

    SimulationController controller;
    QSignalSpy diverged(&controller, &SimulationController::diverged);
    QSignalSpy errors(&controller, &SimulationController::error);
    bool frames_finite = true;
    SimFrame last;
    QObject::connect(&controller, &SimulationController::frameAvailable, [&] {
      SimFrame f;
      while (controller.latestFrame(f)) {
        frames_finite = frames_finite && finiteFigures(f.snapshot);
        last = f;
      }
    });
    controller.load(loadScenario(test::kDivergingScenario));
    controller.setRealTimeFactor(0.0);
    controller.play();
    QVERIFY(diverged.wait(20000) || diverged.count() > 0);
    QCOMPARE(diverged.takeFirst().at(0).toString(), QString::fromStdString(expected.message));
    QVERIFY(QTest::qWaitFor([&] { return controller.runState() == RunState::Diverged; }, 5000));
    QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors[0][0].toString()));

    // Held at the last finite instant, shown.
    QCOMPARE(controller.stats().simulated_time, expected.last_finite);
    QVERIFY(QTest::qWaitFor([&] { return last.snapshot.time == expected.last_finite; }, 5000));
    QVERIFY(frames_finite);

    // The history: every output instant (each third step) up to the last finite one, then
    // that one; all finite.
    std::vector<SimFrame> history;
    controller.history().framesAfter(0, history);
    QVERIFY(history.size() > 100);
    for (const SimFrame& f : history) QVERIFY(finiteFigures(f.snapshot));
    QCOMPARE(history.back().snapshot.time, expected.last_finite);

    // `vms run` on the same file: the same message, and its rows are the history's.
    QVERIFY2(QFileInfo::exists(VMS_CLI_PATH), "build the vms target first");
    QTemporaryDir dir;
    QProcess vms;
    vms.start(VMS_CLI_PATH, {"run", test::kDivergingScenario, "--out", dir.path()});
    QVERIFY(vms.waitForFinished(60000));
    QCOMPARE(vms.exitCode(), 3);
    QCOMPARE(QString(vms.readAllStandardError()),
             QString::fromStdString("vms: " + expected.message +
                                    "; the CSV holds the rows up to then\n"));
    QFile csv(dir.path() + "/trajectory.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    const QList<QByteArray> header = lines[0].split(',');
    const qsizetype kinetic = header.indexOf("T"), work = header.indexOf("actuator_work");
    QVERIFY(kinetic > 0 && work > 0);
    QVERIFY(lines.size() > 100);
    // Every CSV row's instant is in the history, with the same kinetic energy and work.
    size_t h = 0;
    for (const QByteArray& line : lines.mid(1)) {
      const QList<QByteArray> row = line.split(',');
      const double t = row[0].toDouble();
      while (h < history.size() && history[h].snapshot.time < t) ++h;
      QVERIFY2(h < history.size() && history[h].snapshot.time == t,
               qPrintable(QString("no history frame at t = %1").arg(t, 0, 'g', 17)));
      QCOMPARE(row[kinetic].toDouble(), history[h].snapshot.kinetic_energy);
      QCOMPARE(row[work].toDouble(), history[h].snapshot.actuator_work);
    }

    // Resumed from the last finite instant, one step diverges again the same way. The steps
    // now count from the restart (Simulator::restart), so the instant is last_finite + dt,
    // which may round differently from 527 dt.
    controller.stepOnce();
    QVERIFY(diverged.wait(10000) || diverged.count() > 0);
    char again[256];
    std::snprintf(again, sizeof again,
                  "simulation diverged at t = %.17g s (actuator work became NaN/Inf); last "
                  "finite state at t = %.17g s",
                  expected.last_finite + 0.01, expected.last_finite);
    QCOMPARE(diverged.takeFirst().at(0).toString(), QString(again));
    QCOMPARE(controller.stats().simulated_time, expected.last_finite);
  }
};

QTEST_MAIN(TestSimDivergence)
#include "test_sim_divergence.moc"
