// The "lagrange-poincare" solver (seed 001): accelerations equal aba's on random trees of every
// vehicle type (gravity, joint torques, vehicle and body wrenches, any momentum); the paper's
// intermediate quantities are what they claim to be; compute() does not allocate; and each
// erratum of the notes (§1.9) that touches the solver, run as printed, gives wrong
// accelerations, even where it still conserves energy and momentum.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "allocation_counter.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/mass_matrix_derivatives.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/lagrange_poincare_solver.hpp"
#include "solver_problems.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

using Variant = LagrangePoincareVariant;

using vms::test::SolverProblem;
using Problem = SolverProblem;
using vms::test::abaAccelerations;
using vms::test::generalizedAccelerations;
using vms::test::randomSolverProblem;

VecX solverAccelerations(const Problem& p, Variant variant = Variant::Corrected) {
  Data data(p.model);
  LagrangePoincareSolver solver(p.model, variant);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  return generalizedAccelerations(p.model, data);
}

double maxAbaError = 0.0;  // largest relative error against aba over the agreement tests

}  // namespace

class TestSolverLagrangePoincare : public QObject {
  Q_OBJECT
 private slots:
  void matchesAba_data();
  void matchesAba();
  void matchesAbaAtZeroMomentum();
  void matchesAbaWithAddedMass();
  void massMatrixDerivativesMatchFiniteDifferences();
  void intermediatesAreThePapersQuantities();
  void variantsAreNamed();
  void registeredForEveryVehicleType();
  void computeDoesNotAllocate();
  void assembliesAgree();
  void rejectsAnotherModel();
  void erratum1PrintedReconstructionIsWrong();
  void erratum2PrintedForceSignsAreWrong();
  void erratum3PrintedNhatIsWrongButConservative();
  void erratum3PrintedNhatConservesOverATrajectory();
  void erratum4PrintedConnectionDerivativeIsWrong();
  void erratum6PrintedLmDerivativeIsWrong();
  void cleanupTestCase();
};

void TestSolverLagrangePoincare::matchesAba_data() {
  QTest::addColumn<int>("base");
  QTest::addColumn<int>("bodies");
  QTest::addColumn<bool>("chain");
  QTest::addColumn<double>("prismatic");
  for (BaseType b : kAllBaseTypes)
    if (isHolonomic(b))  // the nonholonomic vehicle is refused (test_solver_agreement)
      for (int n : {2, 4, 9, 20})
        for (bool chain : {true, false})
          for (double prismatic : {0.0, 0.3, 1.0}) {
            if (n == 2 && !chain) continue;  // a one-joint tree is a chain
            QTest::newRow((toString(b) + "_" + std::to_string(n) + (chain ? "_chain" : "_tree") +
                           "_prismatic" + std::to_string(static_cast<int>(prismatic * 10)))
                              .c_str())
                << static_cast<int>(b) << n << chain << prismatic;
          }
}

// Gravity, torques, a vehicle wrench, a wrench on every body and a random (nonzero) momentum.
void TestSolverLagrangePoincare::matchesAba() {
  QFETCH(int, base);
  QFETCH(int, bodies);
  QFETCH(bool, chain);
  QFETCH(double, prismatic);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Problem p = randomSolverProblem(static_cast<BaseType>(base), bodies, chain, prismatic,
                                          seed * 7919 + static_cast<std::uint64_t>(bodies));
    const VecX expected = abaAccelerations(p);
    const VecX actual = solverAccelerations(p);
    maxAbaError = std::max(maxAbaError, test::relativeError(actual, expected));
    VMS_COMPARE_REL(actual, expected, 1e-12);
  }
}

// Zero locked momentum: the vehicle moves only by reaction, V = -A qd (notes §3 item 5).
void TestSolverLagrangePoincare::matchesAbaAtZeroMomentum() {
  for (BaseType base : kAllBaseTypes) {
    if (base == BaseType::Fixed || !isHolonomic(base)) continue;
    Problem p = randomSolverProblem(base, 6, false, 0.3, 5);
    LagrangePoincareSolver solver(p.model);
    Data data(p.model);
    solver.compute(p.model, data, p.state, p.tau, p.external);
    p.state.base_twist = p.model.base_basis * (-solver.quantities().A * p.state.qd);
    solver.compute(p.model, data, p.state, p.tau, p.external);
    QVERIFY(solver.quantities().P.norm() < 1e-12);
    const VecX expected = abaAccelerations(p);
    const VecX actual = generalizedAccelerations(p.model, data);
    maxAbaError = std::max(maxAbaError, test::relativeError(actual, expected));
    VMS_COMPARE_REL(actual, expected, 1e-12);
  }
}

