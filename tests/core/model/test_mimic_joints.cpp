// Mimic joints (URDF <mimic>: Panda's, Baxter's, PR2's grippers): one generalized
// coordinate drives a leader and its mimics, in every solver. Checked against the coupling
// eliminated by hand: with G the map from the independent coordinates to all of them
// (nu = G x), the reduced equations G^T M G x_dd = G^T (tau - h) with M and h of the same model
// without the coupling (crba, rnea), and nu_dot = G x_dd; to 1e-9 for every registered solver.
// Plus: the files (URDF and .vms.json) read and write <mimic>; a simulation keeps the mimics on
// their leaders and conserves momentum and energy; bad mimics are refused by name.
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/io/model_io.hpp"
#include "core/io/state_io.hpp"
#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/joint_coupling.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

LinkDescription link(const std::string& name, double mass, const Vec3& com, const Vec3& moments) {
  LinkDescription l;
  l.name = name;
  l.inertial.mass = mass;
  l.inertial.com = com;
  l.inertial.inertia = moments.asDiagonal();
  return l;
}

JointDescription joint(const std::string& name, JointKind kind, const std::string& parent,
                       const std::string& child, const Vec3& xyz, const Vec3& axis) {
  JointDescription j;
  j.name = name;
  j.kind = kind;
  j.parent = parent;
  j.child = child;
  j.origin.p = xyz;
  j.origin.R = Eigen::AngleAxisd(0.3, Vec3(1, 2, 0.5).normalized()).toRotationMatrix();
  j.axis = axis.normalized();
  return j;
}

void mimic(JointDescription& j, const std::string& leader, double multiplier, double offset) {
  j.has_mimic = true;
  j.mimic = {leader, multiplier, offset};
}

/// A free-floating spacecraft with a 2R arm and a parallel gripper whose right finger mimics
/// the left one (mirrored), plus an antenna on the bus geared to the first arm joint
/// (multiplier -0.5, offset 0.2): two mimics, on two branches, prismatic and revolute.
ModelDescription gripperOnSpacecraft() {
  ModelDescription d;
  d.name = "gripper_on_spacecraft";
  d.links = {link("bus", 200, Vec3(0.01, 0, 0), Vec3(20, 25, 30)),
             link("upper", 4, Vec3(0, 0, 0.25), Vec3(0.09, 0.09, 0.01)),
             link("fore", 3, Vec3(0.2, 0, 0), Vec3(0.01, 0.05, 0.05)),
             link("hand", 1, Vec3(0.03, 0, 0), Vec3(0.002, 0.003, 0.003)),
             link("finger_l", 0.2, Vec3(0.04, 0, 0), Vec3(1e-4, 2e-4, 2e-4)),
             link("finger_r", 0.25, Vec3(0.04, 0.01, 0), Vec3(1e-4, 2e-4, 3e-4)),
             link("antenna", 2, Vec3(0, 0.3, 0), Vec3(0.06, 0.01, 0.06))};
  d.joints = {
      joint("shoulder", JointKind::Revolute, "bus", "upper", Vec3(0.6, 0, 0.5), Vec3(0, 0, 1)),
      joint("elbow", JointKind::Revolute, "upper", "fore", Vec3(0, 0, 0.5), Vec3(0, 1, 0)),
      joint("wrist", JointKind::Fixed, "fore", "hand", Vec3(0.4, 0, 0), Vec3(1, 0, 0)),
      joint("finger_l_joint", JointKind::Prismatic, "hand", "finger_l", Vec3(0.06, 0.02, 0),
            Vec3(0, 1, 0)),
      joint("finger_r_joint", JointKind::Prismatic, "hand", "finger_r", Vec3(0.06, -0.02, 0),
            Vec3(0, -1, 0)),
      joint("antenna_joint", JointKind::Revolute, "bus", "antenna", Vec3(-0.5, 0, 0.6),
            Vec3(1, 0, 0.2))};
  mimic(d.joints[4], "finger_l_joint", 1.0, 0.0);
  mimic(d.joints[5], "shoulder", -0.5, 0.2);
  return d;
}

/// The description without its couplings: every joint moves on its own.
ModelDescription uncoupled(ModelDescription d) {
  for (JointDescription& j : d.joints) j.has_mimic = false;
  return d;
}

/// nu = G x: the identity on the vehicle and the independent joints, a mimic's row is its
/// multiplier times its leader's.
MatX couplingMap(const Model& m) {
  std::vector<int> independent(static_cast<size_t>(m.njoints), -1);
  int nx = m.base_dof;
  std::vector<bool> is_mimic(static_cast<size_t>(m.njoints), false);
  for (const JointCoupling& c : m.couplings) is_mimic[static_cast<size_t>(c.joint)] = true;
  for (int k = 0; k < m.njoints; ++k)
    if (!is_mimic[static_cast<size_t>(k)]) independent[static_cast<size_t>(k)] = nx++;
  MatX G = MatX::Zero(m.nv, nx);
  G.topLeftCorner(m.base_dof, m.base_dof).setIdentity();
  for (int k = 0; k < m.njoints; ++k)
    if (independent[static_cast<size_t>(k)] >= 0)
      G(m.base_dof + k, independent[static_cast<size_t>(k)]) = 1.0;
  for (const JointCoupling& c : m.couplings)
    G(m.base_dof + c.joint, independent[static_cast<size_t>(c.leader)]) = c.multiplier;
  return G;
}

