// The "denoc" solver (seed 003 §7, SPART's DeNOC): accelerations equal aba's on random trees of
// every vehicle type (gravity, joint torques, vehicle and body wrenches), with either reference
// point; N = N_l N_d maps the generalized velocity to the link twists of the kinematics, H is
// crba's mass matrix, Ndot and the power identity of C hold; compute() does not allocate; and
// the printed (152) and (162) give wrong accelerations.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "allocation_counter.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/denoc_solver.hpp"
#include "solver_problems.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

using vms::test::SolverProblem;
using Problem = SolverProblem;
using vms::test::abaAccelerations;
using vms::test::generalizedAccelerations;
using vms::test::randomSolverProblem;

// Without loads: no gravity, joint torques or wrenches.
Problem makeProblem(BaseType base, int bodies, bool chain, double prismatic_fraction,
                    std::uint64_t seed, bool loads = true) {
  return randomSolverProblem(base, bodies, chain, prismatic_fraction, seed, loads, loads);
}

VecX denocAccelerations(const Problem& p, DenocOptions options = {}) {
  Data data(p.model);
  DenocSolver solver(p.model, options);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  return generalizedAccelerations(p.model, data);
}

// The state moved along its velocity for time h (vehicle pose by the exponential of its twist).
State advance(const State& s, double h) {
  State out = s;
  const Pose M = s.basePose() * se3Exp(h * s.base_twist);
  out.base_orientation = Quat(M.R);
  out.base_position = M.p;
  out.q += h * s.qd;
  return out;
}

double maxAbaError = 0.0;

constexpr DenocReferencePoint kPoints[] = {DenocReferencePoint::CentreOfMass,
                                           DenocReferencePoint::BodyOrigin};

}  // namespace

class TestSolverDenoc : public QObject {
  Q_OBJECT
 private slots:
  void matchesAba_data();
  void matchesAba();
  void matchesAbaWithAddedMass();
  void twistsAreTheKinematics();
  void massMatrixIsCrbas();
  void ndotMatchesFiniteDifferences();
  void coriolisPowerIdentity();
  void registeredForEveryVehicleType();
  void computeDoesNotAllocate();
  void rejectsAnotherModel();
  void erratum152PrintedAdotIsWrong();
  void erratum162PrintedBaseRateIsWrong();
  void variantsAreNamed();
  void cleanupTestCase();
};

void TestSolverDenoc::matchesAba_data() {
  QTest::addColumn<int>("base");
  QTest::addColumn<int>("bodies");
  QTest::addColumn<bool>("chain");
  QTest::addColumn<double>("prismatic");
  for (BaseType b : kAllBaseTypes)
    for (int n : {2, 5, 12, 25})
      for (bool chain : {true, false})
        for (double prismatic : {0.0, 0.3, 1.0}) {
          if (n == 2 && !chain) continue;
          QTest::newRow((toString(b) + "_" + std::to_string(n) + (chain ? "_chain" : "_tree") +
                         "_prismatic" + std::to_string(static_cast<int>(prismatic * 10)))
                            .c_str())
              << static_cast<int>(b) << n << chain << prismatic;
        }
}

void TestSolverDenoc::matchesAba() {
  QFETCH(int, base);
  QFETCH(int, bodies);
  QFETCH(bool, chain);
  QFETCH(double, prismatic);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Problem p = makeProblem(static_cast<BaseType>(base), bodies, chain, prismatic,
                                  seed * 7919 + static_cast<std::uint64_t>(bodies));
    const VecX expected = abaAccelerations(p);
    for (DenocReferencePoint point : kPoints) {
      const VecX actual = denocAccelerations(p, {point, DenocVariant::Corrected});
      maxAbaError = std::max(maxAbaError, test::relativeError(actual, expected));
      VMS_COMPARE_REL(actual, expected, 1e-12);
    }
  }
}

// Added mass (Kirchhoff): Omega M E t is replaced by the exact velocity-product wrench.
void TestSolverDenoc::matchesAbaWithAddedMass() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Fixed}) {
    Problem p = makeProblem(base, 6, false, 0.3, 11);
    p.model.added_mass.assign(p.model.nbodies, Mat6::Zero());
    for (int i : {0, 2, 3}) {
      const Mat6 A = Mat6::Random();
      p.model.added_mass[i] = 0.5 * A * A.transpose() + 0.1 * Mat6::Identity();
    }
    for (DenocReferencePoint point : kPoints)
      VMS_COMPARE_REL(denocAccelerations(p, {point, DenocVariant::Corrected}), abaAccelerations(p),
                      1e-12);
  }
}

