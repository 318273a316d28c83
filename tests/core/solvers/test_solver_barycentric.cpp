// The "barycentric" solver (seed 003 §3-§4): accelerations equal aba's for the free vehicle on
// random trees (revolute and prismatic, gravity, joint torques, vehicle and body wrenches); the
// barycentric vectors, D, D_q, D_qq and the reduced inertia are what the paper says; the
// inertia from the D_ij sums (42)-(46), the default, equals the Kane products to rounding on
// random trees and the example models; the printed (6), evaluated as printed, and the §6
// v_0/M mix give wrong accelerations; other vehicles are refused.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>

#include "allocation_counter.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/barycentric_solver.hpp"
#include "solver_problems.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

using Variant = BarycentricVariant;

using vms::test::SolverProblem;
using Problem = SolverProblem;
using vms::test::abaAccelerations;
using vms::test::generalizedAccelerations;
using vms::test::randomSolverProblem;

// A free vehicle; without loads: no gravity, joint torques or wrenches.
Problem makeProblem(int bodies, bool chain, double prismatic_fraction, std::uint64_t seed,
                    bool loads = true) {
  return randomSolverProblem(BaseType::Free, bodies, chain, prismatic_fraction, seed, loads, loads);
}

VecX solverAccelerations(const Problem& p, Variant variant = Variant::Corrected) {
  Data data(p.model);
  BarycentricSolver solver(p.model, variant);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  return generalizedAccelerations(p.model, data);
}

// Rows bodies x {chain, tree} x prismatic fraction {0, 0.3, 1} (no tree of two bodies or fewer).
void addTreeRows(std::initializer_list<int> sizes) {
  QTest::addColumn<int>("bodies");
  QTest::addColumn<bool>("chain");
  QTest::addColumn<double>("prismatic");
  for (int n : sizes)
    for (bool chain : {true, false})
      for (double prismatic : {0.0, 0.3, 1.0}) {
        if (n <= 2 && !chain) continue;
        QTest::newRow((std::to_string(n) + (chain ? "_chain" : "_tree") + "_prismatic" +
                       std::to_string(static_cast<int>(prismatic * 10)))
                          .c_str())
            << n << chain << prismatic;
      }
}

// max |a - b| / max |b|: relative to the matrix's own size, small or large.
double relativeDifference(const MatX& a, const MatX& b) {
  if (b.size() == 0) return a.size() == 0 ? 0.0 : 1e300;  // a vehicle without an arm
  return (a - b).cwiseAbs().maxCoeff() / b.cwiseAbs().maxCoeff();
}

// The D_ij as the notes derive them, sum over every body k:
// delta_ij I_i + sum_k m_k [(v_ik . v_jk) 1 - v_jk v_ik^T] (world axes).
MatX dijBySumOverBodies(const Model& m, const Data& data, const MatX& V) {
  const int nb = m.nbodies;
  MatX D = MatX::Zero(3 * nb, 3 * nb);
  for (int i = 0; i < nb; ++i)
    for (int j = 0; j < nb; ++j) {
      Mat3 d = Mat3::Zero();
      if (i == j) d = data.oMi[i].R * m.inertia_com[i] * data.oMi[i].R.transpose();
      for (int k = 0; k < nb; ++k) {
        const Vec3 vi = V.block<3, 1>(3 * i, k), vj = V.block<3, 1>(3 * j, k);
        d += m.mass[k] * (vi.dot(vj) * Mat3::Identity() - vj * vi.transpose());
      }
      D.block<3, 3>(3 * i, 3 * j) = d;
    }
  return D;
}

double largestSumsVsKane = 0.0, largestBracketVsSum = 0.0;