// Added mass (Kirchhoff) is a body-fixed inertia: the reduction holds unchanged.
void TestSolverLagrangePoincare::matchesAbaWithAddedMass() {
  Problem p = randomSolverProblem(BaseType::Free, 6, false, 0.3, 11);
  p.model.added_mass.assign(p.model.nbodies, Mat6::Zero());
  for (int i : {0, 2, 3}) {
    const Mat6 A = Mat6::Random();
    p.model.added_mass[i] = 0.5 * A * A.transpose() + 0.1 * Mat6::Identity();
  }
  VMS_COMPARE_REL(solverAccelerations(p), abaAccelerations(p), 1e-12);
}

// The exact recursive dM/dq_k against central differences of the composite-rigid-body matrix.
void TestSolverLagrangePoincare::massMatrixDerivativesMatchFiniteDifferences() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Schoenflies}) {
    for (bool chain : {true, false}) {
      const Problem p = randomSolverProblem(base, 8, chain, 0.3, 3);
      const Model& m = p.model;
      Data data(m);
      crba(m, data, p.state);
      MassMatrixDerivatives dM(m);
      dM.compute(m, data);
      const double h = 1e-6;
      for (int k = 0; k < m.njoints; ++k) {
        State plus = p.state, minus = p.state;
        plus.q[k] += h;
        minus.q[k] -= h;
        Data dp(m), dm(m);
        crba(m, dp, plus);
        crba(m, dm, minus);
        const MatX fd = (dp.M - dm.M) / (2 * h);
        VMS_COMPARE_REL(dM[k], fd, 1e-7);
      }
    }
  }
}

void TestSolverLagrangePoincare::intermediatesAreThePapersQuantities() {
  for (BaseType base : kAllBaseTypes) {
    if (!isHolonomic(base)) continue;  // refused: test_solver_agreement
    const Problem p = randomSolverProblem(base, 7, false, 0.3, 21);
    const Model& m = p.model;
    const int b = m.base_dof, n = m.njoints;
    LagrangePoincareSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    const LagrangePoincareQuantities& x = solver.quantities();

    // M0 is the composite inertia of the whole system seen by the vehicle subgroup.
    Data ref(m);
    crba(m, ref, p.state);
    const MatX M0 = ref.S0.transpose() * ref.Ic[0] * ref.S0;
    VMS_COMPARE_REL(x.M0, M0, 1e-13);
    // A = M0^-1 M0m, and Mhat_m is the symmetric positive definite Schur complement.
    VMS_COMPARE_REL(MatX(x.M0 * x.A), x.M0m, 1e-12);
    VMS_COMPARE_REL(
        x.Mhat_m,
        MatX(ref.M.bottomRightCorner(n, n) - ref.M.topRightCorner(b, n).transpose() * x.A), 1e-12);
    if (n > 0) QVERIFY(x.Mhat_m.llt().info() == Eigen::Success);
    // P is the system's momentum along the vehicle subgroup; V = M0^-1 P - A qd reconstructs
    // the state's vehicle velocity.
    computeKinematics(m, ref, p.state);
    const Vec6 momentum_world = bodiesMomentum(ref, 0, m.nbodies - 1);
    VMS_COMPARE_REL(x.P, VecX(ref.S0.transpose() * momentum_world), 1e-12);
    const VecX V_state = m.base_basis.transpose() * p.state.base_twist;
    VMS_COMPARE_REL(x.V, V_state, 1e-12);
    VMS_COMPARE_REL(x.Omega_loc, VecX(V_state + x.A * p.state.qd), 1e-12);
    // Lemma 4: the kinetic energy splits into locked and internal parts.
    const VecX nu = p.state.generalizedVelocity(m);
    const double T = 0.5 * nu.dot(ref.M * nu);
    const double T_split =
        0.5 * x.Omega_loc.dot(x.M0 * x.Omega_loc) + 0.5 * p.state.qd.dot(x.Mhat_m * p.state.qd);
    QVERIFY2(std::abs(T - T_split) <= 1e-12 * std::max(1.0, T), "Lemma 4 energy split");
    // The named quantities are exposed for inspection, with the values above.
    const std::vector<SolverQuantity> q = solver.intermediates();
    auto find = [&](const std::string& name) -> const MatX& {
      for (const SolverQuantity& s : q)
        if (s.name == name) return s.value;
      QTest::qFail(("missing intermediate " + name).c_str(), __FILE__, __LINE__);
      static const MatX none;
      return none;
    };
    for (const char* name : {"M0", "A", "Mhat", "Mhat_m", "P", "V", "Pdot", "Chat", "Chat_qd",
                             "Nhat", "f_u", "du_dq", "qdd", "Vdot"})
      QVERIFY2(!find(name).hasNaN(), name);
    VMS_COMPARE_REL(find("M0"), x.M0, 0.0);
    VMS_COMPARE_REL(find("A"), x.A, 0.0);
    QCOMPARE(find("Mhat").rows(), b + n);
    VMS_COMPARE_REL(MatX(find("Mhat").bottomRightCorner(n, n)), x.Mhat_m, 0.0);
    VMS_COMPARE_REL(MatX(find("Mhat").topRightCorner(b, n)), MatX::Zero(b, n), 0.0);
    VMS_COMPARE_REL(find("qdd"), data.qdd, 0.0);
    for (const SolverQuantity& s : q) QVERIFY2(!s.meaning.empty(), s.name.c_str());
  }
}

