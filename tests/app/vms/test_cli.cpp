// The `vms` command line against the contracts of docs/contracts.md: JSON keys and
// values of inspect (cross-checked against the library), CSV columns and conservation of
// simulate, benchmark's JSON, and exit statuses/messages for bad input.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/algorithms/aba.hpp"
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;

namespace {

using vms::test::Run;
using vms::test::runVms;

QString model(const char* name) { return QStringLiteral(VMS_SOURCE_DIR "/models/") + name; }

QJsonObject parseObject(const QByteArray& text) {
  QJsonParseError e;
  const QJsonDocument doc = QJsonDocument::fromJson(text, &e);
  if (e.error != QJsonParseError::NoError) qWarning() << "JSON error" << e.errorString() << text;
  return doc.object();
}

VecX toVec(const QJsonValue& v) {
  const QJsonArray a = v.toArray();
  VecX x(a.size());
  for (int i = 0; i < a.size(); ++i) x[i] = a[i].toDouble();
  return x;
}

void writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

/// Parses a CSV with a header row into columns.
std::map<std::string, std::vector<double>> parseCsv(const QByteArray& text,
                                                    std::vector<std::string>* header) {
  std::map<std::string, std::vector<double>> cols;
  std::istringstream in(text.toStdString());
  std::string line, cell;
  std::getline(in, line);
  std::istringstream hs(line);
  while (std::getline(hs, cell, ',')) header->push_back(cell);
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    size_t i = 0;
    while (std::getline(ls, cell, ',')) cols[(*header)[i++]].push_back(std::stod(cell));
  }
  return cols;
}

}  // namespace

class TestCli : public QObject {
  Q_OBJECT
 private slots:
  void inspectMatchesLibrary_data();
  void inspectMatchesLibrary();
  void inspectDetailShowsTheSolversQuantities_data();
  void inspectDetailShowsTheSolversQuantities();
  void crosscheckListsEverySolver();
  void simulateWritesContractCsvAndConserves();
  void simulateEveryAndStdout();
  void benchmarkPrintsJson();
  void badInputGivesOneLineAndStatus_data();
  void badInputGivesOneLineAndStatus();
  void divergenceStopsWithValidCsv();
  void convertRoundTrip();
  void everyWrittenUrdfIsWellFormedXml();
  void versionAndCommandHelp();
};

void TestCli::inspectMatchesLibrary_data() {
  QTest::addColumn<QString>("modelFile");
  QTest::addColumn<QString>("stateFile");
  QTest::addColumn<QString>("solver");
  for (const std::string& name : solverNames()) {  // every registered solver
    const char* solver = name.c_str();
    QTest::newRow((std::string("spatial_json_") + solver).c_str())
        << model("seed004_spatial.vms.json") << model("state_seed004_spatial_moving.json")
        << solver;
    QTest::newRow((std::string("spatial_urdf_") + solver).c_str())
        << model("seed004_spatial.urdf") << model("state_seed004_spatial_moving.json") << solver;
    // A solver that does not handle planar vehicles must refuse this one by name.
    QTest::newRow((std::string("planar_json_") + solver).c_str())
        << model("seed004_planar.vms.json") << model("state_seed004_planar_moving.json") << solver;
  }
}

