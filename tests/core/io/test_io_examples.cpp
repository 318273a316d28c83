// The example models in models/: seed 004's planar (Tables 3-4) and spatial (Tables 5-6)
// systems as .vms.json (with a "dh" block) and as URDF exports. Checks the zero-momentum base
// reaction of the planar system against the notes' independent computation, that each URDF
// export is the current writeUrdf() output of its .vms.json and has the same dynamics, and
// that the sample STATE files load.
//
// Set VMS_UPDATE_MODELS=1 to regenerate models/*.urdf from the .vms.json files.
#include <QDir>
#include <QFileInfo>
#include <cstdlib>
#include <fstream>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/io/dh_table.hpp"
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/data.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kModels = std::string(VMS_SOURCE_DIR) + "/models/";

std::string readAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The size of the terms in the equations of motion M nu_dot + h = [b; tau] at this state and
/// acceleration: max_i (sum_j |M_ij nu_dot_j| + |h_i|). A backward error is small against it.
double forceScale(const Model& m, const State& s, const Vec6& base_twist_dot, const VecX& qdd) {
  Data d(m);
  crba(m, d, s);
  nonLinearEffects(m, d, s);
  VecX nu_dot(m.base_basis.cols() + m.njoints);
  nu_dot << m.base_basis.transpose() * base_twist_dot, qdd;
  return ((d.M.cwiseAbs() * nu_dot.cwiseAbs()) + d.nle.cwiseAbs()).maxCoeff();
}

/// |error| <= 1e-14 of the force scale (2e-16 to 4e-16 seen); says the figures if not.
bool smallAgainstForces(const VecX& error, double scale) {
  const double e = error.cwiseAbs().maxCoeff();
  if (e <= 1e-14 * scale) return true;
  qWarning("error %g > 1e-14 x force scale %g", e, scale);
  return false;
}

/// omega_0 / qd_j for each joint j at state s under zero momentum: the base velocity that
/// keeps the generalized base momentum M_bb nu_b + M_bq qd at zero (seed 004, Eq 109).
VecX baseReactionRatios(const Model& m, const State& s, int base_component) {
  Data data(m);
  crba(m, data, s);
  const int b = m.base_dof;
  const MatX Mbb = data.M.topLeftCorner(b, b);
  const MatX Mbq = data.M.topRightCorner(b, m.njoints);
  const MatX nu_b = -Mbb.llt().solve(Mbq);  // b x n: base velocity per unit joint rate
  return nu_b.row(base_component).transpose();
}

}  // namespace

class TestIoExamples : public QObject {
  Q_OBJECT
 private slots:
  void planarZeroMomentumMatchesNotes();
  void planarFileKinematics();
  void spatialFile();
  void urdfExportsAreCurrent_data();
  void urdfExportsAreCurrent();
  void urdfAndJsonHaveSameDynamics_data();
  void urdfAndJsonHaveSameDynamics();
  void vmsJsonRoundTripOfExamples();
  void sampleStates_data();
  void sampleStates();
};

void TestIoExamples::planarZeroMomentumMatchesNotes() {
  // Notes (seed-004.md, section 8): omega_0 / qd_j at q = 0 for joints 1..4.
  const double with_b0_0[4] = {-0.986, -0.658, -0.339, -0.096};
  const double with_b0_01[4] = {-0.913, -0.603, -0.308, -0.087};
  // From the model file (b0 = 0.1) ...
  const Model file = loadModel(kModels + "seed004_planar.vms.json");
  QVERIFY(file.base_type == BaseType::Planar);
  VecX r = baseReactionRatios(file, State::neutral(file), 2);  // planar basis: v_x, v_y, w_z
  for (int j = 0; j < 4; ++j)
    QVERIFY2(std::abs(r[j] - with_b0_01[j]) < 1e-3,
             ("joint " + std::to_string(j + 1) + ": " + std::to_string(r[j])).c_str());
  // ... and from the same file with b0 = 0.
  ModelDescription d = loadModelDescription(kModels + "seed004_planar.vms.json");
  d.joints[0].origin.p.setZero();
  const Model m0 = compileModel(d);
  r = baseReactionRatios(m0, State::neutral(m0), 2);
  for (int j = 0; j < 4; ++j)
    QVERIFY2(std::abs(r[j] - with_b0_0[j]) < 1e-3,
             ("b0 = 0, joint " + std::to_string(j + 1) + ": " + std::to_string(r[j])).c_str());
  // The same ratios for a free-floating base (the planar subgroup loses nothing here).
  const Model free = loadModel(kModels + "seed004_planar.vms.json", BaseType::Free);
  r = baseReactionRatios(free, State::neutral(free), 5);
  for (int j = 0; j < 4; ++j) QVERIFY(std::abs(r[j] - with_b0_01[j]) < 1e-3);
}

