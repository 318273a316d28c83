// Real files' inertias: a negative principal moment that is
// rounding noise (iCub: -5.4e-20 kg m^2 on a point-mass link) is clipped with one warning; a
// real violation (ANYmal C's cameras, PR2's sensor mount: A + B < C) is rejected with a pointer
// to --repair-inertia, which balances the link as MuJoCo's balanceinertia does. Checked against
// MuJoCo loading the same URDF with balanceinertia="true": same accelerations to 1e-9.
// VMS_NEEDS_MUJOCO
#include <Eigen/Eigenvalues>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "core/algorithms/aba.hpp"
#include "core/io/model_io.hpp"
#include "core/io/urdf.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/inertia_repair.hpp"
#include "core/model/sample_models.hpp"
#include "mjcf_writer.hpp"
#include "mujoco_bridge.hpp"
#include "test_support.hpp"
#include "vms_cli.hpp"

using namespace vms;

namespace {

Mat3 rotated(const Vec3& moments, double angle, const Vec3& axis) {
  const Mat3 R = Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
  return R * moments.asDiagonal() * R.transpose();
}

/// A random free-floating 5-body chain whose link `bad` has principal moments 0.02, 0.03,
/// 0.2 kg m^2 (0.02 + 0.03 < 0.2), rotated off the link axes.
ModelDescription withTriangleViolation(int bad) {
  RandomTreeOptions o;
  o.bodies = 5;
  o.chain = true;
  o.prismatic_fraction = 0.0;
  o.seed = 11;
  ModelDescription d = randomTree(o);
  d.links.at(static_cast<size_t>(bad)).inertial.inertia =
      rotated(Vec3(0.02, 0.03, 0.2), 0.7, Vec3(1, 2, 3));
  return d;
}

using vms::test::Run;
using vms::test::runVms;

}  // namespace

class TestInertiaRepair : public QObject {
  Q_OBJECT
 private slots:
  void roundingNoiseIsClippedWithOneWarning() {
    ModelDescription d = withTriangleViolation(2);
    d.links[2].inertial.inertia = rotated(Vec3(0.02, 0.03, 0.04), 0.3, Vec3(0, 0, 1));
    // A point-mass link as iCub has it: moments all but zero, one of them -5.4e-20.
    d.links[3].inertial.inertia = rotated(Vec3(-5.4e-20, 1e-20, 2e-20), 0.4, Vec3(1, 1, 0));
    std::vector<std::string> warnings;
    const Model m = compileModel(d, &warnings);
    int clip_warnings = 0;
    for (const std::string& w : warnings)
      if (w.find("rounding noise") != std::string::npos) {
        ++clip_warnings;
        QVERIFY2(w.find("'" + d.links[3].name + "'") != std::string::npos, w.c_str());
      }
    QCOMPARE(clip_warnings, 1);
    // The compiled link has no negative moment left.
    double clipped = 0.0;
    const Inertial in = clipRoundingNoise(d.links[3].inertial, &clipped);
    QCOMPARE(
        clipped,
        Eigen::SelfAdjointEigenSolver<Mat3>(d.links[3].inertial.inertia).eigenvalues().minCoeff());
    QVERIFY(clipped < 0.0);
    QVERIFY(Eigen::SelfAdjointEigenSolver<Mat3>(in.inertia).eigenvalues().minCoeff() >= 0.0);
    QCOMPARE(m.nbodies, 5);
    // Physical inertias are left bit for bit.
    const Inertial same = clipRoundingNoise(d.links[2].inertial, &clipped);
    QCOMPARE(clipped, 0.0);
    QVERIFY(same.inertia == d.links[2].inertial.inertia);
  }