// t = N nu = N_l N_d nu are the link twists of forwardVelocities, moved to the reference
// points; N_l (1 - A) = 1 with A the block sub-diagonal of A_{i,i-1} (132)-(133).
void TestSolverDenoc::twistsAreTheKinematics() {
  for (BaseType base : kAllBaseTypes)
    for (DenocReferencePoint point : kPoints) {
      const Problem p = makeProblem(base, 7, false, 0.3, 21);
      const Model& m = p.model;
      DenocSolver solver(m, {point, DenocVariant::Corrected});
      Data data(m);
      solver.compute(m, data, p.state, p.tau, p.external);
      const MatX Nl = solver.Nl(), Nd = solver.Nd();
      VMS_COMPARE_REL(solver.N(), Nl * Nd, 1e-14);
      const VecX nu = p.state.generalizedVelocity(m);
      const VecX t = solver.N() * nu;
      VMS_COMPARE_REL(t, solver.twists(), 1e-13);
      Data kin(m);
      computeKinematics(m, kin, p.state);
      for (int i = 0; i < m.nbodies; ++i) {
        const Vec3 r = solver.points()[i];
        const Vec3 expected_r =
            point == DenocReferencePoint::CentreOfMass ? kin.oMi[i].act(m.com[i]) : kin.oMi[i].p;
        VMS_COMPARE_REL(r, expected_r, 1e-14);
        const Vec3 w = angular(kin.v[i]);
        const Vec6 expected = makeVec6(Vec3(linear(kin.v[i])) + w.cross(r), w);
        VMS_COMPARE_REL(Vec6(t.segment<6>(6 * i)), expected, 1e-13);
      }
      MatX one_minus_A = MatX::Identity(6 * m.nbodies, 6 * m.nbodies);
      for (int i = 1; i < m.nbodies; ++i)
        one_minus_A.block<6, 6>(6 * i, 6 * m.parent[i]) = -Nl.block<6, 6>(6 * i, 6 * m.parent[i]);
      VMS_COMPARE_REL(Nl * one_minus_A, MatX::Identity(6 * m.nbodies, 6 * m.nbodies), 1e-13);
    }
}

// H = N^T Mbar N is crba's mass matrix (the same generalized velocity), symmetric positive
// definite.
void TestSolverDenoc::massMatrixIsCrbas() {
  for (BaseType base : kAllBaseTypes)
    for (DenocReferencePoint point : kPoints) {
      const Problem p = makeProblem(base, 9, false, 0.3, 5);
      DenocSolver solver(p.model, {point, DenocVariant::Corrected});
      Data data(p.model);
      solver.compute(p.model, data, p.state, p.tau, p.external);
      Data crba_data(p.model);
      crba(p.model, crba_data, p.state);
      VMS_COMPARE_REL(solver.H(), crba_data.M, 1e-13);
      VMS_COMPARE_REL(solver.H(), MatX(solver.H().transpose()), 1e-14);
      QVERIFY(Eigen::LLT<MatX>(solver.H()).info() == Eigen::Success);
      VMS_COMPARE_REL(solver.H(), MatX(solver.N().transpose() * solver.Mbar() * solver.N()), 1e-13);
    }
}

// Ndot (159) against central differences of N along the motion.
void TestSolverDenoc::ndotMatchesFiniteDifferences() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Schoenflies})
    for (DenocReferencePoint point : kPoints) {
      const Problem p = makeProblem(base, 8, false, 0.3, 3, false);
      const double h = 1e-6;
      DenocSolver solver(p.model, {point, DenocVariant::Corrected});
      Data data(p.model);
      solver.compute(p.model, data, p.state, p.tau, p.external);
      const MatX Ndot = solver.Ndot();
      solver.compute(p.model, data, advance(p.state, h), p.tau, p.external);
      const MatX Nplus = solver.N();
      solver.compute(p.model, data, advance(p.state, -h), p.tau, p.external);
      const MatX Nminus = solver.N();
      VMS_COMPARE_REL(Ndot, MatX((Nplus - Nminus) / (2 * h)), 1e-7);
    }
}

