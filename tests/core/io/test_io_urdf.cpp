// URDF reading and writing: SPART's real files, round trips, inertial frames, visuals, and one
// bad input per error class (each message names the file and the element, on one line).
#include <QTemporaryDir>
#include <fstream>
#include <functional>

#include "core/io/model_io.hpp"
#include "core/io/urdf.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

const std::string kSpart = std::string(VMS_SOURCE_DIR) + "/tests/data/urdf-spart/";

bool containsAll(const std::string& msg, std::initializer_list<std::string> parts) {
  if (msg.find('\n') != std::string::npos) return false;
  for (const auto& p : parts)
    if (msg.find(p) == std::string::npos) return false;
  return true;
}

#define VERIFY_MESSAGE(msg, ...) \
  QVERIFY2(containsAll((msg), {__VA_ARGS__}), ("unexpected message: " + (msg)).c_str())

/// A small valid URDF body; tests splice in their own links and joints.
std::string robot(const std::string& body) {
  return "<?xml version=\"1.0\"?>\n<robot name=\"r\">\n" + body + "</robot>\n";
}

std::string link(const std::string& name, double mass = 1.0,
                 const std::string& inertia =
                     "ixx=\"0.1\" ixy=\"0\" ixz=\"0\" iyy=\"0.1\" iyz=\"0\" izz=\"0.1\"") {
  return "<link name=\"" + name + "\"><inertial><mass value=\"" + std::to_string(mass) +
         "\"/><inertia " + inertia + "/></inertial></link>\n";
}

std::string joint(const std::string& name, const std::string& parent, const std::string& child,
                  const std::string& type = "revolute", const std::string& extra = "") {
  return "<joint name=\"" + name + "\" type=\"" + type + "\"><parent link=\"" + parent +
         "\"/><child link=\"" + child + "\"/><origin xyz=\"0 0 0.5\"/><axis xyz=\"0 0 1\"/>" +
         (type == "revolute" ? "<limit lower=\"-1\" upper=\"1\" effort=\"10\" velocity=\"2\"/>"
                             : "") +
         extra + "</joint>\n";
}

/// Adds visuals of every shape, limits and damping so that a round trip exercises them.
ModelDescription decorated(ModelDescription d) {
  int k = 0;
  for (auto& l : d.links) {
    Visual v;
    v.shape = static_cast<Visual::Shape>(k % 4);
    v.size = v.shape == Visual::Shape::Box        ? Vec3(0.1, 0.2, 0.3)
             : v.shape == Visual::Shape::Cylinder ? Vec3(0.05, 0.4, 0.0)
             : v.shape == Visual::Shape::Sphere   ? Vec3(0.07, 0.0, 0.0)
                                                  : Vec3::Zero();
    if (v.shape == Visual::Shape::Mesh) {
      v.mesh = "meshes/part_" + std::to_string(k) + ".stl";
      v.mesh_scale = Vec3(0.001, 0.001, 0.002);
    }
    v.origin = Pose{so3Exp(Vec3(0.3, -0.2, 0.1 * k)), Vec3(0.01 * k, -0.02, 1.0 / 3.0)};
    v.rgba = Eigen::Vector4d(0.1, 0.2, 1.0 / 7.0, 1.0);
    v.material = "mat" + std::to_string(k);
    l.visuals.push_back(v);
    ++k;
  }
  k = 0;
  for (auto& j : d.joints) {
    if (j.kind == JointKind::Fixed) continue;
    if (k % 3 == 0) {
      j.has_limits = j.kind != JointKind::Continuous;
      j.lower = -0.1 * (k + 1);
      j.upper = 0.7 * (k + 1);
    }
    j.effort = k % 2 ? 12.5 : 0.0;
    j.velocity = k % 2 ? 0.0 : 3.25;
    j.damping = 0.01 * k;
    j.friction = k % 4 ? 0.0 : 0.2;
    ++k;
  }
  return d;
}

double relRot(const Mat3& a, const Mat3& b) { return (a - b).cwiseAbs().maxCoeff(); }

