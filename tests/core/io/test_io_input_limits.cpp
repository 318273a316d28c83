// The input limits every reader enforces (README "Input limits"): nesting depth of JSON and XML,
// file kind and size, names, number magnitude, step counts; and the model compiler's O(N)
// singularity check, which must accept exactly the models whose generalized inertia is
// positive definite (compared with a dense Cholesky factorisation of M).
#include <Eigen/Cholesky>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <cmath>
#include <random>

#include "core/algorithms/crba.hpp"
#include "core/io/detail/number_list.hpp"
#include "core/io/input_checks.hpp"
#include "core/io/json_util.hpp"
#include "core/io/text_files.hpp"
#include "core/io/urdf.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/data.hpp"
#include "core/model/names.hpp"
#include "core/model/sample_models.hpp"
#include "core/model/state.hpp"
#include "core/scenario/step_count.hpp"
#include "test_models.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::errorOf;

namespace {

std::string nested(char open, char close, int depth) {
  return std::string(static_cast<size_t>(depth), open) +
         std::string(static_cast<size_t>(depth), close);
}

std::string xmlNested(int depth) {
  std::string s;
  for (int i = 0; i < depth; ++i) s += "<a x=\"1>2\">";
  for (int i = 0; i < depth; ++i) s += "</a>";
  return s;
}

/// M positive definite at q = 0 and at the compiler's second configuration (dense check).
bool denseInertiaIsPositiveDefinite(const ModelDescription& d) {
  // Compile without the check is not possible: build the Model through a description whose
  // links all have mass, then swap the inertials in (same topology and joint order).
  ModelDescription massive = d;
  for (auto& l : massive.links) l.inertial = Inertial{1.0, Vec3::Zero(), Mat3::Identity()};
  Model m = compileModel(massive);
  // Re-accumulate the (possibly massless) inertials: every link is its own body here (no fixed
  // joints in these descriptions), so body b carries link b's inertial.
  for (int b = 0; b < m.nbodies; ++b) {
    const int link = [&] {
      for (size_t i = 0; i < d.links.size(); ++i)
        if (d.links[i].name == m.body_names[static_cast<size_t>(b)]) return static_cast<int>(i);
      return -1;
    }();
    const Inertial& in = d.links[static_cast<size_t>(link)].inertial;
    m.mass[b] = in.mass;
    m.com[b] = in.com;
    m.inertia_com[b] = in.inertia;
  }
  Data data(m);
  State s = State::neutral(m);
  for (int trial = 0; trial < 2; ++trial) {
    if (trial == 1)
      for (int k = 0; k < m.njoints; ++k) s.q[k] = 0.3 + 0.7 * std::sin(1.0 + k);
    crba(m, data, s);
    const double scale = data.M.diagonal().cwiseAbs().maxCoeff();
    // Pivots of the Cholesky factorisation compared with 1e-12 x the largest diagonal entry:
    // the compiler's documented criterion.
    const Eigen::LDLT<MatX> ldlt(data.M);
    if (ldlt.info() != Eigen::Success) return false;
    if (!(ldlt.vectorD().minCoeff() > 1e-12 * scale)) return false;
  }
  return true;
}

}  // namespace

class TestIoInputLimits : public QObject {
  Q_OBJECT
 private slots:
  void jsonNestingLimit() {
    QVERIFY(errorOf([] { io::checkJsonNesting(nested('[', ']', 100), "f.json"); }).empty());
    const std::string e = errorOf([] { io::checkJsonNesting(nested('[', ']', 101), "f.json"); });
    QVERIFY2(e == "f.json: line 1, column 101: JSON arrays/objects nested deeper than 100 levels "
                  "(the input limit)",
             e.c_str());
    // Brackets inside strings (with escaped quotes) do not count; lines are counted.
    const std::string in_string = "{\"a\": \"" + std::string(500, '[') + "\\\"[[[\"}";
    QVERIFY(errorOf([&] { io::checkJsonNesting(in_string, "f.json"); }).empty());
    const std::string deep = "\n\n  " + nested('{', '}', 150);
    QVERIFY(errorOf([&] { io::checkJsonNesting(deep, "f.json"); }).find("line 3, column 103") !=
            std::string::npos);
    // parseJsonText applies it: no stack overflow for a deep value followed by a key.
    const std::string hostile = "{\"q\": " + nested('[', ']', 100000) + ", \"qd\": 1}";
    QVERIFY(errorOf([&] { io::parseJsonText(hostile, "s.json"); }).find("nested deeper") !=
            std::string::npos);
  }

