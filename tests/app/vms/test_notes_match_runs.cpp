// The teaching notes (models/<name>.md) never drift from their runs: every note carries a
// table "Figures this note quotes", one row per figure its text quotes from a run of its
// scenario,
//
//   | quantity | run | value | tolerance |
//   | `summary.final_vehicle_attitude_deviation` | as is | 0.00316 | ±1% |
//   | `final(q:joint1)` | `{"controllers": [{"feed_forward": true}]}` | 2.6e-4 | ±2% |
//
// and this test runs `vms run` on the scenario (as it is, or with the row's JSON patch) and
// compares:
//  * quantity: `summary.<key>` (a number of summary.json), or a reduction of a column of
//    trajectory.csv over its rows: `max(col)`, `min(col)`, `maxabs(col)`, `initial(col)`,
//    `final(col)`, `integral(col)` (trapezoidal in t), `at(col@t)` (the row at time t); the
//    reductions also over a time window, `maxabs(col@t0..t1)` (the rows with t0 ≤ t ≤ t1);
//  * run: `as is` (the file itself) or a JSON merge patch in backticks: objects merged key by
//    key (null removes the key), arrays element by element (null removes that element, {}
//    keeps it, elements past the patch's end are kept);
//  * tolerance: `±p%` (|run − value| ≤ p % of |value|), `±a` (≤ a), or `≤ b` for figures at
//    rounding level, whose last digits depend on the build (|run| ≤ b, and the quoted value
//    itself ≤ b).
// Every example scenario has a note with at least one row, and every note has its scenario.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): every note's figures from full runs of its scenario; the
// sanitizer build skips it.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <cmath>
#include <map>
#include <vector>

#include "numeric_csv.hpp"
#include "test_support.hpp"

namespace {

const QString kModels = QStringLiteral(VMS_SOURCE_DIR "/models");

QByteArray readAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

struct FigureRow {
  QString quantity, run, tolerance, line;
  double value = 0.0;
};

QString unquote(QString cell) {
  cell = cell.trimmed();
  if (cell.size() >= 2 && cell.startsWith('`') && cell.endsWith('`'))
    cell = cell.mid(1, cell.size() - 2);
  return cell.trimmed();
}

// The rows of the note's "| quantity | run | value | tolerance |" table.
QList<FigureRow> figureRows(const QString& note, QString& problem) {
  QList<FigureRow> rows;
  const QStringList lines = note.split('\n');
  int i = 0;
  while (i < lines.size() && !lines[i].simplified().startsWith(
                                 QStringLiteral("| quantity | run | value | tolerance |")))
    ++i;
  if (i == lines.size()) {
    problem = QStringLiteral("no \"| quantity | run | value | tolerance |\" table");
    return rows;
  }
  for (i += 2; i < lines.size() && lines[i].trimmed().startsWith('|'); ++i) {
    const QString line = lines[i].trimmed();
    // Cells are separated by " | " (a patch may contain '|' only inside backticks: none does).
    QStringList cells = line.mid(1, line.size() - 2).split('|');
    if (cells.size() != 4) {
      problem = "row with " + QString::number(cells.size()) + " cells: " + line;
      return {};
    }
    FigureRow r;
    r.line = line;
    r.quantity = unquote(cells[0]);
    r.run = unquote(cells[1]);
    bool ok = false;
    r.value = cells[2].trimmed().toDouble(&ok);
    r.tolerance = cells[3].trimmed();
    if (!ok) {
      problem = "value is not a number: " + line;
      return {};
    }
    rows << r;
  }
  return rows;
}

QJsonValue mergePatch(const QJsonValue& base, const QJsonValue& patch) {
  if (patch.isObject() && base.isObject()) {
    QJsonObject out = base.toObject();
    const QJsonObject p = patch.toObject();
    for (auto it = p.begin(); it != p.end(); ++it) {
      if (it.value().isNull())
        out.remove(it.key());
      else
        out[it.key()] = mergePatch(out.value(it.key()), it.value());
    }
    return out;
  }
  if (patch.isArray() && base.isArray()) {
    const QJsonArray b = base.toArray(), p = patch.toArray();
    QJsonArray out;
    for (int k = 0; k < b.size(); ++k) {
      if (k >= p.size())
        out.append(b[k]);
      else if (!p[k].isNull())
        out.append(mergePatch(b[k], p[k]));
    }
    return out;
  }
  return patch;
}

struct RunOutput {
  QJsonObject summary;
  NumericCsv csv;
  QString error;
};

// One `vms run` of the note's scenario (patched), its outputs read.
RunOutput runScenario(const QTemporaryDir& tmp, const QString& name, const QString& run,
                      int index) {
  RunOutput out;
  QString scenario = kModels + "/" + name + ".scenario.json";
  if (run != QLatin1String("as is")) {
    QJsonParseError e;
    const QJsonDocument patch = QJsonDocument::fromJson(run.toUtf8(), &e);
    if (e.error != QJsonParseError::NoError || !patch.isObject()) {
      out.error = "run is neither 'as is' nor a JSON object: " + run;
      return out;
    }
    QJsonObject s = QJsonDocument::fromJson(readAll(scenario)).object();
    for (const char* key : {"model", "initial_state"})  // relative to the scenario's folder
      if (s.value(key).isString()) s[key] = QDir(kModels).absoluteFilePath(s.value(key).toString());
    s = mergePatch(s, patch.object()).toObject();
    scenario = tmp.filePath(name + "_" + QString::number(index) + ".scenario.json");
    QFile f(scenario);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(s).toJson()) < 0) {
      out.error = "cannot write " + scenario;
      return out;
    }
  }
  const QString dir = tmp.filePath(name + "_out_" + QString::number(index));
  QProcess p;
  p.start(QStringLiteral(VMS_CLI_PATH), {"run", scenario, "--out", dir});
  if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
    out.error = "vms run " + scenario + " failed: " + QString::fromUtf8(p.readAllStandardError());
    return out;
  }
  out.summary = QJsonDocument::fromJson(readAll(dir + "/summary.json")).object();
  out.csv = readNumericCsv(dir + "/trajectory.csv");
  if (out.summary.isEmpty() || out.csv.rows.empty()) out.error = "no output in " + dir;
  return out;
}

