// Composing models: SPART's KUKA LWR mounted on seed 004's
// spacecraft, and a model's vehicle replaced by another. Checked against independent
// computations: the mounted arm's link poses equal vehicle pose · mount placement · the arm's
// own fixed-base kinematics; the composite's accelerations equal MuJoCo's on the same
// composite; replacing a vehicle by an identical one gives the original dynamics.
// VMS_NEEDS_MUJOCO
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/compose_models.hpp"
#include "core/model/sample_models.hpp"
#include "mjcf_writer.hpp"
#include "mujoco_bridge.hpp"
#include "mujoco_difference.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;

namespace {

const std::string kSource = VMS_SOURCE_DIR;
const std::string kKuka = kSource + "/tests/data/urdf-spart/kuka_lwr.urdf";
const std::string kSeed004 = kSource + "/models/seed004_spatial.vms.json";

/// Seed 004's spacecraft alone: its root link (the bus) and the frames on it.
ModelDescription spacecraftOnly() {
  const ModelDescription full = loadModelDescription(kSeed004, nullptr);
  ModelDescription d = full;
  const std::string root = rootLinkName(full);
  d.links.clear();
  d.joints.clear();
  d.frames.clear();
  d.added_mass.clear();
  for (const LinkDescription& l : full.links)
    if (l.name == root) d.links.push_back(l);
  for (const FrameDescription& f : full.frames)
    if (f.link == root) d.frames.push_back(f);
  return d;
}

/// The mount of the seed-004 arm: b0 = (1.75, 0, 0), the arm's z along the bus's +x.
Pose mountPlacement() {
  Pose p;
  p.R = Eigen::AngleAxisd(M_PI / 2, Vec3::UnitY()).toRotationMatrix();
  p.p = Vec3(1.75, 0, 0);
  return p;
}

double poseError(const Pose& a, const Pose& b) {
  return std::max((a.R - b.R).cwiseAbs().maxCoeff(), (a.p - b.p).cwiseAbs().maxCoeff());
}

/// Largest relative difference of our accelerations from MuJoCo's on `d` at 3 random states.
double mujocoDifference(const ModelDescription& d) {
  test::MujocoExportOptions o;
  auto mj = test::loadMujoco(test::writeMjcf(d, o), "composite.xml");
  const Model model = compileModel(d);
  return test::mujocoAccelerationDifference(model, *mj);
}

}  // namespace

