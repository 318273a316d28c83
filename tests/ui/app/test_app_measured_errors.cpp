// The measured run of the real binary (`vms-workbench --scenario F --run-seconds S --report
// R.json`) on bad input reports as the `vms` CLI does: exactly one stderr line, the CLI's own
// message for the same file behind "vms-workbench: " instead of "vms: ", exit status 1 for a
// bad file and 2 for bad arguments. A run whose simulation diverges writes its report with
// the divergence in it and exits 3.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

#include "test_app_support.hpp"

using namespace vms::test;

namespace {

struct Outcome {
  bool finished = false;
  int exit_code = -1;
  QStringList stderr_lines;  // non-empty lines
};

Outcome runProcess(const QString& program, const QStringList& args, int timeout_ms = 60000) {
  QProcess process;
  process.start(program, args);
  Outcome out;
  out.finished = process.waitForFinished(timeout_ms);
  if (!out.finished) {
    process.kill();
    process.waitForFinished();
    return out;
  }
  out.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  for (const QString& line : QString::fromUtf8(process.readAllStandardError()).split('\n'))
    if (!line.trimmed().isEmpty()) out.stderr_lines << line;
  return out;
}

QString hostile(const QString& name) { return regressionInput(name); }

}  // namespace

class TestAppMeasuredErrors : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString write(const QString& name, const QByteArray& text) {
    return writeFileIn(dir_, name, text);
  }

  Outcome measure(const QStringList& args) {
    QFile::remove(dir_.filePath("r.json"));
    return runProcess(VMS_WORKBENCH_PATH, args);
  }

 private slots:
  // --help and --version answer (exit 0, on stdout) where there is no display at all: no X
  // server, no Wayland, no platform plugin chosen (QApplication would abort there).
  void helpAndVersionWithoutADisplay() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(name);
    for (const QString& option : {QString("--version"), QString("--help"), QString("-h")}) {
      QProcess process;
      process.setProcessEnvironment(env);
      process.start(VMS_WORKBENCH_PATH, {option});
      QVERIFY(process.waitForFinished(30000));
      const QString out = QString::fromUtf8(process.readAllStandardOutput());
      QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
               qPrintable(option + ": " + process.readAllStandardError()));
      if (option == "--version")
        QVERIFY2(QRegularExpression("^vms-workbench \\d+\\.\\d+\\.\\d+\\n$").match(out).hasMatch(),
                 qPrintable(out));
      else
        QVERIFY2(out.contains("--scenario") && out.contains("--fresh"), qPrintable(out));
    }
  }

  void badFileExitsOneWithTheCliMessage_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("malformed json") << write("broken.scenario.json", "{\"name\": \"x\", ");
    QTest::newRow("unknown solver") << hostile("unknown_solver.scenario.json");
    QTest::newRow("unknown integrator") << hostile("unknown_integrator.scenario.json");
    QTest::newRow("inline negative mass") << hostile("inline_negative_mass.scenario.json");
    QTest::newRow("empty initial_state path") << hostile("initial_state_empty_path.scenario.json");
    QTest::newRow("missing file") << dir_.filePath("does_not_exist.scenario.json");
    QDir(dir_.path()).mkpath("folder.scenario.json");
    QTest::newRow("directory as the file") << dir_.filePath("folder.scenario.json");
  }

  void badFileExitsOneWithTheCliMessage() {
    QFETCH(QString, path);
    const Outcome app =
        measure({"--scenario", path, "--run-seconds", "1", "--report", dir_.filePath("r.json")});
    QVERIFY2(app.finished, "the app did not exit");
    QCOMPARE(app.exit_code, 1);
    QVERIFY2(app.stderr_lines.size() == 1, qPrintable(app.stderr_lines.join("\n")));
    const QString line = app.stderr_lines.first();
    QVERIFY2(line.startsWith("vms-workbench: "), qPrintable(line));
    QVERIFY2(line.contains(QFileInfo(path).fileName()), qPrintable(line));
    QVERIFY(!QFile::exists(dir_.filePath("r.json")));
    // The CLI reads the same file with the same core function: the same words.
    const Outcome cli = runProcess(VMS_CLI_PATH, {"run", path, "--out", dir_.filePath("out")});
    QCOMPARE(cli.exit_code, 1);
    QCOMPARE(cli.stderr_lines.size(), 1);
    QCOMPARE(line.mid(QString("vms-workbench: ").size()),
             cli.stderr_lines.first().mid(QString("vms: ").size()));
  }

  void badArgumentsExitTwo_data() {
    QTest::addColumn<QStringList>("args");
    const QString good = sourcePath("models/seed004_planar_one_joint.scenario.json");
    QTest::newRow("unknown option") << QStringList{"--scenario", good, "--bogus"};
    QTest::newRow("run-seconds not a number")
        << QStringList{"--scenario", good, "--run-seconds", "soon"};
    QTest::newRow("run-seconds negative") << QStringList{"--scenario", good, "--run-seconds", "-1"};
    QTest::newRow("report without scenario") << QStringList{"--report", "r.json"};
    QTest::newRow("option without its value") << QStringList{"--scenario"};
  }

  void badArgumentsExitTwo() {
    QFETCH(QStringList, args);
    const Outcome app = measure(args);
    QVERIFY2(app.finished, "the app did not exit");
    QCOMPARE(app.exit_code, 2);
    QVERIFY2(app.stderr_lines.size() == 1, qPrintable(app.stderr_lines.join("\n")));
    QVERIFY2(app.stderr_lines.first().startsWith("vms-workbench: "),
             qPrintable(app.stderr_lines.first()));
  }

  void divergedRunWritesReportAndExitsThree() {
    const QString report = dir_.filePath("r.json");
    const Outcome app = measure({"--scenario", hostile("diverging_huge_qd.scenario.json"),
                                 "--run-seconds", "5", "--report", report});
    QVERIFY2(app.finished, "the app did not exit");
    QVERIFY2(
        app.exit_code == 3,
        qPrintable(QString("exit %1: %2").arg(app.exit_code).arg(app.stderr_lines.join("\n"))));
    QVERIFY2(app.stderr_lines.size() == 1, qPrintable(app.stderr_lines.join("\n")));
    QVERIFY2(app.stderr_lines.first().startsWith("vms-workbench: simulation diverged"),
             qPrintable(app.stderr_lines.first()));
    QFile file(report);
    QVERIFY2(file.open(QIODevice::ReadOnly), "no report");
    const QJsonObject r = QJsonDocument::fromJson(file.readAll()).object();
    qInfo().noquote() << QJsonDocument(r).toJson(QJsonDocument::Compact);
    QCOMPARE(r["run_state"].toString(), QString("diverged"));
    QCOMPARE(r["diverged"].toBool(), true);
    QVERIFY2(r["divergence"].toString().contains("diverged"),
             qPrintable(r["divergence"].toString()));
    QVERIFY(r.contains("frames_drawn"));  // the measurements up to the divergence
    // Ends at the divergence, not after the five seconds asked for.
    QVERIFY2(r["run_seconds"].toDouble() < 4.0,
             qPrintable(QString::number(r["run_seconds"].toDouble())));
  }
};

QTEST_MAIN(TestAppMeasuredErrors)
#include "test_app_measured_errors.moc"
