// The native .vms.json model format: bit-exact round trips, every accepted spelling (rotation
// as matrix / quaternion / rpy, inertia as matrix / object, visual shapes), and the strict
// reader's errors, each naming the file and the key path.
#include <QTemporaryDir>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>

#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;
using test::errorOf;
using test::kAllBases;

namespace {

bool same(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

template <typename A, typename B>
bool sameAll(const A& a, const B& b) {
  if (a.size() != b.size()) return false;
  for (Eigen::Index i = 0; i < a.size(); ++i)
    if (!same(a.data()[i], b.data()[i])) return false;
  return true;
}

bool samePose(const Pose& a, const Pose& b) { return sameAll(a.R, b.R) && sameAll(a.p, b.p); }

/// "" if bitwise identical, else the first difference.
std::string bitwiseDiff(const ModelDescription& a, const ModelDescription& b) {
  if (a.name != b.name || a.base_type != b.base_type) return "name/base";
  if (!sameAll(a.gravity, b.gravity)) return "gravity";
  if (a.links.size() != b.links.size()) return "link count";
  for (size_t i = 0; i < a.links.size(); ++i) {
    const auto &x = a.links[i], &y = b.links[i];
    if (x.name != y.name || !same(x.inertial.mass, y.inertial.mass) ||
        !sameAll(x.inertial.com, y.inertial.com) ||
        !sameAll(x.inertial.inertia, y.inertial.inertia))
      return "link " + x.name;
    if (x.visuals.size() != y.visuals.size()) return "link " + x.name + " visual count";
    for (size_t k = 0; k < x.visuals.size(); ++k) {
      const auto &u = x.visuals[k], &v = y.visuals[k];
      if (u.shape != v.shape || !sameAll(u.size, v.size) || u.mesh != v.mesh ||
          !sameAll(u.mesh_scale, v.mesh_scale) || !samePose(u.origin, v.origin) ||
          !sameAll(u.rgba, v.rgba) || u.material != v.material)
        return "link " + x.name + " visual " + std::to_string(k);
    }
  }
  if (a.joints.size() != b.joints.size()) return "joint count";
  for (size_t i = 0; i < a.joints.size(); ++i) {
    const auto &x = a.joints[i], &y = b.joints[i];
    if (x.name != y.name || x.kind != y.kind || x.parent != y.parent || x.child != y.child ||
        !samePose(x.origin, y.origin) || !sameAll(x.axis, y.axis) || x.has_limits != y.has_limits ||
        !same(x.lower, y.lower) || !same(x.upper, y.upper) || !same(x.effort, y.effort) ||
        !same(x.velocity, y.velocity) || !same(x.damping, y.damping) ||
        !same(x.friction, y.friction))
      return "joint " + x.name;
  }
  if (a.frames.size() != b.frames.size()) return "frame count";
  for (size_t i = 0; i < a.frames.size(); ++i)
    if (a.frames[i].name != b.frames[i].name || a.frames[i].link != b.frames[i].link ||
        !samePose(a.frames[i].origin, b.frames[i].origin))
      return "frame " + a.frames[i].name;
  return "";
}

ModelDescription decorated(ModelDescription d, std::uint64_t seed) {
  d.name = "random \"tree\" #" + std::to_string(seed);
  d.gravity = Vec3(0.0, -0.0, -9.80665);
  int k = 0;
  for (auto& l : d.links) {
    for (int s = 0; s < 4; ++s) {
      Visual v;
      v.shape = static_cast<Visual::Shape>(s);
      v.size = Vec3(0.1 + k, 1.0 / 3.0, s == 1 ? 0.0 : 2.0 / 7.0);  // cylinder: 3rd unused
      if (s == 3) {
        v.mesh = "meshes/ünïcode part " + std::to_string(k) + ".dae";
        v.mesh_scale = Vec3(1e-3, 1e-3, 1e-3);
      }
      v.origin = Pose{so3Exp(Vec3(0.1 * s, -0.2, 0.3 * k)), Vec3(1e-300, -0.0, 5e-324)};
      v.rgba = Eigen::Vector4d(0.1, 0.2, 0.3, 0.5 + 0.1 * s);
      v.material = s % 2 ? "" : "m" + std::to_string(s);
      l.visuals.push_back(v);
    }
    ++k;
  }
  k = 0;
  for (auto& j : d.joints) {
    j.has_limits = k % 2 == 0;
    j.lower = -std::numeric_limits<double>::max() / 3;
    j.upper = 1.0 / 3.0;
    j.effort = k % 3 ? 1e10 : 0.0;
    j.velocity = -0.0;  // must survive as -0.0
    j.damping = 0.1 * k;
    j.friction = std::numeric_limits<double>::denorm_min();
    if (j.kind == JointKind::Revolute && k % 4 == 1) j.kind = JointKind::Continuous;
    ++k;
  }
  d.frames.push_back(
      {"tcp", d.links.back().name, Pose{so3Exp(Vec3(1, 2, 3)), Vec3(0.1, 0.2, 0.3)}});
  d.frames.push_back({"camera", d.links.front().name, Pose::identity()});
  return d;
}

std::string model(const std::string& body) {
  return R"({"format": "vms-model", "version": 1, "name": "m", )" + body + "}";
}

const std::string kLinks =
    R"("links": [{"name": "base", "mass": 10, "inertia": {"ixx": 1, "iyy": 1, "izz": 1}},
                 {"name": "arm", "mass": 1, "inertia": {"ixx": 0.1, "iyy": 0.1, "izz": 0.1}}])";

}  // namespace

