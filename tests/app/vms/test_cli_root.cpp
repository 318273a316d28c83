// `--root LINK` (extension, docs/contracts.md): vms inspect / simulate / benchmark / crosscheck
// run the base-invariant solver with LINK's body as the base (seed 002, Appendix A); the
// results stay in the model's coordinates, so they equal aba's (inspect's accelerations,
// simulate's trajectory). Unknown links, constrained vehicles and another --solver are usage
// errors naming what is wrong.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <sstream>

#include "test_support.hpp"
#include "vms_cli.hpp"

namespace {

using vms::test::Run;
using vms::test::runVms;

QString path(const char* name) { return QStringLiteral(VMS_SOURCE_DIR "/models/") + name; }

QJsonObject parse(const QByteArray& text) { return QJsonDocument::fromJson(text).object(); }

std::vector<double> numbers(const QJsonValue& v) {
  std::vector<double> x;
  for (const QJsonValue& e : v.toArray()) x.push_back(e.toDouble());
  return x;
}

double largestDifference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return 1e300;
  double d = 0.0, scale = 1.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    d = std::max(d, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(b[i]));
  }
  return d / scale;
}

// Every number of a CSV text (header skipped), row by row.
std::vector<double> csvNumbers(const QByteArray& text) {
  std::vector<double> x;
  std::istringstream in(text.toStdString());
  std::string line, cell;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    while (std::getline(ls, cell, ',')) x.push_back(std::stod(cell));
  }
  return x;
}

const char* kModel = "seed004_spatial.vms.json";
const char* kState = "state_seed004_spatial_moving.json";
const char* kLinks[] = {"base", "link1", "link3", "link6"};

}  // namespace

class TestCliRoot : public QObject {
  Q_OBJECT
 private slots:
  void inspectEqualsAba();
  void simulateSameTrajectory();
  void benchmarkNamesTheRoot();
  void crosscheckAddsTheRootedRow();
  void errors();
};

void TestCliRoot::inspectEqualsAba() {
  const Run ref = runVms({"inspect", path(kModel), "--state", path(kState)});
  QCOMPARE(ref.status, 0);
  const QJsonObject a = parse(ref.out);
  for (const char* link : kLinks) {
    const Run r =
        runVms({"inspect", path(kModel), "--state", path(kState), "--root", link, "--detail"});
    QVERIFY2(r.status == 0, r.err.constData());
    const QJsonObject o = parse(r.out);
    QCOMPARE(o["solver"].toString(), QStringLiteral("base-invariant"));
    QCOMPARE(o["root"].toString(), QString(link));
    // 1e-10: Lemma 3.2 inverts the ill-conditioned Lambda of the 5 kg tip links beside the
    // 1700 kg vehicle (cond ~ 2e6; ~1e-11 measured, docs/solvers.md "Accuracy").
    for (const char* key : {"qdd", "base_linear_acc_world", "base_angular_acc_world"})
      QVERIFY2(largestDifference(numbers(o[key]), numbers(a[key])) < 1e-10, key);
    const QJsonObject detail = o["detail"].toObject();
    QVERIFY(detail.contains("Lambda(link6)"));
    QVERIFY(detail.contains("P(base)"));
    QVERIFY(detail.contains("root"));
  }
  // The same with --solver base-invariant named explicitly.
  const Run r = runVms({"inspect", path(kModel), "--state", path(kState), "--solver",
                        "base-invariant", "--root", "link2"});
  QVERIFY2(r.status == 0, r.err.constData());
}

void TestCliRoot::simulateSameTrajectory() {
  const QStringList common = {"simulate",   path(kModel), "--state", path(kState),
                              "--duration", "0.2",        "--dt",    "0.001"};
  const Run ref = runVms(common);
  QCOMPARE(ref.status, 0);
  const std::vector<double> expected = csvNumbers(ref.out);
  QVERIFY(expected.size() > 100);
  for (const char* link : kLinks) {
    const Run r = runVms(QStringList(common) << "--root" << link);
    QVERIFY2(r.status == 0, r.err.constData());
    const double d = largestDifference(csvNumbers(r.out), expected);
    QVERIFY2(d < 1e-9, (std::string(link) + ": " + std::to_string(d)).c_str());
  }
}

void TestCliRoot::benchmarkNamesTheRoot() {
  const Run r = runVms({"benchmark", path(kModel), "--root", "link4", "--iterations", "200"});
  QVERIFY2(r.status == 0, r.err.constData());
  const QJsonObject o = parse(r.out);
  QCOMPARE(o["solver"].toString(), QStringLiteral("base-invariant"));
  QCOMPARE(o["root"].toString(), QStringLiteral("link4"));
  QVERIFY(o["forward_dynamics_us"].toDouble() > 0.0);
}

void TestCliRoot::crosscheckAddsTheRootedRow() {
  const Run r = runVms({"crosscheck", path(kModel), "--state", path(kState), "--root", "link5"});
  QVERIFY2(r.status == 0, r.err.constData());
  QVERIFY(r.out.contains("base-invariant@link5"));
}

void TestCliRoot::errors() {
  const Run unknown =
      runVms({"inspect", path(kModel), "--state", path(kState), "--root", "no_such_link"});
  QCOMPARE(unknown.status, 2);
  QVERIFY2(unknown.err.contains("--root: unknown link 'no_such_link'"), unknown.err.constData());
  const Run other = runVms({"simulate", path(kModel), "--state", path(kState), "--duration", "0.01",
                            "--dt", "0.001", "--root", "link1", "--solver", "crba"});
  QCOMPARE(other.status, 2);
  QVERIFY2(other.err.contains("--solver crba"), other.err.constData());
  const Run planar = runVms({"benchmark", path("seed004_planar.vms.json"), "--root", "base"});
  QCOMPARE(planar.status, 2);
  QVERIFY2(planar.err.contains("does not handle a planar vehicle"), planar.err.constData());
}

QTEST_GUILESS_MAIN(TestCliRoot)
#include "test_cli_root.moc"
