// The "denoc-recursive" solver (seed 003 §7 in its recursive form): accelerations equal aba's
// and the dense denoc's on random trees of every vehicle type (gravity, joint torques, vehicle
// and body wrenches, added mass), with either reference point; its recursively propagated
// twists and twist rates are the dense N nu and Ndot nu, its phi is the dense N^T wbar + tau -
// C nu, and its pivots factorise the dense H (det H = det(P_b^T Mhat_0 P_b) prod d_i);
// compute() does not allocate.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "allocation_counter.hpp"
#include "core/algorithms/aba.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/denoc_recursive_solver.hpp"
#include "solver_problems.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

using vms::test::SolverProblem;
using Problem = SolverProblem;
using vms::test::abaAccelerations;
using vms::test::generalizedAccelerations;
using vms::test::randomSolverProblem;

Problem makeProblem(BaseType base, int bodies, bool chain, double prismatic_fraction,
                    std::uint64_t seed) {
  return randomSolverProblem(base, bodies, chain, prismatic_fraction, seed);
}

template <class Solver>
VecX solverAccelerations(Solver& solver, const Problem& p) {
  Data data(p.model);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  return generalizedAccelerations(p.model, data);
}

// The value of a named intermediate quantity of a solver's last compute().
MatX quantity(const ForwardDynamicsSolver& solver, const std::string& name) {
  for (const SolverQuantity& q : solver.intermediates())
    if (q.name == name) return q.value;
  return {};
}

double maxAbaError = 0.0;

constexpr DenocReferencePoint kPoints[] = {DenocReferencePoint::CentreOfMass,
                                           DenocReferencePoint::BodyOrigin};

}  // namespace

class TestSolverDenocRecursive : public QObject {
  Q_OBJECT
 private slots:
  void matchesAbaAndTheDenseForm_data();
  void matchesAbaAndTheDenseForm();
  void matchesAbaWithAddedMass();
  void recursiveQuantitiesAreTheDenseOnes();
  void pivotsFactoriseTheMassMatrix();
  void registeredForEveryVehicleType();
  void computeDoesNotAllocate();
  void rejectsAnotherModel();
  void cleanupTestCase();
};

void TestSolverDenocRecursive::matchesAbaAndTheDenseForm_data() {
  QTest::addColumn<int>("base");
  QTest::addColumn<int>("bodies");
  QTest::addColumn<bool>("chain");
  for (BaseType b : kAllBaseTypes)
    for (int n : {1, 2, 7, 25})
      for (bool chain : {true, false}) {
        if (n <= 2 && !chain) continue;
        QTest::newRow(
            (toString(b) + "_" + std::to_string(n) + (chain ? "_chain" : "_tree")).c_str())
            << static_cast<int>(b) << n << chain;
      }
}

void TestSolverDenocRecursive::matchesAbaAndTheDenseForm() {
  QFETCH(int, base);
  QFETCH(int, bodies);
  QFETCH(bool, chain);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const double prismatic = seed == 1 ? 0.0 : (seed == 2 ? 0.3 : 1.0);
    const Problem p = makeProblem(static_cast<BaseType>(base), bodies, chain, prismatic,
                                  seed * 7919 + static_cast<std::uint64_t>(bodies));
    const VecX expected = abaAccelerations(p);
    for (DenocReferencePoint point : kPoints) {
      DenocRecursiveSolver recursive(p.model, {point});
      DenocSolver dense(p.model, {point, DenocVariant::Corrected});
      const VecX actual = solverAccelerations(recursive, p);
      maxAbaError = std::max(maxAbaError, test::relativeError(actual, expected));
      VMS_COMPARE_REL(actual, expected, 1e-12);
      VMS_COMPARE_REL(actual, solverAccelerations(dense, p), 1e-12);
    }
  }
}

// Added mass (Kirchhoff): Omega M E t is replaced by the exact velocity-product wrench.
void TestSolverDenocRecursive::matchesAbaWithAddedMass() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Fixed}) {
    Problem p = makeProblem(base, 6, false, 0.3, 11);
    p.model.added_mass.assign(p.model.nbodies, Mat6::Zero());
    for (int i : {0, 2, 3}) {
      const Mat6 A = Mat6::Random();
      p.model.added_mass[i] = 0.5 * A * A.transpose() + 0.1 * Mat6::Identity();
    }
    for (DenocReferencePoint point : kPoints) {
      DenocRecursiveSolver solver(p.model, {point});
      VMS_COMPARE_REL(solverAccelerations(solver, p), abaAccelerations(p), 1e-12);
    }
  }
}

