// compileModel: validation messages for every class of bad model, fusion of fixed joints,
// user joint order, frames.
#include "core/algorithms/aba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Inertial box(double m) {
  Inertial in;
  in.mass = m;
  in.inertia = Vec3(0.1, 0.2, 0.25).asDiagonal();
  in.inertia *= m;
  return in;
}

ModelDescription twoLinks() {
  ModelDescription d;
  d.name = "two";
  d.links = {{"base", box(5.0), {}}, {"arm", box(1.0), {}}};
  JointDescription j;
  j.name = "j1";
  j.parent = "base";
  j.child = "arm";
  j.origin.p = Vec3(0.5, 0, 0);
  d.joints = {j};
  return d;
}

/// Runs compileModel and returns the ModelError message ("" if it compiled).
std::string compileError(const ModelDescription& d) {
  try {
    compileModel(d);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

class TestModelCompile : public QObject {
  Q_OBJECT
 private slots:
  void rejectsBadModels_data();
  void rejectsBadModels();
  void fixedJointsFuseWithoutChangingDynamics();
  void userJointOrderFollowsDescription();
  void framesFollowFusedLinks();
  void pointMassesAndMasslessFramesAreValid();
};

void TestModelCompile::rejectsBadModels_data() {
  QTest::addColumn<int>("which");
  QTest::addColumn<QString>("mustContain");
  const char* cases[][2] = {
      {"negative mass", "link 'arm': mass is negative"},
      {"not symmetric", "link 'arm': inertia matrix is not symmetric"},
      {"negative eigenvalue", "link 'arm': inertia is not positive semi-definite"},
      {"triangle inequality", "link 'arm': principal moments"},
      {"zero axis", "joint 'j1': axis is zero"},
      {"nan origin", "joint 'j1': origin has a NaN"},
      {"nan mass", "link 'arm': mass is NaN"},
      {"duplicate link", "link 'arm': duplicate link name"},
      {"duplicate joint", "joint 'j1': duplicate joint name"},
      {"loop", "kinematic loop"},
      {"unknown child", "joint 'j1': unknown child link 'ghost'"},
      {"disconnected", "not connected"},
      {"massless free base", "singular"},
      {"massless moving tip", "joint 'j1': the bodies it moves have no inertia"},
      {"bad rotation", "joint 'j1': origin rotation is not a proper rotation"},
      {"limits reversed", "joint 'j1': lower limit exceeds upper limit"},
  };
  for (int i = 0; i < static_cast<int>(std::size(cases)); ++i)
    QTest::newRow(cases[i][0]) << i << QString(cases[i][1]);
}

void TestModelCompile::rejectsBadModels() {
  QFETCH(int, which);
  QFETCH(QString, mustContain);
  ModelDescription d = twoLinks();
  auto& arm = d.links[1].inertial;
  auto& j = d.joints[0];
  switch (which) {
    case 0:
      arm.mass = -1.0;
      break;
    case 1:
      arm.inertia(0, 1) = 0.05;
      break;
    case 2:
      arm.inertia(0, 0) = -0.1;
      break;
    case 3:
      arm.inertia = Vec3(0.01, 0.01, 0.5).asDiagonal();
      break;
    case 4:
      j.axis = Vec3::Zero();
      break;
    case 5:
      j.origin.p.x() = NAN;
      break;
    case 6:
      arm.mass = NAN;
      break;
    case 7:
      d.links.push_back(d.links[1]);
      break;
    case 8:
      d.joints.push_back(j);
      break;
    case 9: {
      JointDescription back = j;
      back.name = "j2";
      back.parent = "arm";
      back.child = "base";
      d.joints.push_back(back);
      break;
    }
    case 10:
      j.child = "ghost";
      break;
    case 11:
      d.links.push_back({"floating", box(1.0), {}});
      break;
    case 12:
      d.links[0].inertial = Inertial{};
      d.links[1].inertial = Inertial{};
      break;
    case 13:
      arm = Inertial{};
      break;
    case 14:
      j.origin.R(0, 0) = 2.0;
      break;
    case 15:
      j.has_limits = true;
      j.lower = 1.0;
      j.upper = -1.0;
      break;
  }
  const std::string err = compileError(d);
  QVERIFY2(!err.empty(), "model compiled but should not");
  QVERIFY2(err.find(mustContain.toStdString()) != std::string::npos, err.c_str());
  QVERIFY2(err.find('\n') == std::string::npos, "message must be one line");
}

void TestModelCompile::fixedJointsFuseWithoutChangingDynamics() {
  RandomTreeOptions o;
  o.bodies = 8;
  o.fixed_links = 6;
  o.seed = 21;
  const ModelDescription d = randomTree(o);
  const Model m = compileModel(d);
  QCOMPARE(m.nbodies, 8);
  QCOMPARE(static_cast<int>(m.frames.size()), static_cast<int>(d.links.size()));
  // Momentum and energy summed link by link from the description equal those of the
  // fused bodies: place every link with the compiled frames.
  Data data(m);
  const State s = randomState(m, 4);
  computeKinematics(m, data, s);
  const MomentumSummary fused = computeMomentum(m, data);
  Vec6 h = Vec6::Zero();
  double mass = 0.0;
  for (const auto& link : d.links) {
    const int f = m.frameIndex(link.name);
    QVERIFY(f >= 0);
    const Pose oMl = framePose(m, data, f);
    const Mat6 I = spatialInertiaWorld(link.inertial.mass, oMl.act(link.inertial.com),
                                       oMl.R * link.inertial.inertia * oMl.R.transpose());
    h += I * data.v[m.frames[f].body];
    mass += link.inertial.mass;
  }
  VMS_COMPARE_REL(Vec3(linear(h)), fused.linear, 1e-13);
  VMS_COMPARE_REL(Vec3(angular(h)), fused.angular_origin, 1e-13);
  QVERIFY(std::abs(mass - m.total_mass) < 1e-12 * mass);
}

void TestModelCompile::userJointOrderFollowsDescription() {
  RandomTreeOptions o;
  o.bodies = 12;
  o.seed = 5;
  const ModelDescription d = randomTree(o);  // shuffled joint order
  const Model m = compileModel(d);
  int k = 0;
  bool differs = false;
  for (const auto& j : d.joints) {
    if (j.kind == JointKind::Fixed) continue;
    QCOMPARE(m.joint_names[k], j.name);
    QCOMPARE(m.body_names[m.joint_body[k]], j.child);
    differs |= m.joint_body[k] != k + 1;
    ++k;
  }
  QVERIFY2(differs, "the shuffled description should not already be in body order");
  for (int b = 1; b < m.nbodies; ++b) QVERIFY(m.parent[b] < b);
}

void TestModelCompile::framesFollowFusedLinks() {
  ModelDescription d = twoLinks();
  d.links.push_back({"tool", Inertial{}, {}});
  JointDescription fixed;
  fixed.name = "tool_mount";
  fixed.kind = JointKind::Fixed;
  fixed.parent = "arm";
  fixed.child = "tool";
  fixed.origin.p = Vec3(0.3, 0.0, 0.0);
  d.joints.push_back(fixed);
  d.frames.push_back({"tcp", "tool", Pose{Mat3::Identity(), Vec3(0.1, 0, 0)}});
  const Model m = compileModel(d);
  Data data(m);
  State s = State::neutral(m);
  s.q[0] = M_PI / 2;
  forwardKinematics(m, data, s);
  const Pose tcp = framePose(m, data, m.frameIndex("tcp"));
  VMS_COMPARE_REL(tcp.p, Vec3(0.5, 0.4, 0.0), 1e-15);
}

void TestModelCompile::pointMassesAndMasslessFramesAreValid() {
  ModelDescription d = twoLinks();
  d.links[1].inertial.inertia.setZero();  // point mass off the joint axis
  d.links[1].inertial.com = Vec3(0.2, 0.0, 0.0);
  QCOMPARE(compileError(d), std::string());
}

QTEST_APPLESS_MAIN(TestModelCompile)
#include "test_model_compile.moc"