/// Compares two descriptions field by field; returns "" or the first difference.
std::string compareDescriptions(const ModelDescription& a, const ModelDescription& b, double tol) {
  auto close = [&](double x, double y) {
    return std::abs(x - y) <= tol * std::max(1.0, std::max(std::abs(x), std::abs(y)));
  };
  auto closeV = [&](const auto& x, const auto& y) {
    for (Eigen::Index i = 0; i < x.size(); ++i)
      if (!close(x(i), y(i))) return false;
    return true;
  };
  if (a.name != b.name) return "name";
  if (a.links.size() != b.links.size()) return "link count";
  for (size_t i = 0; i < a.links.size(); ++i) {
    const auto &la = a.links[i], &lb = b.links[i];
    const std::string w = "link " + la.name + ": ";
    if (la.name != lb.name) return w + "name";
    if (!close(la.inertial.mass, lb.inertial.mass)) return w + "mass";
    if (!closeV(la.inertial.com, lb.inertial.com)) return w + "com";
    if (!closeV(la.inertial.inertia.reshaped(), lb.inertial.inertia.reshaped()))
      return w + "inertia";
    if (la.visuals.size() != lb.visuals.size()) return w + "visual count";
    for (size_t k = 0; k < la.visuals.size(); ++k) {
      const auto &va = la.visuals[k], &vb = lb.visuals[k];
      if (va.shape != vb.shape || va.mesh != vb.mesh || va.material != vb.material)
        return w + "visual shape/mesh/material";
      if (!closeV(va.size, vb.size) || !closeV(va.mesh_scale, vb.mesh_scale) ||
          !closeV(va.rgba, vb.rgba) || !closeV(va.origin.p, vb.origin.p) ||
          relRot(va.origin.R, vb.origin.R) > tol)
        return w + "visual numbers";
    }
  }
  if (a.joints.size() != b.joints.size()) return "joint count";
  for (size_t i = 0; i < a.joints.size(); ++i) {
    const auto &ja = a.joints[i], &jb = b.joints[i];
    const std::string w = "joint " + ja.name + ": ";
    if (ja.name != jb.name || ja.kind != jb.kind || ja.parent != jb.parent || ja.child != jb.child)
      return w + "name/kind/parent/child";
    if (!closeV(ja.origin.p, jb.origin.p) || relRot(ja.origin.R, jb.origin.R) > tol)
      return w + "origin";
    if (ja.kind != JointKind::Fixed && !closeV(ja.axis, jb.axis)) return w + "axis";
    if (ja.has_limits != jb.has_limits) return w + "has_limits";
    if (ja.has_limits && (!close(ja.lower, jb.lower) || !close(ja.upper, jb.upper)))
      return w + "limits";
    if (!close(ja.effort, jb.effort) || !close(ja.velocity, jb.velocity) ||
        !close(ja.damping, jb.damping) || !close(ja.friction, jb.friction))
      return w + "effort/velocity/damping/friction";
  }
  return "";
}

}  // namespace

class TestIoUrdf : public QObject {
  Q_OBJECT
 private slots:
  void spartFiles_data();
  void spartFiles();
  void spartDetails();
  void spartRoundTrip();
  void roundTripRandomTrees();
  void inertialFrameIsRotated();
  void toleratedDeviations();
  void framesBecomeLinks();
  void errors_data();
  void errors();
  void compileErrorsNameFileAndElement_data();
  void compileErrorsNameFileAndElement();
  void fileLevelErrors();

 private:
  QTemporaryDir dir_;
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_.path().toStdString() + "/" + name;
    std::ofstream(path) << text;
    return path;
  }
};

void TestIoUrdf::spartFiles_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<QStringList>("joints");
  QTest::addColumn<int>("links");
  QTest::addColumn<int>("warnings");
  QTest::newRow("SC_3DoF") << "SC_3DoF.urdf" << QStringList{"Joint_1", "Joint_2", "Joint_3"} << 6
                           << 1;
  QTest::newRow("Simple_Spacecraft") << "Simple_Spacecraft.urdf" << QStringList{} << 4 << 0;
  QStringList iiwa, lwr;
  for (int i = 1; i <= 7; ++i) iiwa << QString("lbr_iiwa_joint_%1").arg(i);
  for (int i = 0; i <= 6; ++i) lwr << QString("kuka_arm_%1_joint").arg(i);
  QTest::newRow("kuka_iiwa") << "kuka_iiwa.urdf" << iiwa << 8 << 0;
  QTest::newRow("kuka_lwr") << "kuka_lwr.urdf" << lwr << 8 << 0;
}