void TestCli::inspectMatchesLibrary() {
  QFETCH(QString, modelFile);
  QFETCH(QString, stateFile);
  QFETCH(QString, solver);
  const Run r = runVms({"inspect", modelFile, "--state", stateFile, "--solver", solver});
  if (const BaseType type = loadModel(modelFile.toStdString()).base_type;
      !solverSupports(solver.toStdString(), type)) {  // refused by name, no fallback
    QVERIFY(r.status != 0);
    QVERIFY2(r.err.contains(solverSupportProblem(solver.toStdString(), type).c_str()),
             r.err.constData());
    return;
  }
  QVERIFY2(r.status == 0, r.err.constData());
  const QJsonObject o = parseObject(r.out);
  for (const char* key :
       {"joint_names", "qdd", "base_linear_acc_world", "base_angular_acc_world", "linear_momentum",
        "angular_momentum_origin", "kinetic_energy", "center_of_mass", "Hmm", "Hstar", "solver"})
    QVERIFY2(o.contains(key), key);
  QCOMPARE(o["solver"].toString(), solver);

  std::vector<std::string> warnings;
  const Model m = loadModel(modelFile.toStdString(), std::nullopt, &warnings);
  const StateFile s = readStateFile(stateFile.toStdString(), m, &warnings);
  Data data(m);
  aba(m, data, s.state, s.tau);
  QCOMPARE(o["joint_names"].toArray().size(), m.njoints);
  for (int k = 0; k < m.njoints; ++k)
    QCOMPARE(o["joint_names"].toArray()[k].toString().toStdString(), m.joint_names[k]);
  VMS_COMPARE_REL(toVec(o["qdd"]), data.qdd, 1e-10);
  VMS_COMPARE_REL(toVec(o["base_angular_acc_world"]),
                  baseAngularAccelerationWorld(s.state, data.base_twist_dot), 1e-10);
  VMS_COMPARE_REL(toVec(o["base_linear_acc_world"]),
                  baseLinearAccelerationWorld(s.state, data.base_twist_dot), 1e-10);
  // H* is symmetric positive definite and "smaller" than Hmm.
  const QJsonArray hs = o["Hstar"].toArray(), hm = o["Hmm"].toArray();
  QCOMPARE(hs.size(), m.njoints);
  MatX Hstar(m.njoints, m.njoints), Hmm(m.njoints, m.njoints);
  for (int r2 = 0; r2 < m.njoints; ++r2) {
    Hstar.row(r2) = toVec(hs[r2]).transpose();
    Hmm.row(r2) = toVec(hm[r2]).transpose();
  }
  VMS_COMPARE_REL(Hstar, MatX(Hstar.transpose()), 1e-14);
  QVERIFY(Hstar.llt().info() == Eigen::Success);
  QVERIFY((Hmm - Hstar).ldlt().vectorD().minCoeff() > -1e-9);
}