// The D_ij sums against the Kane products and the bracketed (42) against the sum over bodies on
// one problem, and both assemblies' accelerations against aba.
void checkAssemblies(const Problem& p) {
  const Model& m = p.model;
  BarycentricSolver sums(m, BarycentricOptions{Variant::Corrected, BarycentricAssembly::DijSums});
  BarycentricSolver kane(m,
                         BarycentricOptions{Variant::Corrected, BarycentricAssembly::KaneProducts});
  QVERIFY(sums.assembly() == BarycentricAssembly::DijSums);
  Data data(m), kane_data(m);
  sums.compute(m, data, p.state, p.tau, p.external);
  kane.compute(m, kane_data, p.state, p.tau, p.external);
  const double inertia = relativeDifference(sums.inertia(), kane.inertia());
  const double dij =
      relativeDifference(sums.Dij(), dijBySumOverBodies(m, data, sums.barycentricVectors()));
  largestSumsVsKane = std::max(largestSumsVsKane, inertia);
  largestBracketVsSum = std::max(largestBracketVsSum, dij);
  QVERIFY2(inertia <= 1e-12, ("D_ij sums vs Kane products " + std::to_string(inertia)).c_str());
  QVERIFY2(dij <= 1e-12, ("bracketed (42) vs sum over bodies " + std::to_string(dij)).c_str());
  QVERIFY(relativeDifference(sums.reducedInertia(), kane.reducedInertia()) <= 1e-12);
  const VecX expected = abaAccelerations(p);
  VMS_COMPARE_REL(generalizedAccelerations(p.model, data), expected, 1e-9);
  VMS_COMPARE_REL(generalizedAccelerations(p.model, kane_data), expected, 1e-9);
}

// System centre of mass (world).
Vec3 centreOfMass(const Model& m, const Data& data) {
  Vec3 c = Vec3::Zero();
  double M = 0.0;
  for (int i = 0; i < m.nbodies; ++i) {
    c += m.mass[i] * data.oMi[i].act(m.com[i]);
    M += m.mass[i];
  }
  return c / M;
}

double maxAbaError = 0.0;

}  // namespace

class TestSolverBarycentric : public QObject {
  Q_OBJECT
 private slots:
  void matchesAba_data();
  void matchesAba();
  void matchesAbaWithoutLoads();
  void barycentricVectorsSumToRho();
  void dyadicsAreThePapersSums();
  void dijSumsAreTheKaneProducts_data();
  void dijSumsAreTheKaneProducts();
  void dijSumsOnTheExampleModels();
  void inertiaIsTheCentroidalSchurComplement();
  void momentumAboutTheCentreOfMass();
  void onlyTheFreeVehicle();
  void refusesAddedMass();
  void computeDoesNotAllocate();
  void rejectsAnotherModel();
  void erratum6PrintedBarycentreIsWrong();
  void erratumSection6CentreOfMassVelocityIsWrong();
  void erratum117PrintedJointCouplingIsWrong();
  void variantsAreNamed();
  void cleanupTestCase();
};

void TestSolverBarycentric::matchesAba_data() { addTreeRows({1, 2, 5, 12, 25}); }

void TestSolverBarycentric::matchesAba() {
  QFETCH(int, bodies);
  QFETCH(bool, chain);
  QFETCH(double, prismatic);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Problem p =
        makeProblem(bodies, chain, prismatic, seed * 7919 + static_cast<std::uint64_t>(bodies));
    const VecX expected = abaAccelerations(p);
    const VecX actual = solverAccelerations(p);
    maxAbaError = std::max(maxAbaError, test::relativeError(actual, expected));
    VMS_COMPARE_REL(actual, expected, 1e-12);
  }
}

// Free floating (f = g = 0, seed 003 §4) with joint torques only.
void TestSolverBarycentric::matchesAbaWithoutLoads() {
  for (bool chain : {true, false}) {
    Problem p = makeProblem(8, chain, 0.0, 31, false);
    p.tau = VecX::Random(p.model.njoints);
    VMS_COMPARE_REL(solverAccelerations(p), abaAccelerations(p), 1e-12);
  }
}

