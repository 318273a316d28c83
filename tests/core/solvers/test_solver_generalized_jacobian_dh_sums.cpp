// The generalized-jacobian solver's default path on DH arms, seed 004's own construction
// (core/solvers/dh_inertia_sums, dh_arm): which models take it; its chain is the model's
// kinematics; its rates and joint-angle derivatives match central differences of its sums;
// every intermediate (H_0, H_0m, H_m, S_U from the elements (54)-(59), H*, dH*/dt, c*, C*,
// the momentum terms) equals the generic path's (crba, MassMatrixDerivatives, the Schur
// complement X - W U^-1 V) and the accelerations equal aba's; compute() does not allocate;
// and (84) and (54)-(59) evaluated as printed give wrong accelerations.
#include <QtTest>
#include <algorithm>
#include <cstdio>

#include "allocation_counter.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/generalized_jacobian_solver.hpp"
#include "core/solvers/vehicle_inertia_inverse.hpp"
#include "core/spatial/so3.hpp"
#include "solver_problems.hpp"
#include "test_support.hpp"

using namespace vms;
using vms::test::relativeError;

namespace {

using Variant = GeneralizedJacobianVariant;
using Assembly = GeneralizedJacobianAssembly;

const std::string kModels = std::string(VMS_SOURCE_DIR) + "/models/";

using vms::test::SolverProblem;
using Problem = SolverProblem;
using vms::test::abaAccelerations;
using vms::test::generalizedAccelerations;

// Gravity, joint torques, a vehicle wrench, a wrench on every body and a random state (nonzero
// momentum) on `model`.
Problem withLoads(Model model, std::uint64_t seed, bool loads = true) {
  Problem p{std::move(model), {}, {}, {}, {}};
  p.state = randomState(p.model, seed);
  p.tau = VecX::Zero(p.model.njoints);
  if (!loads) return p;
  for (int j = 0; j < p.model.njoints; ++j) p.tau[j] = 2.0 * std::sin(1.3 * j + 0.4 + seed);
  for (int i = 0; i < p.model.nbodies; ++i) {
    Vec6 w;
    for (int c = 0; c < 6; ++c) w[c] = std::cos(0.9 * i + 1.7 * c + seed);
    p.body_forces.push_back(w);
  }
  for (int c = 0; c < 6; ++c) p.external.base_wrench_body[c] = 1.5 * std::sin(0.5 * c + 1.0);
  p.external.body_forces_world = &p.body_forces;
  return p;
}

Model dhArm(BaseType base, int links, std::uint64_t seed, bool gravity = true) {
  RandomTreeOptions o;
  o.dh_arm = true;
  o.bodies = links + 1;
  o.base = base;
  o.seed = seed;
  ModelDescription d = randomTree(o);
  if (gravity) d.gravity = Vec3(0.3, -0.5, -9.81);
  return compileModel(d);
}

Model loadWithGravity(const std::string& file) {
  ModelDescription d = loadModelDescription(kModels + file);
  d.gravity = Vec3(0.2, 0.1, -9.81);
  return compileModel(d);
}

VecX solverAccelerations(const Problem& p, GeneralizedJacobianOptions options) {
  GeneralizedJacobianSolver solver(p.model, options);
  Data data(p.model);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  return generalizedAccelerations(p.model, data);
}

// The paper's examples (both file forms) and random DH arms of 2, 6 and 25 links on every
// holonomic vehicle type the paper's path is compared on.
std::vector<std::pair<std::string, Model>> dhModels() {
  std::vector<std::pair<std::string, Model>> models;
  for (const char* file : {"seed004_spatial.vms.json", "seed004_spatial.urdf",
                           "seed004_planar.vms.json", "seed004_planar.urdf"})
    models.emplace_back(file, loadWithGravity(file));
  std::uint64_t seed = 40;
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Translation,
                        BaseType::Schoenflies, BaseType::Fixed})
    for (int links : {2, 6, 25}) {
      if (base != BaseType::Free && links == 25) continue;  // one long arm is enough
      models.emplace_back(toString(base) + "_dh_" + std::to_string(links),
                          dhArm(base, links, ++seed));
    }
  return models;
}

struct Largest {
  double value = 0.0;
  void operator()(double x) { value = std::max(value, x); }
};

}  // namespace

