// vms plan attitude: turning seed 004's planar and spatial vehicles with their joints alone.
// Each written plan is read back and checked two ways:
//  - its waypoints (every sample lies on a straight leg of the plan) driven one after another
//    by the core's free-floating reposition (zero momentum) turn the vehicle by the target to
//    1e-6 rad;
//  - `vms run` of the written scenario (the full dynamics by aba, computed torque tracking the
//    waypoints' spline) ends with every joint back at its start within 1e-3 rad and the
//    vehicle's attitude (trajectory.csv's last quaternion) within 1e-3 rad of the start
//    turned by the target in the vehicle frame.
// The two example scenarios (models/seed004_*_turn) are the command's output.
// Cases: planar 0.2 rad and 1 rad (several loops) with joints 1 and 2; spatial turns about
// x and about (0.1, -0.15, 0.2) with joints 1-3, about x with joints 1-2. Refusals: a turn the
// joints cannot make (joints 2 and 3 pitch only: the nearest reachable turn named, nothing
// written), unknown or repeated joints, one joint, a zero or malformed turn, fixed and
// nonholonomic vehicles, a moving start, an unknown plan.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): `vms run` of plans of up to 610 s of simulated time.
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <cmath>

#include "core/analysis/free_floating_reposition.hpp"
#include "core/scenario/scenario.hpp"
#include "core/spatial/so3.hpp"
#include "numeric_csv.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;

namespace {

const QString kModels = VMS_SOURCE_DIR "/models/";

struct Case {
  QString model, state, joints;
  Vec3 turn;
};

QString turnText(const Vec3& t) {
  return QString("%1,%2,%3").arg(t.x(), 0, 'g', 17).arg(t.y(), 0, 'g', 17).arg(t.z(), 0, 'g', 17);
}

// The written plan's turn along its waypoints (zero momentum, no dynamics).
Quat waypointTurn(const Scenario& sc) {
  const auto& setup = std::get<ComputedTorqueSetup>(sc.controllers.at(0));
  const MatX& positions = setup.trajectory->positions;  // joints x waypoints
  RepositionOptions o;
  o.tolerance = 1e-13;
  State s = sc.initial_state;
  for (int c = 0; c < positions.cols(); ++c) {
    const VecX q = positions.col(c);
    if ((q - s.q).lpNorm<Eigen::Infinity>() == 0.0) continue;
    const RepositionResult r = freeFloatingReposition(sc.model, s, q, o);
    if (!r.converged) qWarning("a leg did not converge");
    s = r.state;
  }
  return Quat(sc.initial_state.base_orientation.conjugate() * s.base_orientation);
}

}  // namespace

class TestCliPlan : public QObject {
  Q_OBJECT
 private slots:
  void plansReachTheirTargets();
  void examplesAreThePlannersOutput();
  void refusals();
};

void TestCliPlan::plansReachTheirTargets() {
  QTemporaryDir dir;
  const QString planar = kModels + "seed004_planar.vms.json";
  const QString planar_rest = kModels + "state_seed004_planar_rest.json";
  const QString spatial = kModels + "seed004_spatial.vms.json";
  const QString spatial_rest = kModels + "state_seed004_spatial_rest.json";
  const Case cases[] = {{planar, planar_rest, "joint1,joint2", Vec3(0, 0, 0.2)},
                        {planar, planar_rest, "joint1,joint2", Vec3(0, 0, 1.0)},
                        {spatial, spatial_rest, "joint1,joint2,joint3", Vec3(0.2, 0, 0)},
                        {spatial, spatial_rest, "joint1,joint2", Vec3(0.3, 0, 0)},
                        {spatial, spatial_rest, "joint1,joint2,joint3", Vec3(0.1, -0.15, 0.2)}};
  int index = 0;
  for (const Case& c : cases) {
    const QString plan = dir.filePath(QString("plan%1.scenario.json").arg(index));
    const QString out = dir.filePath(QString("run%1").arg(index++));
    const test::Run p = test::runVms({"plan", "attitude", c.model, "--state", c.state, "--turn",
                                      turnText(c.turn), "--joints", c.joints, "--out", plan});
    QVERIFY2(p.status == 0, p.err.constData());
    QVERIFY(p.out.contains("wrote"));

    const Scenario sc = loadScenario(plan.toStdString());
    QCOMPARE(sc.mode, ManeuveringMode::Floating);
    const Quat geometric = waypointTurn(sc);
    const double geometric_error = geometric.angularDistance(quatExp(c.turn));

    const test::Run r = test::runVms({"run", plan, "--out", out});
    QVERIFY2(r.status == 0, r.err.constData());
    const NumericCsv csv = readNumericCsv(out + "/trajectory.csv");
    QVERIFY(!csv.rows.empty());
    const std::vector<double>& last = csv.rows.back();
    double joints_back = 0.0;
    for (int k = 0; k < sc.model.njoints; ++k) {
      const int col = csv.col("q:" + sc.model.joint_names[std::size_t(k)]);
      QVERIFY(col >= 0);
      joints_back = std::max(joints_back, std::abs(last[std::size_t(col)] - sc.initial_state.q[k]));
    }
    const Quat final_attitude(
        last[std::size_t(csv.col("base_qw"))], last[std::size_t(csv.col("base_qx"))],
        last[std::size_t(csv.col("base_qy"))], last[std::size_t(csv.col("base_qz"))]);
    const Quat target = sc.initial_state.base_orientation * quatExp(c.turn);
    const double attitude_error = final_attitude.normalized().angularDistance(target);
    qInfo(
        "%s, turn (%s), joints %s: waypoints' turn %.3g rad from the target; vms run (%.4g s): "
        "joints back to %.3g rad, attitude %.3g rad from the target",
        qPrintable(QFileInfo(c.model).baseName()), qPrintable(turnText(c.turn)),
        qPrintable(c.joints), geometric_error, sc.duration, joints_back, attitude_error);
    QVERIFY(geometric_error <= 1e-6);
    QVERIFY(joints_back <= 1e-3);
    QVERIFY(attitude_error <= 1e-3);
  }
}