void TestIoExamples::planarFileKinematics() {
  const Model m = loadModel(kModels + "seed004_planar.vms.json");
  QCOMPARE(m.njoints, 4);
  QCOMPARE(m.total_mass, 18.0);
  QCOMPARE(m.joint_names[0], std::string("joint1"));
  Data data(m);
  forwardKinematics(m, data, State::neutral(m));
  // b0 + 4 * (a + b) along x.
  VMS_COMPARE_REL(framePose(m, data, m.frameIndex("end_effector")).p, Vec3(1.7, 0, 0), 1e-15);
  // Table 3 inertias: the link's inertia about its CoM is Table 3's, axes aligned (alpha = 0).
  const int body = m.joint_body[2];
  VMS_COMPARE_REL(m.inertia_com[body], Mat3(Vec3(0.0065, 0.0321, 0.0277).asDiagonal()), 1e-15);
  QVERIFY(m.com[body] == Vec3(0.2, 0, 0));
}

void TestIoExamples::spatialFile() {
  const Model m = loadModel(kModels + "seed004_spatial.vms.json");
  QVERIFY(m.base_type == BaseType::Free);
  QCOMPARE(m.njoints, 6);
  QCOMPARE(m.total_mass, 1700.0 + 5 + 50 + 50 + 10 + 5 + 5);
  Data data(m);
  forwardKinematics(m, data, State::neutral(m));
  // Joint 1's axis is the base x axis, mounted at b0 = (1.75, 0, 0).
  const int b1 = m.joint_body[0];
  VMS_COMPARE_REL(Vec3(data.oMi[b1].R * m.joint_axis[b1]), Vec3(1, 0, 0), 1e-15);
  VMS_COMPARE_REL(data.oMi[b1].p, Vec3(1.75, 0, 0), 1e-15);
  // q = 0: link 1 reaches 0.25 m along x, then links 2-6 run along J_1's x = base -z:
  // 2.5 + 2.5 + 0.5 + 0.25 + 0.25 = 6 m.
  VMS_COMPARE_REL(framePose(m, data, m.frameIndex("end_effector")).p, Vec3(2.0, 0, -6.0), 1e-14);
  // Joints 2-4 turn about the base -y axis (motion in the x-z plane).
  for (int k = 1; k <= 3; ++k) {
    const int b = m.joint_body[k];
    VMS_COMPARE_REL(Vec3(data.oMi[b].R * m.joint_axis[b]), Vec3(0, -1, 0), 1e-15);
  }
}

void TestIoExamples::urdfExportsAreCurrent_data() {
  QTest::addColumn<QString>("name");
  QTest::newRow("planar") << "seed004_planar";
  QTest::newRow("spatial") << "seed004_spatial";
}

void TestIoExamples::urdfExportsAreCurrent() {
  QFETCH(QString, name);
  const std::string base = kModels + name.toStdString();
  const ModelDescription d = loadModelDescription(base + ".vms.json");
  const std::string text = writeUrdf(d);
  if (std::getenv("VMS_UPDATE_MODELS")) std::ofstream(base + ".urdf") << text;
  QVERIFY2(readAll(base + ".urdf") == text,
           "models/*.urdf differ from writeUrdf(*.vms.json): rerun with VMS_UPDATE_MODELS=1");
}

void TestIoExamples::urdfAndJsonHaveSameDynamics_data() { urdfExportsAreCurrent_data(); }