class TestIoVmsJson : public QObject {
  Q_OBJECT
 private slots:
  void bitwiseRoundTrip();
  void readsEverySpelling();
  void defaults();
  void errors_data();
  void errors();
  void loadModelPrefixesCompileErrors();
  void baseOverride();

 private:
  QTemporaryDir dir_;
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_.path().toStdString() + "/" + name;
    std::ofstream(path) << text;
    return path;
  }
};

void TestIoVmsJson::bitwiseRoundTrip() {
  const BaseType bases[] = {BaseType::Free,        BaseType::Planar,      BaseType::Ball,
                            BaseType::Translation, BaseType::Schoenflies, BaseType::Fixed};
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    RandomTreeOptions o;
    o.bodies = 1 + static_cast<int>(seed % 11);
    o.seed = seed;
    o.fixed_links = static_cast<int>(seed % 3);
    o.base = bases[seed % 6];
    const ModelDescription d = decorated(randomTree(o), seed);
    const std::string text = writeVmsJson(d);
    std::vector<std::string> w;
    const ModelDescription back = parseVmsJson(text, "rt.vms.json", &w);
    const std::string diff = bitwiseDiff(d, back);
    QVERIFY2(diff.empty(), ("seed " + std::to_string(seed) + ": " + diff).c_str());
    QVERIFY(w.empty());
    QCOMPARE(writeVmsJson(back), text);
  }
  // Through a file.
  const ModelDescription d = decorated(randomTree({}), 99);
  const std::string path = dir_.path().toStdString() + "/saved.vms.json";
  saveModelDescription(d, path);
  QVERIFY(bitwiseDiff(d, loadModelDescription(path)).empty());
}

