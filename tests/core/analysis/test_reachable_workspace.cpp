// The reachable workspace (core/analysis/reachable_workspace), against closed forms:
//  - one revolute link on a free vehicle: fixed base, the tip stays on the circle of radius L
//    about the joint; free-floating (the system CoM held), on the circle of radius
//    L - m1 a / M about c0 + (m0 / M) d (the "virtual manipulator": every sample to 1e-12);
//  - a planar 2R arm: the measure is l1 l2 |sin q2| at every sample (the area of the velocity
//    ellipse), and the tip within the annulus |l1 - l2| .. l1 + l2;
//  - a Cartesian (three prismatic joints, [0, 1] each) arm: the workspace volume is the unit
//    cube's, 1 m^3, by voxel count;
//  - a held joint (a reaction wheel) is not sampled and not in the measure;
//  - a prismatic joint without limits is refused by name; the same seed gives the same cloud.
#include <QtTest/QtTest>

#include "core/analysis/reachable_workspace.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"

using namespace vms;

namespace {

Inertial body(double mass, const Vec3& com) {
  Inertial in;
  in.mass = mass;
  in.com = com;
  in.inertia = Vec3(0.1, 0.1, 0.1).asDiagonal();
  return in;
}

JointDescription joint(const std::string& name, const std::string& parent, const std::string& child,
                       JointKind kind, const Vec3& at, const Vec3& axis) {
  JointDescription j;
  j.name = name;
  j.parent = parent;
  j.child = child;
  j.kind = kind;
  j.origin.p = at;
  j.axis = axis;
  return j;
}

}  // namespace

class TestReachableWorkspace : public QObject {
  Q_OBJECT
 private slots:
  void oneLinkVirtualManipulator() {
    const double m0 = 10, m1 = 2, a = 0.3, L = 0.8;
    const Vec3 d(0.5, 0, 0);
    ModelDescription desc;
    desc.links = {{"base", body(m0, Vec3::Zero()), {}}, {"link", body(m1, Vec3(a, 0, 0)), {}}};
    desc.joints = {joint("j", "base", "link", JointKind::Continuous, d, Vec3::UnitZ())};
    desc.frames = {{"tip", "link", Pose{}}};
    desc.frames[0].origin.p = Vec3(L, 0, 0);
    const Model model = compileModel(desc);
    const State x0 = State::neutral(model);
    const int tip = model.frameIndex("tip");
    WorkspaceOptions o;
    o.samples = 500;
    const ReachableWorkspace fixed = sampleReachableWorkspace(model, x0, tip, o);
    QCOMPARE(int(fixed.samples.size()), 500);
    double worst = 0.0;
    for (const WorkspaceSample& p : fixed.samples)
      worst = std::max(worst, std::abs((p.position - d).norm() - L) + std::abs(p.position.z()));
    qInfo("fixed base: largest distance from the circle of radius L: %.2e", worst);
    QVERIFY(worst < 1e-12);

    o.vehicle = WorkspaceVehicle::FreeFloating;
    const ReachableWorkspace floating = sampleReachableWorkspace(model, x0, tip, o);
    const double M = m0 + m1;
    const Vec3 c0 = m1 * (d + Vec3(a, 0, 0)) / M;
    const Vec3 centre = c0 + (m0 / M) * d;
    const double radius = L - m1 * a / M;
    worst = 0.0;
    for (const WorkspaceSample& p : floating.samples)
      worst = std::max(worst, std::abs((p.position - centre).norm() - radius));
    qInfo("free-floating: largest distance from the virtual manipulator's circle: %.2e", worst);
    QVERIFY(worst < 1e-12);
    // The same seed, the same cloud.
    const ReachableWorkspace again = sampleReachableWorkspace(model, x0, tip, o);
    QCOMPARE(again.samples.back().position, floating.samples.back().position);
  }