// nu^T C nu = 1/2 nu^T Hdot nu (the kinetic energy's balance), Hdot by central differences.
void TestSolverDenoc::coriolisPowerIdentity() {
  for (BaseType base : kAllBaseTypes)
    for (DenocReferencePoint point : kPoints) {
      const Problem p = makeProblem(base, 8, true, 0.3, 9, false);
      const double h = 1e-6;
      DenocSolver solver(p.model, {point, DenocVariant::Corrected});
      Data data(p.model);
      solver.compute(p.model, data, p.state, p.tau, p.external);
      const MatX C = solver.C();
      solver.compute(p.model, data, advance(p.state, h), p.tau, p.external);
      const MatX Hplus = solver.H();
      solver.compute(p.model, data, advance(p.state, -h), p.tau, p.external);
      const MatX Hdot = (Hplus - solver.H()) / (2 * h);
      const VecX nu = p.state.generalizedVelocity(p.model);
      const double lhs = nu.dot(C * nu), rhs = 0.5 * nu.dot(Hdot * nu);
      QVERIFY2(std::abs(lhs - rhs) <= 1e-6 * std::max(1.0, std::abs(rhs)),
               (std::to_string(lhs) + " vs " + std::to_string(rhs)).c_str());
    }
}

void TestSolverDenoc::registeredForEveryVehicleType() {
  const std::vector<std::string> names = solverNames();
  QVERIFY(std::find(names.begin(), names.end(), "denoc") != names.end());
  for (BaseType base : kAllBaseTypes) {
    QVERIFY(solverSupports("denoc", base));
    const Problem p = makeProblem(base, 4, true, 0.3, 2);
    auto solver = makeSolver("denoc", p.model);
    QVERIFY(solver != nullptr);
    QCOMPARE(solver->name(), std::string("denoc"));
    Data data(p.model);
    solver->compute(p.model, data, p.state, p.tau, p.external);
    VMS_COMPARE_REL(generalizedAccelerations(p.model, data), abaAccelerations(p), 1e-12);
    QCOMPARE(static_cast<int>(solver->intermediates().size()), 12);
  }
}

void TestSolverDenoc::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType base : kAllBaseTypes)
    for (int bodies : {12, 60})
      for (DenocVariant variant : kAllDenocVariants) {
        Problem p = makeProblem(base, bodies, false, 0.3, 4);
        if (bodies == 12) {
          p.model.added_mass.assign(p.model.nbodies, Mat6::Zero());
          p.model.added_mass[1] = Mat6::Identity();
        }
        DenocSolver solver(p.model, {DenocReferencePoint::CentreOfMass, variant});
        Data data(p.model);
        const long before = test::heapAllocations();
        for (int i = 0; i < 3; ++i) solver.compute(p.model, data, p.state, p.tau, p.external);
        const long allocations = test::heapAllocations() - before;  // before the message
        QVERIFY2(allocations == 0, (toString(base) + " " + toString(variant) + " allocated " +
                                    std::to_string(allocations))
                                       .c_str());
      }
}

void TestSolverDenoc::rejectsAnotherModel() {
  const Problem small = makeProblem(BaseType::Free, 3, true, 0.3, 1);
  const Problem big = makeProblem(BaseType::Free, 5, true, 0.3, 1);
  DenocSolver solver(small.model);
  Data data(big.model);
  const std::string message =
      test::errorOf([&] { solver.compute(big.model, data, big.state, big.tau, big.external); });
  QVERIFY2(message.find("denoc solver") != std::string::npos, message.c_str());
}

