// `vms run SCENARIO [--out DIR]`: writes DIR/trajectory.csv (the contract columns, then the
// extra columns of docs/scenario-format.md) and DIR/summary.json; bad scenario files exit 1
// with a message naming the key.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <sstream>

#include "test_support.hpp"

namespace {

struct Run {
  int status = -1;
  QByteArray out, err;
};

Run runVms(const QStringList& args, const QString& cwd = {}) {
  QProcess p;
  if (!cwd.isEmpty()) p.setWorkingDirectory(cwd);
  p.start(QStringLiteral(VMS_CLI_PATH), args);
  p.waitForFinished(120000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
          p.readAllStandardError()};
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

void writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

const QByteArray kScenario = R"({
  "name": "short_planar",
  "model": ")" VMS_SOURCE_DIR R"(/models/seed004_planar.vms.json",
  "initial_state": ")" VMS_SOURCE_DIR R"(/models/state_seed004_planar_rest.json",
  "mode": "floating",
  "controllers": [{"type": "computed_torque", "joints": ["joint1"],
                   "trajectory": {"type": "quintic", "target": [0.3], "duration": 1.0},
                   "tau_max": 10, "max_error": 0.1}],
  "duration": 1.0, "dt": 0.01, "output_every": 10
})";

}  // namespace

class TestCliRun : public QObject {
  Q_OBJECT
 private slots:
  void writesCsvAndSummary();
  void defaultDirectory();
  void badScenario();
  void matchesSimulate();
};

void TestCliRun::writesCsvAndSummary() {
  QTemporaryDir tmp;
  const QString scn = tmp.filePath("short.scenario.json");
  writeFile(scn, kScenario);
  const Run r = runVms({"run", scn, "--out", tmp.filePath("result")});
  QVERIFY2(r.status == 0, r.err.constData());

  const QByteArray csv = readAll(tmp.filePath("result/trajectory.csv"));
  QVERIFY(!csv.isEmpty());
  std::istringstream in(csv.toStdString());
  std::string header, line;
  std::getline(in, header);
  QVERIFY(header.rfind("t,base_px,base_py,base_pz,base_qw", 0) == 0);
  for (const char* col : {"q:joint1", "qd:joint4", "Px", "Lz", "T", "tau:joint1",
                          "vehicle_attitude_deviation", "vehicle_com_dx", "system_com_z",
                          "P_vehicle_x", "L_arm_z", "energy", "actuator_work", "tracking_error"})
    QVERIFY2(header.find(col) != std::string::npos, col);
  const size_t ncols = static_cast<size_t>(std::count(header.begin(), header.end(), ',')) + 1;
  int rows = 0;
  double t_last = -1;
  while (std::getline(in, line)) {
    QCOMPARE(static_cast<size_t>(std::count(line.begin(), line.end(), ',')) + 1, ncols);
    t_last = std::stod(line.substr(0, line.find(',')));
    ++rows;
  }
  QCOMPARE(rows, 11);  // t = 0, 0.1, ..., 1.0
  QCOMPARE(t_last, 1.0);

  QJsonParseError e;
  const QJsonObject s =
      QJsonDocument::fromJson(readAll(tmp.filePath("result/summary.json")), &e).object();
  QCOMPARE(e.error, QJsonParseError::NoError);
  QCOMPARE(s["scenario"].toString(), QStringLiteral("short_planar"));
  QCOMPARE(s["steps"].toInt(), 100);
  QCOMPARE(s["status"].toString(), QStringLiteral("ok"));
  QVERIFY(s["real_time_factor"].toDouble() > 0.0);
  QVERIFY(s["wall_time_s"].toDouble() > 0.0);
  QVERIFY(s["linear_momentum_drift"].toDouble() < 1e-9);
  QVERIFY(s["angular_momentum_drift"].toDouble() < 1e-9);
  QCOMPARE(s["energy_check"].toString(), QStringLiteral("power_balance"));
  QVERIFY(s["energy_residual_relative"].toDouble() < 1e-3);
  QVERIFY(s["max_vehicle_attitude_deviation"].toDouble() > 0.0);
  QVERIFY(s["tracking_error_max"].toDouble() < 0.05);
}

