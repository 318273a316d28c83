// The "base-invariant" solver (seed 002, Algorithm 6 with Algorithm 5 as corrected in the
// notes): accelerations equal aba's on random free-flying trees (gravity, joint torques,
// vehicle and body wrenches); Lambda(k) = P(k) + S(k) is Algorithm 8's operational-space
// inertia; compute() does not allocate; each erratum of the notes that touches the solver, run
// as printed, gives wrong accelerations; and any link as the root (Appendix A) gives the same
// accelerations and the same motion, with Lambda unchanged while P and S change.
#include <Eigen/Eigenvalues>
#include <QDir>
#include <algorithm>
#include <cstdio>
#include <memory>

#include "allocation_counter.hpp"
#include "core/algorithms/aba.hpp"
#include "core/analysis/operational_space_inertia_recursive.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/base_invariant_solver.hpp"
#include "core/solvers/rooted_solver.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::relativeError;

namespace {

using Variant = BaseInvariantVariant;
constexpr double kTol = 1e-11;
// Lemma 3.2 inverts Lambda(k) = P(k) + S(k) at every link: a light link beside heavy ones
// (seed004_spatial: 5 kg links on a 1700 kg vehicle, cond(Lambda) ~ 2e6) gets its alpha with
// cond * eps errors, which the joint accelerations next to it inherit (~2e-11 measured).
constexpr double kExampleTol = 1e-10;
double g_worst_root0 = 0.0, g_worst_any_root = 0.0, g_worst_examples = 0.0;

struct Problem {
  Model model;
  State state;
  VecX tau;
  std::vector<Vec6> body_forces;
  ExternalForces external;
};

Problem makeProblem(int bodies, bool chain, double prismatic_fraction, std::uint64_t seed,
                    bool loads = true) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.chain = chain;
  o.base = BaseType::Free;
  o.seed = seed;
  o.prismatic_fraction = prismatic_fraction;
  o.fixed_links = seed % 2 ? 1 : 0;
  ModelDescription d = randomTree(o);
  if (loads) d.gravity = Vec3(0.4, -1.1, -9.81);
  Problem p{compileModel(d), {}, {}, {}, {}};
  p.state = randomState(p.model, seed + 17);
  p.tau = VecX::Zero(p.model.njoints);
  if (loads) {
    for (int j = 0; j < p.model.njoints; ++j) p.tau[j] = 3.0 * std::sin(1.3 * j + 0.1 * seed);
    p.external.base_wrench_body << 1.0, -2.0, 0.5, 0.3, 0.2, -0.4;
    for (int i = 0; i < p.model.nbodies; ++i) {
      Vec6 f;
      for (int c = 0; c < 6; ++c) f[c] = std::cos(0.9 * i + 1.7 * c + 0.3 * seed);
      p.body_forces.push_back(f);
    }
    p.external.body_forces_world = &p.body_forces;
  }
  return p;
}

// The loads of `p`, pointing at p's own body forces (a Problem may have been copied).
ExternalForces ext(const Problem& p) {
  ExternalForces e = p.external;
  e.body_forces_world = p.body_forces.empty() ? nullptr : &p.body_forces;
  return e;
}

VecX accelerations(const Model& m, const Data& data) {
  VecX a(m.nv);
  a << data.base_twist_dot, data.qdd;
  return a;
}

VecX abaAccelerations(const Problem& p) {
  Data data(p.model);
  aba(p.model, data, p.state, p.tau, ext(p));
  return accelerations(p.model, data);
}

VecX solverAccelerations(const Problem& p, BaseInvariantOptions options = {}) {
  Data data(p.model);
  BaseInvariantSolver solver(p.model, options);
  solver.compute(p.model, data, p.state, p.tau, ext(p));
  return accelerations(p.model, data);
}

// Random free-flying problems: chains and trees, revolute and prismatic joints.
std::vector<Problem> problems() {
  std::vector<Problem> ps;
  std::uint64_t seed = 3;
  for (int bodies : {2, 3, 6, 12, 25})
    for (bool chain : {true, false})
      for (double prismatic : {0.0, 0.4})
        ps.push_back(makeProblem(bodies, chain, prismatic, ++seed));
  return ps;
}

}  // namespace