// (3) sum m_k rho_k = 0, (10) rho_k = sum_i v_ik equals the geometry, (6) for a chain, v_ii =
// c_i* = -c_i (7), and the Fig. 3 case (k = 3, N = 4): rho_3 = r_0* + r_1* + r_2* + c_3* + l_4*.
void TestSolverBarycentric::barycentricVectorsSumToRho() {
  for (double prismatic : {0.0, 0.5}) {
    const Problem p = makeProblem(5, true, prismatic, 13);
    const Model& m = p.model;
    BarycentricSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    const Vec3 cm = centreOfMass(m, data);
    const MatX& V = solver.barycentricVectors();
    Vec3 weighted = Vec3::Zero();
    for (int k = 0; k < m.nbodies; ++k) {
      const Vec3 rho = data.oMi[k].act(m.com[k]) - cm;
      VMS_COMPARE_REL(Vec3(solver.rho().col(k)), rho, 1e-13);
      weighted += m.mass[k] * rho;
      if (k == 0 || m.joint_type[k] == JointType::Revolute)  // a slide adds to v_kk
        VMS_COMPARE_REL(Vec3(V.block<3, 1>(3 * k, k)), Vec3(-solver.barycentreOffsets().col(k)),
                        1e-14);
    }
    QVERIFY(weighted.norm() < 1e-12);
    if (prismatic > 0.0) continue;
    // (6) corrected on the chain 0-1-2-3-4: c_i = l_i mu_i + r_i (1 - mu_{i+1}).
    double M = 0.0;
    for (int i = 0; i < m.nbodies; ++i) M += m.mass[i];
    double before = 0.0;
    for (int i = 0; i + 1 < m.nbodies; ++i) {
      const double mu = before / M, mu_next = (before + m.mass[i]) / M;
      before += m.mass[i];
      const Vec3 com = data.oMi[i].act(m.com[i]);
      const Vec3 l = data.oMi[i].p - com;
      const Vec3 r = data.oMi[i + 1].p - com;
      VMS_COMPARE_REL(Vec3(solver.barycentreOffsets().col(i)), Vec3(l * mu + r * (1.0 - mu_next)),
                      1e-13);
    }
    // Fig. 3: rho_3 = r_0* + r_1* + r_2* + c_3* + l_4* (v_ik: i < k r_i*, i > k l_i*).
    Vec3 fig3 = Vec3::Zero();
    for (int i = 0; i < 5; ++i) fig3 += V.block<3, 1>(3 * i, 3);
    VMS_COMPARE_REL(fig3, Vec3(solver.rho().col(3)), 1e-14);
  }
}

// D = sum D_ij (43)-(44), D_q = sum (sum_i D_ij) F_j (45), D_qq = sum F_i^T D_ij F_j (46) with
// the bracketed (42), for revolute trees; D symmetric positive definite, D_ij^T = D_ji.
void TestSolverBarycentric::dyadicsAreThePapersSums() {
  for (bool chain : {true, false}) {
    const Problem p = makeProblem(7, chain, 0.0, 17);
    const Model& m = p.model;
    const int nb = m.nbodies, n = m.njoints;
    BarycentricSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    const MatX Dij = solver.Dij();
    VMS_COMPARE_REL(Dij, MatX(Dij.transpose()), 1e-13);
    const Mat3 R0 = data.oMi[0].R;
    // F_j: 3 x n, the world axes of the joints from the vehicle to body j (23).
    std::vector<MatX> F(static_cast<std::size_t>(nb), MatX::Zero(3, n));
    for (int j = 1; j < nb; ++j) {
      F[j] = F[m.parent[j]];
      F[j].col(m.joint_index[j]) = data.S[j].tail<3>();
    }
    Mat3 D = Mat3::Zero();
    MatX Dq = MatX::Zero(3, n), Dqq = MatX::Zero(n, n);
    for (int i = 0; i < nb; ++i)
      for (int j = 0; j < nb; ++j) {
        const Mat3 d = Dij.block<3, 3>(3 * i, 3 * j);
        D += d;
        Dq += d * F[j];
        Dqq += F[i].transpose() * d * F[j];
      }
    VMS_COMPARE_REL(solver.D(), Mat3(R0.transpose() * D * R0), 1e-13);
    VMS_COMPARE_REL(solver.Dq(), MatX(R0.transpose() * Dq), 1e-13);
    VMS_COMPARE_REL(solver.Dqq(), Dqq, 1e-13);
    QVERIFY(Eigen::LLT<Mat3>(solver.D()).info() == Eigen::Success);
    QVERIFY(Eigen::LLT<MatX>(solver.reducedInertia()).info() == Eigen::Success);
    VMS_COMPARE_REL(solver.D(), Mat3(solver.D().transpose()), 1e-14);
  }
}