class TestComposeModels : public QObject {
  Q_OBJECT
 private slots:
  void kukaOnSeed004Spacecraft() {
    const ModelDescription bus = spacecraftOnly();
    const ModelDescription kuka = loadModelDescription(kKuka, nullptr);
    MountOptions o;
    o.placement = mountPlacement();
    o.arm_mesh_directory = "../tests/data/urdf-spart";
    const ModelDescription d = mountArm(bus, kuka, o);
    QCOMPARE(d.name, bus.name);
    QCOMPARE(d.links.size(), bus.links.size() + kuka.links.size());
    QCOMPARE(d.joints.size(), kuka.joints.size() + 1);  // + the fixed mount joint
    QCOMPARE(d.joints[0].name, rootLinkName(kuka) + "_mount");
    QVERIFY(d.joints[0].kind == JointKind::Fixed);
    // Relative mesh paths point at the arm's folder from models/.
    QCOMPARE(d.links[1].visuals[0].mesh,
             std::string("../tests/data/urdf-spart/meshes_kuka_lwr/arm_base.stl"));

    const Model m = compileModel(d);
    const Model arm = compileModel([&] {
      ModelDescription a = kuka;
      a.base_type = BaseType::Fixed;
      return a;
    }());
    QCOMPARE(m.njoints, arm.njoints);
    QCOMPARE(m.njoints, 7);
    double arm_mass = 0.0;
    for (const LinkDescription& l : kuka.links) arm_mass += l.inertial.mass;
    QVERIFY(std::abs(m.total_mass - (1700.0 + arm_mass)) < 1e-9);

    // Kinematics: every arm link in the world = vehicle pose * mount * the arm's own
    // fixed-base pose of that link (the arm compiled alone, its root at the origin).
    double worst = 0.0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const State s = randomState(m, seed);
      State sa = State::neutral(arm);
      sa.q = s.q;
      Data dm(m), da(arm);
      forwardKinematics(m, dm, s);
      forwardKinematics(arm, da, sa);
      for (const LinkDescription& l : kuka.links) {
        const Pose composite = framePose(m, dm, m.frameIndex(l.name));
        const Pose expected =
            s.basePose() * o.placement * framePose(arm, da, arm.frameIndex(l.name));
        worst = std::max(worst, poseError(composite, expected));
      }
    }
    std::printf("  mounted arm link poses vs vehicle*mount*arm: largest difference %.2e\n", worst);
    QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));

    // Dynamics of the composite against MuJoCo on the same composite.
    const double mj = mujocoDifference(d);
    std::printf("  kuka_lwr on seed 004's spacecraft vs MuJoCo: relative difference %.2e\n", mj);
    QVERIFY2(mj <= 1e-9, qPrintable(QString::number(mj)));

    // Saved as one model, it reads back to the same description and simulates.
    QTemporaryDir dir;
    const std::string file = dir.filePath("kuka_on_spacecraft.vms.json").toStdString();
    saveModelDescription(d, file);
    QCOMPARE(writeVmsJson(loadModelDescription(file, nullptr)), writeVmsJson(d));
    const State moving = randomState(m, 11);
    const std::string state_file = dir.filePath("state.json").toStdString();
    {
      std::ofstream out(state_file);
      out << writeStateJson(m, moving, VecX::Constant(m.njoints, 1.0));
    }
    const test::Run run = test::runVms({"simulate", QString::fromStdString(file), "--state",
                                        QString::fromStdString(state_file), "--duration", "0.5",
                                        "--dt", "0.01", "--out", dir.filePath("out.csv")});
    QVERIFY2(run.status == 0, run.err.constData());
  }

  // `vms mount` (extension): the same composition from the command line, saved elsewhere with
  // the mesh paths rebased on the output's folder.
  void commandLineMount() {
    QTemporaryDir dir;
    const QString vehicle = dir.filePath("bus.vms.json");
    saveModelDescription(spacecraftOnly(), vehicle.toStdString());
    QDir(dir.path()).mkdir("out");
    const QString out = dir.filePath("out/kuka_on_bus.vms.json");
    const test::Run run = test::runVms({"mount", vehicle, QString::fromStdString(kKuka), out,
                                        "--xyz", "1.75,0,0", "--rpy", "0,1.5707963267948966,0"});
    QVERIFY2(run.status == 0, run.err.constData());
    // Says what it wrote.
    QVERIFY2(run.out.startsWith("vms mount: wrote " + out.toUtf8() + ": "), run.out.constData());
    QVERIFY2(run.out.contains(" links") && run.out.contains("kuka_lwr.urdf"), run.out.constData());
    const ModelDescription d = loadModelDescription(out.toStdString(), nullptr);
    MountOptions o;
    o.placement = mountPlacement();
    const ModelDescription expected =
        mountArm(spacecraftOnly(), loadModelDescription(kKuka, nullptr), o);
    QCOMPARE(d.links.size(), expected.links.size());
    QVERIFY(poseError(d.joints[0].origin, expected.joints[0].origin) < 1e-15);
    // (The repository keeps SPART's URDFs without their meshes: the path is compared.)
    const std::string mesh = d.links[1].visuals[0].mesh;
    QCOMPARE(QDir::cleanPath(QDir(dir.filePath("out")).filePath(QString::fromStdString(mesh))),
             QDir::cleanPath(QFileInfo(QString::fromStdString(kKuka)).absolutePath() +
                             "/meshes_kuka_lwr/arm_base.stl"));
    const test::Run bad_xyz =
        test::runVms({"mount", vehicle, QString::fromStdString(kKuka), out, "--xyz", "1,2"});
    QCOMPARE(bad_xyz.status, 2);
    QVERIFY(bad_xyz.err.contains("--xyz"));
    const test::Run nowhere =
        test::runVms({"mount", vehicle, QString::fromStdString(kKuka), out, "--at", "nowhere"});
    QCOMPARE(nowhere.status, 1);
    QVERIFY(nowhere.err.contains("'nowhere'") && nowhere.err.count('\n') == 1);
  }

  void mountOnAFrameEqualsTheLinkAndTheFramePlacement() {
    ModelDescription bus = spacecraftOnly();
    FrameDescription port;
    port.name = "port";
    port.link = bus.links[0].name;
    port.origin.p = Vec3(0.3, -0.2, 1.75);
    port.origin.R = Eigen::AngleAxisd(0.4, Vec3(1, 1, 0).normalized()).toRotationMatrix();
    bus.frames.push_back(port);
    const ModelDescription kuka = loadModelDescription(kKuka, nullptr);
    MountOptions on_frame;
    on_frame.parent_link = "port";
    on_frame.placement = mountPlacement();
    MountOptions on_link;
    on_link.placement = port.origin * mountPlacement();
    const ModelDescription a = mountArm(bus, kuka, on_frame);
    const ModelDescription b = mountArm(bus, kuka, on_link);
    QCOMPARE(a.joints[0].parent, bus.links[0].name);
    QVERIFY(poseError(a.joints[0].origin, b.joints[0].origin) == 0.0);
  }

  void namesInBothModelsNeedAPrefix() {
    const ModelDescription bus = spacecraftOnly();
    const ModelDescription kuka = loadModelDescription(kKuka, nullptr);
    const ModelDescription one = mountArm(bus, kuka, MountOptions{});
    const std::string clash = test::errorOf([&] { mountArm(one, kuka, MountOptions{}); });
    QVERIFY2(clash.find("already used") != std::string::npos &&
                 clash.find("prefix") != std::string::npos,
             clash.c_str());
    // A dual-arm spacecraft: the second arm with a prefix, on the opposite face.
    MountOptions right;
    right.prefix = "right_";
    right.placement.p = Vec3(-1.75, 0, 0);
    right.placement.R = Eigen::AngleAxisd(-M_PI / 2, Vec3::UnitY()).toRotationMatrix();
    const ModelDescription two = mountArm(one, kuka, right);
    const Model m = compileModel(two);
    QCOMPARE(m.njoints, 14);
    QVERIFY(m.frameIndex("right_kuka_arm_7_link") >= 0);
    const double mj = mujocoDifference(two);
    std::printf("  dual-arm spacecraft vs MuJoCo: relative difference %.2e\n", mj);
    QVERIFY2(mj <= 1e-9, qPrintable(QString::number(mj)));
    // An invalid prefix and an unknown mount point are refused by name.
    MountOptions bad;
    bad.prefix = "a\nb";
    QVERIFY(test::errorOf([&] { mountArm(bus, kuka, bad); }).find("prefix") != std::string::npos);
    MountOptions nowhere;
    nowhere.parent_link = "nowhere";
    QVERIFY(test::errorOf([&] { mountArm(bus, kuka, nowhere); }).find("'nowhere'") !=
            std::string::npos);
  }

  // Replacing seed 004's spacecraft by a copy of itself (other names) gives the same model:
  // identical accelerations. Replacing it by another vehicle keeps the arm's offsets.
  void replaceVehicle() {
    const ModelDescription original = loadModelDescription(kSeed004, nullptr);
    ModelDescription copy = spacecraftOnly();
    copy.name = "other";
    copy.links[0].name = "bus";
    for (FrameDescription& f : copy.frames) {
      f.name = "bus_" + f.name;
      f.link = "bus";
    }
    std::vector<std::string> dropped;
    const ModelDescription same = vms::replaceVehicle(original, copy, {}, &dropped);
    QVERIFY(dropped.empty());
    QCOMPARE(same.name, original.name);
    const Model a = compileModel(original);
    const Model b = compileModel(same);
    QCOMPARE(b.njoints, a.njoints);
    const State s = randomState(a, 7);
    const VecX tau = VecX::LinSpaced(a.njoints, -1.0, 2.0);
    Data da(a), db(b);
    aba(a, da, s, tau);
    aba(b, db, s, tau);
    const double diff = std::max((da.qdd - db.qdd).cwiseAbs().maxCoeff(),
                                 (da.base_twist_dot - db.base_twist_dot).cwiseAbs().maxCoeff());
    QVERIFY2(diff == 0.0, qPrintable(QString::number(diff)));

    // Another vehicle: an underwater-style box with the arm's old root frame at a placement;
    // the arm's links sit at vehicle * placement * (old-root-relative pose).
    ModelDescription box;
    box.name = "box";
    box.base_type = BaseType::Planar;
    LinkDescription hull;
    hull.name = "hull";
    hull.inertial.mass = 200;
    hull.inertial.inertia = Vec3(20, 30, 40).asDiagonal();
    box.links.push_back(hull);
    ReplaceVehicleOptions o;
    o.placement.p = Vec3(0.5, 0, 0.2);
    o.placement.R = Eigen::AngleAxisd(0.3, Vec3::UnitZ()).toRotationMatrix();
    const ModelDescription swapped = vms::replaceVehicle(original, box, o);
    QVERIFY(swapped.base_type == BaseType::Planar);
    const Model c = compileModel(swapped);
    const State sa = randomState(a, 3);
    State sc = State::neutral(c);
    sc.q = sa.q;
    Data fa(a), fc(c);
    State sa_at_rest = State::neutral(a);
    sa_at_rest.q = sa.q;
    forwardKinematics(a, fa, sa_at_rest);
    forwardKinematics(c, fc, sc);
    double worst = 0.0;
    for (size_t i = 1; i < original.links.size(); ++i) {
      const std::string& name = original.links[i].name;
      worst = std::max(worst, poseError(framePose(c, fc, c.frameIndex(name)),
                                        o.placement * framePose(a, fa, a.frameIndex(name))));
    }
    QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));
    // A clash between the models' names is refused.
    ModelDescription clashing = box;
    clashing.links[0].name = original.links[1].name;
    QVERIFY(test::errorOf([&] {
              vms::replaceVehicle(original, clashing, {});
            }).find("already used") != std::string::npos);
  }
};

QTEST_MAIN(TestComposeModels)
#include "test_compose_models.moc"