void TestIoUrdf::spartFiles() {
  QFETCH(QString, file);
  QFETCH(QStringList, joints);
  QFETCH(int, links);
  QFETCH(int, warnings);
  const std::string path = kSpart + file.toStdString();
  for (BaseType base : {BaseType::Free, BaseType::Fixed, BaseType::Planar}) {
    std::vector<std::string> w;
    const Model m = loadModel(path, base, &w);
    QVERIFY(m.base_type == base);
    QCOMPARE(m.njoints, joints.size());
    for (int k = 0; k < m.njoints; ++k)
      QCOMPARE(QString::fromStdString(m.joint_names[k]), joints[k]);
    QCOMPARE(static_cast<int>(m.description.links.size()), links);
    QCOMPARE(static_cast<int>(w.size()), warnings);
    for (const auto& s : w) QVERIFY2(s.rfind(path, 0) == 0, s.c_str());
  }
}

void TestIoUrdf::spartDetails() {
  std::vector<std::string> w;
  const ModelDescription sc = loadModelDescription(kSpart + "SC_3DoF.urdf", &w);
  QCOMPARE(sc.name, std::string("Chaser"));
  QVERIFY(sc.base_type == BaseType::Free);
  QCOMPARE(w.size(), size_t(1));  // one warning for the three joints without <limit>
  VERIFY_MESSAGE(w[0], "SC_3DoF.urdf", "'Joint_1'", "'Joint_2'", "'Joint_3'", "<limit>",
                 "unlimited");
  QCOMPARE(sc.links[0].name, std::string("Spacecraft"));
  QCOMPARE(sc.links.back().name, std::string("Link_EE"));
  QCOMPARE(sc.links.back().inertial.mass, 0.0);
  for (const auto& j : sc.joints)
    if (j.kind != JointKind::Fixed) QVERIFY(!j.has_limits);
  QVERIFY(sc.joints[2].axis == Vec3(1, 0, 0));
  QVERIFY(sc.joints[2].origin.p == Vec3(0, 0, 0.2));
  // Inertial origin xyz -> com; visuals with global materials resolved (also the second one).
  QVERIFY(sc.links[1].inertial.com == Vec3(0, 0, 0.125));
  const auto& l1 = sc.links[2];
  QCOMPARE(l1.name, std::string("Link_1"));
  QCOMPARE(l1.visuals.size(), size_t(2));
  QVERIFY(l1.visuals[0].shape == Visual::Shape::Cylinder);
  QVERIFY(l1.visuals[0].size == Vec3(0.05, 0.2, 0.0));
  QCOMPARE(l1.visuals[1].material, std::string("Orange"));
  QVERIFY(l1.visuals[1].rgba == Eigen::Vector4d(1.0, 0.423529411765, 0.0392156862745, 1.0));
  QVERIFY(sc.links[0].visuals[0].size == Vec3(0.75, 0.75, 0.75));
  QVERIFY(sc.links.back().visuals[0].shape == Visual::Shape::Sphere);

  const ModelDescription lwr = loadModelDescription(kSpart + "kuka_lwr.urdf", nullptr);
  QCOMPARE(lwr.joints[0].damping, 0.1);
  QVERIFY(lwr.joints[0].has_limits);
  QCOMPARE(lwr.joints[0].lower, -2.96705972839);
  QCOMPARE(lwr.joints[0].upper, 2.96705972839);
  QCOMPARE(lwr.joints[0].effort, 204.0);
  QVERIFY(lwr.joints[1].axis == Vec3(0, -1, 0));
  QCOMPARE(lwr.links[0].visuals[0].mesh, std::string("meshes_kuka_lwr/arm_base.stl"));
  QVERIFY(lwr.links[0].visuals[0].shape == Visual::Shape::Mesh);

  const ModelDescription iiwa = loadModelDescription(kSpart + "kuka_iiwa.urdf", nullptr);
  QCOMPARE(iiwa.links[0].inertial.mass, 0.0);  // massless base link with an inertia
  // Joint 2: rpy = (pi/2, 0, pi): R = Rz(pi) Rx(pi/2).
  const Mat3 R = iiwa.joints[1].origin.R;
  Mat3 expected;
  expected << -1, 0, 0, 0, 0, 1, 0, 1, 0;
  VMS_COMPARE_REL(R, expected, 1e-11);
}