void TestIoVmsJson::readsEverySpelling() {
  const std::string text = model(R"(
    "comment": "comments are allowed in every object",
    "base": "schoenflies", "gravity": [0, 0, -9.81],
    "links": [
      {"name": "base", "mass": 10, "com": [0.1, 0, 0],
       "inertia": [[1, 0.1, 0], [0.1, 2, 0], [0, 0, 2.5]],
       "visuals": [
         {"shape": "box", "size": [1, 2, 3], "origin": {"xyz": [0, 0, 1], "rpy": [0.1, 0.2, 0.3]}},
         {"shape": "cylinder", "radius": 0.1, "length": 0.5, "rgba": [1, 0, 0, 1], "material": "red"},
         {"shape": "sphere", "radius": 0.2, "comment": "a ball"},
         {"shape": "mesh", "mesh": "meshes/arm.stl", "scale": [0.001, 0.001, 0.001]}]},
      {"name": "arm", "mass": 1, "inertia": {"ixx": 0.1, "iyy": 0.2, "izz": 0.25, "ixy": 0.01}}
    ],
    "joints": [{"name": "j", "type": "prismatic", "parent": "base", "child": "arm",
                "origin": {"xyz": [1, 2, 3], "quaternion_wxyz": [2, 0, 0, 0]},
                "axis": [0, 1, 0], "limits": {"lower": -1, "upper": 1}, "effort": 5,
                "velocity": 2, "damping": 0.5, "friction": 0.1}],
    "frames": [{"name": "tip", "link": "arm",
                "origin": {"rotation": [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}}])");
  std::vector<std::string> w;
  const ModelDescription d = parseVmsJson(text, "all.vms.json", &w);
  QCOMPARE(w.size(), size_t(1));  // the quaternion of norm 2
  QVERIFY2(w[0].find("all.vms.json: joints[0].origin.quaternion_wxyz") == 0, w[0].c_str());
  QVERIFY(d.base_type == BaseType::Schoenflies);
  QVERIFY(d.gravity == Vec3(0, 0, -9.81));
  Mat3 I;
  I << 1, 0.1, 0, 0.1, 2, 0, 0, 0, 2.5;
  QVERIFY(d.links[0].inertial.inertia == I);
  QVERIFY(d.links[0].inertial.com == Vec3(0.1, 0, 0));
  const auto& v = d.links[0].visuals;
  QCOMPARE(v.size(), size_t(4));
  QVERIFY(v[0].shape == Visual::Shape::Box && v[0].size == Vec3(1, 2, 3));
  const Mat3 R = (Eigen::AngleAxisd(0.3, Vec3::UnitZ()) * Eigen::AngleAxisd(0.2, Vec3::UnitY()) *
                  Eigen::AngleAxisd(0.1, Vec3::UnitX()))
                     .toRotationMatrix();
  VMS_COMPARE_REL(v[0].origin.R, R, 1e-15);
  QVERIFY(v[1].shape == Visual::Shape::Cylinder && v[1].size == Vec3(0.1, 0.5, 0));
  QVERIFY(v[1].rgba == Eigen::Vector4d(1, 0, 0, 1) && v[1].material == "red");
  QVERIFY(v[2].shape == Visual::Shape::Sphere && v[2].size.x() == 0.2);
  QVERIFY(v[3].shape == Visual::Shape::Mesh && v[3].mesh == "meshes/arm.stl");
  QVERIFY(v[3].mesh_scale == Vec3(0.001, 0.001, 0.001));
  QCOMPARE(d.links[1].inertial.inertia(0, 1), 0.01);
  QCOMPARE(d.links[1].inertial.inertia(1, 0), 0.01);
  QCOMPARE(d.links[1].inertial.inertia(2, 2), 0.25);
  const auto& j = d.joints[0];
  QVERIFY(j.kind == JointKind::Prismatic);
  QVERIFY(j.origin.R == Mat3::Identity() && j.origin.p == Vec3(1, 2, 3));
  QVERIFY(j.axis == Vec3(0, 1, 0));
  QVERIFY(j.has_limits && j.lower == -1 && j.upper == 1);
  QVERIFY(j.effort == 5 && j.velocity == 2 && j.damping == 0.5 && j.friction == 0.1);
  QCOMPARE(d.frames[0].origin.R(0, 1), -1.0);
  const Model m = compileModel(d);
  QCOMPARE(m.njoints, 1);
  QVERIFY(m.frameIndex("tip") >= 0);
}

void TestIoVmsJson::defaults() {
  const ModelDescription d = parseVmsJson(
      R"({"format": "vms-model", "version": 1, "links": [{"name": "solo", "mass": 1}]})",
      "d.vms.json", nullptr);
  QCOMPARE(d.name, std::string("model"));
  QVERIFY(d.base_type == BaseType::Free);
  QVERIFY(d.gravity == Vec3::Zero());
  QVERIFY(d.links[0].inertial.inertia == Mat3::Zero());
  const ModelDescription j = parseVmsJson(
      model(kLinks +
            R"(, "joints": [{"name": "j", "type": "revolute", "parent": "base", "child": "arm"}])"),
      "j.vms.json", nullptr);
  QVERIFY(j.joints[0].axis == Vec3::UnitZ());
  QVERIFY(!j.joints[0].has_limits);
  QVERIFY(j.joints[0].origin.R == Mat3::Identity() && j.joints[0].origin.p == Vec3::Zero());
}

void TestIoVmsJson::errors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("expected");  // after "<path>: "
  auto row = [](const char* name, const std::string& text, const char* expected) {
    QTest::newRow(name) << QString::fromStdString(text) << QString(expected);
  };
  const std::string joint = R"("name": "j", "type": "revolute", "parent": "base", "child": "arm")";
  row("unknown top-level key", model(kLinks + R"(, "bsae": "free")"), "bsae: unknown key");
  row("unknown nested key",
      model(kLinks + R"(, "joints": [{)" + joint + R"(, "axsi": [1, 0, 0]}])"),
      "joints[0].axsi: unknown key");
  row("axis size", model(kLinks + R"(, "joints": [{)" + joint + R"(, "axis": [1, 0]}])"),
      "joints[0].axis: expected 3 numbers, got 2");
  row("axis zero", model(kLinks + R"(, "joints": [{)" + joint + R"(, "axis": [0, 0, 0]}])"),
      "joints[0].axis: axis is zero");
  row("wrong type", model(R"("links": [{"name": "base", "mass": "10"}])"),
      "links[0].mass: expected a number, got a string");
  row("not finite", model(R"("links": [{"name": "base", "mass": 1e999}])"),
      "JSON: invalid JSON: number overflow parsing '1e999'");
  row("element type", model(R"("links": [{"name": "base", "com": [0, "1", 0]}])"),
      "links[0].com: expected 3 numbers, element 1 is a string");
  row("syntax", "{\"format\": \"vms-model\",\n \"version\": 1,,\n}", "line 2, column");
  row("duplicate key", model(R"("links": [{"name": "a", "mass": 1, "mass": 2}])"),
      "key 'mass': appears twice");
  row("format", R"({"format": "urdf", "version": 1})", "format: expected \"vms-model\"");
  row("missing format", R"({"version": 1})", "format: missing");
  row("newer version", R"({"format": "vms-model", "version": 2})", "version: version 2 is newer");
  row("version type", R"({"format": "vms-model", "version": "1"})", "version: expected an integer");
  row("base type", model(kLinks + R"(, "base": "hovering")"), "base: unknown base type 'hovering'");
  row("missing parent",
      model(kLinks + R"(, "joints": [{"name": "j", "type": "fixed", "child": "arm"}])"),
      "joints[0].parent: missing");
  row("joint type",
      model(kLinks +
            R"(, "joints": [{"name": "j", "type": "ball", "parent": "base", "child": "arm"}])"),
      "joints[0].type: unknown joint type 'ball'");
  row("zero quaternion",
      model(
          R"("frames": [{"name": "f", "link": "base", "origin": {"quaternion_wxyz": [0, 0, 0, 0]}}], )" +
          kLinks),
      "frames[0].origin.quaternion_wxyz: zero quaternion");
  row("not a rotation",
      model(
          R"("frames": [{"name": "f", "link": "base", "origin": {"rotation": [[1, 0, 0], [0, 1, 0], [0, 0, 2]]}}], )" +
          kLinks),
      "frames[0].origin.rotation: not a proper rotation");
  row("two rotations",
      model(
          R"("frames": [{"name": "f", "link": "base", "origin": {"rpy": [0, 0, 0], "quaternion_wxyz": [1, 0, 0, 0]}}], )" +
          kLinks),
      "frames[0].origin: give at most one");
  row("inertia form", model(R"("links": [{"name": "base", "inertia": [1, 1, 1]}])"),
      "links[0].inertia[0]: expected 3 numbers");
  row("inertia key",
      model(R"("links": [{"name": "base", "inertia": {"ixx": 1, "iyy": 1, "izz": 1, "ixyz": 0}}])"),
      "links[0].inertia.ixyz: unknown key");
  row("shape", model(R"("links": [{"name": "base", "visuals": [{"shape": "cone"}]}])"),
      "links[0].visuals[0].shape: unknown shape 'cone'");
  row("shape key",
      model(
          R"("links": [{"name": "base", "visuals": [{"shape": "box", "size": [1, 1, 1], "radius": 1}]}])"),
      "links[0].visuals[0].radius: unknown key");
  row("links not array", model(R"("links": {"name": "base"})"),
      "links: expected an array, got an object");
  row("no links", model(R"("gravity": [0, 0, 0])"), "(top level): the model has no links");
  row("top level not object", "[1, 2]", "(top level): expected an object");
}

