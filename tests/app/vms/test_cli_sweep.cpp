// `vms sweep SCENARIO --param PATH=FROM:TO:COUNT ...` and `vms sweep merge`
// (docs/design-studies.md): a sweep's rows equal the summary.json figures of `vms run` on the
// same scenario patched by hand (the model inline, the parameter set in this test's own JSON,
// compared bit for bit); 100 runs with --jobs 2 keep both cores busy (child CPU time / wall
// time, from getrusage) and give the same bytes as --jobs 1; shards 1/3, 2/3, 3/3 merged (by
// hand and under GNU parallel when it is installed) equal the whole sweep byte for byte; merge
// refuses a missing shard, a repeated one and another sweep's; bad paths, ranges, shards and
// metrics exit 2 with one line naming what is wrong, a bad value in the scenario exits 1, a
// diverged run keeps its row (status 3) and the sweep exits 3.
// VMS_RUN_SERIAL: the CPU-time test needs both cores to itself.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): 100-run sweeps, past QtTest's 300 s per function under
// the sanitizers; the sanitizer build skips it.
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <cstring>
#include <map>

#include "test_support.hpp"

namespace {

struct Run {
  int status = -1;
  QByteArray out, err;
  double wall = 0.0, cpu = 0.0;  // s: wall time, user + system time of the child
};

double childCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * t.tv_usec; };
  return s(u.ru_utime) + s(u.ru_stime);
}

