// Cross-check against MuJoCo 2.2.2 (VMS_NEEDS_MUJOCO): random branched trees and chains with
// revolute and prismatic joints and fixed links, written as equivalent MJCF (principal
// inertias, see docs/mujoco-crosscheck.md) and loaded with mj_loadXML. At random
// states we compare, to 1e-9 relative: accelerations (MuJoCo's qacc vs our qdd and vehicle
// accelerations in MuJoCo's free-joint convention), linear momentum, angular momentum about the
// world origin, kinetic energy, the joint-joint block Hmm and the whole generalized inertia
// (after the change of base coordinates).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/io/urdf.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "mjcf_writer.hpp"
#include "mujoco_bridge.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::relativeError;

namespace {

constexpr double kTol = 1e-9;

/// Largest relative errors seen by the whole test run, for the summary.
struct ErrorSummary {
  double acc = 0, linear = 0, angular = 0, energy = 0, hmm = 0, mass_matrix = 0, momentum_ref = 0;
  int cases = 0;
  std::string worst_acc_case;
};
ErrorSummary g_max;

struct CaseErrors {
  double acc, linear, angular, energy, hmm, mass_matrix, momentum_ref;
};

/// Angular momentum [L about the offset point; P] of a body from MuJoCo's com-based inertia
/// (10 numbers: I xx yy zz xy xz yz, m*(c - offset), m) and com-based velocity [w; v].
Eigen::Matrix<double, 6, 1> mujocoBodyMomentum(const mjtNum* i, const mjtNum* v) {
  Eigen::Matrix<double, 6, 1> r;
  r[0] = i[0] * v[0] + i[3] * v[1] + i[4] * v[2] - i[8] * v[4] + i[7] * v[5];
  r[1] = i[3] * v[0] + i[1] * v[1] + i[5] * v[2] + i[8] * v[3] - i[6] * v[5];
  r[2] = i[4] * v[0] + i[5] * v[1] + i[2] * v[2] - i[7] * v[3] + i[6] * v[4];
  r[3] = i[8] * v[1] - i[7] * v[2] + i[9] * v[3];
  r[4] = i[6] * v[2] - i[8] * v[0] + i[9] * v[4];
  r[5] = i[7] * v[0] - i[6] * v[1] + i[9] * v[5];
  return r;
}

/// Runs both engines on (description, state, tau) and returns the relative errors. `mj` must
/// have been loaded from an equivalent model with the energy flag enabled.
CaseErrors compareWithMujoco(const Model& model, const State& s, const VecX& tau,
                             const test::MujocoInstance& mj) {
  const mjModel* m = mj.m();
  mjData* d = mj.d();
  const test::MujocoMap map = test::mapMujoco(model, m);
  if (m->nbody < model.nbodies) throw std::runtime_error("MuJoCo has fewer bodies than we do");

  // Ours.
  Data data(model);
  aba(model, data, s, tau);
  const VecX acc = test::oursInMujocoConvention(model, s, data.base_twist_dot, data.qdd);
  const MomentumSummary mom = computeMomentum(model, data);  // aba ran computeKinematics
  Data cdata(model);
  crba(model, cdata, s);

  // MuJoCo.
  test::setMujocoState(model, map, s, tau, m, d);
  mj_forward(m, d);
  const VecX mj_acc = test::mujocoAcceleration(map, d);

  // Momentum (a): subtree centre-of-mass velocity and angular momentum about the subtree CoM of
  // MuJoCo's body 1 (our vehicle; the world body has no mass), moved to the world origin.
  // For a fixed base, body 1 is still the root link since every model here has one tree.
  mj_subtreeVel(m, d);
  const Vec3 com(d->subtree_com[3], d->subtree_com[4], d->subtree_com[5]);
  const Vec3 P = m->body_subtreemass[1] *
                 Vec3(d->subtree_linvel[3], d->subtree_linvel[4], d->subtree_linvel[5]);
  const Vec3 L =
      Vec3(d->subtree_angmom[3], d->subtree_angmom[4], d->subtree_angmom[5]) + com.cross(P);
  // Momentum (b): sum of cinert * cvel. Both are "com-based": expressed at the subtree centre
  // of mass of the body's root (body_rootid), here subtree_com[1], rotation first.
  Vec3 P2 = Vec3::Zero(), L2 = Vec3::Zero();
  for (int b = 1; b < m->nbody; ++b) {
    const int root = m->body_rootid[b];
    const Vec3 offset(d->subtree_com[3 * root], d->subtree_com[3 * root + 1],
                      d->subtree_com[3 * root + 2]);
    const auto h = mujocoBodyMomentum(d->cinert + 10 * b, d->cvel + 6 * b);
    const Vec3 Pb = h.tail<3>();
    P2 += Pb;
    L2 += Vec3(h.head<3>()) + offset.cross(Pb);
  }

  // Hmm and the full generalized inertia. MuJoCo's free-joint coordinates are T nu, with
  // T = diag(R, I3, I_n) for our nu = [v_b; w_b; qd]; so ours is T^T M_mj T.
  MatX Mmj(m->nv, m->nv);
  {
    std::vector<mjtNum> dense(static_cast<size_t>(m->nv) * m->nv);
    mj_fullM(m, dense.data(), d->qM);
    for (int r = 0; r < m->nv; ++r)
      for (int c = 0; c < m->nv; ++c) Mmj(r, c) = dense[static_cast<size_t>(r) * m->nv + c];
  }
  MatX Tm = MatX::Zero(m->nv, model.nv);
  for (int i = 0; i < model.nv; ++i) Tm(map.nu_to_dof[i], i) = 1.0;
  if (model.base_type == BaseType::Free)
    Tm.block(map.free_dof, 0, 3, 3) = s.base_orientation.normalized().toRotationMatrix();
  const MatX M_expected = Tm.transpose() * Mmj * Tm;
  const int n = model.njoints;
  MatX Hmm_mj(n, n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) Hmm_mj(r, c) = Mmj(map.joint_dof[r], map.joint_dof[c]);

  CaseErrors e;
  e.acc = relativeError(acc, mj_acc);
  e.linear = relativeError(mom.linear, P);
  e.angular = relativeError(mom.angular_origin, L);
  e.energy = std::abs(mom.kinetic_energy - d->energy[1]) / std::max(1.0, std::abs(d->energy[1]));
  e.hmm = relativeError(MatX(cdata.M.bottomRightCorner(n, n)), Hmm_mj);
  e.mass_matrix = relativeError(cdata.M, M_expected);
  e.momentum_ref = std::max(relativeError(P2, P), relativeError(L2, L));

  if (e.acc > g_max.acc) {
    g_max.acc = e.acc;
    g_max.worst_acc_case = std::string(QTest::currentTestFunction()) + "(" +
                           (QTest::currentDataTag() ? QTest::currentDataTag() : "") + ")";
  }
  g_max.linear = std::max(g_max.linear, e.linear);
  g_max.angular = std::max(g_max.angular, e.angular);
  g_max.energy = std::max(g_max.energy, e.energy);
  g_max.hmm = std::max(g_max.hmm, e.hmm);
  g_max.mass_matrix = std::max(g_max.mass_matrix, e.mass_matrix);
  g_max.momentum_ref = std::max(g_max.momentum_ref, e.momentum_ref);
  ++g_max.cases;
  return e;
}

void verifyErrors(const CaseErrors& e) {
  auto check = [](const char* what, double err) {
    if (!(err <= kTol)) QFAIL(test::describe(what, err, kTol).c_str());
  };
  check("accelerations vs MuJoCo qacc", e.acc);
  check("linear momentum vs MuJoCo", e.linear);
  check("angular momentum (world origin) vs MuJoCo", e.angular);
  check("kinetic energy vs MuJoCo energy[1]", e.energy);
  check("Hmm vs MuJoCo mj_fullM", e.hmm);
  check("generalized inertia vs MuJoCo (base coordinates changed)", e.mass_matrix);
  // The two ways of reading MuJoCo's momentum must agree (checks our reading of cinert/cvel).
  check("MuJoCo subtree momentum vs sum of cinert*cvel", e.momentum_ref);
}

test::MujocoExportOptions energyOptions() {
  test::MujocoExportOptions o;
  o.energy = true;
  return o;
}

/// The whole check for one description and the random states seed*101 + k, k < states.
void checkDescription(const ModelDescription& d, int states, std::uint64_t seed, bool torques,
                      const std::string& mujoco_text, const std::string& filename,
                      int first_state = 0) {
  const Model model = compileModel(d);
  const auto mj = test::loadMujoco(mujoco_text, filename);
  QCOMPARE(mj->m()->nv, model.nv);
  for (int k = first_state; k < first_state + states; ++k) {
    const State s = randomState(model, seed * 101 + k);
    VecX tau = VecX::Zero(model.njoints);
    if (torques)
      for (int j = 0; j < model.njoints; ++j) tau[j] = 2.0 * std::sin(1.3 * j + 0.7 * k + 0.1);
    verifyErrors(compareWithMujoco(model, s, tau, *mj));
    if (QTest::currentTestFailed()) return;
  }
}

void checkDescription(const ModelDescription& d, int states, std::uint64_t seed, bool torques) {
  if (d.base_type != BaseType::Fixed) {
    checkDescription(d, states, seed, torques, test::writeMjcf(d, energyOptions()), "model.xml");
    return;
  }
  // A fixed vehicle is welded where the state puts it: one MuJoCo model per state.
  const Model model = compileModel(d);
  for (int k = 0; k < states; ++k) {
    test::MujocoExportOptions o = energyOptions();
    o.fixed_base_pose = randomState(model, seed * 101 + k).basePose();
    checkDescription(d, 1, seed, torques, test::writeMjcf(d, o), "model.xml", k);
    if (QTest::currentTestFailed()) return;
  }
}

}  // namespace