void TestSolverLagrangePoincare::variantsAreNamed() {
  for (Variant v : kAllLagrangePoincareVariants) {
    QCOMPARE(lagrangePoincareVariantFromString(toString(v)), std::optional<Variant>(v));
    QVERIFY(!describe(v).empty());
  }
  QVERIFY(!lagrangePoincareVariantFromString("printed"));
  // Only the corrected solver is registered; a printed one says so in its description.
  const Problem p = randomSolverProblem(BaseType::Free, 4, true, 0.3, 1);
  QVERIFY(makeSolver("lagrange-poincare", p.model)->description().find("PRINTED") ==
          std::string::npos);
  QVERIFY(LagrangePoincareSolver(p.model, Variant::PrintedNhat).description().find("PRINTED") !=
          std::string::npos);
}

void TestSolverLagrangePoincare::registeredForEveryVehicleType() {
  const std::vector<std::string> names = solverNames();
  QVERIFY(std::find(names.begin(), names.end(), "lagrange-poincare") != names.end());
  for (BaseType base : kAllBaseTypes) {
    QCOMPARE(solverSupports("lagrange-poincare", base), isHolonomic(base));
    if (!isHolonomic(base)) continue;
    const Problem p = randomSolverProblem(base, 4, true, 0.3, 2);
    auto solver = makeSolver("lagrange-poincare", p.model);
    QVERIFY(solver != nullptr);
    QCOMPARE(solver->name(), std::string("lagrange-poincare"));
    Data data(p.model);
    solver->compute(p.model, data, p.state, p.tau, p.external);
    VMS_COMPARE_REL(generalizedAccelerations(p.model, data), abaAccelerations(p), 1e-12);
    QVERIFY(!solver->intermediates().empty());
  }
}

// From the first call on (the workspace is sized in the constructor), for every variant; the
// 60-body model makes Eigen's matrix products take their blocked paths.
void TestSolverLagrangePoincare::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType base : kAllBaseTypes)
    if (isHolonomic(base))
      for (int bodies : {12, 60})
        for (Variant variant : kAllLagrangePoincareVariants) {
          // Need b == n and a two-joint chain (below).
          if (variant == Variant::PrintedReconstruction || variant == Variant::PrintedLmDerivative)
            continue;
          const Problem p = randomSolverProblem(base, bodies, false, 0.3, 4);
          LagrangePoincareSolver solver(p.model, variant);
          Data data(p.model);
          const long before = test::heapAllocations();
          for (int i = 0; i < 3; ++i) solver.compute(p.model, data, p.state, p.tau, p.external);
          QVERIFY2(test::heapAllocations() == before,
                   (toString(base) + " " + toString(variant) + " allocated").c_str());
        }
  for (const auto& [variant, bodies] :
       {std::pair{Variant::PrintedReconstruction, 4}, std::pair{Variant::PrintedLmDerivative, 3}}) {
    const Problem p = randomSolverProblem(BaseType::Planar, bodies, true, 0.3, 4);
    LagrangePoincareSolver solver(p.model, variant);
    Data data(p.model);
    const long before = test::heapAllocations();
    solver.compute(p.model, data, p.state, p.tau, p.external);
    QVERIFY(test::heapAllocations() == before);
  }
  // The generic assembly too.
  const Problem p = randomSolverProblem(BaseType::Free, 12, false, 0.3, 4);
  LagrangePoincareSolver solver(p.model, {Variant::Corrected, LagrangePoincareAssembly::Crba});
  Data data(p.model);
  const long before = test::heapAllocations();
  solver.compute(p.model, data, p.state, p.tau, p.external);
  QVERIFY(test::heapAllocations() == before);
}