class TestSolverBaseInvariant : public QObject {
  Q_OBJECT
 private slots:
  void agreesWithAba();
  void lambdaIsAlgorithm8();
  void gatherAtEveryLink();
  void refusesConstrainedVehicles();
  void computeDoesNotAllocate();
  void intermediatesPerLink();
  void printedDualCoriolisIsWrong();
  void printedDualInnovationIsWrong();
  void printedVelocityTermIsWrong();
  void variantNames();
  void everyRootRandomTrees();
  void everyRootExampleModels();
  void lambdaIsRootInvariant();
  void sameMotionWhateverTheRoot();
  void rootOfLink();
  void rerootedTreeEdges();
  void cleanupTestCase();
};

void TestSolverBaseInvariant::agreesWithAba() {
  for (const Problem& p : problems()) {
    const double err = relativeError(solverAccelerations(p), abaAccelerations(p));
    g_worst_root0 = std::max(g_worst_root0, err);
    if (!(err <= kTol)) QFAIL(test::describe("base-invariant vs aba", err, kTol).c_str());
  }
  // No loads, no gravity: the velocity terms alone.
  const Problem p = makeProblem(9, false, 0.5, 77, false);
  VMS_COMPARE_REL(solverAccelerations(p), abaAccelerations(p), kTol);
}

void TestSolverBaseInvariant::lambdaIsAlgorithm8() {
  for (const Problem& p : problems()) {
    Data data(p.model);
    BaseInvariantSolver solver(p.model);
    solver.compute(p.model, data, p.state, p.tau, ext(p));
    OperationalSpaceInertiaSweeps sweeps(p.model);
    Data data8(p.model);
    operationalSpaceInertiaAllBodies(p.model, data8, p.state, sweeps);
    for (int i = 0; i < p.model.nbodies; ++i)
      VMS_COMPARE_REL(solver.operationalSpaceInertia(i), sweeps.Lambda[i], 1e-10);
  }
}

void TestSolverBaseInvariant::gatherAtEveryLink() {
  // Lemma 3.2 gives every body's acceleration on its own; (3.12) must equal the acceleration
  // the velocity kinematics implies (a(k) = a(parent) + c + S qdd) with aba's results.
  const Problem p = makeProblem(10, false, 0.3, 5);
  Data data(p.model);
  aba(p.model, data, p.state, p.tau, ext(p));
  const std::vector<Vec6> a_aba = data.a;
  BaseInvariantSolver solver(p.model);
  solver.compute(p.model, data, p.state, p.tau, ext(p));
  for (int i = 0; i < p.model.nbodies; ++i)
    VMS_COMPARE_REL(solver.quantities().alpha[i], a_aba[i], kTol);
  // (3.13): the p-form (parent's alpha) and the s-form (own alpha) give the same qdd.
  const BaseInvariantQuantities& x = solver.quantities();
  for (int b = 1; b < p.model.nbodies; ++b) {
    const int u = solver.tree().parent[b];
    const double qdd_p = (x.eps_p[b] - x.U_p[b].dot(x.alpha[u] + x.a[b])) / x.D_p[b];
    const double qdd_s = (x.eps_s[b] + x.U_s[b].dot(x.alpha[b])) / x.D_s[b];
    QVERIFY(std::abs(qdd_p - qdd_s) <= 1e-10 * std::max(1.0, std::abs(qdd_p)));
    QCOMPARE(x.form[b], 1.0);  // vehicle as the root: every hinge reads its parent's alpha
  }
  // P(k)+S(k) is positive definite at every link (free vehicle).
  for (int i = 0; i < p.model.nbodies; ++i) {
    Eigen::SelfAdjointEigenSolver<Mat6> es(solver.quantities().P[i] + solver.quantities().S[i]);
    QVERIFY(es.eigenvalues().minCoeff() > 0.0);
  }
}