// The default assembly, the paper's D_ij (42) summed by (43)-(46) (prismatic joints by the same
// closed-form sums), equals the generic Kane products to rounding (1e-12 relative), and the
// bracketed (42) equals the notes' sum over every body; both agree with aba.
void TestSolverBarycentric::dijSumsAreTheKaneProducts_data() { addTreeRows({1, 2, 6, 15, 25}); }

void TestSolverBarycentric::dijSumsAreTheKaneProducts() {
  QFETCH(int, bodies);
  QFETCH(bool, chain);
  QFETCH(double, prismatic);
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    checkAssemblies(
        makeProblem(bodies, chain, prismatic, seed * 104729 + static_cast<std::uint64_t>(bodies)));
}

void TestSolverBarycentric::dijSumsOnTheExampleModels() {
  int checked = 0;
  for (const auto& e : std::filesystem::directory_iterator(VMS_SOURCE_DIR "/models")) {
    const std::string f = e.path().string();
    const bool model_file = f.size() > 9 && (f.compare(f.size() - 9, 9, ".vms.json") == 0 ||
                                             f.compare(f.size() - 5, 5, ".urdf") == 0);
    if (!model_file) continue;
    Problem p{loadModel(f), {}, {}, {}, {}};
    if (p.model.base_type != BaseType::Free || p.model.hasAddedMass()) continue;
    for (std::uint64_t k = 0; k < 3; ++k) {
      p.state = randomState(p.model, 71 + k);
      p.tau = VecX::Random(p.model.njoints);
      checkAssemblies(p);
    }
    ++checked;
  }
  qInfo("%d free-vehicle example models", checked);
  QVERIFY(checked >= 3);
}

// [[D, D_q], [D_q^T, D_qq]] is crba's mass matrix with the linear velocity eliminated (the
// inertia with the centre of mass held), so H (55) is its joint Schur complement: the reduced
// inertia of the Lagrange-Poincare and DeNOC formulations over the whole vehicle block.
void TestSolverBarycentric::inertiaIsTheCentroidalSchurComplement() {
  for (double prismatic : {0.0, 0.4}) {
    const Problem p = makeProblem(9, false, prismatic, 23);
    const Model& m = p.model;
    const int n = m.njoints;
    BarycentricSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    crba(m, data, p.state);
    const MatX& Mc = data.M;  // [v_b; w_b; qd]
    const Eigen::Index r = 3, k = 3 + n;
    const MatX Mvv = Mc.topLeftCorner(3, 3);
    const MatX Mrv = Mc.bottomLeftCorner(k, 3);
    const MatX Mrr = Mc.bottomRightCorner(k, k);
    const MatX locked = Mrr - Mrv * Mvv.inverse() * Mrv.transpose();
    VMS_COMPARE_REL(solver.inertia(), locked, 1e-12);
    const MatX Mjj = Mc.bottomRightCorner(n, n);
    const MatX Mjb = Mc.bottomLeftCorner(n, 6);
    const MatX schur = Mjj - Mjb * Mc.topLeftCorner<6, 6>().inverse() * Mjb.transpose();
    VMS_COMPARE_REL(solver.reducedInertia(), schur, 1e-12);
    (void)r;
  }
}

// (48): h_CM = R0 (D w_0 + D_q qd) is the angular momentum about the system centre of mass.
void TestSolverBarycentric::momentumAboutTheCentreOfMass() {
  const Problem p = makeProblem(8, false, 0.3, 29);
  const Model& m = p.model;
  BarycentricSolver solver(m);
  Data data(m);
  solver.compute(m, data, p.state, p.tau, p.external);
  computeKinematics(m, data, p.state);
  // Sum of the world spatial momenta at the world origin, moved to the centre of mass.
  Vec6 h = Vec6::Zero();
  for (int i = 0; i < m.nbodies; ++i) h += data.I[i] * data.v[i];
  const Vec3 cm = centreOfMass(m, data);
  const Vec3 h_cm = Vec3(h.tail<3>()) - cm.cross(Vec3(h.head<3>()));
  const Vec3 w0 = angular(p.state.base_twist);
  const Vec3 ours = data.oMi[0].R * (solver.D() * w0 + solver.Dq() * p.state.qd);
  VMS_COMPARE_REL(ours, h_cm, 1e-12);
}

