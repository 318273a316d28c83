// vms linearize: the instant is the run's step instant nearest --at (the rows of `vms run`'s
// trajectory.csv); A and B equal the library's linearizeDynamics at the state and joint forces
// that CSV holds (the forces acting over the step from t are those of the next row); the
// closed loop of a joint PD scenario is A + B K with K's joint blocks -kp and -kd + damping
// (the PD compensates the damping) and nothing else; a one-joint PD on a fixed base has the
// closed-form eigenvalues of I s^2 + kd s + kp. Scenarios with forces the linearisation does
// not differentiate are refused naming them; a bad --at and a diverging run are one line on
// stderr with a non-zero status.
#include <QTemporaryDir>
#include <cmath>
#include <complex>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/analysis/linearization.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_linearization.hpp"
#include "numeric_csv.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;
using Json = nlohmann::json;

namespace {

using vms::test::Run;
using vms::test::runVms;

const QString kPdArm = QStringLiteral(VMS_SOURCE_DIR "/tests/data/linearize_pd_arm.scenario.json");

QString modelsPath(const char* file) { return QStringLiteral(VMS_SOURCE_DIR "/models/") + file; }

Json parse(const Run& r) {
  if (r.status != 0) qWarning("%s", r.err.constData());
  return r.status == 0 ? Json::parse(r.out.toStdString(), nullptr, false) : Json();
}

MatX toMatrix(const Json& rows) {
  if (!rows.is_array() || rows.empty()) return MatX();
  const std::size_t cols = rows[0].size();
  MatX m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(cols));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != cols) return MatX();
    for (std::size_t c = 0; c < cols; ++c)
      m(Eigen::Index(r), Eigen::Index(c)) = rows[r][c].get<double>();
  }
  return m;
}

VecX toVector(const Json& values) {
  VecX v(static_cast<Eigen::Index>(values.size()));
  for (std::size_t k = 0; k < values.size(); ++k) v[Eigen::Index(k)] = values[k].get<double>();
  return v;
}

void writeText(const QString& file, const std::string& text) {
  std::ofstream out(file.toStdString());
  out << text;
}

double column(const NumericCsv& csv, std::size_t row, const std::string& name) {
  const int c = csv.col(name);
  if (c < 0 || row >= csv.rows.size()) return std::nan("");
  return csv.rows[row][static_cast<std::size_t>(c)];
}

// The state of one trajectory.csv row (pose, world velocities, joints), as the CSV writes it.
State stateOfRow(const Model& model, const NumericCsv& csv, std::size_t row) {
  State s = State::neutral(model);
  s.base_position =
      Vec3(column(csv, row, "base_px"), column(csv, row, "base_py"), column(csv, row, "base_pz"));
  s.base_orientation = Quat(column(csv, row, "base_qw"), column(csv, row, "base_qx"),
                            column(csv, row, "base_qy"), column(csv, row, "base_qz"));
  s.setBaseVelocityWorld(
      Vec3(column(csv, row, "base_vx"), column(csv, row, "base_vy"), column(csv, row, "base_vz")),
      Vec3(column(csv, row, "base_wx"), column(csv, row, "base_wy"), column(csv, row, "base_wz")));
  for (int k = 0; k < model.njoints; ++k) {
    const std::string& name = model.joint_names[static_cast<std::size_t>(k)];
    s.q[k] = column(csv, row, "q:" + name);
    s.qd[k] = column(csv, row, "qd:" + name);
  }
  return s;
}

VecX torquesOfRow(const Model& model, const NumericCsv& csv, std::size_t row) {
  VecX tau(model.njoints);
  for (int k = 0; k < model.njoints; ++k)
    tau[k] = column(csv, row, "tau:" + model.joint_names[static_cast<std::size_t>(k)]);
  return tau;
}

// `vms run`'s trajectory of the scenario, every step a row.
NumericCsv runTrajectory(const QString& scenario, const QTemporaryDir& dir) {
  const Run r = runVms({"run", scenario, "--out", dir.filePath("run")});
  if (r.status != 0) qWarning("%s", r.err.constData());
  return readNumericCsv(dir.filePath("run/trajectory.csv"));
}

// One line on stderr starting "vms" and naming `part`, the given status, nothing on stdout.
void checkRefused(const QStringList& args, int status, const char* part) {
  const Run r = runVms(QStringList{"linearize"} + args);
  QVERIFY2(r.status == status, (QString::number(r.status) + " " + r.err).toUtf8().constData());
  QVERIFY2(r.out.isEmpty(), r.out.constData());
  QVERIFY2(r.err.startsWith("vms") && r.err.endsWith('\n') && r.err.count('\n') == 1,
           r.err.constData());
  QVERIFY2(r.err.contains(part), r.err.constData());
}