void TestSolverBaseInvariant::refusesConstrainedVehicles() {
  for (BaseType t : test::kAllBases) {
    RandomTreeOptions o;
    o.base = t;
    const Model m = compileModel(randomTree(o));
    QCOMPARE(solverSupports("base-invariant", t), t == BaseType::Free);
    if (t == BaseType::Free) continue;
    const std::string e = test::errorOf([&] { BaseInvariantSolver s(m); });
    QVERIFY2(e.find("free vehicle") != std::string::npos, e.c_str());
    QVERIFY(!solverSupportProblem("base-invariant", t).empty());
  }
}

void TestSolverBaseInvariant::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  Problem p = makeProblem(14, false, 0.3, 9);
  Data data(p.model);
  for (int root : {0, p.model.nbodies / 2, p.model.nbodies - 1})
    for (Variant v : kAllBaseInvariantVariants) {
      BaseInvariantSolver solver(p.model, {v, root});
      solver.compute(p.model, data, p.state, p.tau, ext(p));
      const long before = test::heapAllocations();
      for (int i = 0; i < 5; ++i) solver.compute(p.model, data, p.state, p.tau, ext(p));
      QCOMPARE(test::heapAllocations(), before);
    }
}

void TestSolverBaseInvariant::intermediatesPerLink() {
  const Problem p = makeProblem(6, false, 0.3, 4);
  Data data(p.model);
  BaseInvariantSolver solver(p.model);
  solver.compute(p.model, data, p.state, p.tau, ext(p));
  const auto q = solver.intermediates();
  auto find = [&](const std::string& name) -> const SolverQuantity* {
    for (const auto& x : q)
      if (x.name == name) return &x;
    return nullptr;
  };
  for (const char* name : {"root", "z_p", "z_s", "D_p", "D_s", "alpha"}) QVERIFY2(find(name), name);
  for (int i = 0; i < p.model.nbodies; ++i) {
    const std::string& link = p.model.body_names[i];
    for (const std::string what : {"P(", "S(", "Lambda("}) {
      const SolverQuantity* x = find(what + link + ")");
      QVERIFY2(x, (what + link).c_str());
      QCOMPARE(x->value.rows(), 6);
      QCOMPARE(x->value.cols(), 6);
    }
    const SolverQuantity* lambda = find("Lambda(" + link + ")");
    VMS_COMPARE_REL(MatX(lambda->value), MatX(solver.operationalSpaceInertia(i)), 1e-15);
  }
  QCOMPARE(find("alpha")->value.cols(), p.model.nbodies);
}

// Errata as tests: each printed form gives wrong accelerations on every problem where the
// corrected one agrees with aba. The figure is the smallest relative error over the problems
// (each one shows the erratum by at least that much; docs/solvers.md and the registry report it).
namespace {
double printedError(Variant v, double prismatic) {
  double smallest = 1e300;
  std::uint64_t seed = 40;
  for (int bodies : {5, 9})
    for (bool chain : {true, false}) {
      const Problem p = makeProblem(bodies, chain, prismatic, ++seed);
      const VecX ref = abaAccelerations(p);
      const double ok = relativeError(solverAccelerations(p), ref);
      if (!(ok <= kTol)) return -1.0;
      smallest = std::min(smallest, relativeError(solverAccelerations(p, {v, 0}), ref));
    }
  std::printf("erratum %s: smallest relative error vs aba over 4 problems %.3g (corrected <= %g)\n",
              toString(v).c_str(), smallest, kTol);
  return smallest;
}
}  // namespace

void TestSolverBaseInvariant::printedDualCoriolisIsWrong() {
  QVERIFY(printedError(Variant::PrintedDualCoriolis, 0.25) > 1e-3);
}

void TestSolverBaseInvariant::printedDualInnovationIsWrong() {
  QVERIFY(printedError(Variant::PrintedDualInnovation, 0.25) > 1e-3);
}

void TestSolverBaseInvariant::printedVelocityTermIsWrong() {
  // Only prismatic hinges are affected: with revolute joints alone it is exact.
  const Problem revolute = makeProblem(7, true, 0.0, 3);
  VMS_COMPARE_REL(solverAccelerations(revolute, {Variant::PrintedVelocityTerm, 0}),
                  abaAccelerations(revolute), kTol);
  QVERIFY(printedError(Variant::PrintedVelocityTerm, 0.6) > 1e-3);
}