  void planarTwoLinkMeasure() {
    const double l1 = 0.7, l2 = 0.4;
    ModelDescription desc;
    desc.base_type = BaseType::Fixed;
    desc.links = {{"base", body(5, Vec3::Zero()), {}},
                  {"l1", body(1, Vec3(l1 / 2, 0, 0)), {}},
                  {"l2", body(1, Vec3(l2 / 2, 0, 0)), {}}};
    desc.joints = {joint("j1", "base", "l1", JointKind::Continuous, Vec3::Zero(), Vec3::UnitZ()),
                   joint("j2", "l1", "l2", JointKind::Continuous, Vec3(l1, 0, 0), Vec3::UnitZ())};
    desc.frames = {{"tip", "l2", Pose{}}};
    desc.frames[0].origin.p = Vec3(l2, 0, 0);
    const Model model = compileModel(desc);
    WorkspaceOptions o;
    o.samples = 300;
    const ReachableWorkspace w =
        sampleReachableWorkspace(model, State::neutral(model), model.frameIndex("tip"), o);
    double worst = 0.0;
    for (const WorkspaceSample& p : w.samples) {
      const double expected = l1 * l2 * std::abs(std::sin(p.q[1]));
      worst = std::max(worst, std::abs(p.manipulability - expected));
      const double r = p.position.norm();
      QVERIFY(r >= l1 - l2 - 1e-12 && r <= l1 + l2 + 1e-12);
    }
    qInfo("2R: largest |w - l1 l2 |sin q2||: %.2e", worst);
    QVERIFY(worst < 1e-12);
    QVERIFY(w.max_manipulability > 0.95 * l1 * l2);
    // Joint 2 held (as a reaction wheel would be): not sampled, its column left out.
    o.held_joints = {1};
    const ReachableWorkspace held =
        sampleReachableWorkspace(model, State::neutral(model), model.frameIndex("tip"), o);
    for (const WorkspaceSample& p : held.samples) {
      QCOMPARE(p.q[1], 0.0);
      QVERIFY(std::abs(p.manipulability - (l1 + l2)) < 1e-12);
    }
  }

  void cartesianVolume() {
    ModelDescription desc;
    desc.base_type = BaseType::Fixed;
    desc.links = {{"base", body(5, Vec3::Zero()), {}},
                  {"x", body(1, Vec3::Zero()), {}},
                  {"y", body(1, Vec3::Zero()), {}},
                  {"z", body(1, Vec3::Zero()), {}}};
    desc.joints = {joint("px", "base", "x", JointKind::Prismatic, Vec3::Zero(), Vec3::UnitX()),
                   joint("py", "x", "y", JointKind::Prismatic, Vec3::Zero(), Vec3::UnitY()),
                   joint("pz", "y", "z", JointKind::Prismatic, Vec3::Zero(), Vec3::UnitZ())};
    for (JointDescription& j : desc.joints) {
      j.has_limits = true;
      j.lower = 0.0;
      j.upper = 1.0;
    }
    const Model model = compileModel(desc);
    WorkspaceOptions o;
    o.samples = 20000;
    o.voxel = 0.1;
    const ReachableWorkspace w =
        sampleReachableWorkspace(model, State::neutral(model), model.frameIndex("z"), o);
    qInfo("unit cube: voxel volume %.4f m^3", w.volume);
    QVERIFY(std::abs(w.volume - 1.0) < 1e-12);
    for (const WorkspaceSample& p : w.samples) QVERIFY(std::abs(p.manipulability - 1.0) < 1e-12);

    desc.joints[1].has_limits = false;
    try {
      sampleReachableWorkspace(compileModel(desc), State::neutral(model), 0, o);
      QFAIL("an unlimited prismatic joint must be refused");
    } catch (const ModelError& e) {
      QVERIFY2(std::string(e.what()).find("joint 'py'") != std::string::npos, e.what());
    }
  }
};

QTEST_APPLESS_MAIN(TestReachableWorkspace)
#include "test_reachable_workspace.moc"