// The paper's 𝔏 Ξ factorisation (the default) and the generic crba path give the same
// blocks, the same connection and the same accelerations, both equal to aba's.
void TestSolverLagrangePoincare::assembliesAgree() {
  double largest = 0.0;
  for (BaseType base : kAllBaseTypes) {
    if (!isHolonomic(base)) continue;
    for (bool chain : {true, false}) {
      const Problem p = randomSolverProblem(base, 9, chain, 0.3, 31);
      LagrangePoincareSolver paper(p.model);
      LagrangePoincareSolver generic(p.model, {Variant::Corrected, LagrangePoincareAssembly::Crba});
      QVERIFY(paper.assembly() == LagrangePoincareAssembly::LXiFactorisation);
      Data d1(p.model), d2(p.model);
      paper.compute(p.model, d1, p.state, p.tau, p.external);
      generic.compute(p.model, d2, p.state, p.tau, p.external);
      const LagrangePoincareQuantities &x = paper.quantities(), &y = generic.quantities();
      VMS_COMPARE_REL(x.M0, y.M0, 1e-12);
      VMS_COMPARE_REL(x.M0m, y.M0m, 1e-12);
      VMS_COMPARE_REL(x.Mm, y.Mm, 1e-12);
      VMS_COMPARE_REL(x.A_dot, y.A_dot, 1e-11);
      VMS_COMPARE_REL(x.Chat, y.Chat, 1e-11);
      VMS_COMPARE_REL(x.Nhat, y.Nhat, 1e-11);
      const VecX a1 = generalizedAccelerations(p.model, d1),
                 a2 = generalizedAccelerations(p.model, d2);
      largest = std::max(largest, test::relativeError(a1, a2));
      VMS_COMPARE_REL(a1, a2, 1e-12);
      VMS_COMPARE_REL(a1, abaAccelerations(p), 1e-12);
    }
  }
  std::printf("  l-xi-factorisation vs crba accelerations: largest relative difference %.2g\n",
              largest);
  QCOMPARE(toString(LagrangePoincareAssembly::LXiFactorisation), std::string("l-xi-factorisation"));
  QCOMPARE(toString(LagrangePoincareAssembly::Crba), std::string("crba-blocks"));
  const Problem p = randomSolverProblem(BaseType::Free, 4, true, 0.3, 1);
  QVERIFY(LagrangePoincareSolver(p.model, {Variant::Corrected, LagrangePoincareAssembly::Crba})
              .description()
              .find("crba") != std::string::npos);
  // 𝔏, Ξ and 𝒥 are shown with the other intermediates.
  bool has_L = false;
  for (const SolverQuantity& q : LagrangePoincareSolver(p.model).intermediates())
    has_L |= q.name == "L" && q.value.rows() == 6 * p.model.nbodies;
  QVERIFY(has_L);
}

void TestSolverLagrangePoincare::rejectsAnotherModel() {
  const Problem small = randomSolverProblem(BaseType::Free, 3, true, 0.3, 1);
  const Problem big = randomSolverProblem(BaseType::Free, 5, true, 0.3, 1);
  LagrangePoincareSolver solver(small.model);
  Data data(big.model);
  const std::string message =
      test::errorOf([&] { solver.compute(big.model, data, big.state, big.tau, big.external); });
  QVERIFY2(message.find("lagrange-poincare solver") != std::string::npos, message.c_str());
}

namespace {

// Relative error of a printed variant's accelerations against aba, after checking that the
// corrected solver agrees on the same problem.
double printedError(const Problem& p, Variant variant) {
  const VecX expected = abaAccelerations(p);
  const double corrected = test::relativeError(solverAccelerations(p), expected);
  if (!(corrected <= 1e-12)) QTest::qFail("corrected solver disagrees", __FILE__, __LINE__);
  return test::relativeError(solverAccelerations(p, variant), expected);
}

void report(const char* what, double err) {
  std::printf("  %s: relative acceleration error vs aba %.3g\n", what, err);
}

}  // namespace