void TestSolverBaseInvariant::variantNames() {
  for (Variant v : kAllBaseInvariantVariants) {
    QCOMPARE(baseInvariantVariantFromString(toString(v)), std::optional<Variant>(v));
    QVERIFY(!describe(v).empty());
  }
  QVERIFY(!baseInvariantVariantFromString("printed"));
}

// Appendix A: any link as the base. The results stay in the model's coordinates.
namespace {
double worstOverRoots(const Problem& p, double& record) {
  const VecX ref = abaAccelerations(p);
  double worst = 0.0;
  for (int root = 0; root < p.model.nbodies; ++root)
    worst = std::max(worst, relativeError(solverAccelerations(p, {Variant::Corrected, root}), ref));
  record = std::max(record, worst);
  return worst;
}
}  // namespace

void TestSolverBaseInvariant::everyRootRandomTrees() {
  for (const Problem& p : problems()) {
    const double err = worstOverRoots(p, g_worst_any_root);
    if (!(err <= kTol)) QFAIL(test::describe("every root vs aba", err, kTol).c_str());
  }
}

void TestSolverBaseInvariant::everyRootExampleModels() {
  const QDir models(VMS_SOURCE_DIR "/models");
  int checked = 0;
  for (const QString& f : models.entryList({"*.vms.json", "*.urdf"}, QDir::Files, QDir::Name)) {
    for (BaseType base : {BaseType::Free}) {
      Problem p{loadModel(models.filePath(f).toStdString(), base), {}, {}, {}, {}};
      for (std::uint64_t k = 1; k <= 3; ++k) {
        p.state = randomState(p.model, 100 + k);
        p.tau = VecX::Constant(p.model.njoints, 0.3 * static_cast<double>(k));
        p.external.base_wrench_body << 0.5, -1.0, 0.2, 0.1, 0.3, -0.2;
        p.body_forces.assign(static_cast<std::size_t>(p.model.nbodies), Vec6::Constant(0.1));
        const double err = worstOverRoots(p, g_worst_examples);
        std::printf("%s: every root vs aba %.3g (root = vehicle %.3g)\n", f.toStdString().c_str(),
                    err, relativeError(solverAccelerations(p), abaAccelerations(p)));
        if (!(err <= kExampleTol))
          QFAIL(test::describe(f.toStdString().c_str(), err, kExampleTol).c_str());
        ++checked;
      }
    }
  }
  QVERIFY(checked >= 15);
}

void TestSolverBaseInvariant::lambdaIsRootInvariant() {
  // P and S depend on the root; their sum, the operational-space inertia, does not (§4).
  const Problem p = makeProblem(9, false, 0.3, 21);
  BaseInvariantSolver ref(p.model);
  Data data(p.model);
  ref.compute(p.model, data, p.state, p.tau, ext(p));
  for (int root = 1; root < p.model.nbodies; ++root) {
    BaseInvariantSolver solver(p.model, {Variant::Corrected, root});
    solver.compute(p.model, data, p.state, p.tau, ext(p));
    for (int i = 0; i < p.model.nbodies; ++i)
      VMS_COMPARE_REL(solver.operationalSpaceInertia(i), ref.operationalSpaceInertia(i), 1e-11);
    QVERIFY(solver.quantities().S[root].isZero(0.0));  // the root is free: nothing beyond it
    QVERIFY(relativeError(solver.quantities().P[0], ref.quantities().P[0]) > 1e-6);
  }
}

