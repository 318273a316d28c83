// vms derivatives: the JSON's keys, shapes and names for a free, a planar and a nonholonomic
// vehicle; its numbers equal the library's ForwardDynamicsDerivatives at the same model, state
// and joint forces; and, independently of the derivative code, ddq_dtau is the joint columns of
// M^-1: its joint rows equal the inverse of the H* that `vms inspect` prints, its whole equals
// the columns of crba's M inverted by LU. Bad input (missing model, bad state file, a model
// with mimic joints, --tau of the wrong size) is one line on stderr and a non-zero status.
#include <Eigen/LU>
#include <QTemporaryDir>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/algorithms/aba_derivatives.hpp"
#include "core/algorithms/crba.hpp"
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;
using Json = nlohmann::json;

namespace {

using vms::test::Run;
using vms::test::runVms;

QString path(const char* file) { return QStringLiteral(VMS_SOURCE_DIR "/models/") + file; }

Json parse(const Run& r) {
  if (r.status != 0) qWarning("%s", r.err.constData());
  return r.status == 0 ? Json::parse(r.out.toStdString(), nullptr, false) : Json();
}

MatX toMatrix(const Json& rows, int cols) {
  MatX m(static_cast<Eigen::Index>(rows.size()), cols);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (static_cast<int>(rows[r].size()) != cols) return MatX();
    for (int c = 0; c < cols; ++c) m(Eigen::Index(r), c) = rows[r][std::size_t(c)].get<double>();
  }
  return m;
}

VecX toVector(const Json& values) {
  VecX v(static_cast<Eigen::Index>(values.size()));
  for (std::size_t k = 0; k < values.size(); ++k) v[Eigen::Index(k)] = values[k].get<double>();
  return v;
}

std::vector<std::string> names(const Json& list) { return list.get<std::vector<std::string>>(); }

// The command's JSON against the library at the same point: keys, shapes, names, numbers.
void checkAgainstLibrary(const Json& out, const Model& model, const State& state, const VecX& tau,
                         const std::vector<std::string>& components,
                         const std::vector<std::string>& tangent) {
  QVERIFY2(out.is_object(), "the output is not one JSON object");
  for (const char* key :
       {"joint_names", "nv", "base_type", "vehicle_components", "configuration_tangent", "nudot",
        "ddq_dq", "ddq_dv", "ddq_dtau", "convention"})
    QVERIFY2(out.contains(key), key);
  QCOMPARE(names(out["joint_names"]), model.joint_names);
  QCOMPARE(out["nv"].get<int>(), model.nv);
  QCOMPARE(out["base_type"].get<std::string>(), toString(model.base_type));
  QCOMPARE(names(out["vehicle_components"]), components);
  QCOMPARE(names(out["configuration_tangent"]), tangent);
  QVERIFY(!out["convention"].get<std::string>().empty());

  const int nv = model.nv, n = model.njoints, t = static_cast<int>(tangent.size());
  QCOMPARE(static_cast<int>(out["nudot"].size()), nv);
  for (const char* key : {"ddq_dq", "ddq_dv", "ddq_dtau"})
    QCOMPARE(static_cast<int>(out[key].size()), nv);
  const MatX dq = toMatrix(out["ddq_dq"], t + n), dv = toMatrix(out["ddq_dv"], nv),
             dtau = toMatrix(out["ddq_dtau"], n);
  QCOMPARE(static_cast<int>(dq.rows()), nv);
  QCOMPARE(static_cast<int>(dv.rows()), nv);
  QCOMPARE(static_cast<int>(dtau.rows()), nv);

  Data data(model);
  ForwardDynamicsDerivatives library(model);
  library.compute(model, data, state, tau);
  VMS_COMPARE_REL(toVector(out["nudot"]), library.acceleration(), 1e-12);
  VMS_COMPARE_REL(dq, library.ddqDq(), 1e-12);
  VMS_COMPARE_REL(dv, library.ddqDv(), 1e-12);
  VMS_COMPARE_REL(dtau, library.ddqDtau(), 1e-12);
}

// ddq_dtau against M^-1 computed without the derivative code: the joint rows against the
// inverse of `vms inspect`'s H* (the joint block of M^-1 is H*^-1), the whole against crba.
void checkInverseMassMatrix(const QString& model_file, const QString& state_file) {
  const Json derivatives = parse(runVms({"derivatives", model_file, "--state", state_file}));
  const Json inspect = parse(runVms({"inspect", model_file, "--state", state_file}));
  QVERIFY(derivatives.is_object() && inspect.is_object());
  const Model model = loadModel(model_file.toStdString());
  const int n = model.njoints, b = model.base_dof;
  const MatX dtau = toMatrix(derivatives["ddq_dtau"], n);
  QCOMPARE(static_cast<int>(dtau.rows()), model.nv);

  const MatX hstar = toMatrix(inspect["Hstar"], n);
  const MatX hstar_inverse = hstar.partialPivLu().inverse();
  VMS_COMPARE_REL(MatX(dtau.bottomRows(n)), hstar_inverse, 1e-10);

  const State state = readStateFile(state_file.toStdString(), model).state;
  Data data(model);
  crba(model, data, state);
  const MatX m_inverse = MatX(data.M).partialPivLu().inverse();
  VMS_COMPARE_REL(dtau, MatX(m_inverse.rightCols(n)), 1e-10);
  QVERIFY(b == 0 || dtau.topRows(b).cwiseAbs().maxCoeff() > 1e-6);  // the vehicle reacts
}

void writeText(const QString& file, const std::string& text) {
  std::ofstream out(file.toStdString());
  out << text;
}

