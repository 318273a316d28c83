// Seed 001's 𝔏 Ξ factorisation (core/solvers/lagrange_poincare_factorisation), against the
// generic code on random chains and trees of every holonomic vehicle type: 𝔏 Ξ is the stacked
// body Jacobians of the kinematics, moved to the home frames (57); 𝔏 is block lower-triangular
// with identity diagonal, and 𝔄𝔡_i^i xi_i = xi_i (61); M0, M0m, Mm (65)-(67) are crba's
// blocks; their derivatives from d𝔏/dq (114)-(120) are MassMatrixDerivatives' dM/dq and
// central differences of the factorisation's own M; nothing is allocated.
#include <QtTest>
#include <cstdio>

#include "allocation_counter.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/mass_matrix_derivatives.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/lagrange_poincare_factorisation.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

struct Case {
  Model model;
  State state;
};

Case makeCase(BaseType base, int bodies, bool chain, double prismatic, std::uint64_t seed,
              bool added_mass = false) {
  RandomTreeOptions o;
  o.base = base;
  o.bodies = bodies;
  o.chain = chain;
  o.prismatic_fraction = prismatic;
  o.fixed_links = 1;
  o.seed = seed;
  Case c{compileModel(randomTree(o)), {}};
  if (added_mass) {
    std::srand(static_cast<unsigned>(seed));
    c.model.added_mass.assign(static_cast<std::size_t>(c.model.nbodies), Mat6::Zero());
    for (int i = 0; i < c.model.nbodies; i += 2) {
      const Mat6 A = Mat6::Random();
      c.model.added_mass[i] = 0.5 * A * A.transpose() + 0.1 * Mat6::Identity();
    }
  }
  c.state = randomState(c.model, seed + 5);
  return c;
}

// Every holonomic vehicle type, chains and trees, revolute and prismatic joints.
std::vector<Case> cases() {
  std::vector<Case> all;
  std::uint64_t seed = 1;
  for (BaseType base : kAllBaseTypes)
    if (isHolonomic(base))
      for (const auto& [bodies, chain] :
           {std::pair{3, true}, std::pair{9, true}, std::pair{9, false}, std::pair{16, false}})
        all.push_back(makeCase(base, bodies, chain, 0.3, seed++));
  all.push_back(makeCase(BaseType::Free, 8, false, 0.3, 99, true));
  return all;
}

// Body i's body Jacobian from the kinematics (world motion subspaces S0, S_k of its path moved
// to its frame), moved to its home frame: rows 6i..6i+5 of the paper's 𝒥 (51).
MatX stackedBodyJacobians(const Model& m, const State& s) {
  Data data(m), home(m);
  forwardKinematics(m, data, s);
  State zero = State::neutral(m);
  forwardKinematics(m, home, zero);  // q = 0, vehicle at the origin: oMi = ḡ_i^0
  MatX J = MatX::Zero(6 * m.nbodies, m.nv);
  for (int i = 0; i < m.nbodies; ++i) {
    const auto toHome = [&](const Vec6& world) {
      return actMotion(home.oMi[i], actInvMotion(data.oMi[i], world));
    };
    for (int c = 0; c < m.base_dof; ++c) J.block<6, 1>(6 * i, c) = toHome(data.S0.col(c));
    for (int k = i; k > 0; k = m.parent[k])
      J.block<6, 1>(6 * i, m.base_dof + m.joint_index[k]) = toHome(data.S[k]);
  }
  return J;
}

double largest_jacobian = 0, largest_blocks = 0, largest_derivatives = 0;

}  // namespace

class TestLagrangePoincareFactorisation : public QObject {
  Q_OBJECT
 private slots:
  void factorisationIsTheStackedBodyJacobians();
  void blocksAreCrbas();
  void derivativesAreMassMatrixDerivatives();
  void derivativesMatchFiniteDifferences();
  void computeDoesNotAllocate();
  void cleanupTestCase();
};

