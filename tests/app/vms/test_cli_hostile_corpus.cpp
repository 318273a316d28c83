// Every file of the fuzzers' regression corpus (fuzz/regressions/<target>/: crashers, minimized
// inputs of each class found, the hand-made hostile inputs) through the `vms` command line.
// The subdirectory says how a file is run:
//   urdf/, vms_json/   model files: `vms convert` to both formats, then `vms inspect` at rest
//   simulate/          the same, then 10 steps of `vms simulate` (divergence allowed: exit 3)
//   state/             STATE files: `vms inspect` and `vms simulate` of models/seed004_planar
//   scenario/          `*.scenario.json`: `vms run` (other files there are their sibling models)
// The contract (README "Bad input: error messages"): the process ends normally (no signal, no
// hang: 60 s per run) with exit 0, 1 or 2 (3 for simulate/run: diverged); a non-zero exit
// prints exactly one line besides "vms: warning:" lines, naming the input file (except the
// contract's divergence line); a failed convert leaves no output file, a failed simulate no
// CSV, a failed run no summary; an exit-0 inspect prints JSON with no null (a NaN/Inf result
// that nothing reported).
#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// One run of `vms`, capped in time: a hang is a failure like a crash.
constexpr int kRunTimeoutMs = 60000;

struct Run {
  bool finished = false;  // within kRunTimeoutMs
  bool crashed = false;   // ended by a signal
  int code = -1;
  QByteArray out, err;
};

Run runVms(const QStringList& args, const QString& workdir) {
  QProcess p;
  p.setWorkingDirectory(workdir);  // nothing may land in the source tree
  p.start(QStringLiteral(VMS_CLI_PATH), args);
  Run r;
  r.finished = p.waitForFinished(kRunTimeoutMs);
  if (!r.finished) {
    p.kill();
    p.waitForFinished();
  }
  r.crashed = p.exitStatus() != QProcess::NormalExit;
  r.code = p.exitCode();
  r.out = p.readAllStandardOutput();
  r.err = p.readAllStandardError();
  return r;
}

QString corpusDir(const char* target) {
  return QStringLiteral(VMS_SOURCE_DIR "/fuzz/regressions/") + target;
}

/// One data row per corpus file of `target` whose name ends with one of `suffixes` (a row with
/// an empty name if there is none: QTest runs a data-driven function once even without rows;
/// corpusHasEveryTarget reports the empty directory).
void addCorpusRows(const char* target, const QStringList& suffixes) {
  QTest::addColumn<QString>("file");
  QDir dir(corpusDir(target));
  const QStringList names = dir.entryList(QDir::Files, QDir::Name);
  int rows = 0;
  for (const QString& name : names)
    for (const QString& suffix : suffixes)
      if (name.endsWith(suffix)) {
        QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(target, name)))
            << dir.absoluteFilePath(name);
        ++rows;
        break;
      }
  if (rows == 0) QTest::newRow(qPrintable(QStringLiteral("%1/(none)").arg(target))) << QString();
}

#define FETCH_CORPUS_FILE(file) \
  QFETCH(QString, file);        \
  if (file.isEmpty()) QSKIP("no corpus file")

QStringList errorLines(const QByteArray& err) {
  QStringList lines;
  for (const QString& line : QString::fromUtf8(err).split('\n', Qt::SkipEmptyParts))
    if (!line.startsWith(QStringLiteral("vms: warning:"))) lines << line;
  return lines;
}

QString describe(const QStringList& args, const Run& r) {
  return QStringLiteral("vms %1\n  exit %2%3\n  stderr: %4")
      .arg(args.join(' '))
      .arg(r.code)
      .arg(r.crashed ? QStringLiteral(" (killed by a signal)") : QString())
      .arg(QString::fromUtf8(r.err.left(2000)));
}

/// Runs `vms args` and checks the contract; `named` is the file the error line must name.
/// Returns the run (exit code -1 after a failed check: QVERIFY returned from here).
Run runChecked(const QStringList& args, const QString& named, bool may_diverge,
               const QString& workdir) {
  const Run r = runVms(args, workdir);
  const QString what = describe(args, r);
  [&] {
    QVERIFY2(r.finished, qPrintable("no exit within 60 s: " + what));
    QVERIFY2(!r.crashed, qPrintable("crashed: " + what));
    const bool allowed = r.code == 0 || r.code == 1 || r.code == 2 || (may_diverge && r.code == 3);
    QVERIFY2(allowed, qPrintable("unexpected exit status: " + what));
    if (r.code == 0) return;
    const QStringList lines = errorLines(r.err);
    QVERIFY2(lines.size() == 1, qPrintable("expected exactly one error line: " + what));
    // The divergence line is fixed by the contract ("vms: simulation diverged at t = ...").
    if (r.code != 3)
      QVERIFY2(lines[0].contains(QFileInfo(named).fileName()),
               qPrintable("the error line does not name the file: " + what));
  }();
  return r;
}

bool containsNull(const QJsonValue& v) {
  if (v.isNull()) return true;
  if (v.isArray()) {
    for (const QJsonValue& e : v.toArray())
      if (containsNull(e)) return true;
  }
  if (v.isObject()) {
    for (const QJsonValue& e : v.toObject())
      if (containsNull(e)) return true;
  }
  return false;
}

void checkInspectOutput(const QStringList& args, const Run& r) {
  if (r.code != 0) return;
  QJsonParseError e;
  const QJsonDocument doc = QJsonDocument::fromJson(r.out, &e);
  QVERIFY2(e.error == QJsonParseError::NoError && doc.isObject(),
           qPrintable("inspect printed no JSON object: " + describe(args, r)));
  QVERIFY2(!containsNull(doc.object()),
           qPrintable("inspect printed null (a NaN/Inf nobody reported): " + describe(args, r) +
                      "\n  stdout: " + QString::fromUtf8(r.out.left(2000))));
}