// models/seed004_planar_turn and seed004_spatial_turn are what the command writes today (all
// but the name and the model and state paths, which depend on where it writes).
void TestCliPlan::examplesAreThePlannersOutput() {
  QTemporaryDir dir;
  const struct {
    QString name, model, state, turn, joints;
  } examples[] = {{"seed004_planar_turn", "seed004_planar.vms.json",
                   "state_seed004_planar_rest.json", "0,0,0.5", "joint1,joint2"},
                  {"seed004_spatial_turn", "seed004_spatial.vms.json",
                   "state_seed004_spatial_rest.json", "0.2,0,0", "joint1,joint2,joint3"}};
  for (const auto& e : examples) {
    const QString plan = dir.filePath(e.name + ".scenario.json");
    const test::Run p =
        test::runVms({"plan", "attitude", kModels + e.model, "--state", kModels + e.state, "--turn",
                      e.turn, "--joints", e.joints, "--out", plan});
    QVERIFY2(p.status == 0, p.err.constData());
    const auto read = [](const QString& path) {
      QFile f(path);
      f.open(QIODevice::ReadOnly);
      QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
      for (const char* key : {"name", "model", "initial_state"}) o.remove(key);
      return o;
    };
    const QJsonObject example = read(kModels + e.name + ".scenario.json");
    QVERIFY(!example.isEmpty());
    QVERIFY2(read(plan) == example, qPrintable(e.name));
  }
}

void TestCliPlan::refusals() {
  QTemporaryDir dir;
  const QString planar = kModels + "seed004_planar.vms.json";
  const QString rest = kModels + "state_seed004_planar_rest.json";
  const QString spatial = kModels + "seed004_spatial.vms.json";
  const QString out = dir.filePath("plan.scenario.json");
  struct Refusal {
    QStringList args;
    int status;
    QStringList words;
  };
  const Refusal refusals[] = {
      // Out of reach: the nearest reachable turn is named.
      {{spatial, "--state", kModels + "state_seed004_spatial_rest.json", "--turn", "0.3,0.2,0",
        "--joints", "joint2,joint3"},
       1,
       {"out of reach", "do not generate", "nearest reachable turn is (0, 0.2, 0)"}},
      {{planar, "--state", rest, "--turn", "0.1,0,0.2", "--joints", "joint1,joint2"},
       1,
       {"z axis only", "nearest reachable turn is (0, 0, 0.2)"}},
      {{planar, "--state", rest, "--turn", "0,0,0.2", "--joints", "joint1,elbow"},
       2,
       {"no moving joint 'elbow'", "joint1, joint2, joint3, joint4"}},
      {{planar, "--state", rest, "--turn", "0,0,0.2", "--joints", "joint2,joint2"}, 2, {"twice"}},
      {{planar, "--state", rest, "--turn", "0,0,0.2", "--joints", "joint2"}, 2, {"two joints"}},
      {{planar, "--state", rest, "--turn", "0,0,0", "--joints", "joint1,joint2"}, 2, {"zero"}},
      {{planar, "--state", rest, "--turn", "0,0.2", "--joints", "joint1,joint2"},
       2,
       {"three numbers"}},
      {{planar, "--state", rest, "--turn", "0,0,x", "--joints", "joint1,joint2"},
       2,
       {"not a finite number"}},
      {{planar, "--state", rest, "--turn", "0,0,0.2", "--joints", "joint1,joint2", "--base",
        "fixed"},
       1,
       {"does not rotate"}},
      {{planar, "--state", rest, "--turn", "0,0,0.2", "--joints", "joint1,joint2", "--base",
        "nonholonomic"},
       1,
       {"nonholonomic", "no loop plan"}},
      {{planar, "--state", kModels + "state_seed004_planar_moving.json", "--turn", "0,0,0.2",
        "--joints", "joint1,joint2"},
       1,
       {"at rest"}},
  };
  for (const Refusal& r : refusals) {
    const test::Run run =
        test::runVms(QStringList{"plan", "attitude"} + r.args + QStringList{"--out", out});
    qInfo("exit %d: %s", run.status, run.err.trimmed().constData());
    QCOMPARE(run.status, r.status);
    for (const QString& w : r.words) QVERIFY2(run.err.contains(w.toUtf8()), qPrintable(w));
    QVERIFY(!QFileInfo::exists(out));  // nothing written
  }
  const test::Run unknown = test::runVms({"plan", "route", planar});
  QCOMPARE(unknown.status, 2);
  QVERIFY(unknown.err.contains("unknown plan 'route' (plans: attitude"));
  const test::Run help = test::runVms({"plan", "--help"});
  QCOMPARE(help.status, 0);
  QVERIFY(help.out.contains("vms plan attitude MODEL --state STATE --turn X,Y,Z"));
}

QTEST_APPLESS_MAIN(TestCliPlan)
#include "test_cli_plan.moc"