void TestIoUrdf::spartRoundTrip() {
  for (const char* f :
       {"SC_3DoF.urdf", "Simple_Spacecraft.urdf", "kuka_iiwa.urdf", "kuka_lwr.urdf"}) {
    const ModelDescription a = loadModelDescription(kSpart + f, nullptr);
    std::vector<std::string> w;
    const ModelDescription b = parseUrdf(writeUrdf(a), "roundtrip.urdf", &w);
    const std::string diff = compareDescriptions(a, b, 4e-16);
    QVERIFY2(diff.empty(), (std::string(f) + ": " + diff).c_str());
    QVERIFY2(w.empty(), w.empty() ? "" : w[0].c_str());  // our own output needs no leniency
  }
}

void TestIoUrdf::roundTripRandomTrees() {
  double worst = 0.0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    RandomTreeOptions o;
    o.bodies = 2 + static_cast<int>(seed % 9);
    o.seed = seed;
    o.fixed_links = static_cast<int>(seed % 3);
    const ModelDescription a = decorated(randomTree(o));
    const std::string text = writeUrdf(a);
    std::vector<std::string> w;
    const ModelDescription b = parseUrdf(text, "random.urdf", &w);
    const std::string diff = compareDescriptions(a, b, 2e-15);
    QVERIFY2(diff.empty(), ("seed " + std::to_string(seed) + ": " + diff).c_str());
    QVERIFY(w.empty());
    // Writing again gives the same text up to rotation round-off: compare the descriptions.
    const std::string again =
        compareDescriptions(b, parseUrdf(writeUrdf(b), "again.urdf", nullptr), 2e-15);
    QVERIFY2(again.empty(), ("seed " + std::to_string(seed) + " (again): " + again).c_str());
    // Same dynamics.
    const Model ma = compileModel(a), mb = compileModel(b);
    for (int k = 0; k < ma.nbodies; ++k) {
      worst = std::max(worst, std::abs(ma.mass[k] - mb.mass[k]));
      VMS_COMPARE_REL(ma.inertia_com[k], mb.inertia_com[k], 1e-14);
      VMS_COMPARE_REL(ma.joint_placement[k].p, mb.joint_placement[k].p, 1e-14);
    }
  }
  QCOMPARE(worst, 0.0);
}

void TestIoUrdf::inertialFrameIsRotated() {
  // Inertia diag(1, 2, 3) given in a frame rotated by rpy; the link-frame inertia is R I R^T.
  const std::string text = robot(
      "<link name=\"a\"><inertial><origin xyz=\"0.1 0.2 0.3\" rpy=\"0.3 -0.7 1.1\"/>"
      "<mass value=\"2\"/><inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"2\" iyz=\"0\" izz=\"3\"/>"
      "</inertial></link>");
  const ModelDescription d = parseUrdf(text, "t.urdf", nullptr);
  const Mat3 R = Eigen::AngleAxisd(1.1, Vec3::UnitZ()).toRotationMatrix() *
                 Eigen::AngleAxisd(-0.7, Vec3::UnitY()).toRotationMatrix() *
                 Eigen::AngleAxisd(0.3, Vec3::UnitX()).toRotationMatrix();
  const Mat3 expected = R * Vec3(1, 2, 3).asDiagonal() * R.transpose();
  VMS_COMPARE_REL(d.links[0].inertial.inertia, expected, 1e-14);
  QVERIFY(d.links[0].inertial.com == Vec3(0.1, 0.2, 0.3));
  QCOMPARE(d.links[0].inertial.mass, 2.0);
}