Run runProgram(const QString& program, const QStringList& args, const QString& cwd = {}) {
  QProcess p;
  if (!cwd.isEmpty()) p.setWorkingDirectory(cwd);
  const double cpu0 = childCpuSeconds();
  QElapsedTimer timer;
  timer.start();
  p.start(program, args);
  p.waitForFinished(600000);
  Run r{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
  r.wall = timer.nsecsElapsed() * 1e-9;
  r.cpu = childCpuSeconds() - cpu0;
  return r;
}

// The CPU time (s) of each thread of process `pid` so far, from /proc/PID/task/TID/stat.
void sampleThreads(qint64 pid, std::map<qint64, double>* threads) {
  const QDir tasks(QString("/proc/%1/task").arg(pid));
  for (const QString& tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    const QByteArray stat = [&] {
      QFile f(tasks.filePath(tid) + "/stat");
      return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    // Fields after the command name (which ends with the last ')'): state is field 3,
    // utime and stime fields 14 and 15.
    const QList<QByteArray> f = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (f.size() < 13) continue;
    const double ticks = f[11].toDouble() + f[12].toDouble();
    double& seen = (*threads)[tid.toLongLong()];
    seen = std::max(seen, ticks / static_cast<double>(sysconf(_SC_CLK_TCK)));
  }
}

// Runs vms and samples the CPU time of its threads every 10 ms while it runs.
Run runVmsSampled(const QStringList& args, std::map<qint64, double>* threads) {
  QProcess p;
  const double cpu0 = childCpuSeconds();
  QElapsedTimer timer;
  timer.start();
  p.start(QStringLiteral(VMS_CLI_PATH), args);
  p.waitForStarted();
  const qint64 pid = p.processId();
  while (!p.waitForFinished(10)) sampleThreads(pid, threads);
  Run r{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
  r.wall = timer.nsecsElapsed() * 1e-9;
  r.cpu = childCpuSeconds() - cpu0;
  return r;
}

Run runVms(const QStringList& args, const QString& cwd = {}) {
  return runProgram(QStringLiteral(VMS_CLI_PATH), args, cwd);
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

QJsonObject readJson(const QString& path) {
  return QJsonDocument::fromJson(readAll(path)).object();
}

// seed004_planar_one_joint (DH model by path, state by path), shortened to `duration` seconds.
QJsonObject shortScenario(double duration) {
  QJsonObject s = readJson(VMS_SOURCE_DIR "/models/seed004_planar_one_joint.scenario.json");
  s["model"] = VMS_SOURCE_DIR "/models/seed004_planar.vms.json";
  s["initial_state"] = VMS_SOURCE_DIR "/models/state_seed004_planar_rest.json";
  s["duration"] = duration;
  return s;
}

QList<QByteArray> lines(const QByteArray& text) {
  QList<QByteArray> l = text.split('\n');
  if (!l.isEmpty() && l.back().isEmpty()) l.pop_back();
  return l;
}

// The bits of a double (bitwise comparison).
quint64 bits(double x) {
  quint64 b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

}  // namespace

class TestCliSweep : public QObject {
  Q_OBJECT
 private slots:
  void rowsEqualRunsOfThePatchedScenario();
  void hundredRunsUseBothCoresAndAnyJobsGivesTheSameBytes();
  void shardsMergeToTheWholeSweep();
  void shardsUnderGnuParallel();
  void mergeRefusesIncompleteOrForeignShards();
  void badArguments();
  void badValueInTheScenario();
  void divergedPointKeepsItsRow();
};

void TestCliSweep::rowsEqualRunsOfThePatchedScenario() {
  QTemporaryDir dir;
  const QString d = dir.path();
  QVERIFY(writeFile(d + "/s.scenario.json", QJsonDocument(shortScenario(2.0)).toJson()));
  const Run sweep = runVms({"sweep", d + "/s.scenario.json", "--param", "link:link2.mass=1:3:4",
                            "--metric", "all", "--out", d + "/sweep.csv"});
  QVERIFY2(sweep.status == 0, sweep.err.constData());
  QVERIFY2(sweep.err.isEmpty(), sweep.err.constData());
  const QList<QByteArray> rows = lines(readAll(d + "/sweep.csv"));
  QCOMPARE(rows.size(), 5);
  const QList<QByteArray> header = rows[0].split(',');
  QCOMPARE(header.front(), QByteArray("index"));
  QCOMPARE(header[1], QByteArray("link:link2.mass"));
  QCOMPARE(header[header.size() - 2], QByteArray("status"));
  QCOMPARE(header.back(), QByteArray("grid_points"));
  QVERIFY(header.contains("max_vehicle_attitude_deviation"));
  QVERIFY(header.contains("angular_momentum_drift_relative"));
  QVERIFY(header.contains("tracking_error_max"));

  // The model in the links-and-joints form (vms convert), patched here by link name.
  QVERIFY(
      runVms({"convert", VMS_SOURCE_DIR "/models/seed004_planar.vms.json", d + "/planar.vms.json"})
          .status == 0);
  const QJsonObject model = readJson(d + "/planar.vms.json");
  const double expected_values[] = {1.0, 1.66666666666667, 2.33333333333333, 3.0};
  QSet<double> attitude;
  for (int r = 1; r < rows.size(); ++r) {
    const QList<QByteArray> cells = rows[r].split(',');
    QCOMPARE(cells.size(), header.size());
    QCOMPARE(cells[0].toInt(), r - 1);
    const double mass = cells[1].toDouble();
    QCOMPARE(bits(mass), bits(expected_values[r - 1]));
    QJsonObject m = model;
    QJsonArray links = m["links"].toArray();
    int patched = 0;
    for (int i = 0; i < links.size(); ++i) {
      QJsonObject l = links[i].toObject();
      if (l["name"].toString() != "link2") continue;
      l["mass"] = mass;
      links[i] = l;
      ++patched;
    }
    QCOMPARE(patched, 1);
    m["links"] = links;
    QJsonObject s = shortScenario(2.0);
    s["model"] = m;
    const QString point = d + QString("/point%1").arg(r - 1);
    QVERIFY(writeFile(point + ".scenario.json", QJsonDocument(s).toJson()));
    const Run run = runVms({"run", point + ".scenario.json", "--out", point});
    QVERIFY2(run.status == 0, run.err.constData());
    const QJsonObject summary = readJson(point + "/summary.json");
    int compared = 0;
    for (int c = 2; c < header.size() - 2; ++c) {
      const QString key = QString::fromUtf8(header[c]);
      QVERIFY2(summary.contains(key), qPrintable(key));
      if (bits(cells[c].toDouble()) != bits(summary[key].toDouble()))
        QFAIL(qPrintable(QString("point %1, %2: sweep %3, vms run %4")
                             .arg(r - 1)
                             .arg(key, QString(cells[c]))
                             .arg(summary[key].toDouble(), 0, 'g', 17)));
      ++compared;
    }
    QVERIFY(compared >= 10);
    QCOMPARE(cells[header.indexOf("status")], QByteArray("0"));
    QCOMPARE(cells.back(), QByteArray("4"));
    attitude.insert(cells[header.indexOf("max_vehicle_attitude_deviation")].toDouble());
  }
  QCOMPARE(attitude.size(), 4);  // the parameter reaches the dynamics
}

void TestCliSweep::hundredRunsUseBothCoresAndAnyJobsGivesTheSameBytes() {
  QTemporaryDir dir;
  const QString d = dir.path();
  QVERIFY(writeFile(d + "/s.scenario.json",
                    QJsonDocument(shortScenario(40.0)).toJson()));  // > 1 CPU s on a fast EPYC
  const QStringList sweep = {"sweep",   d + "/s.scenario.json",
                             "--param", "link:link1.mass=1:3:10",
                             "--param", "joint:joint2.origin.x=0.3:0.5:10"};
  std::map<qint64, double> threads_two, threads_one;
  const Run two =
      runVmsSampled(sweep + QStringList{"--jobs", "2", "--out", d + "/two.csv"}, &threads_two);
  QVERIFY2(two.status == 0, two.err.constData());
  const Run one =
      runVmsSampled(sweep + QStringList{"--jobs", "1", "--out", d + "/one.csv"}, &threads_one);
  QVERIFY2(one.status == 0, one.err.constData());
  const QByteArray csv = readAll(d + "/two.csv");
  QCOMPARE(lines(csv).size(), 101);
  QCOMPARE(csv, readAll(d + "/one.csv"));
  // The 100 rows differ (both parameters reach the dynamics).
  QSet<QByteArray> attitudes;
  for (const QByteArray& row : lines(csv).mid(1)) attitudes.insert(row.split(',')[3]);
  QCOMPARE(attitudes.size(), 100);
  const double ratio_two = two.cpu / two.wall, ratio_one = one.cpu / one.wall;
  // Threads that did at least a quarter of the work.
  auto busy = [](const std::map<qint64, double>& threads, double cpu) {
    int n = 0;
    QString list;
    for (const auto& [tid, t] : threads) {
      n += t >= 0.25 * cpu;
      list += QString(" %1 s").arg(t, 0, 'f', 2);
    }
    return std::make_pair(n, list);
  };
  const auto [busy_two, list_two] = busy(threads_two, two.cpu);
  const auto [busy_one, list_one] = busy(threads_one, one.cpu);
  qInfo(
      "100 runs: --jobs 2: wall %.2f s, CPU %.2f s, CPU/wall %.2f, threads:%s; --jobs 1: "
      "wall %.2f s, CPU %.2f s, CPU/wall %.2f, threads:%s",
      two.wall, two.cpu, ratio_two, qPrintable(list_two), one.wall, one.cpu, ratio_one,
      qPrintable(list_one));
  QVERIFY2(one.cpu > 1.0, "the runs are too short to measure");
  QVERIFY2(ratio_one < 1.2, "--jobs 1 should use one core");
  // The work is shared by two threads with --jobs 2, done by one with --jobs 1.
  QCOMPARE(busy_two, 2);
  QCOMPARE(busy_one, 1);
  // Both cores busy: measurable only when this test has the machine to itself (a single
  // thread then gets a whole core; under other programs' load the kernel's group scheduling
  // gives this process its share whatever its number of threads).
  if (ratio_one > 0.9)
    QVERIFY2(ratio_two > 1.5, "--jobs 2 does not keep both cores busy");
  else
    qWarning("machine busy (one thread got %.0f%% of a core): CPU/wall of --jobs 2 not checked",
             100 * ratio_one);
}

void TestCliSweep::shardsMergeToTheWholeSweep() {
  QTemporaryDir dir;
  const QString d = dir.path();
  QVERIFY(writeFile(d + "/s.scenario.json", QJsonDocument(shortScenario(0.5)).toJson()));
  const QStringList sweep = {"sweep",   d + "/s.scenario.json",
                             "--param", "/model/links/2/mass=1:2:4",
                             "--param", "/duration=0.2:0.5:3"};
  const Run whole = runVms(sweep + QStringList{"--out", d + "/whole.csv"});
  QVERIFY2(whole.status == 0, whole.err.constData());
  QCOMPARE(lines(readAll(d + "/whole.csv")).size(), 13);
  QStringList shards;
  for (int k = 1; k <= 3; ++k) {
    const QString out = d + QString("/shard%1.csv").arg(k);
    const Run shard = runVms(sweep + QStringList{"--shard", QString("%1/3").arg(k), "--out", out});
    QVERIFY2(shard.status == 0, shard.err.constData());
    QCOMPARE(lines(readAll(out)).size(), 5);  // indices k-1, k+2, k+5, k+8
    shards << out;
  }
  // Any order of the files; stdout without --out.
  const Run merged = runVms(QStringList{"sweep", "merge", shards[2], shards[0], shards[1]});
  QVERIFY2(merged.status == 0, merged.err.constData());
  QCOMPARE(merged.out, readAll(d + "/whole.csv"));
  // A shard with no grid point (more shards than points) is a header only and merges.
  const Run empty = runVms(sweep + QStringList{"--shard", "13/20", "--out", d + "/empty.csv"});
  QVERIFY2(empty.status == 0, empty.err.constData());
  QCOMPARE(lines(readAll(d + "/empty.csv")).size(), 1);
  const Run with_empty = runVms({"sweep", "merge", shards[0], shards[1], shards[2],
                                 d + "/empty.csv", "--out", d + "/new/folder/merged.csv"});
  QVERIFY2(with_empty.status == 0, with_empty.err.constData());
  QCOMPARE(readAll(d + "/new/folder/merged.csv"), readAll(d + "/whole.csv"));
  // vms plot (built with the desktop code) reads the CSV: a metric against a parameter.
  if (runVms({"--help"}).out.contains("vms plot")) {
    const Run plot = runVms({"plot", d + "/whole.csv", "--x", "/model/links/2/mass", "--y",
                             "max_vehicle_attitude_deviation", "--out", d + "/plot.svg"});
    QVERIFY2(plot.status == 0, plot.err.constData());
    QVERIFY(readAll(d + "/plot.svg").contains("<svg"));
  }
}

void TestCliSweep::shardsUnderGnuParallel() {
  const QString parallel = QStandardPaths::findExecutable("parallel");
  if (parallel.isEmpty()) QSKIP("GNU parallel is not installed (package parallel)");
  QTemporaryDir dir;
  const QString d = dir.path();
  QVERIFY(writeFile(d + "/s.scenario.json", QJsonDocument(shortScenario(0.5)).toJson()));
  const QStringList sweep = {"sweep",   d + "/s.scenario.json",
                             "--param", "joint:joint1.origin.y=-0.1:0.1:7",
                             "--jobs",  "1"};
  const Run whole = runVms(sweep + QStringList{"--out", d + "/whole.csv"});
  QVERIFY2(whole.status == 0, whole.err.constData());
  // The recipe of docs/design-studies.md: one process per shard, then merge.
  const Run p = runProgram(
      parallel,
      QStringList{"--will-cite", "--halt", "now,fail=1", QStringLiteral(VMS_CLI_PATH)} + sweep +
          QStringList{"--shard", "{}/3", "--out", d + "/shard{}.csv", ":::", "1", "2", "3"});
  QVERIFY2(p.status == 0, (p.out + p.err).constData());
  const Run merged = runVms({"sweep", "merge", d + "/shard1.csv", d + "/shard2.csv",
                             d + "/shard3.csv", "--out", d + "/merged.csv"});
  QVERIFY2(merged.status == 0, merged.err.constData());
  QCOMPARE(readAll(d + "/merged.csv"), readAll(d + "/whole.csv"));
}

void TestCliSweep::mergeRefusesIncompleteOrForeignShards() {
  QTemporaryDir dir;
  const QString d = dir.path();
  QVERIFY(writeFile(d + "/s.scenario.json", QJsonDocument(shortScenario(0.2)).toJson()));
  const QStringList sweep = {"sweep", d + "/s.scenario.json", "--param",
                             "/model/links/1/mass=1:2:5"};
  for (int k = 1; k <= 2; ++k)
    QCOMPARE(runVms(sweep + QStringList{"--shard", QString("%1/2").arg(k), "--out",
                                        d + QString("/s%1.csv").arg(k)})
                 .status,
             0);
  QCOMPARE(
      runVms(sweep + QStringList{"--metric", "angular_momentum_drift", "--out", d + "/other.csv"})
          .status,
      0);
  auto fails = [&](const QStringList& files, const char* expected) {
    const Run r = runVms(QStringList{"sweep", "merge"} + files);
    QCOMPARE(r.status, 1);
    QCOMPARE(r.err.count('\n'), 1);
    if (!r.err.contains(expected)) QFAIL(r.err.constData());
    QVERIFY(r.out.isEmpty());
  };
  fails({d + "/s1.csv"}, "lack 2 of the 5 grid points (1, 3)");
  fails({d + "/s1.csv", d + "/s2.csv", d + "/s1.csv"}, "is also in");
  fails({d + "/s1.csv", d + "/other.csv"}, "columns differ");
  QVERIFY(writeFile(d + "/junk.csv", "t,x\n0,1\n"));
  fails({d + "/junk.csv"}, "not the header of a vms sweep CSV");
  const Run none = runVms({"sweep", "merge"});
  QCOMPARE(none.status, 2);
}

void TestCliSweep::badArguments() {
  QTemporaryDir dir;
  const QString s = dir.path() + "/s.scenario.json";
  QVERIFY(writeFile(s, QJsonDocument(shortScenario(0.2)).toJson()));
  auto usage = [&](const QStringList& extra, const char* expected) {
    const Run r = runVms(QStringList{"sweep", s} + extra);
    QCOMPARE(r.status, 2);
    QCOMPARE(r.err.count('\n'), 1);
    if (!r.err.startsWith("vms sweep: ") || !r.err.contains(expected)) QFAIL(r.err.constData());
    QVERIFY(r.out.isEmpty());
  };
  const Run help = runVms({"sweep", "--help"});
  QCOMPARE(help.status, 0);
  QVERIFY2(help.out.startsWith("  vms sweep SCENARIO") && help.out.contains("vms sweep merge"),
           help.out.constData());
  QVERIFY(runVms({"--help"}).out.contains("--shard K/N"));
  usage({}, "at least one --param");
  usage({"--param", "/model/links/9/mass=1:2:3"}, "/model/links is an array of");
  usage({"--param", "/model/links/1/name=1:2:3"}, "/model/links/1/name is a string");
  usage({"--param", "/model/links/1=1:2:3"}, "is an object, not a number");
  usage({"--param", "/durations=1:2:3"}, "the scenario has no key 'durations'");
  usage({"--param", "link:arm.mass=1:2:3"}, "the model has no link 'arm' (links: base, link1");
  usage({"--param", "joint:joint1.origin.w=1:2:3"}, "has no key 'w'");
  usage({"--param", "mass=1:2:3"}, "PATH is a JSON pointer");
  usage({"--param", "/duration=1:2"}, "expected FROM:TO:COUNT");
  usage({"--param", "/duration=a:2:3"}, "FROM 'a' is not a finite number");
  usage({"--param", "/duration=1:2:0"}, "COUNT '0' is not an integer");
  usage({"--param", "/duration=1:2:1"}, "COUNT 1 needs FROM = TO");
  usage({"--param", "/duration=1:2:1001", "--param", "/dt=0.01:0.02:1000"},
        "more than 1000000 points");
  usage({"--param", "/duration=1:2:3", "--shard", "0/3"}, "--shard: expected K/N");
  usage({"--param", "/duration=1:2:3", "--shard", "4/3"}, "--shard: expected K/N");
  usage({"--param", "/duration=1:2:3", "--shard", "1"}, "--shard: expected K/N");
  usage({"--param", "/duration=1:2:3", "--jobs", "0"}, "--jobs: expected 1 to 1024");
  usage({"--param", "/duration=1:2:3", "--metric", "peak"}, "no figure 'peak' (figures: ");
  usage({"--param", "/duration=1:2:3", "--bogus", "1"}, "unknown option --bogus");
}

void TestCliSweep::badValueInTheScenario() {
  QTemporaryDir dir;
  const QString s = dir.path() + "/s.scenario.json";
  QVERIFY(writeFile(s, QJsonDocument(shortScenario(0.2)).toJson()));
  // A negative mass at grid point 0 of 3; the message names the file, the point and the key.
  const Run r = runVms({"sweep", s, "--param", "link:link2.mass=-1:1:3"});
  QCOMPARE(r.status, 1);
  QCOMPARE(r.err.count('\n'), 1);
  if (!r.err.contains(s.toUtf8() + ": grid point 0 (link:link2.mass = -1): model"))
    QFAIL(r.err.constData());
  QVERIFY(r.out.isEmpty());
  const Run missing = runVms({"sweep", dir.path() + "/none.scenario.json", "--param", "/dt=1:1:1"});
  QCOMPARE(missing.status, 1);
}

// dt = 10 s diverges (state NaN after 30 s): the sweep writes every row, the diverged one with
// status 3 and the figures up to then (those vms run writes for that scenario), and exits 3.
void TestCliSweep::divergedPointKeepsItsRow() {
  QTemporaryDir dir;
  const QString d = dir.path();
  QJsonObject s = shortScenario(40.0);
  s.remove("control_period");
  QVERIFY(writeFile(d + "/s.scenario.json", QJsonDocument(s).toJson()));
  const Run r = runVms({"sweep", d + "/s.scenario.json", "--param", "/dt=0.01:20:3", "--metric",
                        "max_vehicle_attitude_deviation"});
  QCOMPARE(r.status, 3);
  QCOMPARE(r.err.count('\n'), 1);
  if (!r.err.contains("grid point 1 (/dt = 10.005000000000001): simulation diverged at t = "))
    QFAIL(r.err.constData());
  const QList<QByteArray> rows = lines(r.out);
  QCOMPARE(rows.size(), 4);
  QVERIFY(rows[1].endsWith(",0,3"));
  QVERIFY2(rows[2].startsWith("1,10.005000000000001,") && rows[2].endsWith(",3,3"),
           rows[2].constData());
  QVERIFY(rows[3].endsWith(",0,3"));
  s["dt"] = 10.005000000000001;
  QVERIFY(writeFile(d + "/p.scenario.json", QJsonDocument(s).toJson()));
  const Run run = runVms({"run", d + "/p.scenario.json", "--out", d + "/p"});
  QCOMPARE(run.status, 3);
  const double summary =
      readJson(d + "/p/summary.json")["max_vehicle_attitude_deviation"].toDouble();
  QCOMPARE(bits(rows[2].split(',')[2].toDouble()), bits(summary));
}

QTEST_GUILESS_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
