// DH tables in seed 004's convention: the transform A (Eq 2), the expansion into a model
// checked against an independent evaluation of the paper's chain (Eqs 8-10, 30) at random
// configurations, the planar example's end-effector at q = 0, and the JSON "dh" block.
#include <QDir>
#include <fstream>
#include <iterator>
#include <random>

#include "core/algorithms/kinematics.hpp"
#include "core/io/dh_table.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/data.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

constexpr double kPi = 3.14159265358979323846;
using Mat4 = Eigen::Matrix4d;

/// Seed 004 Eq (2), written out element by element.
Mat4 A(double b, double u, double g, double w) {
  const double cb = std::cos(b), sb = std::sin(b), cg = std::cos(g), sg = std::sin(g);
  Mat4 T;
  T << cb, -sb * cg, sb * sg, w * cb,  //
      sb, cb * cg, -cb * sg, w * sb,   //
      0, sg, cg, u,                    //
      0, 0, 0, 1;
  return T;
}

Mat4 homogeneous(const Pose& p) {
  Mat4 T = Mat4::Identity();
  T.topLeftCorner<3, 3>() = p.R;
  T.topRightCorner<3, 1>() = p.p;
  return T;
}

Mat3 Rx(double a) { return Eigen::AngleAxisd(a, Vec3::UnitX()).toRotationMatrix(); }
Mat3 Ry(double a) { return Eigen::AngleAxisd(a, Vec3::UnitY()).toRotationMatrix(); }
Mat3 Rz(double a) { return Eigen::AngleAxisd(a, Vec3::UnitZ()).toRotationMatrix(); }

Mat3 boxInertia(double m, double x, double y, double z) {
  return Vec3(m * (y * y + z * z) / 12, m * (x * x + z * z) / 12, m * (x * x + y * y) / 12)
      .asDiagonal();
}

/// Seed 004's planar example (Tables 3-4) with a given b0.
DhTable planarTable(double b0x) {
  DhTable t;
  t.base_mass = 10;
  t.base_inertia = Vec3(0.5667, 0.5667, 0.0667).asDiagonal();
  t.b0 = Vec3(b0x, 0, 0);
  for (int i = 0; i < 4; ++i) {
    DhLink l;
    l.mass = 2;
    l.inertia = Vec3(0.0065, 0.0321, 0.0277).asDiagonal();
    l.a = 0.2;
    l.b = 0.2;
    t.links.push_back(l);
  }
  return t;
}

/// A random table with every parameter non-trivial.
DhTable randomTable(int n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  DhTable t;
  t.base_mass = 5 + U(rng);
  t.base_inertia = boxInertia(t.base_mass, 1.0, 0.8 + 0.1 * U(rng), 0.6);
  t.b0 = Vec3(U(rng), U(rng), U(rng));
  t.epsilon = 2 * U(rng);
  t.zeta = 2 * U(rng);
  t.eta = 2 * U(rng);
  for (int i = 0; i < n; ++i) {
    DhLink l;
    l.mass = 1.5 + U(rng);
    const Mat3 Q = so3Exp(Vec3(U(rng), U(rng), U(rng)));
    l.inertia = Q * boxInertia(l.mass, 0.5, 0.1, 0.2) * Q.transpose();
    l.d = U(rng);
    l.alpha = 2 * U(rng);
    l.a = U(rng);
    l.b = U(rng);
    t.links.push_back(l);
  }
  return t;
}

}  // namespace

class TestIoDh : public QObject {
  Q_OBJECT
 private slots:
  void transformMatchesEquation2();
  void expansionMatchesPaperChain();
  void planarEndEffectorAtZero();
  void spatialMountPutsJoint1AlongX();
  void namesAndDefaults();
  void jsonBlockMatchesTable();
  void jsonBlockErrors();
  void savingKeepsTheDhForm();
};

void TestIoDh::transformMatchesEquation2() {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> U(-3.0, 3.0);
  for (int k = 0; k < 50; ++k) {
    const double b = U(rng), u = U(rng), g = U(rng), w = U(rng);
    VMS_COMPARE_REL(homogeneous(dhTransform(b, u, g, w)), A(b, u, g, w), 1e-15);
  }
  // Exact at multiples of 90 degrees.
  const Pose p = dhTransform(kPi / 2, 0.25, kPi / 2, 0.0);
  Mat3 expected;
  expected << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  QVERIFY(p.R == expected);
}