void TestIoUrdf::toleratedDeviations() {
  // No <inertial> (mass 0), inline material, continuous joint with <limit effort velocity>,
  // <limit> without lower/upper (unlimited, no warning), <limit> without effort/velocity,
  // prismatic joint without <limit> (warned), <mimic> (read: a coupling, test_mimic_joints),
  // unknown top-level elements.
  const std::string text =
      robot(link("base", 5.0) + "<link name=\"tool\"/>\n" + link("a") + link("b") + link("c") +
            "<gazebo reference=\"a\"/><transmission name=\"t\"/>\n" +
            joint("jt", "base", "tool", "fixed") +
            joint("ja", "base", "a", "continuous", "<limit effort=\"3\" velocity=\"4\"/>") +
            "<joint name=\"jb\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/>"
            "<axis xyz=\"0 1 0\"/><limit effort=\"7\" velocity=\"1\"/><dynamics "
            "damping=\"0.25\"/></joint>\n"
            "<joint name=\"jc\" type=\"prismatic\"><parent link=\"b\"/><child link=\"c\"/>"
            "<mimic joint=\"jb\"/></joint>\n");
  std::vector<std::string> w;
  const ModelDescription d = parseUrdf(text, "tolerant.urdf", &w);
  QCOMPARE(w.size(), size_t(1));
  VERIFY_MESSAGE(w[0], "tolerant.urdf", "'jc'", "no <limit>");
  QVERIFY(d.joints[3].has_mimic && d.joints[3].mimic.joint == "jb");
  QCOMPARE(d.links[1].inertial.mass, 0.0);
  QVERIFY(d.joints[1].kind == JointKind::Continuous);
  QCOMPARE(d.joints[1].effort, 3.0);
  QVERIFY(!d.joints[2].has_limits);
  QCOMPARE(d.joints[2].effort, 7.0);
  QCOMPARE(d.joints[2].damping, 0.25);
  QVERIFY(d.joints[2].axis == Vec3(0, 1, 0));
  QVERIFY(d.joints[3].kind == JointKind::Prismatic);
  QCOMPARE(d.joints[3].axis, Vec3(1, 0, 0));  // URDF default axis
  QVERIFY(!d.joints[3].has_limits);
  const Model m = compileModel(d);
  QCOMPARE(m.njoints, 3);
  QVERIFY(m.frameIndex("tool") >= 0);
}

void TestIoUrdf::framesBecomeLinks() {
  ModelDescription d =
      parseUrdf(robot(link("base") + link("a") + joint("j", "base", "a")), "f.urdf", nullptr);
  d.frames.push_back({"tcp", "a", Pose{so3Exp(Vec3(0, 0.5, 0)), Vec3(0, 0, 0.2)}});
  const ModelDescription back = parseUrdf(writeUrdf(d), "f2.urdf", nullptr);
  QCOMPARE(back.links.size(), size_t(3));
  QCOMPARE(back.links[2].name, std::string("tcp"));
  QCOMPARE(back.joints[1].name, std::string("tcp_frame_joint"));
  const Model m1 = compileModel(d), m2 = compileModel(back);
  const Frame &f1 = m1.frames[m1.frameIndex("tcp")], &f2 = m2.frames[m2.frameIndex("tcp")];
  QCOMPARE(f1.body, f2.body);
  VMS_COMPARE_REL(f1.placement.R, f2.placement.R, 1e-15);
  VMS_COMPARE_REL(f1.placement.p, f2.placement.p, 1e-15);
}

