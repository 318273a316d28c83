// Articulated-body forward dynamics against the composite-rigid-body system M nu_dot = tau - C,
// and against inverse dynamics (RNEA), on random trees of every vehicle type.
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/analysis/momentum_partition.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

class TestAba : public QObject {
  Q_OBJECT
 private slots:
  void matchesCompositeRigidBody_data();
  void matchesCompositeRigidBody();
  void inverseDynamicsRoundTrip();
  void repeatedCallsAgree();
  void addedMassEntersEveryAlgorithm();
};

void TestAba::matchesCompositeRigidBody_data() {
  QTest::addColumn<int>("bodies");
  QTest::addColumn<int>("base");
  QTest::addColumn<bool>("chain");
  QTest::addColumn<bool>("gravity");
  const BaseType bases[] = {BaseType::Free,        BaseType::Planar,      BaseType::Ball,
                            BaseType::Translation, BaseType::Schoenflies, BaseType::Fixed};
  for (BaseType b : bases)
    for (int n : {1, 2, 5, 12, 30})
      for (bool chain : {false, true})
        for (bool g : {false, true})
          QTest::newRow((toString(b) + "_" + std::to_string(n) + (chain ? "_chain" : "_tree") +
                         (g ? "_g" : ""))
                            .c_str())
              << n << static_cast<int>(b) << chain << g;
}

void TestAba::matchesCompositeRigidBody() {
  QFETCH(int, bodies);
  QFETCH(int, base);
  QFETCH(bool, chain);
  QFETCH(bool, gravity);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    RandomTreeOptions o;
    o.bodies = bodies;
    o.chain = chain;
    o.base = static_cast<BaseType>(base);
    o.seed = seed * 7919 + bodies;
    o.fixed_links = 2;
    ModelDescription d = randomTree(o);
    if (gravity) d.gravity = Vec3(0.3, -1.0, -9.81);
    const Model m = compileModel(d);
    Data data(m);
    const State s = randomState(m, seed);
    VecX tau = VecX::Random(m.njoints);
    Vec6 wrench;
    wrench << 1.0, -2.0, 0.5, 0.3, 0.2, -0.4;
    ExternalForces ext;
    ext.base_wrench_body = wrench;
    aba(m, data, s, tau, ext);
    VecX nudot(m.nv);
    nudot.head(m.base_dof) = m.base_basis.transpose() * data.base_twist_dot;
    nudot.tail(m.njoints) = data.qdd;
    // The vehicle's acceleration stays in its subgroup.
    VMS_COMPARE_REL(Vec6(m.base_basis * nudot.head(m.base_dof)), data.base_twist_dot, 1e-14);

    Data ref(m);
    crba(m, ref, s);
    nonLinearEffects(m, ref, s);
    VecX rhs(m.nv);
    rhs.head(m.base_dof) = m.base_basis.transpose() * wrench;
    rhs.tail(m.njoints) = tau;
    rhs -= ref.nle;
    const VecX expected = ref.M.llt().solve(rhs);
    VMS_COMPARE_REL(nudot, expected, 1e-10);
    // The mass matrix is symmetric positive definite.
    VMS_COMPARE_REL(ref.M, MatX(ref.M.transpose()), 1e-15);
    QVERIFY(ref.M.llt().info() == Eigen::Success);
  }
}

void TestAba::inverseDynamicsRoundTrip() {
  RandomTreeOptions o;
  o.bodies = 20;
  o.seed = 42;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0, 0, -9.81);
  const Model m = compileModel(d);
  Data data(m);
  const State s = randomState(m, 3);
  const VecX tau = VecX::Random(m.njoints);
  aba(m, data, s, tau);
  Data inv(m);
  rnea(m, inv, s, data.base_twist_dot, data.qdd);
  VMS_COMPARE_REL(inv.tau, tau, 1e-10);
  // A free-floating vehicle with no applied wrench needs no force.
  QVERIFY(inv.base_force.cwiseAbs().maxCoeff() < 1e-9);
}

void TestAba::repeatedCallsAgree() {
  const Model m = compileModel(randomTree({}));
  Data data(m);
  const State s = randomState(m, 9);
  const VecX tau = VecX::Constant(m.njoints, 0.5);
  aba(m, data, s, tau);
  const VecX first = data.qdd;
  aba(m, data, s, tau);
  QCOMPARE(first, data.qdd);
}

// Added mass (underwater vehicles) is a body-fixed symmetric 6x6 inertia: ABA, CRBA + RNEA and
// the centre of mass (which must exclude it) stay consistent.
void TestAba::addedMassEntersEveryAlgorithm() {
  RandomTreeOptions o;
  o.bodies = 6;
  o.seed = 11;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0, 0, -9.81);
  Model m = compileModel(d);
  const Model rigid = m;
  m.added_mass.assign(m.nbodies, Mat6::Zero());
  for (int i : {0, 2, 3}) {
    const Mat6 A = Mat6::Random();
    m.added_mass[i] = 0.5 * A * A.transpose() + 0.1 * Mat6::Identity();
  }
  Data data(m);
  const State s = randomState(m, 6);
  const VecX tau = VecX::Random(m.njoints);
  aba(m, data, s, tau);
  VecX nudot(m.nv);
  nudot << m.base_basis.transpose() * data.base_twist_dot, data.qdd;
  Data ref(m);
  crba(m, ref, s);
  nonLinearEffects(m, ref, s);
  VecX rhs(m.nv);
  rhs << VecX::Zero(m.base_dof), tau;
  const VecX expected = ref.M.llt().solve(rhs - ref.nle);
  VMS_COMPARE_REL(nudot, expected, 1e-10);
  // The added mass changes the dynamics (the test would not notice otherwise) ...
  Data rd(rigid);
  aba(rigid, rd, s, tau);
  QVERIFY((rd.qdd - data.qdd).norm() > 1e-3);
  // ... but not the centre of mass.
  computeKinematics(m, data, s);
  computeKinematics(rigid, rd, s);
  VMS_COMPARE_REL(computeMomentum(m, data).center_of_mass,
                  computeMomentum(rigid, rd).center_of_mass, 1e-14);
  VMS_COMPARE_REL(momentumPartition(m, data).center_of_mass,
                  computeMomentum(rigid, rd).center_of_mass, 1e-14);
}

QTEST_APPLESS_MAIN(TestAba)
#include "test_aba.moc"