// The recursion's twists (128) are the dense N nu, its twist rates at nudot = 0 (150)-(151) the
// dense Ndot nu, and its phi from the tips (149), (153) the dense N^T wbar + tau - C nu.
void TestSolverDenocRecursive::recursiveQuantitiesAreTheDenseOnes() {
  for (BaseType base : kAllBaseTypes)
    for (DenocReferencePoint point : kPoints) {
      const Problem p = makeProblem(base, 9, false, 0.3, 21);
      DenocRecursiveSolver recursive(p.model, {point});
      DenocSolver dense(p.model, {point, DenocVariant::Corrected});
      solverAccelerations(recursive, p);
      solverAccelerations(dense, p);
      const VecX nu = p.state.generalizedVelocity(p.model);
      VMS_COMPARE_REL(recursive.twists(), dense.twists(), 1e-13);
      VMS_COMPARE_REL(recursive.biasTwistRates(), VecX(dense.Ndot() * nu), 1e-12);
      const VecX dense_phi = quantity(dense, "Q") - quantity(dense, "C_nu");
      VMS_COMPARE_REL(recursive.phi(), dense_phi, 1e-12);
    }
}

// The inward pass is the U D U^T factorisation of H = N^T Mbar N: the determinant of the
// dense H is that of the vehicle's reduced articulated inertia times the joint pivots.
void TestSolverDenocRecursive::pivotsFactoriseTheMassMatrix() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Nonholonomic, BaseType::Fixed})
    for (bool chain : {true, false}) {
      const Problem p = makeProblem(base, 8, chain, 0.3, 5);
      DenocRecursiveSolver recursive(p.model);
      DenocSolver dense(p.model);
      solverAccelerations(recursive, p);
      solverAccelerations(dense, p);
      const int b = p.model.base_dof;
      const MatX Pb = dense.Nd().topLeftCorner(6, b);
      const MatX Hb = Pb.transpose() * recursive.vehicleArticulatedInertia() * Pb;
      const double product = (b > 0 ? Hb.determinant() : 1.0) * recursive.pivots().prod();
      const double det = dense.H().determinant();
      QVERIFY2(std::abs(product - det) <= 1e-10 * std::abs(det),
               (std::to_string(product) + " vs " + std::to_string(det)).c_str());
      QVERIFY((recursive.pivots().array() > 0.0).all());
    }
}

void TestSolverDenocRecursive::registeredForEveryVehicleType() {
  const std::vector<std::string> names = solverNames();
  QVERIFY(std::find(names.begin(), names.end(), "denoc-recursive") != names.end());
  for (BaseType base : kAllBaseTypes) {
    QVERIFY(solverSupports("denoc-recursive", base));
    const Problem p = makeProblem(base, 4, true, 0.3, 2);
    auto solver = makeSolver("denoc-recursive", p.model);
    QCOMPARE(solver->name(), std::string("denoc-recursive"));
    Data data(p.model);
    solver->compute(p.model, data, p.state, p.tau, p.external);
    VMS_COMPARE_REL(generalizedAccelerations(p.model, data), abaAccelerations(p), 1e-12);
    QCOMPARE(static_cast<int>(solver->intermediates().size()), 8);
  }
}

void TestSolverDenocRecursive::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType base : kAllBaseTypes)
    for (int bodies : {12, 60}) {
      Problem p = makeProblem(base, bodies, false, 0.3, 4);
      if (bodies == 12) {
        p.model.added_mass.assign(p.model.nbodies, Mat6::Zero());
        p.model.added_mass[1] = Mat6::Identity();
      }
      DenocRecursiveSolver solver(p.model);
      Data data(p.model);
      const long before = test::heapAllocations();
      for (int i = 0; i < 3; ++i) solver.compute(p.model, data, p.state, p.tau, p.external);
      const long allocations = test::heapAllocations() - before;  // before the message
      QVERIFY2(allocations == 0,
               (toString(base) + " allocated " + std::to_string(allocations)).c_str());
    }
}

void TestSolverDenocRecursive::rejectsAnotherModel() {
  const Problem small = makeProblem(BaseType::Free, 3, true, 0.3, 1);
  const Problem big = makeProblem(BaseType::Free, 5, true, 0.3, 1);
  DenocRecursiveSolver solver(small.model);
  Data data(big.model);
  const std::string message =
      test::errorOf([&] { solver.compute(big.model, data, big.state, big.tau, big.external); });
  QVERIFY2(message.find("denoc-recursive solver") != std::string::npos, message.c_str());
}

void TestSolverDenocRecursive::cleanupTestCase() {
  std::printf("  largest relative error vs aba: %.3g\n", maxAbaError);
}

QTEST_APPLESS_MAIN(TestSolverDenocRecursive)
#include "test_solver_denoc_recursive.moc"