void TestIoDh::expansionMatchesPaperChain() {
  std::mt19937_64 rng(11);
  for (int n : {1, 2, 4, 6, 9}) {
    const DhTable t = randomTable(n, rng);
    const Model m = compileModel(dhToDescription(t));
    QCOMPARE(m.njoints, n);
    Data data(m);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const State s = randomState(m, seed);
      forwardKinematics(m, data, s);
      // Eq (8): J_1 = J_0 * [Rz(eta) Ry(zeta) Rx(epsilon), b0], J_0 = base pose.
      Mat4 J = homogeneous(s.basePose());
      Pose mount{Rz(t.eta) * Ry(t.zeta) * Rx(t.epsilon), t.b0};
      J = J * homogeneous(mount);
      for (int i = 0; i < n; ++i) {
        const DhLink& l = t.links[static_cast<size_t>(i)];
        const double q = s.q[i];
        const int body = m.joint_body[static_cast<size_t>(i)];
        // Body frame = J_i Rz(q_i); joint axis = z of J_i.
        Mat4 expected_body = J;
        expected_body.topLeftCorner<3, 3>() = J.topLeftCorner<3, 3>() * Rz(q);
        VMS_COMPARE_REL(homogeneous(data.oMi[static_cast<size_t>(body)]), expected_body, 1e-13);
        // Eq (10): L_i = J_i A(q_i, d_i, alpha_i, a_i): CoM position and, Eq (30), the world
        // inertia R_L I R_L^T.
        const Mat4 L = J * A(q, l.d, l.alpha, l.a);
        const Pose& oMi = data.oMi[static_cast<size_t>(body)];
        VMS_COMPARE_REL(oMi.act(m.com[static_cast<size_t>(body)]), Vec3(L.topRightCorner<3, 1>()),
                        1e-13);
        const Mat3 RL = L.topLeftCorner<3, 3>();
        VMS_COMPARE_REL(Mat3(oMi.R * m.inertia_com[static_cast<size_t>(body)] * oMi.R.transpose()),
                        Mat3(RL * l.inertia * RL.transpose()), 1e-13);
        QCOMPARE(m.mass[static_cast<size_t>(body)], l.mass);
        // Eq (9): J_{i+1} = J_i A(q_i, d_i, alpha_i, a_i + b_i).
        J = J * A(q, l.d, l.alpha, l.a + l.b);
      }
      // The end-effector frame is J_{N+1}.
      const Pose ee = framePose(m, data, m.frameIndex("end_effector"));
      VMS_COMPARE_REL(homogeneous(ee), J, 1e-13);
    }
  }
}

void TestIoDh::planarEndEffectorAtZero() {
  for (double b0 : {0.0, 0.1}) {
    const Model m = compileModel(dhToDescription(planarTable(b0), "planar", BaseType::Planar));
    Data data(m);
    const State s = State::neutral(m);
    forwardKinematics(m, data, s);
    // q = 0: the arm lies along x; the end-effector is at b0 + 4 * (a + b) = b0 + 1.6.
    const Pose ee = framePose(m, data, m.frameIndex("end_effector"));
    VMS_COMPARE_REL(ee.p, Vec3(b0 + 1.6, 0, 0), 1e-15);
    QVERIFY(ee.R == Mat3::Identity());
    // CoMs at b0 + 0.2, 0.6, 1.0, 1.4; joints at b0 + 0, 0.4, 0.8, 1.2.
    for (int i = 0; i < 4; ++i) {
      const auto body = static_cast<size_t>(m.joint_body[static_cast<size_t>(i)]);
      VMS_COMPARE_REL(data.oMi[body].p, Vec3(b0 + 0.4 * i, 0, 0), 1e-15);
      VMS_COMPARE_REL(data.oMi[body].act(m.com[body]), Vec3(b0 + 0.2 + 0.4 * i, 0, 0), 1e-15);
    }
    // q = (pi/2, 0, 0, 0): the whole arm turns about the first joint.
    State s2 = s;
    s2.q[0] = kPi / 2;
    forwardKinematics(m, data, s2);
    VMS_COMPARE_REL(framePose(m, data, m.frameIndex("end_effector")).p, Vec3(b0, 1.6, 0), 1e-15);
  }
}

void TestIoDh::spatialMountPutsJoint1AlongX() {
  DhTable t = planarTable(0.0);
  t.b0 = Vec3(1.75, 0, 0);
  t.zeta = kPi / 2;
  const ModelDescription d = dhToDescription(t);
  QVERIFY(d.joints[0].origin.R * Vec3::UnitZ() == Vec3::UnitX());  // exact at 90 degrees
  QVERIFY(d.joints[0].origin.p == Vec3(1.75, 0, 0));
}