void TestCli::inspectDetailShowsTheSolversQuantities_data() {
  QTest::addColumn<QString>("solver");
  for (const std::string& name : solverNames())
    QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

// --detail adds the solver's intermediate quantities (its paper's matrices) at the state:
// the same numbers as the library's intermediates() after compute().
void TestCli::inspectDetailShowsTheSolversQuantities() {
  QFETCH(QString, solver);
  const QString modelFile = model("seed004_spatial.vms.json");
  const QString stateFile = model("state_seed004_spatial_moving.json");
  const Run r =
      runVms({"inspect", modelFile, "--state", stateFile, "--solver", solver, "--detail"});
  QVERIFY2(r.status == 0, r.err.constData());
  const QJsonObject o = parseObject(r.out);
  QVERIFY(o.contains("qdd"));
  QVERIFY(o["detail"].isObject());
  const QJsonObject detail = o["detail"].toObject();

  std::vector<std::string> warnings;
  const Model m = loadModel(modelFile.toStdString(), std::nullopt, &warnings);
  const StateFile s = readStateFile(stateFile.toStdString(), m, &warnings);
  const auto ours = makeSolver(solver.toStdString(), m);
  Data data(m);
  ours->compute(m, data, s.state, s.tau, {});
  const std::vector<SolverQuantity> expected = ours->intermediates();
  QCOMPARE(detail.size(), static_cast<int>(expected.size()));
  for (const SolverQuantity& q : expected) {
    const QJsonObject item = detail[QString::fromStdString(q.name)].toObject();
    QCOMPARE(item["meaning"].toString().toStdString(), q.meaning);
    MatX value(q.value.rows(), q.value.cols());
    const QJsonArray rows = item["value"].toArray();
    QCOMPARE(rows.size(), static_cast<int>(q.value.rows()));
    for (int i = 0; i < rows.size(); ++i) {
      if (q.value.cols() == 1)
        value(i, 0) = rows[i].toDouble();
      else
        value.row(i) = toVec(rows[i]).transpose();
    }
    // %.17g prints the doubles exactly. The library in this test process may differ from the
    // vms program's in the last bits: a test group's own copies of Eigen's product kernels,
    // compiled at the tests' optimisation level, can stand in for the library's when linked.
    // A few ulps of the largest entry tell the two apart from a print with fewer digits.
    const double scale = std::max(1.0, q.value.cwiseAbs().maxCoeff());
    const double difference = (value - q.value).cwiseAbs().maxCoeff();
    QVERIFY2(difference <= 8.0 * std::numeric_limits<double>::epsilon() * scale,
             (q.name + ": differs by " + std::to_string(difference)).c_str());
  }
  if (solver == "crba") QVERIFY(detail.contains("M") && detail.contains("h"));
  // Without --detail the output is the contract's, unchanged.
  const Run plain = runVms({"inspect", modelFile, "--state", stateFile, "--solver", solver});
  QVERIFY(!parseObject(plain.out).contains("detail"));
}

// `vms crosscheck`: one row per registered solver that handles the vehicle, each difference
// from aba within 1e-9 on the examples, exit 0.
void TestCli::crosscheckListsEverySolver() {
  for (const char* example : {"seed004_spatial", "seed004_planar"}) {
    const QString modelFile = model((std::string(example) + ".vms.json").c_str());
    const QString stateFile = model(("state_" + std::string(example) + "_moving.json").c_str());
    const Run r = runVms({"crosscheck", modelFile, "--state", stateFile});
    QVERIFY2(r.status == 0, (r.out + r.err).constData());
    const QString out = QString::fromUtf8(r.out);
    std::vector<std::string> warnings;
    const Model m = loadModel(modelFile.toStdString(), std::nullopt, &warnings);
    for (const std::string& name : solverNames()) {
      const bool listed = out.contains(QString::fromStdString(name + " ")) ||
                          out.contains(QString::fromStdString("'" + name + "'"));
      QVERIFY2(listed, (name + " missing from:\n" + out.toStdString()).c_str());
      if (!solverSupports(name, m.base_type))
        QVERIFY(out.contains(
            QString::fromStdString("not run: " + solverSupportProblem(name, m.base_type))));
    }
    QVERIFY(out.contains("every solver agrees with aba within 1e-09"));
    QVERIFY(r.err.isEmpty());
  }
  const Run bad = runVms({"crosscheck", model("seed004_spatial.vms.json")});
  QCOMPARE(bad.status, 2);  // --state is required
}

void TestCli::simulateWritesContractCsvAndConserves() {
  QTemporaryDir dir;
  // The example state holds joint torques: momentum is conserved (internal forces), energy is
  // not. A copy without "tau" must also conserve kinetic energy.
  QFile src(model("state_seed004_spatial_moving.json"));
  QVERIFY(src.open(QIODevice::ReadOnly));
  QJsonObject no_tau = QJsonDocument::fromJson(src.readAll()).object();
  QVERIFY(no_tau.contains("tau"));
  no_tau.remove("tau");
  const QString free_state = dir.filePath("free.json");
  writeFile(free_state, QJsonDocument(no_tau).toJson());

  for (const bool torques : {true, false}) {
    const QString out = dir.filePath(torques ? "run_tau.csv" : "run_free.csv");
    const Run r = runVms({"simulate", model("seed004_spatial.vms.json"), "--state",
                          torques ? model("state_seed004_spatial_moving.json") : free_state,
                          "--duration", "1", "--dt", "0.001", "--out", out});
    QVERIFY2(r.status == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    std::vector<std::string> header;
    auto cols = parseCsv(f.readAll(), &header);
    const std::vector<std::string> expected_start = {
        "t",       "base_px", "base_py", "base_pz", "base_qw", "base_qx", "base_qy",
        "base_qz", "base_vx", "base_vy", "base_vz", "base_wx", "base_wy", "base_wz"};
    for (size_t i = 0; i < expected_start.size(); ++i) QCOMPARE(header[i], expected_start[i]);
    for (const char* c : {"Px", "Py", "Pz", "Lx", "Ly", "Lz", "T"}) QVERIFY2(cols.count(c), c);
    QCOMPARE(header.size(), size_t(14 + 2 * 6 + 7));
    QCOMPARE(cols["t"].size(), size_t(1001));
    QCOMPARE(cols["t"].back(), 1.0);
    double scale = 1.0;
    for (const char* d : {"Px", "Py", "Pz", "Lx", "Ly", "Lz"})
      scale = std::max(scale, std::abs(cols[d][0]));
    std::vector<std::string> conserved = {"Px", "Py", "Pz", "Lx", "Ly", "Lz"};
    if (!torques) conserved.push_back("T");
    for (const auto& c : conserved) {
      const auto& v = cols[c];
      const double s = c == "T" ? cols["T"][0] : scale;
      const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
      QVERIFY2((*hi - *lo) / s < 1e-9, c.c_str());
    }
    if (torques) {  // the torques do work: the test above would notice a frozen simulation
      const auto [lo, hi] = std::minmax_element(cols["T"].begin(), cols["T"].end());
      QVERIFY(*hi - *lo > 1e-3 * cols["T"][0]);
    }
    for (size_t i = 0; i < cols["t"].size(); ++i) {
      const double n2 =
          cols["base_qw"][i] * cols["base_qw"][i] + cols["base_qx"][i] * cols["base_qx"][i] +
          cols["base_qy"][i] * cols["base_qy"][i] + cols["base_qz"][i] * cols["base_qz"][i];
      QVERIFY(std::abs(n2 - 1.0) < 1e-12);
    }
  }
}

void TestCli::simulateEveryAndStdout() {
  const Run r = runVms({"simulate", model("seed004_planar.vms.json"), "--state",
                        model("state_seed004_planar_moving.json"), "--duration", "0.1", "--dt",
                        "0.01", "--every", "5", "--integrator", "euler"});
  QVERIFY2(r.status == 0, r.err.constData());
  std::vector<std::string> header;
  auto cols = parseCsv(r.out, &header);
  QCOMPARE(cols["t"].size(), size_t(3));  // t = 0, 0.05, 0.1
  QVERIFY(std::abs(cols["t"][1] - 0.05) < 1e-15);
}

void TestCli::benchmarkPrintsJson() {
  const Run r = runVms({"benchmark", model("seed004_spatial.vms.json"), "--iterations", "3000"});
  QVERIFY2(r.status == 0, r.err.constData());
  const QJsonObject o = parseObject(r.out);
  QCOMPARE(o["solver"].toString(), QString("aba"));
  QCOMPARE(o["dof"].toInt(), 12);
  QVERIFY(o["forward_dynamics_us"].toDouble() > 0.0);
  QVERIFY(o["step_us"].toDouble() > o["forward_dynamics_us"].toDouble());
  QCOMPARE(o["iterations"].toInt(), 3000);
}

void TestCli::badInputGivesOneLineAndStatus_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QByteArray>("files");  // "name=content;name2=content2" written into a temp dir
  QTest::addColumn<int>("status");
  QTest::addColumn<QString>("mustMention");
  const QString spatial = model("seed004_spatial.vms.json");
  const QString state = model("state_seed004_spatial_moving.json");
  QTest::newRow("missing model") << QStringList{"inspect", "/nonexistent/x.urdf", "--state", state}
                                 << QByteArray() << 1 << "/nonexistent/x.urdf";
  QTest::newRow("unknown option") << QStringList{"inspect", spatial, "--stat", state}
                                  << QByteArray() << 2 << "--stat";
  QTest::newRow("unknown solver") << QStringList{"inspect", spatial,    "--state",
                                                 state,     "--solver", "magic"}
                                  << QByteArray() << 2 << "magic";
  QTest::newRow("unknown base") << QStringList{"inspect", spatial,  "--state",
                                               state,     "--base", "hovercraft"}
                                << QByteArray() << 2 << "hovercraft";
  QTest::newRow("bad dt") << QStringList{"simulate",   spatial, "--state", state,
                                         "--duration", "1",     "--dt",    "0"}
                          << QByteArray() << 2 << "--dt";
  QTest::newRow("wrong q size")
      << QStringList{"inspect", spatial, "--state", "@/s.json"}
      << QByteArray(
             "s.json={\"base\":{\"position\":[0,0,0],\"quaternion_wxyz\":[1,0,0,0],"
             "\"linear_velocity_world\":[0,0,0],\"angular_velocity_world\":[0,0,0]},"
             "\"q\":[0,0],\"qd\":[0,0,0,0,0,0]}")
      << 1 << "q";
  QTest::newRow("malformed urdf") << QStringList{"inspect", "@/bad.urdf", "--state", state}
                                  << QByteArray("bad.urdf=<robot name='x'><link name='a'></robot>")
                                  << 1 << "bad.urdf";
  QTest::newRow("negative mass")
      << QStringList{"inspect", "@/neg.urdf", "--state", "@/s.json"}
      << QByteArray(
             "neg.urdf=<robot name='x'><link name='a'><inertial><mass value='-1'/>"
             "<inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial></link></robot>;"
             "s.json={\"base\":{\"position\":[0,0,0],\"quaternion_wxyz\":[1,0,0,0],"
             "\"linear_velocity_world\":[0,0,0],\"angular_velocity_world\":[0,0,0]},\"q\":[],"
             "\"qd\":[]}")
      << 1 << "mass";
}

void TestCli::badInputGivesOneLineAndStatus() {
  QFETCH(QStringList, args);
  QFETCH(QByteArray, files);
  QFETCH(int, status);
  QFETCH(QString, mustMention);
  QTemporaryDir dir;
  if (!files.isEmpty())
    for (const QByteArray& spec : files.split(';')) {
      const int eq = spec.indexOf('=');
      writeFile(dir.filePath(QString::fromUtf8(spec.left(eq))), spec.mid(eq + 1));
    }
  for (QString& a : args)
    if (a.startsWith("@/")) a = dir.filePath(a.mid(2));
  const Run r = runVms(args);
  QCOMPARE(r.status, status);
  QVERIFY2(r.out.isEmpty(), r.out.constData());
  const QString err = QString::fromUtf8(r.err).trimmed();
  QVERIFY2(!err.isEmpty(), "no message on stderr");
  QVERIFY2(!err.contains('\n') || status == 2, err.toUtf8().constData());  // one line
  QString mention = mustMention;
  if (mention.startsWith("@/")) mention = dir.filePath(mention.mid(2));
  QVERIFY2(err.contains(mention), err.toUtf8().constData());
}

void TestCli::divergenceStopsWithValidCsv() {
  // A joint whose damping (1e6 N m s) dwarfs its inertia (2.5e-4 kg m^2) is far too stiff for
  // RK4 at dt = 1 s: |1 + z + z^2/2 + z^3/6 + z^4/24| with z = -4e9 grows the motion ~1e37-fold
  // per step until it overflows. Every number is inside the input limits.
  QTemporaryDir dir;
  const QString urdf = dir.filePath("div.urdf");
  writeFile(
      urdf,
      "<robot name='div'>"
      "<link name='base'><inertial><mass value='1'/><inertia ixx='1' iyy='1' izz='1' ixy='0' "
      "ixz='0' iyz='0'/></inertial></link>"
      "<link name='arm'><inertial><origin xyz='0.5 0 0'/><mass value='1e-3'/><inertia ixx='1e-6' "
      "iyy='1e-6' izz='1e-6' ixy='0' ixz='0' iyz='0'/></inertial></link>"
      "<joint name='j' type='revolute'><parent link='base'/><child link='arm'/><axis xyz='0 0 1'/>"
      "<limit lower='-3' upper='3' effort='1' velocity='1'/><dynamics damping='1e6'/></joint>"
      "</robot>");
  const QString state = dir.filePath("s.json");
  writeFile(state,
            "{\"base\":{\"position\":[0,0,0],\"quaternion_wxyz\":[1,0,0,0],\"linear_velocity_"
            "world\":[0,0,0],"
            "\"angular_velocity_world\":[0,0,0]},\"q\":[0],\"qd\":[1],\"tau\":[0]}");
  const QString out = dir.filePath("run.csv");
  const Run r =
      runVms({"simulate", urdf, "--state", state, "--duration", "10", "--dt", "1", "--out", out});
  QCOMPARE(r.status, 3);
  QVERIFY2(r.err.contains("diverged at t ="), r.err.constData());
  QFile f(out);
  // Rows up to the divergence, none of them with inf or nan.
  QVERIFY(f.open(QIODevice::ReadOnly));
  std::vector<std::string> header;
  auto cols = parseCsv(f.readAll(), &header);  // every row parses and is complete
  QVERIFY(!cols["t"].empty());
  for (const auto& [name, v] : cols) {
    QCOMPARE(v.size(), cols["t"].size());
    for (double x : v) QVERIFY2(std::isfinite(x), name.c_str());
  }
}

void TestCli::convertRoundTrip() {
  QTemporaryDir dir;
  const QString urdf = dir.filePath("spatial.urdf"), json = dir.filePath("spatial.vms.json");
  QCOMPARE(runVms({"convert", model("seed004_spatial.vms.json"), urdf}).status, 0);
  QCOMPARE(runVms({"convert", urdf, json, "--base", "free"}).status, 0);
  const QString state = model("state_seed004_spatial_moving.json");
  const Run a = runVms({"inspect", model("seed004_spatial.vms.json"), "--state", state});
  const Run b = runVms({"inspect", json, "--state", state});
  QVERIFY(a.status == 0 && b.status == 0);
  VMS_COMPARE_REL(toVec(parseObject(b.out)["qdd"]), toVec(parseObject(a.out)["qdd"]), 1e-12);
}

namespace {

/// The verdicts of two strict XML parsers on a file: libxml2's xmllint and Python's
/// ElementTree (the parser of ROS's urdf_parser_py). Empty when both accept it.
QString strictXmlProblems(const QString& path) {
  QString problems;
  QProcess xmllint;
  xmllint.start("xmllint", {"--noout", path});
  if (!xmllint.waitForFinished(30000) || xmllint.exitStatus() != QProcess::NormalExit)
    problems += "xmllint did not run (package libxml2-utils); ";
  else if (xmllint.exitCode() != 0)
    problems += "xmllint: " + QString::fromUtf8(xmllint.readAllStandardError()) + "; ";
  QProcess python;
  python.start("python3",
               {"-c", "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])", path});
  if (!python.waitForFinished(30000) || python.exitStatus() != QProcess::NormalExit)
    problems += "python3 did not run; ";
  else if (python.exitCode() != 0)
    problems += "ElementTree: " + QString::fromUtf8(python.readAllStandardError()) + "; ";
  return problems;
}

}  // namespace

// Every URDF the project ships or writes (vms convert and the app's Export URDF share
// exportUrdfWithMeshes) is accepted by strict XML parsers, not only by urdfdom and MuJoCo,
// which are lenient: e.g. "--" inside a comment is not XML. A model whose name holds "--" is
// written too, since the name goes into the header comment.
void TestCli::everyWrittenUrdfIsWellFormedXml() {
  QTemporaryDir dir;
  QStringList inputs;
  for (const QString& f : QDir(VMS_SOURCE_DIR "/models").entryList({"*.vms.json", "*.urdf"}))
    inputs << model(f.toUtf8().constData());
  QFile original(model("seed004_planar.vms.json"));
  QVERIFY(original.open(QIODevice::ReadOnly));
  QByteArray text = original.readAll();
  const int name_at = text.indexOf("\"name\"");
  QVERIFY(name_at >= 0);
  const int value_at = text.indexOf('"', text.indexOf(':', name_at)) + 1;
  text.insert(value_at, "my--model-");  // "my--model-seed004_planar"
  const QString dashed = dir.filePath("dashed.vms.json");
  writeFile(dashed, text);
  inputs << dashed;
  QVERIFY(inputs.size() >= 6);
  int checked = 0;
  for (const QString& input : inputs) {
    const QString out = dir.filePath(QString("converted_%1.urdf").arg(checked));
    if (input.endsWith(".urdf")) {
      const QString shipped = strictXmlProblems(input);
      QVERIFY2(shipped.isEmpty(), qPrintable(input + ": " + shipped));
    }
    const Run r = runVms({"convert", input, out});
    QVERIFY2(r.status == 0, r.err.constData());
    const QString problems = strictXmlProblems(out);
    QVERIFY2(problems.isEmpty(), qPrintable(input + " converted: " + problems));
    ++checked;
  }
  QFile dashed_out(dir.filePath(QString("converted_%1.urdf").arg(checked - 1)));
  QVERIFY(dashed_out.open(QIODevice::ReadOnly));
  QVERIFY(dashed_out.readAll().contains("'my- -model-seed004_planar'"));
}

// `vms --version`, and `vms COMMAND --help` for every command: its usage lines and the shared
// notes, the vehicle types from the core's table, on stdout with status 0.
void TestCli::versionAndCommandHelp() {
  const Run version = runVms({"--version"});
  QCOMPARE(version.status, 0);
  QVERIFY2(QRegularExpression("^vms \\d+\\.\\d+\\.\\d+ \\(VMS Workbench\\)\\n$")
               .match(QString::fromUtf8(version.out))
               .hasMatch(),
           version.out.constData());
  for (const char* command : {"inspect", "simulate", "benchmark", "crosscheck", "convert", "run"})
    for (const char* option : {"--help", "-h"}) {
      const Run r = runVms({command, option});
      QVERIFY2(r.status == 0 && r.err.isEmpty(), r.err.constData());
      QVERIFY2(r.out.startsWith(QByteArray("  vms ") + command + " "), r.out.constData());
      QVERIFY(r.out.contains("Exit status"));
      QVERIFY(r.out.contains("nonholonomic"));  // TYPE comes from the core's table
      QVERIFY(!r.out.contains("vms convert") || QByteArray(command) == "convert");
    }
  const Run unknown = runVms({"frobnicate", "--help"});
  QCOMPARE(unknown.status, 2);
  QVERIFY(unknown.err.startsWith("vms: unknown command 'frobnicate'"));
}

QTEST_APPLESS_MAIN(TestCli)
#include "test_cli.moc"