class TestSolverGeneralizedJacobianDhSums : public QObject {
  Q_OBJECT
 private slots:
  void whichModelsTakeThePapersPath();
  void chainIsTheModelsKinematics();
  void ratesAndDerivativesMatchFiniteDifferences();
  void intermediatesEqualTheGenericPaths();
  void schurElementsAreTheSchurComplement();
  void computeDoesNotAllocate();
  void printedDhDerivativeIsWrong();
  void printedSchurElementsAreThePrintedFormulas();
};

// DH arms take the paper's sums; other models the generic path, named with the reason.
void TestSolverGeneralizedJacobianDhSums::whichModelsTakeThePapersPath() {
  for (const auto& [name, model] : dhModels()) {
    GeneralizedJacobianSolver solver(model);
    QVERIFY2(solver.assembly() == Assembly::DhSums, (name + ": " + solver.assemblyNote()).c_str());
    QVERIFY(solver.dhSums() != nullptr);
    QVERIFY(solver.description().find("DH sums") != std::string::npos);
    GeneralizedJacobianSolver generic(model, {Variant::Corrected, Assembly::CrbaSchur});
    QVERIFY(generic.assembly() == Assembly::CrbaSchur);
  }
  // The registry's solver is the default one.
  const Model spatial = loadModel(kModels + "seed004_spatial.vms.json");
  auto registered = makeSolver("generalized-jacobian", spatial);
  QVERIFY(registered->description().find("DH sums") != std::string::npos);
  RandomTreeOptions o;
  o.bodies = 6;
  o.chain = true;
  o.prismatic_fraction = 0.0;
  struct Case {
    const char* what;
    ModelDescription d;
    const char* reason;
  };
  std::vector<Case> others = {{"benchmark chain", benchmarkChain(6), "axis is not z"},
                              {"random chain", randomTree(o), "axis is not z"}};
  o.chain = false;
  o.prismatic_fraction = 0.5;
  others.push_back({"random tree", randomTree(o), "prismatic"});
  RandomTreeOptions arm;
  arm.dh_arm = true;
  ModelDescription with_added_mass = randomTree(arm);
  with_added_mass.added_mass.push_back({"vehicle", Mat6::Identity()});
  others.push_back({"DH arm with added mass", with_added_mass, "added mass"});
  for (const Case& c : others) {
    GeneralizedJacobianSolver solver(compileModel(c.d));
    std::printf("  %s: %s\n", c.what, solver.description().c_str());
    QVERIFY2(solver.assembly() == Assembly::CrbaSchur, c.what);
    QVERIFY2(solver.assemblyNote().find(c.reason) != std::string::npos,
             solver.assemblyNote().c_str());
    QVERIFY(solver.description().find(solver.assemblyNote()) != std::string::npos);
  }
}

// (8)-(10): the joint origins and the centres of mass of the DH chain are the model's.
void TestSolverGeneralizedJacobianDhSums::chainIsTheModelsKinematics() {
  for (const auto& [name, model] : dhModels()) {
    const Problem p = withLoads(model, 3, false);
    DhInertiaSums sums(model);
    sums.compute(p.state, false);
    Data data(model);
    forwardKinematics(model, data, p.state);
    for (int i = 1; i < model.nbodies; ++i) {
      const Pose& oMi = data.oMi[static_cast<std::size_t>(i)];
      const Mat34& TJ = sums.jointFrames()[static_cast<std::size_t>(i - 1)];
      const Mat34& TL = sums.linkFrames()[static_cast<std::size_t>(i - 1)];
      VMS_COMPARE_REL(Vec3(TJ.col(3)), oMi.p, 1e-13);               // joint i's origin p_i
      VMS_COMPARE_REL(Vec3(TJ.col(2)), Vec3(oMi.R.col(2)), 1e-13);  // its axis k_i
      VMS_COMPARE_REL(Vec3(TL.col(3)), oMi.act(model.com[static_cast<std::size_t>(i)]), 1e-13);
    }
  }
}

