// vms plan path: a least-disturbance path written as a scenario, then run by vms run. On seed
// 004's spatial spacecraft (from a bent arm to another pose): the run ends with every joint
// within 1e-3 rad of the target and the vehicle within 1e-3 rad of its start attitude, where
// the straight line (the turn the command prints) leaves it 0.28 rad off. Errors: a wrong number
// of target angles, an unknown bending joint, a fixed vehicle; nothing is written then.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "numeric_csv.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

namespace {

const QString kSpatial = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";
const QString kTarget = "0.8,0.9,-1.4,-0.3,0.6,0.5";

QString writeStartState(const QTemporaryDir& dir) {
  const QString path = dir.filePath("start.json");
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(R"({"joint_names": ["joint1", "joint2", "joint3", "joint4", "joint5", "joint6"],
  "base": {"position": [0, 0, 0], "quaternion_wxyz": [1, 0, 0, 0],
           "linear_velocity_world": [0, 0, 0], "angular_velocity_world": [0, 0, 0]},
  "q": [0.1, 0.5, -0.7, 0.2, 0.3, 0.0], "qd": [0, 0, 0, 0, 0, 0]})");
  return path;
}

}  // namespace

class TestCliPlanPath : public QObject {
  Q_OBJECT
 private slots:
  void writtenPlanRunsWithoutTurningTheVehicle() {
    QTemporaryDir dir;
    const QString state = writeStartState(dir);
    const QString plan = dir.filePath("plan/reach.scenario.json");
    const vms::test::Run r = vms::test::runVms(
        {"plan", "path", kSpatial, "--state", state, "--to", kTarget, "--out", plan});
    QVERIFY2(r.status == 0, r.err.constData());
    QVERIFY2(r.out.contains("the straight line turns the vehicle 0.28"), r.out.constData());
    const vms::test::Run run = vms::test::runVms({"run", plan, "--out", dir.filePath("out")});
    QVERIFY2(run.status == 0, run.err.constData());
    QFile f(dir.filePath("out/summary.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject summary = QJsonDocument::fromJson(f.readAll()).object();
    const double attitude = summary["final_vehicle_attitude_deviation"].toDouble(1);
    const NumericCsv csv = readNumericCsv(dir.filePath("out/trajectory.csv"));
    const QStringList target = kTarget.split(',');
    double worst = 0;
    for (int k = 0; k < 6; ++k) {
      const int c = csv.col("q:joint" + std::to_string(k + 1));
      QVERIFY(c >= 0);
      worst = std::max(worst, std::abs(csv.rows.back()[std::size_t(c)] - target[k].toDouble()));
    }
    qInfo("vms run of the plan: joints %.3g rad from the target, vehicle %.3g rad from its start",
          worst, attitude);
    QVERIFY(worst < 1e-3);
    QVERIFY(attitude < 1e-3);
  }

  void errors() {
    QTemporaryDir dir;
    const QString state = writeStartState(dir);
    const QString out = dir.filePath("p.scenario.json");
    vms::test::Run r = vms::test::runVms(
        {"plan", "path", kSpatial, "--state", state, "--to", "1,2", "--out", out});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains("expected 6 joint positions"), r.err);
    r = vms::test::runVms({"plan", "path", kSpatial, "--state", state, "--to", kTarget, "--joints",
                           "joint1,elbow", "--out", out});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains("no moving joint 'elbow'"), r.err);
    r = vms::test::runVms({"plan", "path", kSpatial, "--state", state, "--to", kTarget, "--base",
                           "fixed", "--out", out});
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.contains("fixed"), r.err);
    QVERIFY(!QFile::exists(out));
  }
};

QTEST_APPLESS_MAIN(TestCliPlanPath)
#include "test_cli_plan_path.moc"
