// `vms run models/spart_tutorial_5dof.scenario.json`: SPART's tutorial spacecraft with a 5-DoF
// arm and the scenario's "analysis" output. The CSV columns manipulability_fixed and
// manipulability_floating (translational Yoshikawa measure of the end effector with the base
// held / floating at zero momentum) are checked against an independent computation from the
// CSV's own joint positions: finite differences of the end-effector position, and for the
// floating base the vehicle velocity that keeps the total momentum zero (solved from the
// momentum of unit velocities). The run itself must keep momentum and the centre of mass.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <sstream>

#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/scenario.hpp"
#include "core/spatial/se3.hpp"
#include "numeric_csv.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kDir = VMS_SOURCE_DIR "/models/";

// End-effector position after moving the vehicle by the body twist h*nu_b and the joints by h*qd.
Vec3 endEffectorAfter(const Model& m, Data& d, const State& x, const Vec6& nu_b, const VecX& qd,
                      double h, int frame) {
  State y = x;
  const Pose step = se3Exp(h * nu_b);
  y.base_position = x.base_position + x.base_orientation * step.p;
  y.base_orientation = Quat(x.base_orientation.toRotationMatrix() * step.R);
  y.q = x.q + h * qd;
  forwardKinematics(m, d, y);
  return framePose(m, d, frame).p;
}

// Translational Jacobian of the end effector by central differences: base held (fixed) or
// base moving so that the total momentum of the system stays zero (floating).
MatX fdJacobian(const Model& m, const State& x, int frame, bool floating) {
  Data d(m);
  const int n = m.njoints;
  // Momentum [P; L_origin] per unit body twist of the vehicle and per unit joint rate.
  MatX Lambda(6, 6 + n);
  for (int k = 0; k < 6 + n; ++k) {
    State y = x;
    y.base_twist.setZero();
    y.qd.setZero();
    if (k < 6)
      y.base_twist[k] = 1.0;
    else
      y.qd[k - 6] = 1.0;
    computeKinematics(m, d, y);
    const MomentumSummary s = computeMomentum(m, d);
    Lambda.col(k) << s.linear, s.angular_origin;
  }
  const double h = 1e-5;
  MatX J(3, n);
  for (int k = 0; k < n; ++k) {
    VecX qd = VecX::Zero(n);
    qd[k] = 1.0;
    Vec6 nu_b = Vec6::Zero();
    if (floating) nu_b = -Lambda.leftCols(6).fullPivLu().solve(Lambda.col(6 + k));
    J.col(k) = (endEffectorAfter(m, d, x, nu_b, qd, h, frame) -
                endEffectorAfter(m, d, x, nu_b, qd, -h, frame)) /
               (2.0 * h);
  }
  return J;
}

double yoshikawa(const MatX& J) { return std::sqrt((J * J.transpose()).determinant()); }

}  // namespace

class TestRunSpartManipulability : public QObject {
  Q_OBJECT
 private slots:
  void analysisColumnsMatchFiniteDifferences();
  void badAnalysisKeyNamesIt();
};

