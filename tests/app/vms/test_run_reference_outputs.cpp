// Every example scenario (models/*.scenario.json) run by `vms run` produces bitwise the same
// trajectory.csv and the same summary.json values as the reference outputs committed in
// tests/data/reference-outputs/<name>.json before the output quantities were redesigned: the
// SHA-256 of the CSV, its columns and row count, and every summary value except
// the wall-clock ones (exact double equality). On a difference the test names the first
// differing row (from per-row hashes), the columns that differ anywhere (from per-column
// hashes) and, for the first and last rows, the first differing cell.
//
// Bitwise equality holds only on the kind of CPU the references were made on, built by the
// same compiler: the Release build uses -march=native, and another instruction set (AVX-512 or
// not, FMA contraction) or compiler changes the last bits, which a long run then carries into
// the later digits. Each reference records the CPU and compiler it was made with ("machine":
// model name, vector-instruction flags, compiler); on another CPU or with another compiler the
// test compares the row and column counts, the first and last rows cell by cell and every
// summary value to rounding, |a - b| <= 1e-6 max(|a|, |b|) + 1e-10 (+ 1e-8 of the largest
// |value| of a CSV column in the run), and says so (a run whose
// thrusters switch on thresholds is skipped there: switchesOnThresholds).
//
// Regenerate the references (only after a deliberate change of the outputs, and say why in
// the commit): VMS_UPDATE_REFERENCE_OUTPUTS=1 ./build/tests/test_run_reference_outputs
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): bitwise references made by the native Release build; the
// sanitizer build skips it.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <tuple>

#include "numeric_csv.hpp"
#include "test_support.hpp"

namespace {

const QString kReferenceDir = QStringLiteral(VMS_SOURCE_DIR "/tests/data/reference-outputs");

/// The compiler of this build (the same as the vms program's): clang and GCC contract
/// multiply-adds and schedule sums differently, which changes the last bits.
QString compilerName() {
#if defined(__clang__)
  return QStringLiteral("clang " __clang_version__).trimmed();
#elif defined(__GNUC__)
  return QStringLiteral("gcc " __VERSION__);
#else
  return QStringLiteral("unknown compiler");
#endif
}

/// The CPU as far as code generation sees it (model name and the vector-instruction flags),
/// and the compiler.
QString machineSignature() {
  QFile f(QStringLiteral("/proc/cpuinfo"));
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return QStringLiteral("unknown");
  QString model;
  QStringList flags;
  for (const QByteArray& raw : f.readAll().split('\n')) {
    const QString line = QString::fromUtf8(raw);
    if (model.isEmpty() && line.startsWith(QLatin1String("model name")))
      model = line.section(':', 1).trimmed();
    if (flags.isEmpty() && line.startsWith(QLatin1String("flags"))) {
      for (const QString& flag : line.section(':', 1).split(' ', Qt::SkipEmptyParts))
        if (flag.startsWith(QLatin1String("avx")) || flag == QLatin1String("fma") ||
            flag.startsWith(QLatin1String("amx")) || flag.startsWith(QLatin1String("sse4")))
          flags << flag;
      flags.sort();
    }
  }
  return model + " [" + flags.join(' ') + "], " + compilerName();
}

/// Runs that cannot be compared across CPUs at all: their thrusters switch on thresholds (fire
/// when an error crosses a dead band), so a last-bit difference moves a switching instant by a
/// step and the residual velocities by percents (measured between two Xeon models: base_vx
/// 4.03e-6 vs 3.95e-6 m/s at the end). On another CPU their physics is checked by
/// test_notes_match_runs (the note's figures, with tolerances stated there).
bool switchesOnThresholds(const QString& scenario) {
  return scenario == QLatin1String("seed004_spatial_rotation_flying");
}

/// Same to rounding (see the file comment). `range` is the largest |value| the quantity takes
/// in the run (0 for a summary value): a quantity that a controller drives back to zero ends
/// at a residue whose last digits depend on the CPU, so the floor scales with the range too
/// (seed001_rover_2r_inclined's qd:joint2 peaks at 0.19 rad/s and ends at 8.2e-11 on the
/// references' Xeon, -8.7e-11 on an AMD EPYC: 9e-10 of its range).
bool sameToRounding(double a, double b, double range = 0) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b)) + 1e-8 * range + 1e-10;
}