  void aRealViolationIsRejectedUnlessRepaired() {
    ModelDescription d = withTriangleViolation(2);
    d.links[3].inertial.inertia = rotated(Vec3(-1e-4, 0.01, 0.01), 0.2, Vec3(0, 1, 0));
    const std::string error = test::errorOf([&] { compileModel(d); });
    QVERIFY2(error.find("triangle inequality") != std::string::npos, error.c_str());
    const std::vector<std::string> repaired = repairInertias(d);
    QCOMPARE(repaired.size(), size_t(2));  // the triangle violation and the negative moment
    QVERIFY2(repaired[0].find("'" + d.links[2].name + "'") != std::string::npos &&
                 repaired[0].find("balanceinertia") != std::string::npos,
             repaired[0].c_str());
    const double mean = (0.02 + 0.03 + 0.2) / 3.0;
    QVERIFY((d.links[2].inertial.inertia - mean * Mat3::Identity()).norm() < 1e-15);
    compileModel(d);                     // accepted now
    QVERIFY(repairInertias(d).empty());  // nothing left to repair
  }

  // MuJoCo reads the same (unrepaired) URDF with balanceinertia="true"; we read it with the
  // repair. Both engines then agree on the accelerations at random states to 1e-9.
  void repairMatchesMujocosBalanceInertia() {
    const ModelDescription d = withTriangleViolation(2);
    test::MujocoExportOptions o;
    o.balance_inertia = true;
    o.energy = true;
    auto mj = test::loadMujoco(test::writeMujocoUrdf(d, o), "violating.urdf");
    ModelDescription repaired = d;
    QCOMPARE(repairInertias(repaired).size(), size_t(1));
    const Model model = compileModel(repaired);
    const test::MujocoMap map = test::mapMujoco(model, mj->m());
    double worst = 0.0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const State s = randomState(model, seed);
      VecX tau = VecX::Random(model.njoints);
      Data data(model);
      aba(model, data, s, tau);
      const VecX ours = test::oursInMujocoConvention(model, s, data.base_twist_dot, data.qdd);
      test::setMujocoState(model, map, s, tau, mj->m(), mj->d());
      mj_forward(mj->m(), mj->d());
      worst = std::max(worst, test::relativeError(ours, test::mujocoAcceleration(map, mj->d())));
    }
    std::printf("  repaired vs MuJoCo balanceinertia: largest relative acceleration error %.2e\n",
                worst);
    QVERIFY2(worst <= 1e-9, qPrintable(QString::number(worst)));
    // Without the repair the accelerations differ: the check can fail.
    ModelDescription unbalanced = d;
    unbalanced.links[2].inertial.inertia = rotated(Vec3(0.05, 0.06, 0.1), 0.7, Vec3(1, 2, 3));
    const Model other = compileModel(unbalanced);
    const State s = randomState(other, 1);
    const VecX tau = VecX::Zero(other.njoints);
    Data data(other);
    aba(other, data, s, tau);
    test::setMujocoState(other, map, s, tau, mj->m(), mj->d());
    mj_forward(mj->m(), mj->d());
    QVERIFY(
        test::relativeError(test::oursInMujocoConvention(other, s, data.base_twist_dot, data.qdd),
                            test::mujocoAcceleration(map, mj->d())) > 1e-4);
  }

  // The command line: refused with a pointer to the option; accepted with it, one warning
  // naming the link (every command that reads a model shares loadModelFromArguments).
  void commandLineRepairInertia() {
    QTemporaryDir dir;
    const ModelDescription d = withTriangleViolation(2);
    const QString model = dir.filePath("violating.urdf");
    saveModelDescription(d, model.toStdString());
    const Run refused = runVms({"convert", model, dir.filePath("out.vms.json")});
    QCOMPARE(refused.status, 1);
    QVERIFY2(
        refused.err.contains("triangle inequality") && refused.err.contains("--repair-inertia"),
        refused.err.constData());
    const Run repaired =
        runVms({"convert", model, dir.filePath("out.vms.json"), "--repair-inertia"});
    QVERIFY2(repaired.status == 0, repaired.err.constData());
    QCOMPARE(repaired.err.count("inertia repaired"), 1);
    QVERIFY(repaired.err.contains(QByteArray::fromStdString("'" + d.links[2].name + "'")));
    // The converted model holds the balanced inertia and loads without the option.
    const Model m = loadModel(dir.filePath("out.vms.json").toStdString());
    QCOMPARE(m.nbodies, 5);
  }
};

QTEST_MAIN(TestInertiaRepair)
#include "test_inertia_repair.moc"
