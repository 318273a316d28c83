// STATE files: write/read round trips for every vehicle type (world-frame velocities in the file,
// body twist in State), quaternion normalisation, and one bad input per error class.
#include <QTemporaryDir>
#include <fstream>
#include <functional>

#include "core/io/state_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

Model chain(BaseType base, int bodies = 4) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.chain = true;
  o.base = base;
  o.seed = 5;
  return compileModel(randomTree(o));
}

const BaseType kBases[] = {BaseType::Free,        BaseType::Planar,      BaseType::Ball,
                           BaseType::Translation, BaseType::Schoenflies, BaseType::Fixed};

}  // namespace

class TestIoState : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip();
  void worldVelocitiesBecomeBodyTwist();
  void defaultsAndOptionalKeys();
  void quaternionIsNormalised();
  void rotatedPlanarVehicleAcceptsInPlaneMotion();
  void errors_data();
  void errors();
  void forbiddenComponents();
  void missingFile();
};

void TestIoState::roundTrip() {
  for (BaseType base : kBases) {
    const Model m = chain(base);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const State s = randomState(m, seed);
      const VecX tau = VecX::Random(m.njoints);
      const std::string text = writeStateJson(m, s, tau);
      std::vector<std::string> w;
      const StateFile f = parseStateJson(text, "rt.json", m, &w);
      QVERIFY(w.empty());
      VMS_COMPARE_REL(f.state.base_position, s.base_position, 0.0);
      VMS_COMPARE_REL(f.state.base_orientation.coeffs(), s.base_orientation.coeffs(), 1e-15);
      VMS_COMPARE_REL(f.state.base_twist, s.base_twist, 1e-15);
      VMS_COMPARE_REL(f.state.q, s.q, 0.0);
      VMS_COMPARE_REL(f.state.qd, s.qd, 0.0);
      VMS_COMPARE_REL(f.tau, tau, 0.0);
      // The twist is exactly inside the vehicle's subgroup.
      const Vec6 inside = m.base_basis * (m.base_basis.transpose() * f.state.base_twist);
      QVERIFY(inside == f.state.base_twist);
    }
  }
}

void TestIoState::worldVelocitiesBecomeBodyTwist() {
  const Model m = chain(BaseType::Free);
  const std::string text = R"({
    "base": {"position": [1, 2, 3], "quaternion_wxyz": [0.7071067811865476, 0, 0, 0.7071067811865476],
             "linear_velocity_world": [1, 0, 0], "angular_velocity_world": [0, 2, 0]},
    "q": [0.1, 0.2, 0.3], "qd": [1, 2, 3], "tau": [4, 5, 6]})";
  const StateFile f = parseStateJson(text, "s.json", m, nullptr);
  // Base turned +90 degrees about z: world x is body -y, world y is body x.
  Vec6 expected;
  expected << 0, -1, 0, 2, 0, 0;
  VMS_COMPARE_REL(f.state.base_twist, expected, 1e-15);
  QVERIFY(f.state.base_position == Vec3(1, 2, 3));
  QVERIFY(f.state.q == Vec3(0.1, 0.2, 0.3));
  QVERIFY(f.tau == Vec3(4, 5, 6));
  VMS_COMPARE_REL(f.state.baseLinearVelocityWorld(), Vec3(1, 0, 0), 1e-15);
  VMS_COMPARE_REL(f.state.baseAngularVelocityWorld(), Vec3(0, 2, 0), 1e-15);
}

void TestIoState::defaultsAndOptionalKeys() {
  const Model m = chain(BaseType::Free);
  const StateFile f =
      parseStateJson(R"({"comment": "hi", "joint_names": )" + std::string("[\"") +
                         m.joint_names[0] + "\", \"" + m.joint_names[1] + "\", \"" +
                         m.joint_names[2] + R"("], "q": [0, 0, 0], "qd": [0, 0, 0]})",
                     "d.json", m, nullptr);
  QVERIFY(f.state.base_orientation.coeffs() == Quat::Identity().coeffs());
  QVERIFY(f.state.base_twist == Vec6::Zero());
  QVERIFY(f.tau == VecX::Zero(3));
  // A model without joints needs nothing at all.
  const Model rigid = chain(BaseType::Free, 1);
  QCOMPARE(parseStateJson("{}", "e.json", rigid, nullptr).state.q.size(), Eigen::Index(0));
}