void TestLagrangePoincareFactorisation::factorisationIsTheStackedBodyJacobians() {
  for (const Case& c : cases()) {
    const Model& m = c.model;
    LagrangePoincareFactorisation f(m);
    f.compute(c.state.q);
    const MatX L = f.L(), Xi = f.Xi();
    const MatX expected = stackedBodyJacobians(m, c.state);
    const double err = test::relativeError(MatX(L * Xi), expected);
    largest_jacobian = std::max(largest_jacobian, err);
    VMS_COMPARE_REL(MatX(L * Xi), expected, 1e-12);
    VMS_COMPARE_REL(f.J(), expected, 1e-12);
    for (int i = 0; i < m.nbodies; ++i) {
      // (59): identity diagonal, zero above it and off each body's path.
      VMS_COMPARE_REL(MatX(L.block<6, 6>(6 * i, 6 * i)), MatX(Mat6::Identity()), 0.0);
      for (int k = i + 1; k < m.nbodies; ++k) {
        const bool zero = L.block<6, 6>(6 * i, 6 * k).isZero(0.0);
        QVERIFY(zero);
      }
      // (61): Ad_{e^{-xi_i q_i}} xi_i = xi_i, why 𝔏's diagonal is the identity (and why the
      // printed (118) equals the corrected one on a one-joint arm, the only one where it is
      // defined: 𝔏_m0 Ξ_m = 𝔄𝔡_1^1 xi_1 = xi_1 = 𝔏_m Ξ_m).
      if (i > 0 && m.parent[i] == 0)
        VMS_COMPARE_REL(Vec6(f.block(i, 0) * f.twist(i)), f.twist(i), 1e-14);
    }
  }
}

void TestLagrangePoincareFactorisation::blocksAreCrbas() {
  for (const Case& c : cases()) {
    const Model& m = c.model;
    LagrangePoincareFactorisation f(m);
    f.compute(c.state.q);
    Data data(m);
    crba(m, data, c.state);
    const int b = m.base_dof, n = m.njoints;
    const MatX& M = f.M();
    largest_blocks = std::max(largest_blocks, test::relativeError(M, data.M));
    VMS_COMPARE_REL(MatX(M.topLeftCorner(b, b)), MatX(data.M.topLeftCorner(b, b)), 1e-12);
    VMS_COMPARE_REL(MatX(M.topRightCorner(b, n)), MatX(data.M.topRightCorner(b, n)), 1e-12);
    VMS_COMPARE_REL(MatX(M.bottomRightCorner(n, n)), MatX(data.M.bottomRightCorner(n, n)), 1e-12);
    QCOMPARE(MatX(M.transpose()), M);
    // (54) directly: 𝒥^T diag(𝔐_i) 𝒥.
    MatX D = MatX::Zero(6 * m.nbodies, 6 * m.nbodies);
    for (int i = 0; i < m.nbodies; ++i) D.block<6, 6>(6 * i, 6 * i) = f.homeInertia(i);
    const MatX J = f.J();
    VMS_COMPARE_REL(M, MatX(J.transpose() * D * J), 1e-12);
  }
}

void TestLagrangePoincareFactorisation::derivativesAreMassMatrixDerivatives() {
  for (const Case& c : cases()) {
    const Model& m = c.model;
    LagrangePoincareFactorisation f(m);
    f.compute(c.state.q);
    f.computeDerivatives();
    Data data(m);
    crba(m, data, c.state);
    MassMatrixDerivatives generic(m);
    generic.compute(m, data);
    for (int k = 0; k < m.njoints; ++k) {
      largest_derivatives = std::max(largest_derivatives, test::relativeError(f.dM(k), generic[k]));
      VMS_COMPARE_REL(f.dM(k), generic[k], 1e-12);
    }
  }
}

// (116) itself, independently of the generic code: central differences of (65)-(67).
void TestLagrangePoincareFactorisation::derivativesMatchFiniteDifferences() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball}) {
    const Case c = makeCase(base, 7, base != BaseType::Ball, 0.3, 41);
    const Model& m = c.model;
    LagrangePoincareFactorisation f(m), plus(m), minus(m);
    f.compute(c.state.q);
    f.computeDerivatives();
    const double h = 1e-6;
    for (int k = 0; k < m.njoints; ++k) {
      VecX qp = c.state.q, qm = c.state.q;
      qp[k] += h;
      qm[k] -= h;
      plus.compute(qp);
      minus.compute(qm);
      VMS_COMPARE_REL(f.dM(k), MatX((plus.M() - minus.M()) / (2 * h)), 1e-7);
    }
  }
}

void TestLagrangePoincareFactorisation::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Rail, BaseType::Fixed})
    for (int bodies : {12, 60}) {
      const Case c = makeCase(base, bodies, false, 0.3, 7);
      LagrangePoincareFactorisation f(c.model);
      const long before = test::heapAllocations();
      for (int i = 0; i < 2; ++i) {
        f.compute(c.state.q);
        f.computeDerivatives();
      }
      QVERIFY2(test::heapAllocations() == before, toString(base).c_str());
    }
}

void TestLagrangePoincareFactorisation::cleanupTestCase() {
  std::printf(
      "  largest relative differences: L Xi vs body Jacobians %.2g, M vs crba %.2g, dM/dq vs "
      "MassMatrixDerivatives %.2g\n",
      largest_jacobian, largest_blocks, largest_derivatives);
}

QTEST_APPLESS_MAIN(TestLagrangePoincareFactorisation)
#include "test_lagrange_poincare_factorisation.moc"