// (98)/(134) V = M0^-1 (P - A^T qd) only has a meaning when b == n; where it does, the
// reconstructed vehicle velocity is not the state's, and the accelerations are wrong.
void TestSolverLagrangePoincare::erratum1PrintedReconstructionIsWrong() {
  double smallest = 1e300;
  for (auto [base, bodies] : {std::pair{BaseType::Planar, 4}, std::pair{BaseType::Ball, 4},
                              std::pair{BaseType::Free, 7}, std::pair{BaseType::Schoenflies, 5}}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Problem p = randomSolverProblem(base, bodies, seed % 2 == 0, 0.3, seed, false, false);
      QCOMPARE(p.model.base_dof, p.model.njoints);
      const double err = printedError(p, Variant::PrintedReconstruction);
      smallest = std::min(smallest, err);
      LagrangePoincareSolver printed(p.model, Variant::PrintedReconstruction);
      Data data(p.model);
      printed.compute(p.model, data, p.state, p.tau, p.external);
      const VecX V_state = p.model.base_basis.transpose() * p.state.base_twist;
      QVERIFY(test::relativeError(printed.quantities().V, V_state) > 1e-3);
    }
  }
  report("erratum 1 (98) printed reconstruction, smallest", smallest);
  QVERIFY(smallest > 1e-3);
  // Elsewhere the printed equation is dimensionally invalid: the solver refuses it.
  const Problem p = randomSolverProblem(BaseType::Free, 4, true, 0.3, 1);
  const std::string message =
      test::errorOf([&] { LagrangePoincareSolver(p.model, Variant::PrintedReconstruction); });
  QVERIFY2(message.find("b = 6, n = 3") != std::string::npos, message.c_str());
}

// (96)/(135) and the final qdd formula flip the vehicle wrench, the end-effector wrench's
// vehicle part and f_u: wrong as soon as any of them acts; identical to the corrected
// equations without applied vehicle forces.
void TestSolverLagrangePoincare::erratum2PrintedForceSignsAreWrong() {
  double smallest = 1e300;
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Schoenflies}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      // Gravity alone (f_u), then every applied force.
      for (bool forces : {false, true}) {
        const Problem p = randomSolverProblem(base, 6, false, 0.3, seed, true, forces);
        smallest = std::min(smallest, printedError(p, Variant::PrintedForceSigns));
      }
      // Without gravity and wrenches the printed signs change nothing.
      Problem free = randomSolverProblem(base, 6, false, 0.3, seed, false, false);
      free.tau = VecX::Random(free.model.njoints);
      VMS_COMPARE_REL(solverAccelerations(free, Variant::PrintedForceSigns), abaAccelerations(free),
                      1e-12);
    }
  }
  report("erratum 2 (96)/(135) printed force signs, smallest", smallest);
  QVERIFY(smallest > 1e-3);
}

// (100) with the printed signs: wrong accelerations, although the flipped terms are
// gyroscopic, so the power balance dE/dt = qd^T tau and the momentum balance (no vehicle
// force needed: dmu/dt = 0) hold exactly at every state. Energy and momentum checks cannot see
// this erratum; only the accelerations can.
void TestSolverLagrangePoincare::erratum3PrintedNhatIsWrongButConservative() {
  double smallest = 1e300, worst_power = 0.0, worst_momentum = 0.0;
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Schoenflies}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Problem p = randomSolverProblem(base, 6, seed != 2, 0.3, seed, false, false);
      p.tau = VecX::Random(p.model.njoints);
      smallest = std::min(smallest, printedError(p, Variant::PrintedNhat));

      LagrangePoincareSolver printed(p.model, Variant::PrintedNhat);
      Data data(p.model);
      printed.compute(p.model, data, p.state, p.tau, p.external);
      // Inverse dynamics of the printed accelerations: the generalized forces they imply.
      Data inv(p.model);
      rnea(p.model, inv, p.state, data.base_twist_dot, data.qdd);
      const VecX nu = p.state.generalizedVelocity(p.model);
      VecX implied(p.model.nv);
      implied << inv.base_force, inv.tau;
      // dE/dt = nu^T (M nudot + C nu) must equal the power of the applied torques ...
      const double power = nu.dot(implied), applied = p.state.qd.dot(p.tau);
      worst_power = std::max(worst_power, std::abs(power - applied) / std::max(1.0, applied));
      // ... and the vehicle needs no force: the momentum along the subgroup is conserved.
      worst_momentum = std::max(worst_momentum, inv.base_force.cwiseAbs().maxCoeff());
      // Yet the joint forces the printed accelerations imply are not the applied ones.
      QVERIFY(test::relativeError(inv.tau, p.tau) > 1e-3);
    }
  }
  report("erratum 3 (100) printed Nhat, smallest", smallest);
  std::printf("  erratum 3: power balance error %.3g, momentum rate %.3g\n", worst_power,
              worst_momentum);
  QVERIFY(smallest > 1e-3);
  QVERIFY(worst_power < 1e-10);
  QVERIFY(worst_momentum < 1e-10);
}