/// max |value| of each column over the CSV's data rows.
std::vector<double> columnRanges(const NumericCsv& csv) {
  std::vector<double> range(csv.header.size(), 0.0);
  for (const std::vector<double>& row : csv.rows)
    for (size_t c = 0; c < range.size() && c < row.size(); ++c)
      if (std::isfinite(row[c])) range[c] = std::max(range[c], std::abs(row[c]));
  return range;
}

// Summary values that measure the machine, not the simulation.
bool isWallClockKey(const QString& key) {
  return key == QLatin1String("wall_time_s") || key == QLatin1String("real_time_factor");
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

QString sha256(const QByteArray& bytes) {
  return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// The first 8 hex digits of the SHA-256: enough to locate a differing row or column (the
// full file hash decides equality).
QString shortHash(const QByteArray& bytes) { return sha256(bytes).left(8); }

QStringList scenarioNames() {
  const QStringList files =
      QDir(QStringLiteral(VMS_SOURCE_DIR "/models"))
          .entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name);
  QStringList names;
  for (const QString& f : files) names << f.chopped(int(strlen(".scenario.json")));
  return names;
}

// The parts of a trajectory CSV the reference keeps.
struct CsvDigest {
  QString sha256;
  QStringList columns;
  QList<QByteArray> rows;  // without the header
  QStringList row_hashes;
  QStringList column_hashes;
};

CsvDigest digest(const QByteArray& csv) {
  CsvDigest d;
  d.sha256 = sha256(csv);
  QList<QByteArray> lines = csv.split('\n');
  if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
  if (lines.isEmpty()) return d;
  for (const QByteArray& c : lines.first().split(',')) d.columns << QString::fromUtf8(c);
  d.rows = lines.mid(1);
  std::vector<QByteArray> column_text(size_t(d.columns.size()));
  for (const QByteArray& row : d.rows) {
    d.row_hashes << shortHash(row);
    const QList<QByteArray> cells = row.split(',');
    for (int c = 0; c < cells.size() && c < d.columns.size(); ++c)
      column_text[size_t(c)] += cells[c] + '\n';
  }
  for (const QByteArray& text : column_text) d.column_hashes << shortHash(text);
  return d;
}

QJsonArray toArray(const QStringList& list) { return QJsonArray::fromStringList(list); }

QStringList toStrings(const QJsonArray& array) {
  QStringList out;
  for (const QJsonValue& v : array) out << v.toString();
  return out;
}

QJsonObject summaryWithoutWallClock(const QJsonObject& summary) {
  QJsonObject out;
  for (auto it = summary.begin(); it != summary.end(); ++it)
    if (!isWallClockKey(it.key())) out.insert(it.key(), it.value());
  return out;
}

// "column 'q:joint1' (index 15): reference 0.1, this run 0.10000000000000002", or empty.
QString firstDifferingCell(const QStringList& columns, const QString& reference,
                           const QByteArray& actual) {
  const QStringList ref = reference.split(',');
  const QList<QByteArray> now = actual.split(',');
  for (int c = 0; c < std::max(int(ref.size()), int(now.size())); ++c) {
    const QString r = c < ref.size() ? ref[c] : QStringLiteral("(missing)");
    const QString a = c < now.size() ? QString::fromUtf8(now[c]) : QStringLiteral("(missing)");
    if (r != a)
      return QStringLiteral("column '%1' (index %2): reference %3, this run %4")
          .arg(c < columns.size() ? columns[c] : QStringLiteral("?"))
          .arg(c)
          .arg(r, a);
  }
  return {};
}

}  // namespace