class TestMujocoCrosscheck : public QObject {
  Q_OBJECT
 private slots:
  void randomTrees_data();
  void randomTrees();
  void randomChains_data();
  void randomChains();
  void fixedBase();
  void benchmarkChainsThroughUrdfLoader_data();
  void benchmarkChainsThroughUrdfLoader();
  void urdfRoundTrip();
  void cleanupTestCase();
};

void TestMujocoCrosscheck::randomTrees_data() {
  QTest::addColumn<int>("bodies");
  QTest::addColumn<int>("fixed_links");
  QTest::addColumn<double>("prismatic");
  QTest::addColumn<bool>("torques");
  QTest::addColumn<bool>("gravity");
  for (int n : {2, 3, 5, 8, 13, 20, 30})
    for (int fixed : {0, 3}) {
      const std::string name = "tree_" + std::to_string(n) + "_fixed" + std::to_string(fixed);
      QTest::newRow(name.c_str()) << n << fixed << 0.25 << false << false;
      QTest::newRow((name + "_tau").c_str()) << n << fixed << 0.4 << true << false;
      QTest::newRow((name + "_gravity").c_str()) << n << fixed << 0.25 << false << true;
      QTest::newRow((name + "_tau_gravity").c_str()) << n << fixed << 0.5 << true << true;
    }
}