// (152): Adot's top-right block printed as -(w^x a^x) instead of -(w x a)^x, in the paper's own
// setting (body origins, revolute joints: a fixed in the parent, so (151) is exact). The printed
// Ndot and C are wrong (Ndot against central differences of N), but the accelerations are not:
// Ndot enters them only as Ndot nu, where each block's error -(-a^x w^x) multiplies the parent's
// angular velocity w and vanishes. The erratum shows in the matrices, never in the motion.
void TestSolverDenoc::erratum152PrintedAdotIsWrong() {
  double smallest_ndot = 1e300, largest_acc = 0.0, smallest_c = 1e300;
  for (BaseType base : {BaseType::Free, BaseType::Fixed})
    for (std::uint64_t seed : {3, 8}) {
      const Problem p = makeProblem(base, 6, true, 0.0, seed);
      const double h = 1e-6;
      DenocSolver corrected(p.model, {DenocReferencePoint::BodyOrigin, DenocVariant::Corrected});
      DenocSolver printed(p.model, {DenocReferencePoint::BodyOrigin, DenocVariant::PrintedAdot});
      Data data(p.model);
      printed.compute(p.model, data, p.state, p.tau, p.external);
      const VecX acc_printed = generalizedAccelerations(p.model, data);
      const MatX Ndot_printed = printed.Ndot(), C_printed = printed.C();
      corrected.compute(p.model, data, p.state, p.tau, p.external);
      const VecX acc = generalizedAccelerations(p.model, data);
      const MatX Ndot = corrected.Ndot(), C = corrected.C();
      VMS_COMPARE_REL(acc, abaAccelerations(p), 1e-12);
      corrected.compute(p.model, data, advance(p.state, h), p.tau, p.external);
      const MatX Nplus = corrected.N();
      corrected.compute(p.model, data, advance(p.state, -h), p.tau, p.external);
      const MatX fd = (Nplus - corrected.N()) / (2 * h);
      VMS_COMPARE_REL(Ndot, fd, 1e-7);
      smallest_ndot = std::min(smallest_ndot, test::relativeError(Ndot_printed, fd));
      smallest_c = std::min(smallest_c, test::relativeError(C_printed, C));
      largest_acc = std::max(largest_acc, test::relativeError(acc_printed, acc));
    }
  std::printf(
      "  (152) printed Adot: Ndot error %.3g, C error %.3g (smallest), accelerations %.3g "
      "(largest)\n",
      smallest_ndot, smallest_c, largest_acc);
  QVERIFY(smallest_ndot > 1e-2);
  QVERIFY(smallest_c > 1e-2);
  QVERIFY(largest_acc < 1e-12);
}

// (162): with N_b,d = 1 read as constant (Ndot_b,d = 0) the moving vehicle's accelerations are
// wrong (Omega_b P_b nu_b = [w0 x v_point; 0] is dropped); a fixed vehicle (b = 0) and a ball
// vehicle about its body origin (v_point = 0) are unaffected.
void TestSolverDenoc::erratum162PrintedBaseRateIsWrong() {
  double smallest = 1e300;
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball})
    for (DenocReferencePoint point : kPoints) {
      if (base == BaseType::Ball && point == DenocReferencePoint::BodyOrigin) continue;
      const Problem p = makeProblem(base, 5, false, 0.3, 6);
      const double err = test::relativeError(
          denocAccelerations(p, {point, DenocVariant::PrintedBaseRate}), abaAccelerations(p));
      smallest = std::min(smallest, err);
    }
  std::printf("  (162) printed base rate: smallest relative acceleration error %.3g\n", smallest);
  QVERIFY(smallest > 1e-3);
  for (BaseType base : {BaseType::Fixed, BaseType::Ball}) {
    const Problem p = makeProblem(base, 5, false, 0.3, 6);
    VMS_COMPARE_REL(
        denocAccelerations(p, {DenocReferencePoint::BodyOrigin, DenocVariant::PrintedBaseRate}),
        abaAccelerations(p), 1e-12);
  }
}

void TestSolverDenoc::variantsAreNamed() {
  for (DenocVariant v : kAllDenocVariants) {
    QVERIFY(denocVariantFromString(toString(v)).value() == v);
    QVERIFY(!describe(v).empty());
  }
  QVERIFY(!denocVariantFromString("no-such-variant"));
  const Problem p = makeProblem(BaseType::Free, 3, true, 0.3, 1);
  QVERIFY(DenocSolver(p.model, {DenocReferencePoint::CentreOfMass, DenocVariant::PrintedAdot})
              .description()
              .find("PRINTED") != std::string::npos);
}

void TestSolverDenoc::cleanupTestCase() {
  std::printf("  largest relative error vs aba (corrected): %.3g\n", maxAbaError);
}

QTEST_APPLESS_MAIN(TestSolverDenoc)
#include "test_solver_denoc.moc"
