// The self-measurement run of the real binary: `vms-workbench --scenario F --run-seconds S
// --report R.json --screenshot W.png` plays the seed 004 spatial example and writes a report
// with every field, plausible values (frames drawn, simulated time near the wall time at real
// time, plots fed) and a window screenshot that shows the 3D view; a bad scenario exits
// non-zero with a message instead of hanging on a dialog.
// VMS_RUN_SERIAL: measures wall time; CTest runs it alone (tests/CMakeLists.txt).
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include "test_app_support.hpp"

using namespace vms::test;

class TestAppReport : public QObject {
  Q_OBJECT
  QTemporaryDir out_;

  QJsonObject run(const QStringList& extra, QString* screenshot = nullptr) {
    const QString report = out_.filePath("report.json");
    QFile::remove(report);
    QStringList args = {
        "--scenario",    sourcePath("models/seed004_spatial_one_joint.scenario.json"),
        "--run-seconds", "3",
        "--report",      report};
    if (screenshot) {
      *screenshot = out_.filePath("window.png");
      args << "--screenshot" << *screenshot;
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.start(VMS_WORKBENCH_PATH, args + extra);
    if (!process.waitForFinished(60000)) {
      process.kill();
      return {};
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) return {};
    QFile file(report);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object();
  }

 private slots:
  void realTimeRun() {
    QString screenshot;
    const QJsonObject r = run({}, &screenshot);
    QVERIFY2(!r.isEmpty(), "no report");
    for (const char* key : {"frames_drawn", "frame_time_median_ms", "frame_time_p99_ms",
                            "simulated_time", "real_time_factor", "dropped_snapshots",
                            "max_ui_latency_ms", "plots_shown", "plot_points_received"})
      QVERIFY2(r.contains(key), key);
    qInfo().noquote() << QJsonDocument(r).toJson(QJsonDocument::Compact);
    QVERIFY(r["frames_drawn"].toDouble() > 20);
    QVERIFY(r["frame_time_median_ms"].toDouble() > 0.0);
    QVERIFY(r["frame_time_p99_ms"].toDouble() >= r["frame_time_median_ms"].toDouble());
    // Real time: about three simulated seconds in three wall seconds (loose: shared machine).
    QVERIFY(r["simulated_time"].toDouble() > 1.5 && r["simulated_time"].toDouble() < 4.0);
    QVERIFY(r["real_time_factor"].toDouble() > 0.5 && r["real_time_factor"].toDouble() < 1.2);
    QCOMPARE(r["plots_shown"].toInt(), 3);
    QVERIFY(r["plot_points_received"].toDouble() > 20);
    QVERIFY(r["dropped_snapshots"].toDouble() >= 0);
    const QImage image(screenshot);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800);
    QVERIFY(distinctColours(image) > 50);
  }

  void maxSpeedRun() {
    const QJsonObject r = run({"--max-speed"});
    QVERIFY2(!r.isEmpty(), "no report");
    qInfo().noquote() << QJsonDocument(r).toJson(QJsonDocument::Compact);
    QCOMPARE(r["requested_real_time_factor"].toDouble(), 0.0);
    QVERIFY(r["real_time_factor"].toDouble() > 5.0);
    // The latency probe kept sampling all run long: on average at least every 100 ms (it asks
    // for every 10 ms and fires between frames, which take 25-55 ms under Xvfb on the 2-core
    // VM; a fixed count of 50 failed at 49 on a 3.05 s run when the VM was slow).
    const double run_seconds = r["run_seconds"].toDouble();
    QVERIFY(run_seconds > 1.0);
    QVERIFY2(r["ui_latency_samples"].toDouble() >= 10.0 * run_seconds,
             qPrintable(QString("%1 samples in %2 s")
                            .arg(r["ui_latency_samples"].toDouble())
                            .arg(run_seconds)));
  }

  void badScenarioExitsWithMessage() {
    QProcess process;
    process.start(VMS_WORKBENCH_PATH,
                  {"--scenario", out_.filePath("missing.scenario.json"), "--run-seconds", "1"});
    QVERIFY(process.waitForFinished(30000));
    QVERIFY(process.exitCode() != 0);
    QVERIFY(process.readAllStandardError().contains("missing.scenario.json"));
  }
};

QTEST_MAIN(TestAppReport)
#include "test_app_report.moc"