void TestIoDh::namesAndDefaults() {
  DhTable t = planarTable(0.1);
  t.links[2].name = "elbow";
  t.links[2].joint_name = "j_elbow";
  t.links[3].kind = JointKind::Continuous;
  t.links[1].has_limits = true;
  t.links[1].lower = -1;
  t.links[1].upper = 2;
  t.links[1].damping = 0.5;
  const ModelDescription d = dhToDescription(t, "x", BaseType::Planar);
  QCOMPARE(d.links.size(), size_t(5));
  QCOMPARE(d.links[0].name, std::string("base"));
  QCOMPARE(d.links[1].name, std::string("link1"));
  QCOMPARE(d.links[3].name, std::string("elbow"));
  QCOMPARE(d.joints[2].name, std::string("j_elbow"));
  QCOMPARE(d.joints[3].name, std::string("joint4"));
  QCOMPARE(d.joints[3].parent, std::string("elbow"));
  QVERIFY(d.joints[3].kind == JointKind::Continuous);
  QVERIFY(d.joints[1].has_limits);
  QCOMPARE(d.joints[1].upper, 2.0);
  QCOMPARE(d.joints[1].damping, 0.5);
  QCOMPARE(d.frames.size(), size_t(1));
  QCOMPARE(d.frames[0].link, std::string("link4"));
  t.end_effector.clear();
  QVERIFY(dhToDescription(t).frames.empty());
}

void TestIoDh::jsonBlockMatchesTable() {
  const std::string text = R"({
    "format": "vms-model", "version": 1, "name": "p", "base": "planar",
    "dh": {
      "base": {"mass": 10, "inertia": {"ixx": 0.5667, "iyy": 0.5667, "izz": 0.0667}},
      "mount": {"b0": [0.1, 0, 0]},
      "links": [
        {"mass": 2, "inertia": {"ixx": 0.0065, "iyy": 0.0321, "izz": 0.0277}, "a": 0.2, "b": 0.2},
        {"mass": 2, "inertia": [[0.0065, 0, 0], [0, 0.0321, 0], [0, 0, 0.0277]], "d": 0, "alpha_deg": 0, "a": 0.2, "b": 0.2},
        {"mass": 2, "inertia": {"ixx": 0.0065, "iyy": 0.0321, "izz": 0.0277}, "alpha": 0, "a": 0.2, "b": 0.2},
        {"mass": 2, "inertia": {"ixx": 0.0065, "iyy": 0.0321, "izz": 0.0277}, "a": 0.2, "b": 0.2}
      ]
    },
    "links": [{"name": "payload", "mass": 1, "inertia": {"ixx": 0.01, "iyy": 0.01, "izz": 0.01}}],
    "joints": [{"name": "grip", "type": "fixed", "parent": "link4", "child": "payload",
                "origin": {"xyz": [0.4, 0, 0]}}]
  })";
  const ModelDescription d = parseVmsJson(text, "p.vms.json", nullptr);
  ModelDescription expected = dhToDescription(planarTable(0.1), "p", BaseType::Planar);
  QCOMPARE(d.links.size(), size_t(6));
  QCOMPARE(d.links[5].name, std::string("payload"));
  QCOMPARE(d.joints[4].name, std::string("grip"));
  // The DH part equals the C++ table's expansion exactly.
  for (size_t i = 0; i < expected.links.size(); ++i) {
    QCOMPARE(d.links[i].name, expected.links[i].name);
    QCOMPARE(d.links[i].inertial.mass, expected.links[i].inertial.mass);
    QVERIFY(d.links[i].inertial.com == expected.links[i].inertial.com);
    QVERIFY(d.links[i].inertial.inertia == expected.links[i].inertial.inertia);
  }
  for (size_t j = 0; j < expected.joints.size(); ++j) {
    QVERIFY(d.joints[j].origin.R == expected.joints[j].origin.R);
    QVERIFY(d.joints[j].origin.p == expected.joints[j].origin.p);
  }
  QVERIFY(d.frames[0].origin.p == expected.frames[0].origin.p);
  // Degrees and radians agree (exactly at 90 degrees).
  const auto one = [](const std::string& alpha) {
    return parseVmsJson(R"({"format": "vms-model", "version": 1, "dh": {"base": {"mass": 1},
        "links": [{"mass": 1, )" +
                            alpha + R"(, "a": 0.5}]}})",
                        "a.vms.json", nullptr);
  };
  QVERIFY(one(R"("alpha_deg": 90)").frames[0].origin.R ==
          one(R"("alpha": 1.5707963267948966)").frames[0].origin.R);
}