// Two lists of eigenvalues (rows [re, im]) as multisets: each of `a` matched to the nearest
// unmatched one of `b`, to 1e-6 relative. A free vehicle's pose kinematics at a constant
// twist makes defective clusters (at 0 and +-i|w|) whose eigenvalues rounding moves by about
// eps^(1/k) for a k-fold one: those do not agree to more.
void checkSameEigenvalues(const MatX& a, const MatX& b) {
  QCOMPARE(a.rows(), b.rows());
  std::vector<bool> used(static_cast<std::size_t>(b.rows()), false);
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    Eigen::Index best = -1;
    double nearest = 1e300;
    for (Eigen::Index j = 0; j < b.rows(); ++j) {
      const double d = (a.row(i) - b.row(j)).norm();
      if (!used[static_cast<std::size_t>(j)] && d < nearest) {
        nearest = d;
        best = j;
      }
    }
    QVERIFY(best >= 0);
    used[static_cast<std::size_t>(best)] = true;
    QVERIFY2(nearest <= 1e-6 * std::max(1.0, a.row(i).norm()),
             (std::to_string(a(i, 0)) + " " + std::to_string(a(i, 1))).c_str());
  }
}

int indexOf(const Json& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].get<std::string>() == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

class TestCliLinearize : public QObject {
  Q_OBJECT
 private slots:
  // A, B, the names and the eigenvalues at the run's state and forces of the nearest instant.
  void equalsTheLibraryAtTheRunsState() {
    QTemporaryDir dir;
    const Scenario scenario = loadScenario(kPdArm.toStdString());
    const Model& model = scenario.model;
    const NumericCsv csv = runTrajectory(kPdArm, dir);
    QCOMPARE(csv.rows.size(), std::size_t(101));

    const Json out = parse(runVms({"linearize", kPdArm, "--at", "0.237"}));
    QVERIFY(out.is_object());
    for (const char* key : {"t", "step", "state_names", "input_names", "tangent_dof",
                            "joint_forces", "A", "B", "eigenvalues", "convention"})
      QVERIFY2(out.contains(key), key);
    QVERIFY(!out.contains("K"));
    QCOMPARE(out["step"].get<long>(), 24L);  // 0.24 is nearer 0.237 than 0.23
    QCOMPARE(out["t"].get<double>(), column(csv, 24, "t"));

    const State state = stateOfRow(model, csv, 24);
    const VecX tau = torquesOfRow(model, csv, 25);  // the forces of the step from row 24
    QVERIFY(toVector(out["joint_forces"]) == tau);
    const Linearization lib = linearizeDynamics(model, state, tau, true);
    QCOMPARE(out["state_names"].get<std::vector<std::string>>(), lib.state_names);
    QCOMPARE(out["input_names"].get<std::vector<std::string>>(), lib.input_names);
    QCOMPARE(out["tangent_dof"].get<int>(), 6);
    const MatX A = toMatrix(out["A"]), B = toMatrix(out["B"]);
    QCOMPARE(A.rows(), lib.A.rows());
    QCOMPARE(B.cols(), Eigen::Index(model.njoints));
    VMS_COMPARE_REL(A, lib.A, 1e-12);
    VMS_COMPARE_REL(B, lib.B, 1e-12);

    // The eigenvalues: sorted, as many as A's rows, summing to A's trace.
    const MatX eig = toMatrix(out["eigenvalues"]);
    QCOMPARE(eig.rows(), A.rows());
    QCOMPARE(eig.cols(), Eigen::Index(2));
    for (Eigen::Index i = 1; i < eig.rows(); ++i)
      QVERIFY(eig(i - 1, 0) < eig(i, 0) ||
              (eig(i - 1, 0) == eig(i, 0) && eig(i - 1, 1) <= eig(i, 1)));
    QVERIFY(std::abs(eig.col(0).sum() - A.trace()) <=
            1e-9 * std::max(1.0, A.cwiseAbs().maxCoeff()));
    QVERIFY(std::abs(eig.col(1).sum()) <= 1e-9);
    checkSameEigenvalues(eig, sortedEigenvalues(lib.A));
  }