// The figure `quantity` of a run; false (with `problem`) if it cannot be evaluated.
bool evaluate(const RunOutput& run, const QString& quantity, double& value, QString& problem) {
  if (quantity.startsWith(QLatin1String("summary."))) {
    const QJsonValue v = run.summary.value(quantity.mid(8));
    if (!v.isDouble()) {
      problem = "summary.json has no number '" + quantity.mid(8) + "'";
      return false;
    }
    value = v.toDouble();
    return true;
  }
  static const QRegularExpression call(
      QStringLiteral("^(max|min|maxabs|initial|final|integral|at)\\(([^@)]+)(?:@([^)]+))?\\)$"));
  const QRegularExpressionMatch m = call.match(quantity);
  if (!m.hasMatch()) {
    problem = "unknown quantity '" + quantity + "'";
    return false;
  }
  const QString fn = m.captured(1);
  const int c = run.csv.col(m.captured(2).trimmed().toStdString());
  const int t = run.csv.col("t");
  if (c < 0 || t < 0) {
    problem = "trajectory.csv has no column '" + m.captured(2) + "'";
    return false;
  }
  const auto& rows = run.csv.rows;
  const auto at = [&](size_t r) { return rows[r][static_cast<size_t>(c)]; };
  const auto time = [&](size_t r) { return rows[r][static_cast<size_t>(t)]; };
  // at(col@t): one time; the other reductions: all rows or a window col@t0..t1.
  double t0 = -INFINITY, t1 = INFINITY;
  if (fn != QLatin1String("at") && m.hasCaptured(3)) {
    const QStringList window = m.captured(3).split(QStringLiteral(".."));
    bool ok0 = false, ok1 = false;
    if (window.size() == 2) {
      t0 = window[0].toDouble(&ok0);
      t1 = window[1].toDouble(&ok1);
    }
    if (!ok0 || !ok1 || !(t0 < t1)) {
      problem = "a window is written col@t0..t1 with t0 < t1: " + quantity;
      return false;
    }
  }
  if (fn == QLatin1String("at") && !m.hasCaptured(3)) {
    problem = "at(column@time) needs a time: " + quantity;
    return false;
  }
  std::vector<size_t> in;  // the rows of the window
  for (size_t r = 0; r < rows.size(); ++r)
    if (time(r) >= t0 && time(r) <= t1) in.push_back(r);
  if (in.empty()) {
    problem = "no rows in the window of " + quantity;
    return false;
  }
  if (fn == QLatin1String("initial")) value = at(in.front());
  if (fn == QLatin1String("final")) value = at(in.back());
  if (fn == QLatin1String("max")) value = -INFINITY;
  if (fn == QLatin1String("min")) value = INFINITY;
  if (fn == QLatin1String("maxabs") || fn == QLatin1String("integral")) value = 0.0;
  if (fn == QLatin1String("at")) {
    bool ok = false;
    const double when = m.captured(3).toDouble(&ok);
    for (size_t r = 0; ok && r < rows.size(); ++r)
      if (std::abs(time(r) - when) <= 1e-9) {
        value = at(r);
        return true;
      }
    problem = "trajectory.csv has no row at t = " + m.captured(3);
    return false;
  }
  for (size_t k = 0; k < in.size(); ++k) {
    const size_t r = in[k];
    if (fn == QLatin1String("max")) value = std::max(value, at(r));
    if (fn == QLatin1String("min")) value = std::min(value, at(r));
    if (fn == QLatin1String("maxabs")) value = std::max(value, std::abs(at(r)));
    if (fn == QLatin1String("integral") && k > 0)
      value += 0.5 * (at(r) + at(in[k - 1])) * (time(r) - time(in[k - 1]));
  }
  return true;
}