/// nu_dot from the coupling eliminated by hand (see the file comment).
VecX reducedAccelerations(const Model& free_model, const MatX& G, const State& s, const VecX& tau) {
  Data data(free_model);
  crba(free_model, data, s);
  nonLinearEffects(free_model, data, s);
  VecX rhs = -data.nle;
  rhs.tail(free_model.njoints) += tau;
  const MatX Mr = G.transpose() * data.M * G;
  const VecX xdd = Mr.ldlt().solve(G.transpose() * rhs);
  return G * xdd;
}

VecX solverAccelerations(ForwardDynamicsSolver& solver, const Model& m, const State& s,
                         const VecX& tau) {
  Data data(m);
  solver.compute(m, data, s, tau, ExternalForces{});
  VecX nud(m.nv);
  nud << m.base_basis.transpose() * data.base_twist_dot, data.qdd;
  return nud;
}

}  // namespace

class TestMimicJoints : public QObject {
  Q_OBJECT
 private slots:
  void everySolverMatchesTheHandReduction() {
    const ModelDescription d = gripperOnSpacecraft();
    const Model m = compileModel(d);
    const Model free_model = compileModel(uncoupled(d));
    QCOMPARE(static_cast<int>(m.couplings.size()), 2);
    const MatX G = couplingMap(m);
    QCOMPARE(G.cols(), m.nv - 2);  // one coordinate for each leader and its mimic
    double worst = 0.0, uncoupled_difference = 1e300;
    for (const std::string& name : solverNames()) {
      if (!solverSupports(name, m.base_type)) continue;
      auto solver = makeSolver(name, m);
      auto free_solver = makeSolver(name, free_model);
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const State s = randomState(m, seed);
        QVERIFY(jointCouplingViolation(m, s) == 0.0);
        const VecX tau = VecX::LinSpaced(m.njoints, -0.5, 0.7);
        const VecX expected = reducedAccelerations(free_model, G, s, tau);
        const VecX got = solverAccelerations(*solver, m, s, tau);
        const double err = test::relativeError(got, expected);
        worst = std::max(worst, err);
        QVERIFY2(err <= 1e-9,
                 qPrintable(QString::fromStdString(name) + ": " + QString::number(err)));
        // The check can fail: the same solver without the coupling is far off.
        uncoupled_difference = std::min(
            uncoupled_difference,
            test::relativeError(solverAccelerations(*free_solver, free_model, s, tau), expected));
      }
    }
    std::printf(
        "  every solver vs the hand reduction G^T M G: largest relative error %.2e; "
        "without the coupling at least %.2e\n",
        worst, uncoupled_difference);
    QVERIFY(uncoupled_difference > 1e-3);
  }

  // The mimics stay on their leaders along a simulation (the coupling is linear, and every
  // integrator keeps linear invariants up to rounding); free-floating: momentum and energy
  // (no torques, no damping) are conserved by the fourth-order integrators.
  void aSimulationKeepsTheCoupling() {
    const Model m = compileModel(gripperOnSpacecraft());
    for (const std::string integrator : {"rk4", "euler", "rk45", "momentum-rk4"}) {
      SystemDynamics dyn(m);
      dyn.setDampingEnabled(false);
      auto integ = makeIntegrator(integrator, m, 1e-9, 1e-12);
      State s = randomState(m, 5);
      Data data(m);
      computeKinematics(m, data, s);
      const MomentumSummary first = computeMomentum(m, data);
      double violation = 0.0, dE = 0.0, dL = 0.0;
      for (int k = 0; k < 2000; ++k) {
        integ->advance(dyn, s, 1e-3);
        violation = std::max(violation, jointCouplingViolation(m, s));
        computeKinematics(m, data, s);
        const MomentumSummary now = computeMomentum(m, data);
        dE = std::max(dE,
                      std::abs(now.kinetic_energy - first.kinetic_energy) / first.kinetic_energy);
        dL = std::max(
            dL, (now.angular_origin - first.angular_origin).norm() / first.angular_origin.norm());
      }
      std::printf("  %s, 2 s: mimic violation %.1e, energy drift %.1e, angular momentum %.1e\n",
                  integrator.c_str(), violation, dE, dL);
      QVERIFY2(violation < 1e-12, qPrintable(QString::number(violation)));
      // Conservation for the fourth-order methods (euler's first-order truncation error is
      // 1e-4 here).
      if (integrator != std::string("euler")) {
        QVERIFY2(dL < 1e-9, qPrintable(QString::number(dL)));
        QVERIFY2(dE < 1e-8, qPrintable(QString::number(dE)));
      }
    }
  }

  void filesReadAndWriteMimic() {
    const ModelDescription d = gripperOnSpacecraft();
    // .vms.json: bit-exact round trip.
    const std::string json = writeVmsJson(d);
    QVERIFY(json.find("\"mimic\"") != std::string::npos);
    QCOMPARE(writeVmsJson(parseVmsJson(json, "g.vms.json")), json);
    // URDF: <mimic joint multiplier offset>, read back into the same couplings.
    const std::string urdf = writeUrdf(d);
    QVERIFY(urdf.find("<mimic joint=\"shoulder\" multiplier=\"-0.5\" offset=\"0.2\"/>") !=
            std::string::npos);
    std::vector<std::string> warnings;
    const ModelDescription back = parseUrdf(urdf, "g.urdf", &warnings);
    for (const std::string& w : warnings)
      QVERIFY2(w.find("mimic") == std::string::npos, w.c_str());  // no "not supported" left
    const Model m = compileModel(back);
    QCOMPARE(static_cast<int>(m.couplings.size()), 2);
    QCOMPARE(m.couplings[1].joint, m.jointIndex("antenna_joint"));
    QCOMPARE(m.couplings[1].leader, m.jointIndex("shoulder"));
    QCOMPARE(m.couplings[1].multiplier, -0.5);
    QCOMPARE(m.couplings[1].offset, 0.2);
    // A URDF <mimic> with the defaults (multiplier 1, offset 0).
    const std::string minimal =
        "<robot name=\"r\"><link name=\"a\"><inertial><mass value=\"1\"/><inertia ixx=\"1\" "
        "iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>"
        "<link name=\"b\"><inertial><mass value=\"1\"/><inertia ixx=\"1\" iyy=\"1\" izz=\"1\" "
        "ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>"
        "<link name=\"c\"><inertial><mass value=\"1\"/><inertia ixx=\"1\" iyy=\"1\" izz=\"1\" "
        "ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>"
        "<joint name=\"j1\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/></joint>"
        "<joint name=\"j2\" type=\"continuous\"><parent link=\"a\"/><child link=\"c\"/>"
        "<mimic joint=\"j1\"/></joint></robot>";
    const ModelDescription md = parseUrdf(minimal, "m.urdf", nullptr);
    QVERIFY(md.joints[1].has_mimic);
    QCOMPARE(md.joints[1].mimic.joint, std::string("j1"));
    QCOMPARE(md.joints[1].mimic.multiplier, 1.0);
    QCOMPARE(md.joints[1].mimic.offset, 0.0);
    QVERIFY(test::errorOf([&] {
              std::string bad = minimal;
              bad.replace(bad.find("<mimic joint=\"j1\"/>"), 19,
                          "<mimic joint=\"j1\" multiplier=\"1,2\"/>");
              parseUrdf(bad, "m.urdf", nullptr);
            }).find("<mimic>") != std::string::npos);
  }

  // A STATE file's values for a mimic are replaced by its leader's, with one warning.
  void stateFilesFollowTheLeader() {
    const Model m = compileModel(gripperOnSpacecraft());
    State s = randomState(m, 3);
    s.q[m.jointIndex("antenna_joint")] += 0.5;
    std::vector<std::string> warnings;
    const StateFile f = parseStateJson(writeStateJson(m, s, VecX()), "s.json", m, &warnings);
    QCOMPARE(jointCouplingViolation(m, f.state), 0.0);
    QCOMPARE(static_cast<int>(warnings.size()), 1);
    QVERIFY2(warnings[0].find("mimic") != std::string::npos, warnings[0].c_str());
    QCOMPARE(State::neutral(m).q[m.jointIndex("antenna_joint")], 0.2);  // the offset
  }

  void badMimicsAreRefusedByName() {
    struct Case {
      const char* leader;
      const char* expected;
    };
    for (const Case& c :
         {Case{"nowhere", "unknown joint 'nowhere'"}, Case{"wrist", "is a fixed joint"},
          Case{"finger_r_joint", "is itself a mimic"}, Case{"antenna_joint", "mimics itself"}}) {
      ModelDescription d = gripperOnSpacecraft();
      mimic(d.joints[5], c.leader, 1.0, 0.0);
      const std::string error = test::errorOf([&] { compileModel(d); });
      QVERIFY2(error.find("joint 'antenna_joint': mimic") != std::string::npos &&
                   error.find(c.expected) != std::string::npos,
               error.c_str());
    }
    ModelDescription d = gripperOnSpacecraft();
    d.joints[4].mimic.multiplier = std::nan("");
    QVERIFY(test::errorOf([&] { compileModel(d); }).find("finite") != std::string::npos);
  }
};

QTEST_MAIN(TestMimicJoints)
#include "test_mimic_joints.moc"