// One line on stderr starting "vms", the given status, nothing on stdout.
void checkRefused(const QStringList& args, int status, const char* part) {
  const Run r = runVms(QStringList{"derivatives"} + args);
  QVERIFY2(r.status == status, (QString::number(r.status) + " " + r.err).toUtf8().constData());
  QVERIFY2(r.out.isEmpty(), r.out.constData());
  QVERIFY2(r.err.startsWith("vms") && r.err.endsWith('\n') && r.err.count('\n') == 1,
           r.err.constData());
  QVERIFY2(r.err.contains(part), r.err.constData());
}

}  // namespace

class TestCliDerivatives : public QObject {
  Q_OBJECT
 private slots:
  void freeVehicle() {
    const QString model_file = path("seed004_spatial.vms.json");
    const QString state_file = path("state_seed004_spatial_moving.json");
    const Model model = loadModel(model_file.toStdString());
    const StateFile input = readStateFile(state_file.toStdString(), model);
    const Json out = parse(runVms({"derivatives", model_file, "--state", state_file}));
    const std::vector<std::string> six = {"vx", "vy", "vz", "wx", "wy", "wz"};
    checkAgainstLibrary(out, model, input.state, input.tau, six, six);
  }

  void planarVehicleWithTau() {
    const QString model_file = path("seed004_planar.vms.json");
    const QString state_file = path("state_seed004_planar_moving.json");
    const Model model = loadModel(model_file.toStdString());
    const State state = readStateFile(state_file.toStdString(), model).state;
    VecX tau(model.njoints);
    QStringList text;
    for (int k = 0; k < model.njoints; ++k) {
      tau[k] = 0.25 * (k + 1) * (k % 2 ? -1 : 1);
      text << QString::number(tau[k], 'g', 17);
    }
    const Json out =
        parse(runVms({"derivatives", model_file, "--state", state_file, "--tau", text.join(',')}));
    const std::vector<std::string> planar = {"vx", "vy", "wz"};
    checkAgainstLibrary(out, model, state, tau, planar, planar);
  }

  // No --state: the neutral state. The nonholonomic vehicle's pose moves in one more direction
  // (sideways, vy) than its velocity has components.
  void nonholonomicVehicleAtTheNeutralState() {
    const QString model_file = path("seed004_planar.vms.json");
    const Model model = loadModel(model_file.toStdString(), BaseType::Nonholonomic);
    VecX tau(model.njoints);
    QStringList text;
    for (int k = 0; k < model.njoints; ++k) {
      tau[k] = 0.5 - 0.3 * k;
      text << QString::number(tau[k], 'g', 17);
    }
    const Json out = parse(
        runVms({"derivatives", model_file, "--base", "nonholonomic", "--tau", text.join(',')}));
    checkAgainstLibrary(out, model, State::neutral(model), tau, {"vx", "wz"}, {"vx", "vy", "wz"});
  }

  void ddqDtauIsTheInverseMassMatrix() {
    checkInverseMassMatrix(path("seed004_spatial.vms.json"),
                           path("state_seed004_spatial_moving.json"));
    checkInverseMassMatrix(path("seed004_planar.vms.json"),
                           path("state_seed004_planar_moving.json"));
  }

  void badInput() {
    QTemporaryDir dir;
    const QString model_file = path("seed004_planar.vms.json");
    checkRefused({dir.filePath("missing.urdf")}, 1, "missing.urdf");
    const QString bad_state = dir.filePath("bad_state.json");
    writeText(bad_state, "{\"base\": {\"position\": [0, 0,");
    checkRefused({model_file, "--state", bad_state}, 1, "bad_state.json");
    const QString wrong_size = dir.filePath("wrong_size.json");
    writeText(wrong_size, "{\"q\": [0.1], \"qd\": [0]}");
    checkRefused({model_file, "--state", wrong_size}, 1, "wrong_size.json");
    checkRefused({model_file, "--tau", "1,2"}, 2, "--tau");
    checkRefused({model_file, "--tau", "1,x,2"}, 2, "--tau");
    checkRefused({model_file, "--frobnicate", "1"}, 2, "frobnicate");
    checkRefused({}, 2, "MODEL");

    // A gripper whose second finger mimics the first: the derivatives need independent joints.
    const std::string inertial =
        "<inertial><mass value=\"1\"/><inertia ixx=\"0.1\" iyy=\"0.1\" izz=\"0.1\" ixy=\"0\" "
        "ixz=\"0\" iyz=\"0\"/></inertial>";
    const std::string finger =
        "type=\"prismatic\"><parent link=\"palm\"/>"
        "<axis xyz=\"0 1 0\"/><limit lower=\"0\" upper=\"0.04\" "
        "effort=\"10\" velocity=\"1\"/>";
    const QString mimic = dir.filePath("gripper.urdf");
    writeText(mimic, "<robot name=\"gripper\"><link name=\"palm\">" + inertial +
                         "</link><link name=\"left\">" + inertial + "</link><link name=\"right\">" +
                         inertial + "</link><joint name=\"left_finger\" " + finger +
                         "<child link=\"left\"/></joint><joint name=\"right_finger\" " + finger +
                         "<child link=\"right\"/><mimic joint=\"left_finger\" "
                         "multiplier=\"-1\"/></joint></robot>");
    checkRefused({mimic}, 1, "mimic");
  }

  void help() {
    const Run r = runVms({"derivatives", "--help"});
    QCOMPARE(r.status, 0);
    QVERIFY2(r.out.startsWith("  vms derivatives MODEL"), r.out.constData());
  }
};

QTEST_APPLESS_MAIN(TestCliDerivatives)
#include "test_cli_derivatives.moc"