void TestIoDh::jsonBlockErrors() {
  const auto msg = [](const std::string& dh) {
    try {
      parseVmsJson(R"({"format": "vms-model", "version": 1, "dh": )" + dh + "}", "dh.vms.json",
                   nullptr);
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  std::string m =
      msg(R"({"base": {"mass": 1}, "links": [{"mass": 1, "alpha": 1, "alpha_deg": 2}]})");
  QVERIFY2(m.find("dh.vms.json: dh.links[0].alpha: give either") == 0, m.c_str());
  m = msg(R"({"base": {"mass": 1}, "links": [{"mass": 1, "lenght": 1}]})");
  QVERIFY2(m.find("dh.vms.json: dh.links[0].lenght: unknown key") == 0, m.c_str());
  m = msg(R"({"links": []})");
  QVERIFY2(m.find("dh.vms.json: dh.base: missing") == 0, m.c_str());
  m = msg(R"({"base": {"mass": 1}, "links": [{"type": "prismatic"}]})");
  QVERIFY2(m.find("dh.vms.json: dh.links[0].type: unknown joint type 'prismatic'") == 0, m.c_str());
  m = msg(R"({"base": {"mass": 1}, "mount": {"b0": [1, 2]}})");
  QVERIFY2(m.find("dh.vms.json: dh.mount.b0: expected 3 numbers") == 0, m.c_str());
}

QTEST_APPLESS_MAIN(TestIoDh)
// The examples are written as DH tables and stay so when saved: the table is written
// back, angles in degrees where they were, while the links and joints it expands into are
// unchanged; an edit of one of them writes the model link by link, an added link is written
// after the table. Every form reads back bit for bit.
void TestIoDh::savingKeepsTheDhForm() {
  const QDir models(QString(VMS_SOURCE_DIR) + "/models");
  int tables = 0;
  for (const QString& name : models.entryList({"*.vms.json"})) {
    const std::string path = models.filePath(name).toStdString();
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("\"dh\"") == std::string::npos) continue;
    ++tables;
    const ModelDescription d = parseVmsJson(text, path);
    QVERIFY2(keepsDhForm(d), path.c_str());
    const std::string written = writeVmsJson(d);
    QVERIFY(written.find("\"dh\"") != std::string::npos);
    QCOMPARE(writeVmsJson(parseVmsJson(written, "again.vms.json")), written);
    const ModelDescription back = parseVmsJson(written, "again.vms.json");
    QCOMPARE(back.links.size(), d.links.size());
    for (size_t i = 0; i < d.links.size(); ++i) {
      QVERIFY(back.links[i].inertial.inertia == d.links[i].inertial.inertia);
      QVERIFY(back.links[i].inertial.com == d.links[i].inertial.com);
    }
    for (size_t i = 0; i < d.joints.size(); ++i) {
      QVERIFY(back.joints[i].origin.R == d.joints[i].origin.R);
      QVERIFY(back.joints[i].origin.p == d.joints[i].origin.p);
    }
  }
  QVERIFY(tables >= 2);  // seed 004's planar and spatial arms

  const std::string path = std::string(VMS_SOURCE_DIR) + "/models/seed004_spatial.vms.json";
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const ModelDescription d = parseVmsJson(text, path);
  const std::string written = writeVmsJson(d);
  QVERIFY2(written.find("\"zeta_deg\": 90") != std::string::npos, written.c_str());
  QVERIFY(written.find("\"alpha_deg\": 90") != std::string::npos);
  // An added link (a tool on the last link) is written after the table.
  ModelDescription extended = d;
  LinkDescription tool;
  tool.name = "tool";
  tool.inertial.mass = 0.5;
  tool.inertial.inertia = Vec3(1e-3, 1e-3, 1e-3).asDiagonal();
  extended.links.push_back(tool);
  JointDescription fix;
  fix.name = "tool_fix";
  fix.kind = JointKind::Fixed;
  fix.parent = d.links.back().name;
  fix.child = "tool";
  extended.joints.push_back(fix);
  QVERIFY(keepsDhForm(extended));
  const std::string with_tool = writeVmsJson(extended);
  QCOMPARE(writeVmsJson(parseVmsJson(with_tool, "t.vms.json")), with_tool);
  QCOMPARE(parseVmsJson(with_tool, "t.vms.json").links.back().name, std::string("tool"));
  // An edited DH link: written link by link, and still the same model.
  ModelDescription edited = d;
  edited.links[2].inertial.mass += 1.0;
  QVERIFY(!keepsDhForm(edited));
  const std::string explicit_text = writeVmsJson(edited);
  QVERIFY(explicit_text.find("\"dh\"") == std::string::npos);
  QCOMPARE(writeVmsJson(parseVmsJson(explicit_text, "e.vms.json")), explicit_text);
  QCOMPARE(parseVmsJson(explicit_text, "e.vms.json").links[2].inertial.mass,
           d.links[2].inertial.mass + 1.0);
}

#include "test_io_dh.moc"