void TestIoState::quaternionIsNormalised() {
  const Model m = chain(BaseType::Ball);
  std::vector<std::string> w;
  const StateFile f = parseStateJson(
      R"({"base": {"quaternion_wxyz": [2, 0, 0, 0]}, "q": [0, 0, 0], "qd": [0, 0, 0]})", "n.json",
      m, &w);
  QCOMPARE(w.size(), size_t(1));
  QVERIFY2(w[0].find("n.json: base.quaternion_wxyz") == 0 &&
               w[0].find("normalised") != std::string::npos,
           w[0].c_str());
  QVERIFY(f.state.base_orientation.coeffs() == Quat::Identity().coeffs());
  // Within 1e-6 of unit length: normalised silently.
  w.clear();
  const StateFile g = parseStateJson(
      R"({"base": {"quaternion_wxyz": [1.0000005, 0, 0, 0]}, "q": [0, 0, 0], "qd": [0, 0, 0]})",
      "n.json", m, &w);
  QVERIFY(w.empty());
  QCOMPARE(g.state.base_orientation.norm(), 1.0);
}

void TestIoState::rotatedPlanarVehicleAcceptsInPlaneMotion() {
  // The planar vehicle moves in its own x-y plane: tilted 0.5 rad about x, its allowed
  // velocities have world z components.
  const Model m = chain(BaseType::Planar);
  const Quat q(Eigen::AngleAxisd(0.5, Vec3::UnitX()));
  const Vec3 v_world = q * Vec3(0.3, -0.2, 0.0), w_world = q * Vec3(0, 0, 0.7);
  QVERIFY(std::abs(v_world.z()) > 0.05);
  char text[512];
  std::snprintf(text, sizeof(text),
                R"({"base": {"quaternion_wxyz": [%.17g, %.17g, %.17g, %.17g],
                 "linear_velocity_world": [%.17g, %.17g, %.17g],
                 "angular_velocity_world": [%.17g, %.17g, %.17g]},
                 "q": [0, 0, 0], "qd": [0, 0, 0]})",
                q.w(), q.x(), q.y(), q.z(), v_world.x(), v_world.y(), v_world.z(), w_world.x(),
                w_world.y(), w_world.z());
  const StateFile f = parseStateJson(text, "tilted.json", m, nullptr);
  Vec6 expected;
  expected << 0.3, -0.2, 0, 0, 0, 0.7;
  VMS_COMPARE_REL(f.state.base_twist, expected, 1e-15);
  // The same world velocity with an untilted vehicle is out of its plane.
  const std::string msg = errorOf([&] {
    parseStateJson(
        R"({"base": {"linear_velocity_world": [0, 0.1, 0.05]}, "q": [0, 0, 0], "qd": [0, 0, 0]})",
        "flat.json", m, nullptr);
  });
  QVERIFY2(
      msg.find("flat.json: base.linear_velocity_world[2]: must be 0 for a planar vehicle") == 0,
      msg.c_str());
}

void TestIoState::errors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("expected");  // after "<source>: "
  auto row = [](const char* name, const char* text, const char* expected) {
    QTest::newRow(name) << QString(text) << QString(expected);
  };
  row("q size", R"({"q": [0, 0], "qd": [0, 0, 0]})",
      "q: expected 3 numbers (one per joint), got 2");
  row("qd size", R"({"q": [0, 0, 0], "qd": [0, 0, 0, 0]})",
      "qd: expected 3 numbers (one per joint), got 4");
  row("tau size", R"({"q": [0, 0, 0], "qd": [0, 0, 0], "tau": [1]})", "tau: expected 3 numbers");
  row("q missing", R"({"qd": [0, 0, 0]})", "q: missing");
  row("q type", R"({"q": "zero", "qd": [0, 0, 0]})",
      "q: expected an array of numbers (one per joint), got a string");
  row("q element", R"({"q": [0, null, 0], "qd": [0, 0, 0]})",
      "q: expected an array of numbers, element 1 is null");
  row("overflow", R"({"q": [0, 1e400, 0], "qd": [0, 0, 0]})",
      "JSON: invalid JSON: number overflow");
  row("NaN token", R"({"q": [0, NaN, 0], "qd": [0, 0, 0]})", "line 1, column");
  row("zero quaternion",
      R"({"base": {"quaternion_wxyz": [0, 0, 0, 0]}, "q": [0, 0, 0], "qd": [0, 0, 0]})",
      "base.quaternion_wxyz: zero quaternion");
  row("quaternion size",
      R"({"base": {"quaternion_wxyz": [1, 0, 0]}, "q": [0, 0, 0], "qd": [0, 0, 0]})",
      "base.quaternion_wxyz: expected 4 numbers, got 3");
  row("position type", R"({"base": {"position": {"x": 1}}, "q": [0, 0, 0], "qd": [0, 0, 0]})",
      "base.position: expected 3 numbers, got an object");
  row("unknown key", R"({"q": [0, 0, 0], "qd": [0, 0, 0], "qdd": [0, 0, 0]})", "qdd: unknown key");
  row("unknown base key",
      R"({"base": {"orientation": [1, 0, 0, 0]}, "q": [0, 0, 0], "qd": [0, 0, 0]})",
      "base.orientation: unknown key");
  row("joint names", R"({"joint_names": ["a", "b", "c"], "q": [0, 0, 0], "qd": [0, 0, 0]})",
      "joint_names[0]: expected 'joint_1'");
  row("not an object", "[]", "(top level): expected an object");
  row("syntax", "{\"q\": [0, 0, 0]\n\"qd\": []}", "line 2, column");
}