/// A STATE at rest for the model `vms convert` wrote (q = qd = 0 for every non-fixed joint).
QString writeZeroState(const QString& converted_vms_json, const QString& dir) {
  QFile in(converted_vms_json);
  if (!in.open(QIODevice::ReadOnly)) return {};
  int njoints = 0;
  for (const QJsonValue& j : QJsonDocument::fromJson(in.readAll()).object()["joints"].toArray())
    if (j.toObject()["type"].toString() != QStringLiteral("fixed")) ++njoints;
  QJsonArray zeros;
  for (int k = 0; k < njoints; ++k) zeros.append(0);
  const QString path = dir + "/zero_state.json";
  QFile out(path);
  if (!out.open(QIODevice::WriteOnly)) return {};
  out.write(QJsonDocument(QJsonObject{{"q", zeros}, {"qd", zeros}}).toJson());
  return path;
}

/// convert (both formats) and inspect at rest; with `simulate`, also 10 steps of simulate.
void checkModelFile(const QString& file, bool simulate) {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const QString json_out = tmp.filePath("out.vms.json"), urdf_out = tmp.filePath("out.urdf");
  const QStringList convert = {"convert", file, json_out};
  const Run c = runChecked(convert, file, false, tmp.path());
  if (QTest::currentTestFailed()) return;
  if (c.code != 0) {
    QVERIFY2(!QFile::exists(json_out),
             qPrintable("failed convert left an output file: " + describe(convert, c)));
    return;
  }
  runChecked({"convert", file, urdf_out}, file, false, tmp.path());
  if (QTest::currentTestFailed()) return;

  const QString state = writeZeroState(json_out, tmp.path());
  QVERIFY2(!state.isEmpty(), "could not write a zero state for the converted model");
  const QStringList inspect = {"inspect", file, "--state", state};
  const Run i = runChecked(inspect, file, false, tmp.path());
  if (QTest::currentTestFailed()) return;
  QVERIFY2(i.code == 0,
           qPrintable("convert accepted the model, inspect did not: " + describe(inspect, i)));
  checkInspectOutput(inspect, i);
  if (!simulate) return;
  const QString csv = tmp.filePath("sim.csv");
  const QStringList sim = {"simulate", file,   "--state", state,   "--duration",
                           "0.1",      "--dt", "0.01",    "--out", csv};
  const Run s = runChecked(sim, file, true, tmp.path());
  if (QTest::currentTestFailed()) return;
  QVERIFY2(s.code != 1 && s.code != 2,
           qPrintable("inspect accepted the model, simulate did not: " + describe(sim, s)));
}

}  // namespace

class TestCliHostileCorpus : public QObject {
  Q_OBJECT
 private slots:
  void corpusHasEveryTarget();
  void urdfFiles_data() { addCorpusRows("urdf", {".urdf"}); }
  void urdfFiles();
  void vmsJsonFiles_data() { addCorpusRows("vms_json", {".vms.json"}); }
  void vmsJsonFiles();
  void simulateFiles_data() { addCorpusRows("simulate", {".urdf", ".vms.json"}); }
  void simulateFiles();
  void stateFiles_data() { addCorpusRows("state", {".json"}); }
  void stateFiles();
  void scenarioFiles_data() { addCorpusRows("scenario", {".scenario.json"}); }
  void scenarioFiles();
};

void TestCliHostileCorpus::corpusHasEveryTarget() {
  for (const char* target : {"urdf", "vms_json", "simulate", "state", "scenario"})
    QVERIFY2(!QDir(corpusDir(target)).entryList(QDir::Files).isEmpty(), target);
}

void TestCliHostileCorpus::urdfFiles() {
  FETCH_CORPUS_FILE(file);
  checkModelFile(file, false);
}

void TestCliHostileCorpus::vmsJsonFiles() {
  FETCH_CORPUS_FILE(file);
  checkModelFile(file, false);
}

void TestCliHostileCorpus::simulateFiles() {
  FETCH_CORPUS_FILE(file);
  checkModelFile(file, true);
}

void TestCliHostileCorpus::stateFiles() {
  FETCH_CORPUS_FILE(file);
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const QString model = QStringLiteral(VMS_SOURCE_DIR "/models/seed004_planar.vms.json");
  const QStringList inspect = {"inspect", model, "--state", file};
  const Run i = runChecked(inspect, file, false, tmp.path());
  if (QTest::currentTestFailed()) return;
  checkInspectOutput(inspect, i);
  if (QTest::currentTestFailed()) return;

  const QString csv = tmp.filePath("sim.csv");
  const QStringList sim = {"simulate", model,  "--state", file,    "--duration",
                           "0.05",     "--dt", "0.01",    "--out", csv};
  const Run s = runChecked(sim, file, true, tmp.path());
  if (QTest::currentTestFailed()) return;
  if (s.code == 1 || s.code == 2)
    QVERIFY2(!QFile::exists(csv), qPrintable("failed simulate left a CSV: " + describe(sim, s)));
}

void TestCliHostileCorpus::scenarioFiles() {
  FETCH_CORPUS_FILE(file);
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const QString out = tmp.filePath("run");
  const QStringList run = {"run", file, "--out", out};
  const Run r = runChecked(run, file, true, tmp.path());
  if (QTest::currentTestFailed()) return;
  if (r.code == 1 || r.code == 2)
    QVERIFY2(!QFile::exists(out + "/summary.json"),
             qPrintable("failed run wrote a summary: " + describe(run, r)));
}

QTEST_APPLESS_MAIN(TestCliHostileCorpus)
#include "test_cli_hostile_corpus.moc"