namespace {

// Classical RK4 on y = [quaternion coefficients, position, body twist, q, qd] (the quaternion
// renormalized when read): enough to watch energy and momentum along a short run.
struct Trajectory {
  const Model& m;
  LagrangePoincareSolver solver;
  Data data;
  VecX tau;

  Trajectory(const Model& model, Variant variant)
      : m(model), solver(model, variant), data(model), tau(VecX::Zero(model.njoints)) {}

  State stateOf(const VecX& y) const {
    State s = State::neutral(m);
    s.base_orientation = Quat(y[3], y[0], y[1], y[2]).normalized();
    s.base_position = y.segment<3>(4);
    s.base_twist = y.segment<6>(7);
    s.q = y.segment(13, m.njoints);
    s.qd = y.segment(13 + m.njoints, m.njoints);
    return s;
  }
  static VecX flat(const State& s) {
    const int n = static_cast<int>(s.q.size());
    VecX y(13 + 2 * n);
    y << s.base_orientation.coeffs(), s.base_position, s.base_twist, s.q, s.qd;
    return y;
  }
  VecX rate(const VecX& y) {
    const State s = stateOf(y);
    solver.compute(m, data, s, tau, {});
    const Vec3 w = angular(s.base_twist);
    // dq/dt = q (0, w) / 2, written out in Eigen's coefficient order (x, y, z, w).
    const Quat& r = s.base_orientation;
    const double qx = 0.5 * (r.w() * w.x() + r.y() * w.z() - r.z() * w.y());
    const double qy = 0.5 * (r.w() * w.y() + r.z() * w.x() - r.x() * w.z());
    const double qz = 0.5 * (r.w() * w.z() + r.x() * w.y() - r.y() * w.x());
    const double qw = -0.5 * (r.x() * w.x() + r.y() * w.y() + r.z() * w.z());
    const Vec3 p_dot = r.toRotationMatrix() * Vec3(linear(s.base_twist));
    VecX dy(y.size());
    dy << qx, qy, qz, qw, p_dot, data.base_twist_dot, s.qd, data.qdd;
    return dy;
  }
  VecX step(const VecX& y, double h) {
    const VecX k1 = rate(y), k2 = rate(y + 0.5 * h * k1), k3 = rate(y + 0.5 * h * k2),
               k4 = rate(y + h * k3);
    return y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
  // Kinetic energy and world spatial momentum at y.
  std::pair<double, Vec6> invariants(const VecX& y) {
    Data d(m);
    computeKinematics(m, d, stateOf(y));
    return {computeMomentum(m, d).kinetic_energy, bodiesMomentum(d, 0, m.nbodies - 1)};
  }
};

}  // namespace

// The same erratum along a 1 s free-floating run (RK4, dt = 1 ms, no forces): both the printed
// and the corrected equations keep the energy and the spatial momentum to the integrator's
// accuracy, while their joint trajectories part.
void TestSolverLagrangePoincare::erratum3PrintedNhatConservesOverATrajectory() {
  Problem p = randomSolverProblem(BaseType::Free, 6, false, 0.3, 8, false, false);
  p.state.qd *= 3.0;  // a lively swing
  const double dt = 1e-3;
  const int steps = 1000;
  VecX end_q[2];
  for (int v = 0; v < 2; ++v) {
    Trajectory t(p.model, v == 0 ? Variant::Corrected : Variant::PrintedNhat);
    VecX y = Trajectory::flat(p.state);
    const auto [E0, mu0] = t.invariants(y);
    for (int i = 0; i < steps; ++i) y = t.step(y, dt);
    const auto [E1, mu1] = t.invariants(y);
    const double energy_drift = std::abs(E1 - E0) / E0;
    const double momentum_drift = (mu1 - mu0).norm() / std::max(1.0, mu0.norm());
    std::printf("  erratum 3 trajectory, %s: energy drift %.3g, momentum drift %.3g\n",
                v == 0 ? "corrected" : "printed", energy_drift, momentum_drift);
    QVERIFY(energy_drift < 1e-8);
    QVERIFY(momentum_drift < 1e-8);
    end_q[v] = t.stateOf(y).q;
  }
  const double parted = (end_q[1] - end_q[0]).cwiseAbs().maxCoeff();
  std::printf("  erratum 3 trajectory: joint positions differ by %.3g rad/m after 1 s\n", parted);
  QVERIFY(parted > 1e-2);
}

// (122) without the minus sign: dA/dq, hence Chat, Nhat and the reconstruction's derivative,
// are wrong wherever the locked inertia M0 depends on q.
void TestSolverLagrangePoincare::erratum4PrintedConnectionDerivativeIsWrong() {
  double smallest = 1e300;
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Schoenflies}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Problem p = randomSolverProblem(base, 6, seed != 2, 0.3, seed, false, false);
      smallest = std::min(smallest, printedError(p, Variant::PrintedConnectionDerivative));
    }
  }
  report("erratum 4 (122) printed connection derivative, smallest", smallest);
  QVERIFY(smallest > 1e-3);
  // A translating vehicle's M0 is the total mass times the identity: dM0/dq = 0 and the
  // missing sign has nothing to act on.
  const Problem p = randomSolverProblem(BaseType::Translation, 6, false, 0.3, 1, false, false);
  VMS_COMPARE_REL(solverAccelerations(p, Variant::PrintedConnectionDerivative), abaAccelerations(p),
                  1e-12);
}