void TestIoState::errors() {
  QFETCH(QString, text);
  QFETCH(QString, expected);
  const Model m = chain(BaseType::Free);
  QCOMPARE(m.joint_names[0], std::string("joint_1"));
  const std::string msg =
      errorOf([&] { parseStateJson(text.toStdString(), "bad.json", m, nullptr); });
  QVERIFY2(msg.find('\n') == std::string::npos, msg.c_str());
  QVERIFY2(msg.rfind("bad.json: " + expected.toStdString(), 0) == 0, msg.c_str());
}

void TestIoState::forbiddenComponents() {
  struct Case {
    BaseType base;
    const char* base_json;
    const char* expected;
  };
  const Case cases[] = {
      {BaseType::Planar, R"("angular_velocity_world": [0.5, 0, 0])",
       "base.angular_velocity_world[0]: must be 0 for a planar vehicle (it can only move with v_x, "
       "v_y, w_z of its own frame; this state has w_x = 0.5 in the base frame)"},
      {BaseType::Planar, R"("linear_velocity_world": [0, 0, -1])",
       "base.linear_velocity_world[2]: must be 0 for a planar vehicle"},
      {BaseType::Ball, R"("linear_velocity_world": [0, 1e-3, 0])",
       "base.linear_velocity_world[1]: must be 0 for a ball vehicle"},
      {BaseType::Translation, R"("angular_velocity_world": [0, 0, 1])",
       "base.angular_velocity_world[2]: must be 0 for a translation vehicle"},
      {BaseType::Schoenflies, R"("angular_velocity_world": [0, 2, 0])",
       "base.angular_velocity_world[1]: must be 0 for a schoenflies vehicle"},
      {BaseType::Fixed, R"("linear_velocity_world": [0.1, 0, 0])",
       "base.linear_velocity_world[0]: must be 0 for a fixed vehicle (it can only move with none"},
  };
  for (const auto& c : cases) {
    const Model m = chain(c.base);
    const std::string text =
        std::string(R"({"base": {)") + c.base_json + R"(}, "q": [0, 0, 0], "qd": [0, 0, 0]})";
    const std::string msg = errorOf([&] { parseStateJson(text, "forbidden.json", m, nullptr); });
    QVERIFY2(msg.rfind(std::string("forbidden.json: ") + c.expected, 0) == 0, msg.c_str());
  }
  // Round-off-sized components are accepted (and projected away).
  const Model m = chain(BaseType::Planar);
  const StateFile f = parseStateJson(
      R"({"base": {"linear_velocity_world": [1, 0, 1e-12]}, "q": [0, 0, 0], "qd": [0, 0, 0]})",
      "ok.json", m, nullptr);
  QCOMPARE(f.state.base_twist[2], 0.0);
}

void TestIoState::missingFile() {
  const Model m = chain(BaseType::Free);
  const std::string msg = errorOf([&] { readStateFile("/no/such/state.json", m, nullptr); });
  QVERIFY2(msg.rfind("/no/such/state.json: cannot open file", 0) == 0, msg.c_str());
  QTemporaryDir dir;
  const std::string path = dir.path().toStdString() + "/s.json";
  const State s = randomState(m, 3);
  std::ofstream(path) << writeStateJson(m, s, VecX());
  const StateFile f = readStateFile(path, m, nullptr);
  QVERIFY(f.tau == VecX::Zero(m.njoints));
  VMS_COMPARE_REL(f.state.qd, s.qd, 0.0);
}

QTEST_APPLESS_MAIN(TestIoState)
#include "test_io_state.moc"