namespace {
// The largest relative difference between the states after 0.2 s (RK4, 1 ms) with aba and with
// the base-invariant solver rooted at each body in turn.
double trajectoryDifference(const Problem& p) {
  auto run = [&](std::unique_ptr<ForwardDynamicsSolver> solver) {
    SystemDynamics dynamics(p.model, std::move(solver));
    dynamics.setJointForces(p.tau);
    dynamics.external() = ext(p);
    auto integrator = makeIntegrator("rk4", p.model);
    State s = p.state;
    for (int k = 0; k < 200; ++k) integrator->advance(dynamics, s, 1e-3);
    VecX x(7 + 6 + 2 * p.model.njoints);
    x << s.base_orientation.coeffs(), s.base_position, s.base_twist, s.q, s.qd;
    return x;
  };
  const VecX ref = run(makeSolver("aba", p.model));
  double worst = 0.0;
  for (int root = 0; root < p.model.nbodies; ++root)
    worst =
        std::max(worst, relativeError(run(std::make_unique<BaseInvariantSolver>(
                                          p.model, BaseInvariantOptions{Variant::Corrected, root})),
                                      ref));
  return worst;
}
}  // namespace

void TestSolverBaseInvariant::sameMotionWhateverTheRoot() {
  for (bool chain : {true, false}) {
    const double d = trajectoryDifference(makeProblem(8, chain, 0.3, chain ? 31 : 32));
    if (!(d <= 1e-10)) QFAIL(test::describe("trajectory, every root vs aba", d, 1e-10).c_str());
  }
  // The example models (as free-floating), every link as the root, under their own gravity.
  const QDir models(VMS_SOURCE_DIR "/models");
  for (const QString& f : models.entryList({"*.vms.json"}, QDir::Files, QDir::Name)) {
    Problem p{loadModel(models.filePath(f).toStdString(), BaseType::Free), {}, {}, {}, {}};
    p.state = randomState(p.model, 7);
    p.tau = VecX::Constant(p.model.njoints, 0.2);
    const double d = trajectoryDifference(p);
    std::printf("%s: trajectory over every root vs aba %.3g\n", f.toStdString().c_str(), d);
    if (!(d <= 1e-9)) QFAIL(test::describe(f.toStdString().c_str(), d, 1e-9).c_str());
  }
}

void TestSolverBaseInvariant::rootOfLink() {
  const Model m = compileModel(randomTree({}));
  for (int i = 0; i < m.nbodies; ++i) QCOMPARE(rootBodyOfLink(m, m.body_names[i]), i);
  for (const Frame& f : m.frames) QCOMPARE(rootBodyOfLink(m, f.name), f.body);
  QCOMPARE(rootBodyOfLink(m, "no such link"), -1);
  const std::string e = test::errorOf([&] { BaseInvariantSolver s(m, {Variant::Corrected, 99}); });
  QVERIFY2(e.find("root body 99 out of range") != std::string::npos, e.c_str());
}

void TestSolverBaseInvariant::rerootedTreeEdges() {
  RandomTreeOptions o;
  o.bodies = 12;
  const Model m = compileModel(randomTree(o));
  for (int root = 0; root < m.nbodies; ++root) {
    const RerootedTree t(m, root);
    QCOMPARE(static_cast<int>(t.order.size()), m.nbodies);
    QCOMPARE(t.order[0], root);
    std::vector<int> position(m.nbodies);
    for (int k = 0; k < m.nbodies; ++k) position[t.order[k]] = k;
    for (int b = 0; b < m.nbodies; ++b) {
      if (b == root) {
        QCOMPARE(t.parent[b], -1);
        continue;
      }
      QVERIFY(position[t.parent[b]] < position[b]);
      const int j = t.edge_body[b];
      // The edge is the model joint of b (as in the model) or of b's re-rooted parent.
      if (t.edge_sign[b] > 0) {
        QCOMPARE(j, b);
        QCOMPARE(m.parent[b], t.parent[b]);
      } else {
        QCOMPARE(j, t.parent[b]);
        QCOMPARE(m.parent[j], b);
      }
    }
  }
}

void TestSolverBaseInvariant::cleanupTestCase() {
  std::printf(
      "largest relative error vs aba: random trees root = vehicle %.3g, any root %.3g; example "
      "models any root %.3g\n",
      g_worst_root0, g_worst_any_root, g_worst_examples);
}

QTEST_GUILESS_MAIN(TestSolverBaseInvariant)
#include "test_solver_base_invariant.moc"
