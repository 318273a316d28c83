// `vms run` on scenarios with a reaction_null_space controller: the run says when the
// end-effector task leaves the reaction null space (a "vms: note:" line on stderr, the same
// text as summary.json's "reaction_null_space"), its time is the summary's
// reactionless_first_outside_time and the first CSV row whose reactionless_outside is 1
// (the rows before are 0, the residual there zero to rounding); the reactionless_* columns
// come last, after every column the scenario has without them, and only scenarios with the
// controller have them.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): `vms run` of whole examples (30 s simulated).
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include "test_support.hpp"

namespace {

struct Run {
  int status = -1;
  QByteArray err;
  QJsonObject summary;
  QStringList columns;
  std::vector<std::vector<double>> rows;
};

Run runVms(const QString& example, const QString& dir) {
  QProcess p;
  p.start(QStringLiteral(VMS_CLI_PATH),
          {"run", QStringLiteral(VMS_SOURCE_DIR "/models/") + example + ".scenario.json", "--out",
           dir});
  p.waitForFinished(120000);
  Run r;
  r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.err = p.readAllStandardError();
  QFile s(dir + "/summary.json");
  if (s.open(QIODevice::ReadOnly)) r.summary = QJsonDocument::fromJson(s.readAll()).object();
  QFile csv(dir + "/trajectory.csv");
  if (csv.open(QIODevice::ReadOnly)) {
    r.columns = QString::fromUtf8(csv.readLine()).trimmed().split(',');
    while (!csv.atEnd()) {
      std::vector<double> row;
      for (const QByteArray& cell : csv.readLine().trimmed().split(','))
        row.push_back(cell.toDouble());
      r.rows.push_back(row);
    }
  }
  return r;
}

}  // namespace

class TestCliRunReactionless : public QObject {
  Q_OBJECT
 private slots:
  void reportsTheFirstTimeOutside() {
    QTemporaryDir dir;
    const Run r = runVms("seed004_spatial_reactionless_limit", dir.path());
    QCOMPARE(r.status, 0);
    const int t = r.columns.indexOf("t"), outside = r.columns.indexOf("reactionless_outside"),
              residual = r.columns.indexOf("reactionless_task_residual");
    QVERIFY(outside > 0 && residual > 0);
    size_t first = 0;
    while (first < r.rows.size() && r.rows[first][size_t(outside)] == 0.0) ++first;
    QVERIFY(first > 0 && first < r.rows.size());
    for (size_t i = 0; i < first; ++i) QVERIFY(r.rows[i][size_t(residual)] < 1e-12);
    QVERIFY(r.rows[first][size_t(residual)] > 0.0);
    const double first_time = r.summary.value("reactionless_first_outside_time").toDouble(-2);
    const double dt = 0.002, row_spacing = 10 * dt;
    // The first step outside is an instant of the run; the CSV holds every 10th.
    QVERIFY(first_time > r.rows[first - 1][size_t(t)]);
    QVERIFY(first_time <= r.rows[first][size_t(t)]);
    QVERIFY(r.rows[first][size_t(t)] - r.rows[first - 1][size_t(t)] <= row_spacing + 1e-12);
    qInfo("first outside at t = %.17g s, CSV row at %.17g s", first_time, r.rows[first][size_t(t)]);

    const QString notice = r.summary.value("reaction_null_space").toString();
    QVERIFY(notice.startsWith(
        QStringLiteral("the end-effector task left the reaction null space at t = %1 s")
            .arg(first_time, 0, 'g', 6)));
    QVERIFY2(r.err.contains(("vms: note: " + notice + "\n").toUtf8()), r.err.constData());
  }

  void staysInsideSilently() {
    QTemporaryDir dir;
    const Run r = runVms("seed004_spatial_reactionless", dir.path());
    QCOMPARE(r.status, 0);
    QVERIFY2(!r.err.contains("note"), r.err.constData());
    QCOMPARE(r.summary.value("reactionless_first_outside_time").toDouble(), -1.0);
    QCOMPARE(r.summary.value("reaction_null_space").toString(),
             QStringLiteral("the task stayed in the reaction null space"));
    QCOMPARE(r.columns.mid(r.columns.size() - 3),
             QStringList({"reactionless_task_residual", "reactionless_vehicle_rate",
                          "reactionless_outside"}));
  }

  // Without the controller: no column, no summary figure, no note.
  void otherScenariosHaveNone() {
    QTemporaryDir dir;
    const Run r = runVms("seed004_spatial_reach", dir.path());
    QCOMPARE(r.status, 0);
    QVERIFY(!r.columns.join(',').contains("reactionless"));
    for (const QString& key : r.summary.keys())
      QVERIFY2(!key.contains("reaction"), qPrintable(key));
    QVERIFY(!r.err.contains("note"));
  }
};

QTEST_APPLESS_MAIN(TestCliRunReactionless)
#include "test_cli_run_reactionless.moc"