// (139) without the minus sign of (116): on the examples' two-joint chain (the rover of
// Example 1 is the planar vehicle), dM0m/dq_2 and dMm/dq_2 are wrong, so C^, N^ and dA/dq_2 are,
// and the accelerations with them; other arms and the crba assembly are refused.
void TestSolverLagrangePoincare::erratum6PrintedLmDerivativeIsWrong() {
  double smallest = 1e300;
  for (BaseType base : {BaseType::Planar, BaseType::Free, BaseType::Ball, BaseType::Fixed}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Problem p = randomSolverProblem(base, 3, true, 0.0, seed, false, false);
      smallest = std::min(smallest, printedError(p, Variant::PrintedLmDerivative));
    }
  }
  report("erratum 6 (139) printed dLm/dq2, smallest", smallest);
  QVERIFY(smallest > 1e-3);
  // At rest only the potential and the forces act: dM/dq does not enter.
  Problem rest = randomSolverProblem(BaseType::Planar, 3, true, 0.0, 2);
  rest.state.qd.setZero();
  rest.state.base_twist.setZero();
  VMS_COMPARE_REL(solverAccelerations(rest, Variant::PrintedLmDerivative), abaAccelerations(rest),
                  1e-12);
  // Refusals: three joints, two joints on two branches, the crba assembly.
  for (const auto& [bodies, chain] : {std::pair{4, true}, std::pair{3, false}}) {
    Problem q = randomSolverProblem(BaseType::Planar, bodies, chain, 0.0, 3);
    if (q.model.njoints == 2 && q.model.parent[2] == 1) continue;  // the random tree was a chain
    const std::string message =
        test::errorOf([&] { LagrangePoincareSolver(q.model, Variant::PrintedLmDerivative); });
    QVERIFY2(message.find("(139)") != std::string::npos, message.c_str());
  }
  const std::string message = test::errorOf([&] {
    LagrangePoincareSolver(rest.model,
                           {Variant::PrintedLmDerivative, LagrangePoincareAssembly::Crba});
  });
  QVERIFY2(message.find("l-xi-factorisation") != std::string::npos, message.c_str());
}

void TestSolverLagrangePoincare::cleanupTestCase() {
  std::printf("  largest relative error vs aba (corrected): %.3g\n", maxAbaError);
}

QTEST_APPLESS_MAIN(TestSolverLagrangePoincare)
#include "test_solver_lagrange_poincare.moc"