void TestMujocoCrosscheck::randomTrees() {
  QFETCH(int, bodies);
  QFETCH(int, fixed_links);
  QFETCH(double, prismatic);
  QFETCH(bool, torques);
  QFETCH(bool, gravity);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    RandomTreeOptions o;
    o.bodies = bodies;
    o.fixed_links = fixed_links;
    o.prismatic_fraction = prismatic;
    o.seed = 1000 * seed + 17 * bodies + fixed_links + (torques ? 5 : 0) + (gravity ? 9 : 0);
    ModelDescription d = randomTree(o);
    if (gravity) d.gravity = Vec3(0.4, -1.2, -9.81);
    checkDescription(d, 3, o.seed, torques);
    if (QTest::currentTestFailed()) return;
  }
}

void TestMujocoCrosscheck::randomChains_data() {
  QTest::addColumn<int>("links");
  QTest::addColumn<bool>("torques");
  QTest::addColumn<bool>("gravity");
  for (int n : {2, 6, 12, 25, 40}) {
    QTest::newRow(("chain_" + std::to_string(n)).c_str()) << n << false << false;
    QTest::newRow(("chain_" + std::to_string(n) + "_tau_gravity").c_str()) << n << true << true;
  }
}

void TestMujocoCrosscheck::randomChains() {
  QFETCH(int, links);
  QFETCH(bool, torques);
  QFETCH(bool, gravity);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    RandomTreeOptions o;
    o.bodies = links + 1;
    o.chain = true;
    o.fixed_links = 2;
    o.seed = 77 * seed + links;
    ModelDescription d = randomTree(o);
    if (gravity) d.gravity = Vec3(0.0, 0.0, -9.81);
    checkDescription(d, 3, o.seed, torques);
    if (QTest::currentTestFailed()) return;
  }
}