class TestRunReferenceOutputs : public QObject {
  Q_OBJECT
  QTemporaryDir out_;

 private slots:
  void initTestCase() { QVERIFY(out_.isValid()); }

  void matchesReference_data() {
    QTest::addColumn<QString>("name");
    const QStringList names = scenarioNames();
    QCOMPARE(names.size(), 23);  // a new example needs its reference (see the header)
    for (const QString& n : names) QTest::newRow(qPrintable(n)) << n;
  }

  void matchesReference() {
    QFETCH(QString, name);
    const QString dir = out_.filePath(name);
    QProcess vms;
    vms.start(
        QStringLiteral(VMS_CLI_PATH),
        {"run", QStringLiteral(VMS_SOURCE_DIR "/models/") + name + ".scenario.json", "--out", dir});
    QVERIFY(vms.waitForFinished(300000));
    QVERIFY2(vms.exitStatus() == QProcess::NormalExit && vms.exitCode() == 0,
             vms.readAllStandardError().constData());
    const CsvDigest csv = digest(readAll(dir + "/trajectory.csv"));
    QVERIFY(!csv.rows.isEmpty());
    QJsonParseError error;
    const QJsonDocument summary_doc =
        QJsonDocument::fromJson(readAll(dir + "/summary.json"), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonObject summary = summaryWithoutWallClock(summary_doc.object());

    const QString reference_path = kReferenceDir + "/" + name + ".json";
    if (qEnvironmentVariableIsSet("VMS_UPDATE_REFERENCE_OUTPUTS")) {
      writeReference(reference_path, name, csv, summary);
      return;
    }
    const QJsonObject reference = QJsonDocument::fromJson(readAll(reference_path)).object();
    QVERIFY2(!reference.isEmpty(), qPrintable(reference_path + ": missing or not JSON"));
    const QString made_on = reference["machine"].toString();
    bitwise_ = made_on == machineSignature();
    if (!bitwise_ && switchesOnThresholds(name))
      QSKIP(
          "references made on another CPU or compiler, and this run's thrusters switch on "
          "thresholds: compared bitwise on the references' CPU and compiler only (its figures: "
          "test_notes_match_runs)");
    if (!bitwise_)
      qInfo("references made on %s, this is %s: compared to rounding",
            qPrintable(made_on.isEmpty() ? QStringLiteral("an unrecorded CPU") : made_on),
            qPrintable(machineSignature()));
    compareCsv(reference["trajectory_csv"].toObject(), csv, dir + "/trajectory.csv");
    if (QTest::currentTestFailed()) return;
    compareSummary(reference["summary"].toObject(), summary);
  }

 private:
  void writeReference(const QString& path, const QString& name, const CsvDigest& csv,
                      const QJsonObject& summary) {
    QJsonObject t;
    t["sha256"] = csv.sha256;
    t["rows"] = int(csv.rows.size());
    t["columns"] = toArray(csv.columns);
    t["first_row"] = QString::fromUtf8(csv.rows.first());
    t["last_row"] = QString::fromUtf8(csv.rows.last());
    t["column_sha256_prefix"] = toArray(csv.column_hashes);
    t["row_sha256_prefix"] = toArray(csv.row_hashes);
    QJsonObject root;
    root["scenario"] = "models/" + name + ".scenario.json";
    root["note"] =
        "vms run's outputs (first made before the issue 8 redesign; remade on the CPU and with the "
        "compiler named in 'machine' with the same outputs to rounding); summary without "
        "wall_time_s and "
        "real_time_factor; see tests/app/vms/test_run_reference_outputs.cpp";
    root["machine"] = machineSignature();
    root["trajectory_csv"] = t;
    root["summary"] = summary;
    QVERIFY(QDir().mkpath(kReferenceDir));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(root).toJson(QJsonDocument::Indented));
    qInfo("wrote %s", qPrintable(path));
  }