void TestSolverBarycentric::onlyTheFreeVehicle() {
  const std::vector<std::string> names = solverNames();
  QVERIFY(std::find(names.begin(), names.end(), "barycentric") != names.end());
  for (BaseType base : kAllBaseTypes) {
    QCOMPARE(solverSupports("barycentric", base), base == BaseType::Free);
    RandomTreeOptions o;
    o.bodies = 4;
    o.base = base;
    const Model model = compileModel(randomTree(o));
    if (base == BaseType::Free) {
      auto solver = makeSolver("barycentric", model);
      QVERIFY(solver && solver->name() == "barycentric");
      QCOMPARE(static_cast<int>(solver->intermediates().size()), 15);
      continue;
    }
    const std::string registry = test::errorOf([&] { makeSolver("barycentric", model); });
    QVERIFY2(registry.find("'barycentric'") != std::string::npos, registry.c_str());
    const std::string direct = test::errorOf([&] { BarycentricSolver solver(model); });
    QVERIFY2(direct.find("free vehicle") != std::string::npos, direct.c_str());
  }
}

void TestSolverBarycentric::refusesAddedMass() {
  Problem p = makeProblem(4, true, 0.0, 3);
  p.model.added_mass.assign(p.model.nbodies, Mat6::Identity());
  const std::string message = test::errorOf([&] { BarycentricSolver solver(p.model); });
  QVERIFY2(message.find("added mass") != std::string::npos, message.c_str());
}

void TestSolverBarycentric::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (int bodies : {12, 60})
    for (Variant variant : kAllBarycentricVariants) {
      const bool three = variant == Variant::PrintedJointCoupling;
      const Problem p =
          makeProblem(three ? 4 : bodies, variant == Variant::PrintedBarycentre, 0.3, 4);
      BarycentricSolver solver(p.model, variant);
      Data data(p.model);
      const long before = test::heapAllocations();
      for (int i = 0; i < 3; ++i) solver.compute(p.model, data, p.state, p.tau, p.external);
      const long allocations = test::heapAllocations() - before;
      QVERIFY2(allocations == 0,
               (toString(variant) + " allocated " + std::to_string(allocations)).c_str());
    }
}

void TestSolverBarycentric::rejectsAnotherModel() {
  const Problem small = makeProblem(3, true, 0.3, 1);
  const Problem big = makeProblem(5, true, 0.3, 1);
  BarycentricSolver solver(small.model);
  Data data(big.model);
  const std::string message =
      test::errorOf([&] { solver.compute(big.model, data, big.state, big.tau, big.external); });
  QVERIFY2(message.find("barycentric solver") != std::string::npos, message.c_str());
}