// "" if `measured` matches the row, else why not.
QString check(const FigureRow& row, double measured) {
  static const QRegularExpression form(QStringLiteral("^(±|≤)\\s*([-+0-9.eE]+)\\s*(%?)$"));
  const QRegularExpressionMatch m = form.match(row.tolerance);
  bool ok = false;
  const double x = m.hasMatch() ? m.captured(2).toDouble(&ok) : 0.0;
  if (!ok || !(x > 0.0) || (m.captured(1) == QStringLiteral("≤") && !m.captured(3).isEmpty()))
    return "tolerance '" + row.tolerance + "' is not ±p%, ±a or ≤ b";
  const QString got = QString::number(measured, 'g', 6);
  if (m.captured(1) == QStringLiteral("≤")) {
    if (!(std::abs(row.value) <= x)) return "the quoted value exceeds its own bound";
    if (!(std::abs(measured) <= x)) return "the run gives " + got + ", above the bound";
    return {};
  }
  const double allowed = m.captured(3).isEmpty() ? x : x / 100.0 * std::abs(row.value);
  if (!(std::abs(measured - row.value) <= allowed))
    return "the run gives " + got + " (off by " +
           QString::number(std::abs(measured - row.value), 'g', 3) + ", allowed " +
           QString::number(allowed, 'g', 3) + ")";
  return {};
}

QStringList stems(const QStringList& files, const QString& suffix) {
  QStringList out;
  for (const QString& f : files) out << f.chopped(suffix.size());
  return out;
}

}  // namespace

class TestNotesMatchRuns : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;

 private slots:
  void everyScenarioHasANote() {
    const QDir models(kModels);
    const QStringList scenarios =
        stems(models.entryList({"*.scenario.json"}, QDir::Files, QDir::Name), ".scenario.json");
    QStringList notes = stems(models.entryList({"*.md"}, QDir::Files, QDir::Name), ".md");
    notes.removeAll(QStringLiteral("README"));
    QCOMPARE(notes, scenarios);
    QVERIFY(scenarios.size() >= 11);
  }

  void noteMatchesRun_data() {
    QTest::addColumn<QString>("name");
    const QStringList scenarios = stems(
        QDir(kModels).entryList({"*.scenario.json"}, QDir::Files, QDir::Name), ".scenario.json");
    for (const QString& n : scenarios) QTest::newRow(qPrintable(n)) << n;
  }

  void noteMatchesRun() {
    QFETCH(QString, name);
    QVERIFY(tmp_.isValid());
    QString problem;
    const QList<FigureRow> rows =
        figureRows(QString::fromUtf8(readAll(kModels + "/" + name + ".md")), problem);
    QVERIFY2(problem.isEmpty(), qPrintable(name + ".md: " + problem));
    QVERIFY2(!rows.isEmpty(), qPrintable(name + ".md: the figures table has no rows"));

    std::map<QString, RunOutput> runs;  // one run per distinct patch
    QStringList failures;
    int checked = 0;
    for (const FigureRow& row : rows) {
      auto it = runs.find(row.run);
      if (it == runs.end())
        it = runs.emplace(row.run, runScenario(tmp_, name, row.run, int(runs.size()))).first;
      const RunOutput& run = it->second;
      QString why = run.error;
      double measured = NAN;
      if (why.isEmpty() && evaluate(run, row.quantity, measured, why)) why = check(row, measured);
      if (!why.isEmpty())
        failures << row.line + ": " + why;
      else
        ++checked;
      qInfo("%s: %s [%s] = %.6g (quoted %.6g, %s)", qPrintable(name), qPrintable(row.quantity),
            qPrintable(row.run), measured, row.value, qPrintable(row.tolerance));
    }
    QVERIFY2(failures.isEmpty(), qPrintable(name + ".md: " + failures.join("\n  ")));
    QCOMPARE(checked, int(rows.size()));
  }
};

QTEST_APPLESS_MAIN(TestNotesMatchRuns)
#include "test_notes_match_runs.moc"