// The notes' check of §4, on the sums themselves: dH/dt (66)-(79) against central differences
// along the motion (vehicle and joints), dH_0/dq_k (99) and the products of dH_0m/dq_k (95)-(98)
// and dH_m/dq_k (82) with qd against central differences in q_k.
void TestSolverGeneralizedJacobianDhSums::ratesAndDerivativesMatchFiniteDifferences() {
  const double h = 1e-6;
  Largest rate, derivative;
  for (const auto& [name, model] : dhModels()) {
    if (model.njoints > 6) continue;  // the 25-link arms add nothing here
    const Problem p = withLoads(model, 5, false);
    DhInertiaSums at(model), plus(model), minus(model);
    at.compute(p.state, false);
    // Along the motion: the vehicle turns by its body rate, moves by its velocity, q by qd.
    auto moved = [&](double t) {
      State s = p.state;
      s.base_orientation = Quat(s.base_orientation.toRotationMatrix() *
                                so3Exp(Vec3(angular(p.state.base_twist)) * t));
      s.base_position += p.state.base_orientation * Vec3(linear(p.state.base_twist)) * t;
      s.q += p.state.qd * t;
      return s;
    };
    plus.compute(moved(h), false);
    minus.compute(moved(-h), false);
    const double e0 = relativeError(at.H0Dot(), Mat6((plus.H0() - minus.H0()) / (2 * h)));
    const double e1 = relativeError(at.H0mDot(), Mat6X((plus.H0m() - minus.H0m()) / (2 * h)));
    const double e2 = relativeError(at.HmDot(), MatX((plus.Hm() - minus.Hm()) / (2 * h)));
    rate(std::max({e0, e1, e2}));
    QVERIFY2(std::max({e0, e1, e2}) < 1e-7, name.c_str());
    for (int k = 0; k < model.njoints; ++k) {
      State sp = p.state, sm = p.state;
      sp.q[k] += h;
      sm.q[k] -= h;
      plus.compute(sp, false);
      minus.compute(sm, false);
      const Mat6 fd_H0 = (plus.H0() - minus.H0()) / (2 * h);
      const Vec6 fd_H0m_qd = (plus.H0m() - minus.H0m()) * p.state.qd / (2 * h);
      const double fd_Hm = p.state.qd.dot((plus.Hm() - minus.Hm()) * p.state.qd) / (2 * h);
      const double e =
          std::max({relativeError(at.dH0()[static_cast<std::size_t>(k)], fd_H0),
                    relativeError(Vec6(at.dH0mQd().col(k)), fd_H0m_qd),
                    std::abs(at.qdDHmQd()[k] - fd_Hm) / std::max(1.0, std::abs(fd_Hm))});
      derivative(e);
      QVERIFY2(e < 1e-7, (name + " q_" + std::to_string(k)).c_str());
    }
  }
  std::printf(
      "  DH sums against central differences: rates (66)-(79) %.2g, joint-angle derivatives "
      "(82)-(102) %.2g\n",
      rate.value, derivative.value);
}

// Every intermediate of the paper's path equals the generic path's, and both accelerations
// equal aba's; with gravity, joint torques, wrenches and a nonzero momentum, and at zero
// momentum.
void TestSolverGeneralizedJacobianDhSums::intermediatesEqualTheGenericPaths() {
  Largest blocks, schur, velocity_terms, momentum_terms, against_aba, against_generic;
  for (const auto& [name, model] : dhModels()) {
    const Problem p = withLoads(model, 7);
    GeneralizedJacobianSolver sums(model),
        generic(model, {Variant::Corrected, Assembly::CrbaSchur});
    Data ds(model), dg(model);
    sums.compute(model, ds, p.state, p.tau, p.external);
    generic.compute(model, dg, p.state, p.tau, p.external);
    const GeneralizedJacobianQuantities &x = sums.quantities(), &y = generic.quantities();
    const double e_blocks = std::max({relativeError(x.H0, y.H0), relativeError(x.H0m, y.H0m),
                                      relativeError(x.Hm, y.Hm), relativeError(x.Hstar, y.Hstar),
                                      relativeError(x.H0_inv, y.H0_inv), relativeError(x.A, y.A)});
    const double e_schur = relativeError(x.S_U, y.S_U);
    const double e_velocity =
        std::max({relativeError(x.Hstar_dot, y.Hstar_dot), relativeError(x.c_star, y.c_star),
                  relativeError(x.C_star, y.C_star)});
    const double e_momentum = std::max({relativeError(x.N_star, y.N_star), relativeError(x.h, y.h),
                                        relativeError(x.mu, y.mu), relativeError(x.nu_b, y.nu_b),
                                        relativeError(x.nu_b_dot, y.nu_b_dot)});
    const VecX a = generalizedAccelerations(model, ds), ref = abaAccelerations(p);
    blocks(e_blocks);
    schur(e_schur);
    velocity_terms(e_velocity);
    momentum_terms(e_momentum);
    against_aba(relativeError(a, ref));
    against_generic(relativeError(a, generalizedAccelerations(model, dg)));
    QVERIFY2(e_blocks <= 1e-12, (name + " blocks " + std::to_string(e_blocks)).c_str());
    QVERIFY2(e_schur <= 1e-12, name.c_str());
    QVERIFY2(e_velocity <= 1e-12, (name + " C* " + std::to_string(e_velocity)).c_str());
    QVERIFY2(e_momentum <= 1e-12, (name + " N* " + std::to_string(e_momentum)).c_str());
    // The requirement is 1e-9; a 25-link arm with random twists is ill-conditioned enough
    // that both paths are 1.8e-12 off aba there.
    VMS_COMPARE_REL(a, ref, 1e-11);
  }
  std::printf(
      "  DH sums vs crba-schur, largest relative difference over %zu models: H_0, H_0m, H_m, "
      "H_0^-1, A, H* %.2g; S_U %.2g; dH*/dt, c*, C* %.2g; N*, M_0, mu, nu_b, nu_b_dot %.2g; "
      "accelerations vs aba %.2g, vs crba-schur %.2g\n",
      dhModels().size(), blocks.value, schur.value, velocity_terms.value, momentum_terms.value,
      against_aba.value, against_generic.value);
}

