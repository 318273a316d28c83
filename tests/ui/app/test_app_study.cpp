// The Study panel (sweeps one or two parameters, runs a scenario for each in parallel on all
// cores, plots a metric against the parameters; results exportable as CSV and figures), on seed
// 004's one-joint scenario: a 3 x 2 grid (link 1's mass, the duration) runs through `vms sweep`,
// the table has six rows and the plot two curves of three points; the CSV is the one `vms sweep`
// writes for the same scenario and grid run by hand (with one job: the file does not depend on the
// jobs); the exports write that CSV and a 1600 x 1000 figure; a bad path stops with vms's message.
#include <QImage>
#include <QProcess>

#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/study_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppStudy : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, out_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_study", autosave_.path());
    qputenv("VMS_CLI", VMS_CLI_PATH);
    window_ = shownWindow();
    window_->setDialogs(false);
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
  }

  void twoParameterStudy() {
    auto* panel = window_->panelWidget<ui::StudyPanel>();
    QVERIFY(panel);
    QCOMPARE(ui::StudyPanel::vmsProgram(), QString(VMS_CLI_PATH));
    panel->setParameter(1, "link:link1.mass", 5, 15, 3);
    panel->setParameter(2, "/duration", 10, 20, 2);
    panel->setMetric("max_vehicle_attitude_deviation");
    QVERIFY2(panel->run(), qPrintable(panel->statusText()));
    QVERIFY2(panel->waitForFinished(240000), qPrintable(panel->statusText()));
    QCOMPARE(panel->resultRows(), 6);
    QCOMPARE(panel->plottedPoints(), 6);
    QVERIFY2(panel->statusText().startsWith("6 grid points"), qPrintable(panel->statusText()));

    // The same study by hand: the scenario as it stands, `vms sweep` with one job.
    const QString copy = out_.filePath("copy.scenario.json");
    QString error;
    QVERIFY2(window_->document()->writeScenarioCopy(copy, &error), qPrintable(error));
    QProcess vms;
    vms.start(VMS_CLI_PATH,
              {"sweep", copy, "--param", "link:link1.mass=5:15:3", "--param", "/duration=10:20:2",
               "--metric", "all", "--jobs", "1", "--out", out_.filePath("by_hand.csv")});
    QVERIFY(vms.waitForFinished(240000));
    QVERIFY2(vms.exitCode() == 0, vms.readAllStandardError().constData());
    QFile by_hand(out_.filePath("by_hand.csv"));
    QVERIFY(by_hand.open(QIODevice::ReadOnly));
    QCOMPARE(panel->resultCsv(), by_hand.readAll());

    QVERIFY(panel->exportCsv(out_.filePath("study.csv"), &error));
    QFile exported(out_.filePath("study.csv"));
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QCOMPARE(exported.readAll(), panel->resultCsv());
    QVERIFY2(panel->exportFigure(out_.filePath("study.png"), &error), qPrintable(error));
    QCOMPARE(QImage(out_.filePath("study.png")).size(), QSize(1600, 1000));
  }

  void badPathStopsWithTheMessage() {
    auto* panel = window_->panelWidget<ui::StudyPanel>();
    panel->setParameter(1, "link:nope.mass", 1, 2, 2);
    panel->setParameter(2, QString(), 0, 0, 1);
    QVERIFY(panel->run());
    QVERIFY(!panel->waitForFinished(60000));
    QVERIFY2(panel->statusText().contains("nope"), qPrintable(panel->statusText()));
  }

  // Another file: the previous model's results go. A bare model runs until paused, so a study
  // of it would run 0 s per point and report zeros: refused with the reason.
  void zeroDurationStudyIsRefusedAndResultsDoNotOutliveTheirModel() {
    auto* panel = window_->panelWidget<ui::StudyPanel>();
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_spatial.vms.json"), &error),
             qPrintable(error));
    QCOMPARE(panel->resultRows(), 0);
    QCOMPARE(panel->plottedPoints(), 0);
    panel->setParameter(1, "link:link1.mass", 5, 15, 3);
    panel->setParameter(2, QString(), 0, 0, 1);
    QVERIFY(!panel->run());
    QVERIFY2(panel->statusText().contains("0 s"), qPrintable(panel->statusText()));
    QCOMPARE(panel->resultRows(), 0);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppStudy)
#include "test_app_study.moc"