void TestIoUrdf::errors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QStringList>("parts");
  const QString base = QString::fromStdString(link("base"));
  QTest::newRow("malformed XML") << QString::fromStdString(
                                        robot(link("base") + "<link name=\"a\">"))
                                 << QStringList{"line", "malformed XML"};
  QTest::newRow("not a robot") << "<?xml version=\"1.0\"?><model name=\"x\"/>"
                               << QStringList{"<model>", "<robot>"};
  QTest::newRow("unknown link") << QString::fromStdString(
                                       robot(link("base") + link("a") + joint("j3", "base", "l4")))
                                << QStringList{"joint 'j3'", "unknown child link 'l4'"};
  QTest::newRow("unknown parent") << QString::fromStdString(
                                         robot(link("base") + link("a") + joint("j1", "bse", "a")))
                                  << QStringList{"joint 'j1'", "unknown parent link 'bse'"};
  QTest::newRow("loop (two parents)")
      << QString::fromStdString(robot(link("base") + link("a") + link("b") +
                                      joint("j1", "base", "a") + joint("j2", "a", "b") +
                                      joint("j3", "base", "b")))
      << QStringList{"joint 'j3'", "already has parent joint 'j2'", "loop"};
  QTest::newRow("loop (cycle)") << QString::fromStdString(robot(link("a") + link("b") +
                                                                joint("j1", "a", "b") +
                                                                joint("j2", "b", "a")))
                                << QStringList{"robot 'r'", "loop"};
  QTest::newRow("two roots") << QString::fromStdString(robot(link("base") + link("a") + link("b") +
                                                             joint("j1", "base", "a")))
                             << QStringList{"link 'b'", "not connected"};
  QTest::newRow("duplicate link") << QString::fromStdString(robot(link("base") + link("base")))
                                  << QStringList{"link 'base'", "duplicate link name"};
  QTest::newRow("duplicate joint")
      << QString::fromStdString(robot(link("base") + link("a") + link("b") +
                                      joint("j", "base", "a") + joint("j", "a", "b")))
      << QStringList{"joint 'j'", "duplicate joint name"};
  QTest::newRow("zero axis") << QString::fromStdString(robot(
                                    link("base") + link("a") +
                                    "<joint name=\"j2\" type=\"continuous\"><parent link=\"base\"/>"
                                    "<child link=\"a\"/><axis xyz=\"0 0 0\"/></joint>"))
                             << QStringList{"joint 'j2'", "axis is zero"};
  QTest::newRow("NaN") << QString::fromStdString(
                              robot(link("base") + link("a") +
                                    "<joint name=\"j5\" type=\"fixed\"><parent link=\"base\"/>"
                                    "<child link=\"a\"/><origin xyz=\"nan 0 0\"/></joint>"))
                       << QStringList{"joint 'j5'", "<origin> xyz=\"nan 0 0\"", "finite"};
  QTest::newRow("not a number")
      << QString::fromStdString(
             robot("<link name=\"base\"><inertial><mass value=\"heavy\"/><inertia ixx=\"1\" "
                   "iyy=\"1\" izz=\"1\"/></inertial></link>"))
      << QStringList{"link 'base'", "<mass> value=\"heavy\"", "finite number"};
  QTest::newRow("missing attribute")
      << QString::fromStdString(
             robot(link("base") + link("a") +
                   "<joint name=\"j\" type=\"fixed\"><parent/><child link=\"a\"/></joint>"))
      << QStringList{"joint 'j'", "<parent>", "missing attribute 'link'"};
  QTest::newRow("missing name") << QString::fromStdString(robot(link("base") + "<link/>"))
                                << QStringList{"link #2", "missing attribute 'name'"};
  QTest::newRow("missing inertia element")
      << QString::fromStdString(
             robot("<link name=\"base\"><inertial><mass value=\"1\"/></inertial></link>"))
      << QStringList{"link 'base'", "<inertia>"};
  QTest::newRow("floating joint") << QString::fromStdString(
                                         robot(link("base") + link("a") +
                                               joint("free", "base", "a", "floating")))
                                  << QStringList{"joint 'free'", "floating", "--base"};
  QTest::newRow("planar joint") << QString::fromStdString(robot(link("base") + link("a") +
                                                                joint("p", "base", "a", "planar")))
                                << QStringList{"joint 'p'", "planar"};
  QTest::newRow("unknown joint type")
      << QString::fromStdString(
             robot(link("base") + link("a") + joint("s", "base", "a", "spherical")))
      << QStringList{"joint 's'", "unknown joint type 'spherical'"};
  QTest::newRow("bad geometry")
      << QString::fromStdString(
             robot("<link name=\"base\"><visual><geometry><box/></geometry></visual></link>"))
      << QStringList{"link 'base'", "<box>", "missing attribute 'size'"};
  QTest::newRow("empty") << " \n" << QStringList{"XML: the file is empty"};
  // Passes our pre-pass, rejected by urdfdom itself: its message is carried over.
  QTest::newRow("urdfdom rejection")
      << QString::fromStdString("<robot name=\"r\" version=\"2.0\">" + link("base") + "</robot>")
      << QStringList{"robot 'r'", "rejected by urdfdom", "version"};
}