void TestRunSpartManipulability::analysisColumnsMatchFiniteDifferences() {
  QTemporaryDir tmp;
  QProcess p;
  p.start(QStringLiteral(VMS_CLI_PATH),
          {"run", QString::fromStdString(kDir + "spart_tutorial_5dof.scenario.json"), "--out",
           tmp.filePath("out")});
  QVERIFY(p.waitForFinished(120000));
  QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

  QFile sf(tmp.filePath("out/summary.json"));
  QVERIFY(sf.open(QIODevice::ReadOnly));
  const QJsonObject sum = QJsonDocument::fromJson(sf.readAll()).object();
  const NumericCsv csv = readNumericCsv(tmp.filePath("out/trajectory.csv"));
  const int c_fixed = csv.col("manipulability_fixed"), c_float = csv.col("manipulability_floating");
  QVERIFY(c_fixed >= 0 && c_float == c_fixed + 1);
  QVERIFY(csv.rows.size() > 100);

  const Model m = loadModel(kDir + "spart_tutorial_5dof.vms.json");
  const int frame = m.frameIndex("end_effector");
  QVERIFY(frame >= 0);
  const int c_px = csv.col("base_px"), c_qw = csv.col("base_qw"), c_q1 = csv.col("q:joint1");
  double max_err = 0.0, min_fixed = HUGE_VAL, max_fixed = 0.0, min_float = HUGE_VAL,
         max_float = 0.0;
  int checked = 0;
  for (size_t r = 0; r < csv.rows.size(); ++r) {
    const auto& row = csv.rows[r];
    min_fixed = std::min(min_fixed, row[c_fixed]);
    max_fixed = std::max(max_fixed, row[c_fixed]);
    min_float = std::min(min_float, row[c_float]);
    max_float = std::max(max_float, row[c_float]);
    if (r % 25 != 0) continue;
    State x = State::neutral(m);
    x.base_position = Vec3(row[c_px], row[c_px + 1], row[c_px + 2]);
    x.base_orientation = Quat(row[c_qw], row[c_qw + 1], row[c_qw + 2], row[c_qw + 3]).normalized();
    for (int k = 0; k < m.njoints; ++k) x.q[k] = row[static_cast<size_t>(c_q1 + k)];
    const double wf = yoshikawa(fdJacobian(m, x, frame, false));
    const double wg = yoshikawa(fdJacobian(m, x, frame, true));
    max_err =
        std::max({max_err, std::abs(wf - row[c_fixed]) / wf, std::abs(wg - row[c_float]) / wg});
    ++checked;
  }
  qInfo(
      "SPART 5-DoF: manipulability fixed %.4g..%.4g, floating %.4g..%.4g (m^3/s^3 per rad^3/s^3); "
      "finite differences agree to %.2e relative (%d rows); system CoM shift %.2e m, |dP| %.2e, "
      "|dL| %.2e, tracking max %.2e rad, RTF %.0f",
      min_fixed, max_fixed, min_float, max_float, max_err, checked,
      sum["max_system_com_displacement"].toDouble(), sum["linear_momentum_drift"].toDouble(),
      sum["angular_momentum_drift"].toDouble(), sum["tracking_error_max"].toDouble(),
      sum["real_time_factor"].toDouble());
  QVERIFY(checked >= 4);
  QVERIFY(max_err <= 1e-7);
  // The base's reaction lowers the end effector's reach per joint rate at every sample here.
  QVERIFY(max_float < max_fixed);
  // Summary figures: over every step, so at least as wide as the written rows.
  QCOMPARE(sum["analysis_frame"].toString(), QString("end_effector"));
  QVERIFY(sum["manipulability_fixed_min"].toDouble() <= min_fixed);
  QVERIFY(sum["manipulability_fixed_max"].toDouble() >= max_fixed);
  QVERIFY(sum["manipulability_floating_min"].toDouble() <= min_float);
  QVERIFY(sum["manipulability_floating_max"].toDouble() >= max_float);
  QVERIFY(sum["manipulability_fixed_max"].toDouble() <= max_fixed * (1 + 1e-3));
  // Floating at zero momentum: P, L stay zero, the system CoM stays put.
  QVERIFY(sum["linear_momentum_drift_relative"].toDouble() <= 1e-10);
  QVERIFY(sum["angular_momentum_drift_relative"].toDouble() <= 1e-10);
  QVERIFY(sum["max_system_com_displacement"].toDouble() <= 1e-10);
  QVERIFY(sum["tracking_error_max"].toDouble() < 1e-3);
}

void TestRunSpartManipulability::badAnalysisKeyNamesIt() {
  const std::string head = R"({"model": "spart_tutorial_5dof.vms.json", "duration": 1, )";
  auto message = [&](const std::string& tail) -> std::string {
    try {
      parseScenarioJson(head + tail, "a.scenario.json", kDir);
    } catch (const ModelError& e) {
      return e.what();
    }
    return "no error";
  };
  const std::string unknown = message(R"("analysis": {"end_effector": "hand"}})");
  const std::string typo = message(R"("analysis": {"end_efector": "end_effector"}})");
  const std::string missing = message(R"("analysis": {}})");
  QVERIFY2(unknown.find("analysis.end_effector: unknown frame 'hand'") != std::string::npos,
           unknown.c_str());
  QVERIFY2(typo.find("analysis.end_efector: unknown key") != std::string::npos, typo.c_str());
  QVERIFY2(missing.find("analysis.end_effector") != std::string::npos, missing.c_str());
  const Scenario ok = parseScenarioJson(head + R"("analysis": {"end_effector": "link3"}})",
                                        "a.scenario.json", kDir);
  QVERIFY(ok.analysis && ok.analysis->end_effector_frame == ok.model.frameIndex("link3"));
  QVERIFY(!parseScenarioJson(head + R"("dt": 0.01})", "a.scenario.json", kDir).analysis);
}

QTEST_APPLESS_MAIN(TestRunSpartManipulability)
#include "test_run_spart_manipulability.moc"