void TestIoVmsJson::errors() {
  QFETCH(QString, text);
  QFETCH(QString, expected);
  const std::string path = write("bad.vms.json", text.toStdString());
  const std::string msg = errorOf([&] { loadModel(path); });
  QVERIFY2(msg.find('\n') == std::string::npos, msg.c_str());
  QVERIFY2(msg.rfind(path + ": " + expected.toStdString(), 0) == 0, msg.c_str());
}

void TestIoVmsJson::loadModelPrefixesCompileErrors() {
  struct Case {
    std::string body, expected;
  };
  const std::string joint = R"("name": "j", "type": "revolute", "parent": "base", )";
  const Case cases[] = {
      {R"("links": [{"name": "base", "mass": -2}])", "link 'base': mass is negative"},
      {R"("links": [{"name": "base", "mass": 1, "inertia": {"ixx": 1, "iyy": 1, "izz": 5}}])",
       "link 'base': principal moments"},
      {R"("links": [{"name": "base", "mass": 1, "inertia": {"ixx": -1, "iyy": 1, "izz": 1}}])",
       "link 'base': inertia is not positive semi-definite"},
      {kLinks + R"(, "joints": [{)" + joint + R"("child": "hand"}])",
       "joint 'j': unknown child link 'hand'"},
      {R"("links": [{"name": "base", "mass": 1}, {"name": "base", "mass": 1}])",
       "link 'base': duplicate link name"},
      {kLinks + R"(, "joints": [{)" + joint +
           R"("child": "arm"}, {"name": "j", "type": "fixed", "parent": "arm", "child": "base"}])",
       "joint 'j': duplicate joint name"},
      {kLinks + R"(, "joints": [{)" + joint +
           R"("child": "arm"}, {"name": "k", "type": "fixed", "parent": "arm", "child": "base"}])",
       "loop"},
  };
  for (const auto& c : cases) {
    const std::string path = write("physics.vms.json", model(c.body));
    QCOMPARE(errorOf([&] { loadModelDescription(path); }), std::string());
    const std::string msg = errorOf([&] { loadModel(path); });
    QVERIFY2(msg.rfind(path + ": ", 0) == 0 && msg.find(c.expected) != std::string::npos,
             msg.c_str());
  }
}

void TestIoVmsJson::baseOverride() {
  const std::string path = write(
      "o.vms.json",
      model(
          R"("base": "planar", )" + kLinks +
          R"(, "joints": [{"name": "j", "type": "revolute", "parent": "base", "child": "arm"}])"));
  QVERIFY(loadModel(path).base_type == BaseType::Planar);
  const Model m = loadModel(path, BaseType::Ball);
  QVERIFY(m.base_type == BaseType::Ball);
  QCOMPARE(m.nv, 4);
}

QTEST_APPLESS_MAIN(TestIoVmsJson)
#include "test_io_vms_json.moc"