void TestCliRun::defaultDirectory() {
  QTemporaryDir tmp;
  const QString scn = tmp.filePath("short.scenario.json");
  writeFile(scn, kScenario);
  const Run r = runVms({"run", scn}, tmp.path());
  QVERIFY2(r.status == 0, r.err.constData());
  QVERIFY(QFile::exists(tmp.filePath("out/short_planar/trajectory.csv")));
  QVERIFY(QFile::exists(tmp.filePath("out/short_planar/summary.json")));
}

void TestCliRun::badScenario() {
  QTemporaryDir tmp;
  const QString scn = tmp.filePath("bad.scenario.json");
  QByteArray text = kScenario;
  text.replace("\"dt\"", "\"dtt\"");
  writeFile(scn, text);
  const Run r = runVms({"run", scn, "--out", tmp.filePath("x")});
  QCOMPARE(r.status, 1);
  QVERIFY2(r.err.contains("dtt: unknown key"), r.err.constData());
  QCOMPARE(runVms({"run"}).status, 2);
}

// Without controllers, `vms run` is `vms simulate` (the STATE's tau held constant): the
// contract columns agree (the state bit for bit).
void TestCliRun::matchesSimulate() {
  QTemporaryDir tmp;
  const QString scn = tmp.filePath("free.scenario.json");
  writeFile(scn, R"({"model": ")" VMS_SOURCE_DIR R"(/models/seed004_spatial.vms.json",
    "initial_state": ")" VMS_SOURCE_DIR R"(/models/state_seed004_spatial_moving.json",
    "duration": 0.5, "dt": 0.01, "output_every": 5})");
  const Run r = runVms({"run", scn, "--out", tmp.filePath("run")});
  QVERIFY2(r.status == 0, r.err.constData());
  const Run sim = runVms({"simulate", VMS_SOURCE_DIR "/models/seed004_spatial.vms.json", "--state",
                          VMS_SOURCE_DIR "/models/state_seed004_spatial_moving.json", "--duration",
                          "0.5", "--dt", "0.01", "--every", "5"});
  QVERIFY2(sim.status == 0, sim.err.constData());
  std::istringstream a(readAll(tmp.filePath("run/trajectory.csv")).toStdString());
  std::istringstream b(sim.out.toStdString());
  std::string la, lb;
  int rows = 0;
  while (std::getline(b, lb)) {
    QVERIFY(std::getline(a, la));
    // The state columns bit for bit; the momenta (momentum_partition vs the simulate sum)
    // to rounding.
    std::istringstream ca(la), cb(lb);
    std::string xa, xb;
    int col = 0;
    while (std::getline(cb, xb, ',')) {
      QVERIFY(std::getline(ca, xa, ','));
      if (rows == 0 || col < 14 + 2 * 6) {
        QCOMPARE(xa, xb);
      } else {
        const double va = std::stod(xa), vb = std::stod(xb);
        QVERIFY2(std::abs(va - vb) <= 1e-12 * std::max(1.0, std::abs(vb)), (xa + " " + xb).c_str());
      }
      ++col;
    }
    ++rows;
  }
  QCOMPARE(rows, 12);  // header + t = 0, 0.05, ..., 0.5
  const QJsonObject s = QJsonDocument::fromJson(readAll(tmp.filePath("run/summary.json"))).object();
  qInfo("free run: energy check %s, relative residual %g", qPrintable(s["energy_check"].toString()),
        s["energy_residual_relative"].toDouble());
  QVERIFY(s["energy_residual_relative"].toDouble() < 1e-6);
}

QTEST_APPLESS_MAIN(TestCliRun)
#include "test_cli_run.moc"