  void xmlNestingLimit() {
    QVERIFY(errorOf([] { io::checkXmlNesting(xmlNested(100), "r.urdf"); }).empty());
    QVERIFY(errorOf([] {
              io::checkXmlNesting(xmlNested(101), "r.urdf");
            }).find("r.urdf: line 1, column 1101: XML elements nested deeper than 100") !=
            std::string::npos);
    // Self-closing tags, comments, CDATA, declarations and closing tags do not nest.
    std::string flat = "<?xml version=\"1.0\"?><!DOCTYPE robot><r>";
    for (int i = 0; i < 1000; ++i) flat += "<b/><!-- <c> --><![CDATA[<d>]]><e></e>";
    flat += "</r>";
    QVERIFY(errorOf([&] { io::checkXmlNesting(flat, "r.urdf"); }).empty());
    // The URDF reader applies it before TinyXML (which recurses per level).
    const std::string e = errorOf(
        [] { parseUrdf("<robot name=\"r\">" + xmlNested(40000) + "</robot>", "r.urdf", nullptr); });
    QVERIFY2(e.find("nested deeper than 100") != std::string::npos, e.c_str());
  }

  void namesAndPrintableText() {
    QCOMPARE(nameProblem("joint_1"), std::string());
    QCOMPARE(nameProblem("Gelenk ä → 関節"), std::string());  // any valid UTF-8 text
    QVERIFY(!nameProblem("").empty());
    QVERIFY(!nameProblem("a\nb").empty());
    QVERIFY(!nameProblem(std::string("a\0b", 3)).empty());
    QVERIFY(!nameProblem("\xC2\x85").empty());          // C1 control (NEL)
    QVERIFY(!nameProblem("\xF4\x90\x80\x80").empty());  // above U+10FFFF
    QVERIFY(!nameProblem("\xED\xA0\x80").empty());      // a surrogate
    QVERIFY(!nameProblem("\xC0\xAF").empty());          // overlong '/'
    QVERIFY(!nameProblem(std::string(kMaxNameBytes + 1, 'a')).empty());
    QVERIFY(nameProblem(std::string(kMaxNameBytes, 'a')).empty());
    QCOMPARE(printableText("a\nb\tc\xff"), std::string("a\\nb\\tc\\xFF"));
    QCOMPARE(printableText("ä"), std::string("ä"));
    QCOMPARE(printableText(std::string(300, 'x'), 10), std::string(10, 'x') + "...");
  }

  void fileKindAndSize() {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    QVERIFY(errorOf([] { io::readTextFile(""); }).find("the path is empty") != std::string::npos);
    QCOMPARE(errorOf([&] { io::readTextFile(d); }), d + ": is a directory, not a file");
    QVERIFY(errorOf([] { io::readTextFile("/dev/zero"); }).find("/dev/zero: not a regular file") ==
            0);
    QVERIFY(errorOf([] { io::readTextFile("/no/such/file"); }).find("cannot open file") !=
            std::string::npos);
    const std::string big = d + "/big.json";
    {
      QFile f(QString::fromStdString(big));
      QVERIFY(f.open(QIODevice::WriteOnly));
      QVERIFY(f.resize(io::kMaxInputFileBytes + 1));
    }
    QVERIFY(errorOf([&] { io::readTextFile(big); }).find("larger than 256 MiB") !=
            std::string::npos);
    {
      QFile f(QString::fromStdString(big));
      QVERIFY(f.resize(5));
    }
    QCOMPARE(io::readTextFile(big), std::string(5, '\0'));
  }

  void numberMagnitude() {
    const io::Json j = io::parseJsonText("[1e15, -1e15, 1.0000000000001e15]", "f.json");
    QCOMPARE(io::readNumber(j[0], "a", "f.json"), 1e15);
    QCOMPARE(io::readNumber(j[1], "a", "f.json"), -1e15);
    QVERIFY(errorOf([&] { io::readNumber(j[2], "a", "f.json"); }).find("f.json: a: ") == 0);
    std::vector<double> v;
    QVERIFY(io::parseDoubles("1 2\t3\n4", &v));
    QCOMPARE(v.size(), size_t(4));
    QVERIFY(!io::parseDoubles("1,2,3", &v));  // URDF numbers are separated by white space
    QVERIFY(!io::parseDoubles("1, 2", &v));
  }

