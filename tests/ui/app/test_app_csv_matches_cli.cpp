// The desktop CSV export of a finished run equals `vms run`'s trajectory.csv of the same
// scenario: the same columns in the same order, and at every instant `vms run` wrote, a row of
// the export at the same time with the same text in every cell (both print %.17g, so equal
// text is equal doubles). The app's history also holds the frames published in between (at
// most 60 per wall second); those have no CLI row to compare with. Every example scenario
// (models/*.scenario.json): analysis columns, thrusters, wheels, planar, underwater, gravity.
#include <QFile>
#include <QProcess>

#include "test_app_support.hpp"
#include "text_csv.hpp"

using namespace vms;
using namespace vms::test;

class TestAppCsvMatchesCli : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, out_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    QVERIFY(out_.isValid());
    isolateSettings("test_app_csv_matches_cli", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void exportEqualsVmsRun_data() {
    QTest::addColumn<QString>("name");
    const QStringList files =
        QDir(sourcePath("models")).entryList({"*.scenario.json"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 10);
    for (const QString& f : files) {
      const QString name = f.chopped(int(strlen(".scenario.json")));
      QTest::newRow(qPrintable(name)) << name;
    }
  }

  void exportEqualsVmsRun() {
    QFETCH(QString, name);
    const QString scenario = sourcePath("models/" + name + ".scenario.json");

    // The desktop run, to the end, as fast as possible.
    QString error;
    QVERIFY2(window_->openFile(scenario, &error), qPrintable(error));
    window_->simulationToolbar()->setRealTimeFactor(0.0);
    window_->play();
    QVERIFY(waitUntil([&] { return window_->controller()->runState() == ui::RunState::Finished; },
                      300000));
    const QString exported = out_.filePath(name + "-desktop.csv");
    QVERIFY2(window_->exportTrajectory(exported, &error), qPrintable(error));

    // `vms run` of the same file.
    QProcess vms;
    vms.start(VMS_CLI_PATH, {"run", scenario, "--out", out_.filePath(name + "-cli")});
    QVERIFY(vms.waitForFinished(300000));
    QVERIFY2(vms.exitCode() == 0, vms.readAllStandardError().constData());

    const TextCsv cli = readTextCsv(out_.filePath(name + "-cli/trajectory.csv"));
    const TextCsv app = readTextCsv(exported);
    QVERIFY(!cli.rows.empty());
    QCOMPARE(app.columns, cli.columns);

    // Rows by time: every CLI instant must be in the export, with equal cells.
    QHash<QString, int> app_row_at;
    for (int i = 0; i < int(app.rows.size()); ++i) app_row_at.insert(app.rows[i][0], i);
    int compared = 0;
    for (const QStringList& row : cli.rows) {
      const auto it = app_row_at.constFind(row[0]);
      QVERIFY2(it != app_row_at.constEnd(), qPrintable("no exported row at t = " + row[0]));
      const QStringList& other = app.rows[size_t(*it)];
      QCOMPARE(other.size(), row.size());
      for (int c = 0; c < row.size(); ++c) {
        if (other[c] == row[c]) continue;
        QFAIL(qPrintable(QString("t = %1, column %2: vms run %3, desktop export %4 (difference %5)")
                             .arg(row[0], cli.columns[c], row[c], other[c])
                             .arg(other[c].toDouble() - row[c].toDouble())));
      }
      ++compared;
    }
    qInfo("%s: %d columns, %d instants compared bitwise (export: %d rows)", qPrintable(name),
          int(cli.columns.size()), compared, int(app.rows.size()));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppCsvMatchesCli)
#include "test_app_csv_matches_cli.moc"