// (54)-(59) as corrected, from the bodies in the inertial axes, is the generic Schur complement
// of H_0 (53) moved to those axes.
void TestSolverGeneralizedJacobianDhSums::schurElementsAreTheSchurComplement() {
  for (const auto& [name, model] : dhModels()) {
    if (model.base_type != BaseType::Free) continue;
    const Problem p = withLoads(model, 9, false);
    DhInertiaSums sums(model);
    sums.compute(p.state, false);
    const Mat3 elements =
        schurComplementElements(sums.masses(), sums.offsets(), sums.inertias(), false);
    VMS_COMPARE_REL(elements, schurComplement(sums.H0()), 1e-12);
    Data data(model);
    crba(model, data, p.state);
    const Mat3 R0 = p.state.base_orientation.toRotationMatrix();
    VMS_COMPARE_REL(Mat3(R0.transpose() * elements * R0),
                    schurComplement(Mat6(data.M.topLeftCorner<6, 6>())), 1e-12);
  }
}

// From the first call on, every variant, on DH arms of 12 and 60 bodies.
void TestSolverGeneralizedJacobianDhSums::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Fixed})
    for (int links : {11, 59})
      for (Variant variant : kAllGeneralizedJacobianVariants) {
        if (needsFreeVehicle(variant) && base != BaseType::Free) continue;
        const Problem p = withLoads(dhArm(base, links, 4), 4);
        GeneralizedJacobianSolver solver(p.model, variant);
        QVERIFY(solver.assembly() == Assembly::DhSums);
        Data data(p.model);
        const long before = test::heapAllocations();
        for (int i = 0; i < 3; ++i) solver.compute(p.model, data, p.state, p.tau, p.external);
        QVERIFY2(test::heapAllocations() == before,
                 (toString(base) + " " + toString(variant) + " allocated").c_str());
      }
}