void TestMujocoCrosscheck::fixedBase() {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    RandomTreeOptions o;
    o.bodies = 10;
    o.fixed_links = 2;
    o.base = BaseType::Fixed;
    o.seed = seed;
    ModelDescription d = randomTree(o);
    d.gravity = Vec3(0, 0, -9.81);
    checkDescription(d, 2, seed, true);
    if (QTest::currentTestFailed()) return;
  }
}

void TestMujocoCrosscheck::benchmarkChainsThroughUrdfLoader_data() {
  QTest::addColumn<int>("links");
  for (int n : {6, 50, 100}) QTest::newRow(("benchmark_chain_" + std::to_string(n)).c_str()) << n;
}

// The benchmarks give MuJoCo chains deeper than its XML nesting limit through its URDF loader
// (a massless world link and a `floating` joint to the vehicle become a free joint): check
// that this path loads the identical system.
void TestMujocoCrosscheck::benchmarkChainsThroughUrdfLoader() {
  QFETCH(int, links);
  ModelDescription d = benchmarkChain(links);
  const std::string urdf = test::writeMujocoUrdf(d, energyOptions());
  const auto mj = test::loadMujoco(urdf, "chain.urdf");
  QCOMPARE(mj->m()->nbody, links + 2);  // world, vehicle, links
  QCOMPARE(mj->m()->nv, links + 6);
  QCOMPARE(mj->m()->jnt_type[0], static_cast<int>(mjJNT_FREE));
  checkDescription(d, 3, 5, true, urdf, "chain.urdf");
  d.gravity = Vec3(0, 0, -9.81);
  checkDescription(d, 2, 6, true, test::writeMujocoUrdf(d, energyOptions()), "chain.urdf");
}

// Our model goes through writeUrdf/parseUrdf (core/io) and is compared with MuJoCo's model
// written from the original description.
void TestMujocoCrosscheck::urdfRoundTrip() {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions o;
    o.bodies = 4 + 5 * static_cast<int>(seed);
    o.chain = seed % 3 == 0;
    o.fixed_links = 3;
    o.prismatic_fraction = 0.4;
    o.seed = 4242 + seed;
    ModelDescription original = randomTree(o);
    original.gravity = seed % 2 ? Vec3(0.0, 0.0, -9.81) : Vec3::Zero();
    std::vector<std::string> warnings;
    ModelDescription read = parseUrdf(writeUrdf(original), "roundtrip.urdf", &warnings);
    // URDF carries neither the vehicle type nor gravity.
    read.base_type = original.base_type;
    read.gravity = original.gravity;
    const Model model = compileModel(read);
    const auto mj = test::loadMujoco(test::writeMjcf(original, energyOptions()), "original.xml");
    for (int k = 0; k < 3; ++k) {
      const State s = randomState(model, seed * 31 + k);
      VecX tau(model.njoints);
      for (int j = 0; j < model.njoints; ++j) tau[j] = std::cos(0.9 * j + k);
      verifyErrors(compareWithMujoco(model, s, tau, *mj));
      if (QTest::currentTestFailed()) return;
    }
  }
}

void TestMujocoCrosscheck::cleanupTestCase() {
  std::printf(
      "MuJoCo cross-check, %d cases, largest relative errors: accelerations %.3g, linear "
      "momentum %.3g, angular momentum %.3g, kinetic energy %.3g, Hmm %.3g, generalized "
      "inertia %.3g (MuJoCo momentum readings agree to %.3g); largest acceleration error in "
      "%s\n",
      g_max.cases, g_max.acc, g_max.linear, g_max.angular, g_max.energy, g_max.hmm,
      g_max.mass_matrix, g_max.momentum_ref, g_max.worst_acc_case.c_str());
}

QTEST_APPLESS_MAIN(TestMujocoCrosscheck)
#include "test_mujoco_crosscheck.moc"