  void compareCsv(const QJsonObject& ref, const CsvDigest& csv, const QString& csv_path) {
    const QStringList ref_columns = toStrings(ref["columns"].toArray());
    QCOMPARE(csv.columns, ref_columns);
    QCOMPARE(int(csv.rows.size()), ref["rows"].toInt());
    if (csv.sha256 == ref["sha256"].toString()) return;
    if (!bitwise_) {  // another CPU: the first and last rows to rounding
      const std::vector<double> range = columnRanges(readNumericCsv(csv_path));
      QCOMPARE(range.size(), size_t(csv.columns.size()));
      for (const auto& [which, ref_row, row] :
           {std::tuple{"first", ref["first_row"].toString(), csv.rows.first()},
            std::tuple{"last", ref["last_row"].toString(), csv.rows.last()}}) {
        const QStringList a = ref_row.split(','), b = QString::fromUtf8(row).split(',');
        QCOMPARE(b.size(), a.size());
        for (int c = 0; c < a.size(); ++c)
          QVERIFY2(sameToRounding(a[c].toDouble(), b[c].toDouble(), range[c]),
                   qPrintable(QStringLiteral("%1 row, column '%2': reference %3, this run %4")
                                  .arg(which, csv.columns.value(c), a[c], b[c])));
      }
      return;
    }

    // Locate the difference for the failure message.
    QStringList findings;
    const QStringList ref_rows = toStrings(ref["row_sha256_prefix"].toArray());
    for (int r = 0; r < csv.row_hashes.size() && r < ref_rows.size(); ++r) {
      if (csv.row_hashes[r] == ref_rows[r]) continue;
      findings << QStringLiteral("first differing row: %1 (this run: %2)")
                      .arg(r + 1)
                      .arg(QString::fromUtf8(csv.rows[r].left(200)));
      break;
    }
    const QStringList ref_cols = toStrings(ref["column_sha256_prefix"].toArray());
    QStringList differing;
    for (int c = 0; c < csv.column_hashes.size() && c < ref_cols.size(); ++c)
      if (csv.column_hashes[c] != ref_cols[c]) differing << csv.columns[c];
    findings << "columns that differ: " + differing.join(", ");
    const QString first =
        firstDifferingCell(csv.columns, ref["first_row"].toString(), csv.rows.first());
    if (!first.isEmpty()) findings << "first row: " + first;
    const QString last =
        firstDifferingCell(csv.columns, ref["last_row"].toString(), csv.rows.last());
    if (!last.isEmpty()) findings << "last row: " + last;
    QFAIL(qPrintable("trajectory.csv differs from the reference; " + findings.join("; ")));
  }

  void compareSummary(const QJsonObject& ref, const QJsonObject& summary) {
    QCOMPARE(summary.keys(), ref.keys());
    for (const QString& key : ref.keys()) {
      const QJsonValue expected = ref[key], actual = summary[key];
      // Doubles compare exactly: the JSON holds %.17g (vms) and the shortest round-trip form
      // (the reference), both read back to the same double.
      const bool same = expected.isDouble() && actual.isDouble()
                            ? (bitwise_ ? expected.toDouble() == actual.toDouble()
                                        : sameToRounding(expected.toDouble(), actual.toDouble()))
                            : expected == actual;
      QVERIFY2(same, qPrintable(QStringLiteral("summary.json %1: reference %2, this run %3")
                                    .arg(key, jsonText(expected), jsonText(actual))));
    }
  }

  bool bitwise_ = true;  // the references were made on this kind of CPU

  static QString jsonText(const QJsonValue& v) {
    if (v.isDouble()) return QString::number(v.toDouble(), 'g', 17);
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact));
  }
};

QTEST_GUILESS_MAIN(TestRunReferenceOutputs)
#include "test_run_reference_outputs.moc"