// (6) as printed, c_i = l_i mu_i + r_i (1 - mu_i): rho_k from (10) misses the geometry (the
// notes measured 0.52 on their example), sum m_k rho_k != 0, and the accelerations are wrong.
void TestSolverBarycentric::erratum6PrintedBarycentreIsWrong() {
  double smallest_rho = 1e300, smallest_acc = 1e300;
  for (std::uint64_t seed : {2, 5, 9}) {
    const Problem p = makeProblem(5, true, 0.0, seed);
    const Model& m = p.model;
    BarycentricSolver printed(m, Variant::PrintedBarycentre);
    Data data(m);
    printed.compute(m, data, p.state, p.tau, p.external);
    const VecX acc = generalizedAccelerations(m, data);
    const Vec3 cm = centreOfMass(m, data);
    double rho_err = 0.0;
    for (int k = 0; k < m.nbodies; ++k)
      rho_err =
          std::max(rho_err, (Vec3(printed.rho().col(k)) - (data.oMi[k].act(m.com[k]) - cm)).norm());
    smallest_rho = std::min(smallest_rho, rho_err);
    // (6) as printed from the geometry: c_i = l_i mu_i + r_i (1 - mu_i), r_N = 0.
    double M = 0.0, before = 0.0;
    for (int i = 0; i < m.nbodies; ++i) M += m.mass[i];
    for (int i = 0; i < m.nbodies; ++i) {
      const double mu = before / M;
      before += m.mass[i];
      const Vec3 com = data.oMi[i].act(m.com[i]);
      const Vec3 l = data.oMi[i].p - com;
      const Vec3 r = i + 1 < m.nbodies ? Vec3(data.oMi[i + 1].p - com) : Vec3::Zero();
      VMS_COMPARE_REL(Vec3(printed.barycentreOffsets().col(i)), Vec3(l * mu + r * (1.0 - mu)),
                      1e-13);
    }
    const VecX expected = abaAccelerations(p);
    VMS_COMPARE_REL(solverAccelerations(p), expected, 1e-12);
    smallest_acc = std::min(smallest_acc, test::relativeError(acc, expected));
  }
  std::printf("  (6) printed: rho error %.3g, acceleration error %.3g (smallest)\n", smallest_rho,
              smallest_acc);
  QVERIFY(smallest_rho > 1e-2);
  QVERIFY(smallest_acc > 1e-3);
  const Problem tree = makeProblem(6, false, 0.0, 3);
  const std::string message =
      test::errorOf([&] { BarycentricSolver solver(tree.model, Variant::PrintedBarycentre); });
  QVERIFY2(message.find("serial chain") != std::string::npos, message.c_str());
}

// §6: v_0 (the vehicle's centre of mass) used with the total mass M, M v_0' = f: wrong vehicle
// acceleration whenever the arm moves the vehicle's centre of mass relative to the system's.
void TestSolverBarycentric::erratumSection6CentreOfMassVelocityIsWrong() {
  double smallest = 1e300;
  for (std::uint64_t seed : {2, 5, 9}) {
    const Problem p = makeProblem(6, false, 0.3, seed);
    smallest = std::min(
        smallest, test::relativeError(solverAccelerations(p, Variant::PrintedCentreOfMassVelocity),
                                      abaAccelerations(p)));
  }
  std::printf("  §6 v_0 with M: smallest acceleration error %.3g\n", smallest);
  QVERIFY(smallest > 1e-3);
}

// (117) dL/dqd = D_q w + D_qq qd (D_q where D_q^T belongs), then (119)/(123): defined only for
// three joints; wrong accelerations.
void TestSolverBarycentric::erratum117PrintedJointCouplingIsWrong() {
  double smallest = 1e300;
  for (std::uint64_t seed : {2, 5, 9})
    for (bool chain : {true, false}) {
      const Problem p = makeProblem(4, chain, 0.0, seed);
      QCOMPARE(p.model.njoints, 3);
      smallest = std::min(smallest,
                          test::relativeError(solverAccelerations(p, Variant::PrintedJointCoupling),
                                              abaAccelerations(p)));
    }
  std::printf("  (117) printed D_q: smallest acceleration error %.3g\n", smallest);
  QVERIFY(smallest > 1e-3);
  const Problem five = makeProblem(5, true, 0.0, 3);
  const std::string message =
      test::errorOf([&] { BarycentricSolver solver(five.model, Variant::PrintedJointCoupling); });
  QVERIFY2(message.find("three joints") != std::string::npos, message.c_str());
}

void TestSolverBarycentric::variantsAreNamed() {
  for (Variant v : kAllBarycentricVariants) {
    QVERIFY(barycentricVariantFromString(toString(v)).value() == v);
    QVERIFY(!describe(v).empty());
  }
  QVERIFY(!barycentricVariantFromString("no-such-variant"));
}

void TestSolverBarycentric::cleanupTestCase() {
  std::printf("  largest relative error vs aba (corrected): %.3g\n", maxAbaError);
  std::printf(
      "  largest relative difference, D_ij sums vs Kane products: %.3g; (42) vs sum: %.3g\n",
      largestSumsVsKane, largestBracketVsSum);
}

QTEST_APPLESS_MAIN(TestSolverBarycentric)
#include "test_solver_barycentric.moc"