  // The nearest step instant: the first, a grid instant, the last (the duration).
  void nearestStepInstant() {
    QTemporaryDir dir;
    const Scenario scenario = loadScenario(kPdArm.toStdString());
    const NumericCsv csv = runTrajectory(kPdArm, dir);
    const struct {
      const char* at;
      std::size_t step;
    } cases[] = {{"0", 0}, {"0.004", 0}, {"0.006", 1}, {"0.5", 50}, {"0.996", 100}, {"1", 100}};
    for (const auto& c : cases) {
      const Json out = parse(runVms({"linearize", kPdArm, "--at", c.at}));
      QVERIFY2(out.is_object(), c.at);
      QCOMPARE(out["step"].get<std::size_t>(), c.step);
      QCOMPARE(out["t"].get<double>(), column(csv, c.step, "t"));
      QCOMPARE(nearestStepIndex(scenario, std::stod(c.at)), long(c.step));
    }
    // At the last instant no step follows: the forces a control update there commands, the
    // PD's closed form (the quintic has arrived: q_d = target, qd_d = 0) plus the held tau.
    const Json out = parse(runVms({"linearize", kPdArm, "--at", "1"}));
    const State s = stateOfRow(scenario.model, csv, 100);
    VecX expected(3);
    expected << 30 * (0.5 - s.q[0]) - 6 * s.qd[0] + 0.4 * s.qd[0], 0.3,
        4 * (-0.4 - s.q[2]) - 0.8 * s.qd[2] + 0.1 * s.qd[2];
    VMS_COMPARE_REL(toVector(out["joint_forces"]), expected, 1e-12);
  }

  // K of a joint PD without compensation: -kp on q, -kd + damping on qd (the controller
  // compensates the damping), zero elsewhere; A_closed_loop = A + B K.
  void closedLoopOfJointPd() {
    const Json out = parse(runVms({"linearize", kPdArm, "--at", "0.31", "--closed-loop"}));
    QVERIFY(out.is_object());
    for (const char* key : {"K", "A_closed_loop", "closed_loop_eigenvalues"})
      QVERIFY2(out.contains(key), key);
    const MatX A = toMatrix(out["A"]), B = toMatrix(out["B"]), K = toMatrix(out["K"]);
    QCOMPARE(K.rows(), Eigen::Index(3));
    QCOMPARE(K.cols(), A.cols());
    const Json& names = out["state_names"];
    MatX expected = MatX::Zero(3, A.cols());
    expected(0, indexOf(names, "q_joint1")) = -30.0;
    expected(0, indexOf(names, "nu_joint1")) = -6.0 + 0.4;
    expected(2, indexOf(names, "q_joint3")) = -4.0;
    expected(2, indexOf(names, "nu_joint3")) = -0.8 + 0.1;
    VMS_COMPARE_REL(K, expected, 1e-8);
    VMS_COMPARE_REL(toMatrix(out["A_closed_loop"]), MatX(A + B * K), 1e-12);
    checkSameEigenvalues(toMatrix(out["closed_loop_eigenvalues"]),
                         sortedEigenvalues(toMatrix(out["A_closed_loop"])));
  }

