// A run that diverges (tests/data/diverging_slider.scenario.json: the work of its joint force
// overflows while its state and energy are finite) stops in `vms run` and in `vms sweep` at
// the instant found by stepping a bare Simulator here (support/diverging_slider.hpp), with
// the same message: exit 3, one line on stderr, the CSV rows and summary figures up to the
// last finite instant (none of them inf or nan), the sweep's row equal to summary.json's
// figures bit for bit. The desktop's side is tests/ui/sim/test_sim_divergence.cpp.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <cstring>

#include "diverging_slider.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;
using vms::test::runVms;

namespace {

QByteArray readAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

quint64 bits(double x) {
  quint64 b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

}  // namespace

class TestCliRunDivergence : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    expected_ = test::expectedDivergence();
    // The scenario does what it is for: it diverges with a finite state and energy, which
    // only the figures of the snapshot show.
    QVERIFY(expected_.time > 5.0);
    QVERIFY(expected_.state_finite);
    QVERIFY(expected_.energy_finite);
    qInfo("diverged at t = %.17g s; a check of the state alone would stop at t = %.17g s",
          expected_.time, expected_.state_check_time);
    QVERIFY(expected_.state_check_time > expected_.time);
  }

  void runStopsThere() {
    QTemporaryDir dir;
    const test::Run r = runVms({"run", test::kDivergingScenario, "--out", dir.path()});
    QCOMPARE(r.status, 3);
    QCOMPARE(QString(r.err), QString::fromStdString("vms: " + expected_.message +
                                                    "; the CSV holds the rows up to then\n"));
    const QByteArray csv = readAll(dir.path() + "/trajectory.csv");
    const QList<QByteArray> rows = csv.trimmed().split('\n');
    QVERIFY(rows.size() > 100);
    QVERIFY2(!csv.contains("inf") && !csv.contains("nan"), csv.right(400).constData());
    // Rows every output_every = 3 steps up to the last finite instant.
    const double last_row = rows.last().split(',')[0].toDouble();
    QVERIFY(last_row <= expected_.last_finite);
    QVERIFY(last_row > expected_.last_finite - 0.035);
    const QJsonObject summary =
        QJsonDocument::fromJson(readAll(dir.path() + "/summary.json")).object();
    QCOMPARE(summary["status"].toString(), QString("diverged"));
    QCOMPARE(summary["final_time"].toDouble(), expected_.last_finite);
    QCOMPARE(summary["steps"].toInt(), qRound(expected_.last_finite / 0.01));
    for (const QString& key : summary.keys())
      if (summary[key].isDouble())
        QVERIFY2(std::isfinite(summary[key].toDouble()), qPrintable(key));
    summary_ = summary;
  }

  void sweepStopsThere() {
    const test::Run r = runVms({"sweep", test::kDivergingScenario, "--param", "/dt=0.01:0.01:1",
                                "--metric", "tracking_error_max,max_vehicle_com_displacement"});
    QCOMPARE(r.status, 3);
    QCOMPARE(QString(r.err),
             QString::fromStdString(std::string("vms: ") + test::kDivergingScenario +
                                    ": grid point 0 (/dt = 0.01): " + expected_.message +
                                    "; its row holds the figures up to then\n"));
    const QList<QByteArray> rows = r.out.trimmed().split('\n');
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0], QByteArray("index,/dt,tracking_error_max,max_vehicle_com_displacement,"
                                 "status,grid_points"));
    const QList<QByteArray> row = rows[1].split(',');
    QCOMPARE(row.size(), 6);
    QCOMPARE(row[4], QByteArray("3"));
    if (summary_.isEmpty()) QSKIP("runStopsThere failed");
    QCOMPARE(bits(row[2].toDouble()), bits(summary_["tracking_error_max"].toDouble()));
    QCOMPARE(bits(row[3].toDouble()), bits(summary_["max_vehicle_com_displacement"].toDouble()));
  }

 private:
  test::ExpectedDivergence expected_;
  QJsonObject summary_;
};

QTEST_GUILESS_MAIN(TestCliRunDivergence)
#include "test_cli_run_divergence.moc"