// (84) as printed: its (2,4) entry -c cos q is not the derivative of (2) (central differences
// say +c cos q), and with it c* and the momentum terms, and so the accelerations, are wrong,
// while the corrected (84) gives aba's. Refused where the DH chain does not run.
void TestSolverGeneralizedJacobianDhSums::printedDhDerivativeIsWrong() {
  const double q = 0.7, d = 0.3, alpha = 1.1, c = 0.8, h = 1e-6;
  const Mat34 fd = (dhMatrix(q + h, d, alpha, c) - dhMatrix(q - h, d, alpha, c)) / (2 * h);
  VMS_COMPARE_REL(dhMatrixDerivative(q, d, alpha, c, false), fd, 1e-9);
  const double printed_entry_error = relativeError(dhMatrixDerivative(q, d, alpha, c, true), fd);
  QVERIFY(printed_entry_error > 1.0);  // 2 c cos q = 1.22
  double smallest = 1e300, smallest_c = 1e300;
  for (const auto& [name, model] : dhModels()) {
    if (model.njoints > 6) continue;
    for (bool zero_rates : {false, true}) {
      Problem p = withLoads(model, 11);
      const VecX ref = abaAccelerations(p);
      VMS_COMPARE_REL(solverAccelerations(p, {}), ref, 1e-12);
      const double e = relativeError(solverAccelerations(p, {Variant::PrintedDhDerivative}), ref);
      if (zero_rates) {
        // At rest (qd = 0, no vehicle motion) no derivative enters: the printed form is exact.
        p.state.qd.setZero();
        p.state.base_twist.setZero();
        VMS_COMPARE_REL(solverAccelerations(p, {Variant::PrintedDhDerivative}), abaAccelerations(p),
                        1e-12);
        continue;
      }
      GeneralizedJacobianSolver printed(model, Variant::PrintedDhDerivative), corrected(model);
      Data data(model);
      printed.compute(model, data, p.state, p.tau, p.external);
      corrected.compute(model, data, p.state, p.tau, p.external);
      smallest_c = std::min(
          smallest_c, relativeError(printed.quantities().c_star, corrected.quantities().c_star));
      std::printf("  (84) printed on %s: acceleration error %.3g\n", name.c_str(), e);
      smallest = std::min(smallest, e);
    }
  }
  std::printf(
      "  (84) printed: dA/dq off by %.3g against central differences; c* off by >= %.3g, "
      "accelerations by >= %.3g (corrected: aba's to 1e-12)\n",
      printed_entry_error, smallest_c, smallest);
  QVERIFY(smallest > 1e-3);
  QVERIFY(smallest_c > 1e-3);
  // Not a DH arm, or the generic path asked for: no DH chain to differentiate.
  const Model chain = compileModel(benchmarkChain(4));
  for (const std::string& message :
       {test::errorOf([&] { GeneralizedJacobianSolver(chain, Variant::PrintedDhDerivative); }),
        test::errorOf([&] {
          GeneralizedJacobianSolver(dhArm(BaseType::Free, 3, 1),
                                    {Variant::PrintedDhDerivative, Assembly::CrbaSchur});
        })})
    QVERIFY2(message.find("printed-dh-derivative") != std::string::npos, message.c_str());
}

// printed-schur-elements evaluates (54)-(59) as printed, on either path: in the inertial axes
// its S_U differs from the corrected one by exactly the typo, diag(0, sum m_i (r_y^2 - r_x^2),
// sum m_i (r_z^2 - r_x^2)) (r = r_0i, the vehicle included), and the accelerations are wrong
// where the corrected elements give aba's.
void TestSolverGeneralizedJacobianDhSums::printedSchurElementsAreThePrintedFormulas() {
  double smallest = 1e300;
  for (const auto& [name, model] : dhModels()) {
    if (model.base_type != BaseType::Free) continue;
    const Problem p = withLoads(model, 13);
    Data data(model);
    forwardKinematics(model, data, p.state);
    Vec3 second = Vec3::Zero();  // sum m_i r_0i r_0i (componentwise), inertial axes
    for (int i = 0; i < model.nbodies; ++i) {
      const Vec3 r =
          data.oMi[static_cast<std::size_t>(i)].act(model.com[static_cast<std::size_t>(i)]) -
          data.oMi[0].p;
      second += model.mass[static_cast<std::size_t>(i)] * r.cwiseAbs2();
    }
    const Mat3 typo = Vec3(0.0, second.y() - second.x(), second.z() - second.x()).asDiagonal();
    const Mat3 R0 = data.oMi[0].R;
    const VecX ref = abaAccelerations(p);
    for (Assembly assembly : {Assembly::DhSums, Assembly::CrbaSchur}) {
      GeneralizedJacobianSolver printed(model, {Variant::PrintedSchurElements, assembly}),
          corrected(model, {Variant::Corrected, assembly});
      Data d(model);
      printed.compute(model, d, p.state, p.tau, p.external);
      corrected.compute(model, d, p.state, p.tau, p.external);
      // The corrected elements: aba's (1e-11: the 25-link arm, as in the agreement test).
      VMS_COMPARE_REL(generalizedAccelerations(model, d), ref, 1e-11);
      const Mat3 difference =
          R0 * (printed.quantities().S_U - corrected.quantities().S_U) * R0.transpose();
      VMS_COMPARE_REL(difference, typo, 1e-12);
      QVERIFY(typo.norm() > 1e-3);
      const double e =
          relativeError(solverAccelerations(p, {Variant::PrintedSchurElements, assembly}), ref);
      smallest = std::min(smallest, e);
    }
  }
  std::printf("  (54)-(59) printed on the DH arms: accelerations off by >= %.3g\n", smallest);
  QVERIFY(smallest > 1e-3);
}

QTEST_APPLESS_MAIN(TestSolverGeneralizedJacobianDhSums)
#include "test_solver_generalized_jacobian_dh_sums.moc"