void TestIoUrdf::errors() {
  QFETCH(QString, text);
  QFETCH(QStringList, parts);
  const std::string path = write("bad_input.urdf", text.toStdString());
  const std::string msg = errorOf([&] { loadModel(path, std::nullopt, nullptr); });
  QVERIFY2(containsAll(msg, {path + ": "}), msg.c_str());
  for (const auto& p : parts) QVERIFY2(containsAll(msg, {p.toStdString()}), msg.c_str());
}

void TestIoUrdf::compileErrorsNameFileAndElement_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QStringList>("parts");
  QTest::newRow("negative mass") << QString::fromStdString(robot(link("base", -1.0)))
                                 << QStringList{"link 'base'", "mass is negative"};
  QTest::newRow("not PSD") << QString::fromStdString(robot(link(
                                  "base", 1.0,
                                  "ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"-1\"")))
                           << QStringList{"link 'base'", "positive semi-definite"};
  QTest::newRow("triangle inequality")
      << QString::fromStdString(robot(
             link("base", 1.0, "ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"3\"")))
      << QStringList{"link 'base'", "triangle inequality"};
  QTest::newRow("no mass anywhere")
      << QString::fromStdString(
             robot("<link name=\"base\"/><link name=\"a\"/>" + joint("j", "base", "a")))
      << QStringList{"singular"};
}

void TestIoUrdf::compileErrorsNameFileAndElement() {
  QFETCH(QString, text);
  QFETCH(QStringList, parts);
  const std::string path = write("physics.urdf", text.toStdString());
  // The description loads; compiling it fails with the file name prefixed.
  QCOMPARE(errorOf([&] { loadModelDescription(path, nullptr); }), std::string());
  const std::string msg = errorOf([&] { loadModel(path, std::nullopt, nullptr); });
  QVERIFY2(containsAll(msg, {path + ": "}), msg.c_str());
  for (const auto& p : parts) QVERIFY2(containsAll(msg, {p.toStdString()}), msg.c_str());
}

void TestIoUrdf::fileLevelErrors() {
  const std::string missing = dir_.path().toStdString() + "/does_not_exist.urdf";
  std::string msg = errorOf([&] { loadModel(missing, std::nullopt, nullptr); });
  VERIFY_MESSAGE(msg, missing, "cannot open file");
  const std::string other = write("model.xml", robot(link("base")));
  msg = errorOf([&] { loadModel(other, std::nullopt, nullptr); });
  VERIFY_MESSAGE(msg, other, "unknown model file type");
  msg = errorOf([&] { saveModelDescription(ModelDescription{}, "/nonexistent_dir/x.urdf"); });
  VERIFY_MESSAGE(msg, "/nonexistent_dir/x.urdf", "cannot write");
  // Saving and loading by extension.
  const ModelDescription d = loadModelDescription(kSpart + "SC_3DoF.urdf", nullptr);
  const std::string out = dir_.path().toStdString() + "/saved.urdf";
  saveModelDescription(d, out);
  QVERIFY(compareDescriptions(d, loadModelDescription(out, nullptr), 4e-16).empty());
  // Extensions are matched in any case.
  const std::string upper = dir_.path().toStdString() + "/SAVED.URDF";
  saveModelDescription(d, upper);
  QVERIFY(isModelFileName(upper));
  QCOMPARE(loadModel(upper).njoints, 3);
}

QTEST_APPLESS_MAIN(TestIoUrdf)
#include "test_io_urdf.moc"