  void stepCounts() {
    QCOMPARE(stepCountProblem(1.0, 0.01), std::string());
    QCOMPARE(stepCount(1.0, 0.01), 100L);
    QCOMPARE(stepCount(0.0, 0.01), 0L);
    QCOMPARE(stepCountProblem(1e9 * 0.001, 0.001), std::string());  // exactly the limit
    QVERIFY(!stepCountProblem(1.0001e9 * 0.001, 0.001).empty());
    QVERIFY(!stepCountProblem(1e308, 0.01).empty());
    QVERIFY(!stepCountProblem(1.0, 1e-320).empty());
    QVERIFY(!stepCountProblem(HUGE_VAL, 0.01).empty());
    QVERIFY(!stepCountProblem(1.0, 0.0).empty());
    QVERIFY(!stepCountProblem(-1.0, 0.1).empty());
    QVERIFY(!stepCountProblem(NAN, 0.1).empty());
  }

  // The O(N) articulated-pivot check rejects exactly the models whose M is singular: random
  // trees in which random links have no mass, no rotational inertia, or a point mass on the
  // joint axis, on every vehicle type.
  void singularityCheckMatchesDenseCholesky() {
    std::mt19937 rng(7);
    int accepted = 0, rejected = 0;
    for (int trial = 0; trial < 300; ++trial) {
      RandomTreeOptions o;
      o.bodies = 2 + trial % 7;
      o.chain = trial % 3 == 0;
      o.seed = static_cast<std::uint64_t>(100 + trial);
      o.base = test::kAllBases[trial % 6];
      o.fixed_links = 0;  // every link its own body (denseInertiaIsPositiveDefinite needs it)
      ModelDescription d = randomTree(o);
      for (auto& l : d.links) {
        switch (rng() % 6) {
          case 0:
            l.inertial = Inertial{};
            break;  // massless
          case 1:
            l.inertial.inertia.setZero();
            l.inertial.com.setZero();
            break;  // point at origin
          case 2:
            l.inertial.inertia.setZero();
            break;  // point mass
          default:
            break;
        }
      }
      const bool dense = denseInertiaIsPositiveDefinite(d);
      const std::string e = errorOf([&] { compileModel(d); });
      if (dense) {
        QVERIFY2(e.empty(),
                 ("trial " + std::to_string(trial) + ": rejected a regular model: " + e).c_str());
        ++accepted;
      } else {
        QVERIFY2(
            e.find("singular") != std::string::npos,
            ("trial " + std::to_string(trial) + ": accepted a singular model (" + e + ")").c_str());
        ++rejected;
      }
    }
    QVERIFY2(accepted > 50 && rejected > 50,
             qPrintable(QString("accepted %1, rejected %2").arg(accepted).arg(rejected)));
  }

  // O(N): a chain of 4000 revolute joints compiles in well under a second (the dense
  // factorisation took 13 s for 2000).
  void compilingLongChainsIsFast() {
    ModelDescription d;
    d.links.push_back(test::link("l0", 1.0, Vec3::Zero(), Vec3(0.1, 0.1, 0.1)));
    for (int i = 1; i < 4000; ++i) {
      d.links.push_back(
          test::link("l" + std::to_string(i), 1.0, Vec3(0.05, 0, 0), Vec3(0.1, 0.1, 0.1)));
      JointDescription j;
      j.name = "j" + std::to_string(i);
      j.parent = "l" + std::to_string(i - 1);
      j.child = "l" + std::to_string(i);
      j.origin.p = Vec3(0.1, 0, 0);
      j.axis = Vec3(0, i % 2 ? 0.0 : 1.0, i % 2 ? 1.0 : 0.0);
      d.joints.push_back(j);
    }
    QElapsedTimer timer;
    timer.start();
    const Model m = compileModel(d);
    QCOMPARE(m.njoints, 3999);
    QVERIFY2(timer.elapsed() < 1500, qPrintable(QString("%1 ms").arg(timer.elapsed())));
  }
};

QTEST_GUILESS_MAIN(TestIoInputLimits)
#include "test_io_input_limits.moc"