  // A one-joint PD on a fixed base: I qdd = kp (q_d - q) - kd qd, so the closed loop's
  // eigenvalues are the roots of I s^2 + kd s + kp; the open loop's are 0 and -D / I.
  void closedFormEigenvaluesOfAPendulum() {
    QTemporaryDir dir;
    const double I = 0.5, D = 0.3, kp = 8.0, kd = 2.0;
    writeText(dir.filePath("pendulum.urdf"),
              "<robot name=\"pendulum\"><link name=\"base\"><inertial><mass value=\"1\"/>"
              "<inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>"
              "</link><link name=\"arm\"><inertial><mass value=\"2\"/><inertia ixx=\"0.3\" "
              "iyy=\"0.3\" izz=\"0.5\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>"
              "<joint name=\"hinge\" type=\"continuous\"><parent link=\"base\"/><child "
              "link=\"arm\"/><axis xyz=\"0 0 1\"/><dynamics damping=\"0.3\"/></joint></robot>");
    const QString scenario = dir.filePath("pendulum.scenario.json");
    writeText(scenario,
              R"({"model": "pendulum.urdf", "base": "fixed",
                  "initial_state": {"q": [0.2], "qd": [-0.1]},
                  "controllers": [{"type": "joint_pd", "gains": {"kp": 8, "kd": 2}}],
                  "duration": 0.5, "dt": 0.01})");
    const Json out = parse(runVms({"linearize", scenario, "--at", "0.2", "--closed-loop"}));
    QVERIFY(out.is_object());
    QCOMPARE(out["tangent_dof"].get<int>(), 0);
    MatX open(2, 2), closed(2, 2);
    open << 0, 1, 0, -D / I;
    closed << 0, 1, -kp / I, -kd / I;
    VMS_COMPARE_REL(toMatrix(out["A"]), open, 1e-12);
    VMS_COMPARE_REL(toMatrix(out["A_closed_loop"]), closed, 1e-8);
    MatX open_eig(2, 2), closed_eig(2, 2);
    open_eig << -D / I, 0, 0, 0;
    const std::complex<double> root =
        (-kd + std::sqrt(std::complex<double>(kd * kd - 4 * I * kp))) / (2 * I);
    closed_eig << root.real(), -root.imag(), root.real(), root.imag();
    VMS_COMPARE_REL(toMatrix(out["eigenvalues"]), open_eig, 1e-12);
    VMS_COMPARE_REL(toMatrix(out["closed_loop_eigenvalues"]), closed_eig, 1e-8);
  }

  // Reaction wheels are joints: their rows of K come from the wheel attitude controller. The
  // nonholonomic rover's pose moves sideways too: one more tangent direction than velocities.
  void wheelsAndNonholonomicVehicle() {
    const Json wheels = parse(runVms({"linearize", modelsPath("seed003_inspection.scenario.json"),
                                      "--at", "0.05", "--closed-loop"}));
    QVERIFY(wheels.is_object());
    const MatX K = toMatrix(wheels["K"]);
    const std::vector<std::string> inputs = wheels["input_names"].get<std::vector<std::string>>();
    bool wheel_feedback = false;
    for (std::size_t i = 0; i < inputs.size(); ++i)
      if (inputs[i].find("wheel") != std::string::npos)
        wheel_feedback = wheel_feedback || K.row(Eigen::Index(i)).cwiseAbs().maxCoeff() > 1e-6;
    QVERIFY2(wheel_feedback, "no wheel row of K responds to the state");

    const Json rover = parse(runVms({"linearize", modelsPath("seed000_wheeled_rover.scenario.json"),
                                     "--at", "0.05", "--closed-loop"}));
    QVERIFY(rover.is_object());
    QCOMPARE(rover["tangent_dof"].get<int>(), 3);
    const Json& names = rover["state_names"];
    QCOMPARE(names[0].get<std::string>(), std::string("delta_vx"));
    QCOMPARE(names[1].get<std::string>(), std::string("delta_vy"));
    QVERIFY(indexOf(names, "nu_vy") < 0 && indexOf(names, "nu_vx") >= 0);
  }

  void refusals() {
    checkRefused({modelsPath("seed000_uvms.scenario.json"), "--at", "1"}, 1, "underwater");
    checkRefused({modelsPath("seed004_spatial_gravity_gradient.scenario.json"), "--at", "1"}, 1,
                 "gravity_gradient");
    checkRefused({modelsPath("seed004_spatial_rotation_flying.scenario.json"), "--at", "1"}, 1,
                 "thrusters");

    QTemporaryDir dir;
    const std::string inertial =
        "<inertial><mass value=\"1\"/><inertia ixx=\"0.1\" iyy=\"0.1\" izz=\"0.1\" ixy=\"0\" "
        "ixz=\"0\" iyz=\"0\"/></inertial>";
    const std::string finger =
        "type=\"prismatic\"><parent link=\"palm\"/><axis xyz=\"0 1 0\"/><limit lower=\"0\" "
        "upper=\"0.04\" effort=\"10\" velocity=\"1\"/>";
    writeText(dir.filePath("gripper.urdf"),
              "<robot name=\"gripper\"><link name=\"palm\">" + inertial +
                  "</link><link name=\"left\">" + inertial + "</link><link name=\"right\">" +
                  inertial + "</link><joint name=\"left_finger\" " + finger +
                  "<child link=\"left\"/></joint><joint name=\"right_finger\" " + finger +
                  "<child link=\"right\"/><mimic joint=\"left_finger\" "
                  "multiplier=\"-1\"/></joint></robot>");
    const QString gripper = dir.filePath("gripper.scenario.json");
    writeText(gripper, R"({"model": "gripper.urdf", "base": "fixed", "duration": 1})");
    checkRefused({gripper, "--at", "0.5"}, 1, "mimic");
  }

  void badInstant() {
    checkRefused({kPdArm, "--at", "-0.1"}, 2, "outside the run");
    checkRefused({kPdArm, "--at", "1.5"}, 2, "outside the run");
    checkRefused({kPdArm, "--at", "nan"}, 2, "--at");
    checkRefused({kPdArm, "--at", "soon"}, 2, "--at");
    checkRefused({kPdArm}, 2, "--at");
    checkRefused({kPdArm, kPdArm, "--at", "0"}, 2, "SCENARIO");
    checkRefused({modelsPath("missing.scenario.json"), "--at", "0"}, 1, "missing.scenario.json");
  }

  // A run that diverges before the instant: its message, status 3.
  void divergesBeforeTheInstant() {
    checkRefused(
        {QStringLiteral(VMS_SOURCE_DIR "/tests/data/diverging_slider.scenario.json"), "--at", "6"},
        3, "diverged");
  }

  void help() {
    const Run r = runVms({"linearize", "--help"});
    QCOMPARE(r.status, 0);
    QVERIFY2(r.out.startsWith("  vms linearize SCENARIO"), r.out.constData());
  }
};

QTEST_APPLESS_MAIN(TestCliLinearize)
#include "test_cli_linearize.moc"