void TestIoExamples::urdfAndJsonHaveSameDynamics() {
  QFETCH(QString, name);
  const std::string base = kModels + name.toStdString();
  const Model mj = loadModel(base + ".vms.json");
  std::vector<std::string> warnings;
  const Model mu = loadModel(base + ".urdf", mj.base_type, &warnings);  // URDF: --base
  QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings[0].c_str());
  QCOMPARE(mu.njoints, mj.njoints);
  QCOMPARE(mu.nbodies, mj.nbodies);
  QVERIFY(mu.joint_names == mj.joint_names);
  for (int k = 0; k < mj.nbodies; ++k) {
    QCOMPARE(mu.mass[k], mj.mass[k]);
    VMS_COMPARE_REL(mu.com[k], mj.com[k], 1e-15);
    VMS_COMPARE_REL(mu.inertia_com[k], mj.inertia_com[k], 1e-15);
    VMS_COMPARE_REL(mu.joint_placement[k].R, mj.joint_placement[k].R, 1e-15);
    VMS_COMPARE_REL(mu.joint_placement[k].p, mj.joint_placement[k].p, 1e-15);
  }
  QVERIFY(mu.frameIndex("end_effector") >= 0);
  // The two files' parameters agree to rounding (above), not bitwise: the URDF's rpy angles
  // give rotation matrices a few ulps away from the JSON's. So the dynamics are compared where
  // rounding is not amplified, against the size of the terms in the equations of motion.
  // Inverse dynamics is a forward map of the parameters: both models give the same forces at
  // the same accelerations. Forward dynamics solves M a = r, whose solution moves by up to
  // cond(M) times the parameters' rounding (qdd differed by 1.1e-12 under clang), so it is
  // checked by its backward error: the URDF model's accelerations satisfy the JSON model's
  // equations of motion.
  Data dj(mj), du(mu);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const State s = randomState(mj, seed);
    const VecX tau = VecX::Random(mj.njoints);
    const VecX qdd = VecX::Random(mj.njoints);
    const Vec6 base_accel = mj.base_basis * VecX::Random(mj.base_basis.cols());
    rnea(mj, dj, s, base_accel, qdd);
    rnea(mu, du, s, base_accel, qdd);
    VecX difference(mj.base_basis.cols() + mj.njoints);
    difference << du.base_force - dj.base_force, du.tau - dj.tau;
    QVERIFY(smallAgainstForces(difference, forceScale(mj, s, base_accel, qdd)));

    aba(mu, du, s, tau);
    rnea(mj, dj, s, du.base_twist_dot, du.qdd);
    VecX residual(mj.base_basis.cols() + mj.njoints);
    residual << dj.base_force, dj.tau - tau;  // unactuated vehicle, no applied wrench: b = 0
    QVERIFY(smallAgainstForces(residual, forceScale(mj, s, du.base_twist_dot, du.qdd)));
  }
}

void TestIoExamples::vmsJsonRoundTripOfExamples() {
  for (const char* f : {"seed004_planar.vms.json", "seed004_spatial.vms.json"}) {
    const ModelDescription d = loadModelDescription(kModels + f);
    const std::string text = writeVmsJson(d);
    QCOMPARE(writeVmsJson(parseVmsJson(text, f, nullptr)), text);
  }
}

void TestIoExamples::sampleStates_data() {
  QTest::addColumn<QString>("model");
  QTest::addColumn<QString>("state");
  QTest::addColumn<bool>("moving");
  for (const char* m : {"seed004_planar", "seed004_spatial"}) {
    for (const char* kind : {"rest", "moving"}) {
      const QString state = QString("state_%1_%2.json").arg(m, kind);
      QTest::newRow(state.toUtf8().constData()) << QString(m) << state << (kind[0] == 'm');
    }
  }
}

void TestIoExamples::sampleStates() {
  QFETCH(QString, model);
  QFETCH(QString, state);
  QFETCH(bool, moving);
  for (const char* ext : {".vms.json", ".urdf"}) {
    const std::string mpath = kModels + model.toStdString() + ext;
    const BaseType base = loadModel(kModels + model.toStdString() + ".vms.json").base_type;
    const Model m = loadModel(mpath, base);
    std::vector<std::string> warnings;
    const StateFile f = readStateFile(kModels + state.toStdString(), m, &warnings);
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings[0].c_str());
    QCOMPARE(f.state.q.size(), Eigen::Index(m.njoints));
    if (moving) {
      QVERIFY(f.state.qd.norm() > 0.0);
      QVERIFY(f.state.base_twist.norm() > 0.0);
    } else {
      QVERIFY(f.state.q.isZero(0.0));
      QVERIFY(f.state.qd.isZero(0.0));
      QVERIFY(f.state.base_twist.isZero(0.0));
    }
    Data data(m);
    aba(m, data, f.state, f.tau);
    QVERIFY(data.qdd.allFinite());
  }
}

QTEST_APPLESS_MAIN(TestIoExamples)
#include "test_io_examples.moc"
