// The "generalized-jacobian" solver (seed 004): accelerations equal aba's on random trees of
// every vehicle type (gravity, joint torques, vehicle and body wrenches, zero and nonzero
// momentum); H*, J*, the momentum and the recovered vehicle velocity (109) are what they claim
// to be; compute() does not allocate; and each printed equation the notes mark as wrong
// (notes §3), run as printed, gives wrong accelerations.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "allocation_counter.hpp"
#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/algorithms/jacobian.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/algorithms/rnea.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/analysis/reduced_inertia.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/solvers/generalized_jacobian_solver.hpp"
#include "solver_problems.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

using Variant = GeneralizedJacobianVariant;

using vms::test::SolverProblem;
using Problem = SolverProblem;
using vms::test::abaAccelerations;
using vms::test::generalizedAccelerations;
using vms::test::randomSolverProblem;

// The state's vehicle velocity replaced by the zero-momentum one, nu_b = -A qd (109).
void zeroMomentum(Problem& p) {
  Data data(p.model);
  crba(p.model, data, p.state);
  const MatX A = mechanicalConnection(p.model, data.M);
  p.state.base_twist = p.model.base_basis * (-A * p.state.qd);
}

VecX solverAccelerations(const Problem& p, Variant variant = Variant::Corrected) {
  Data data(p.model);
  GeneralizedJacobianSolver solver(p.model, variant);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  return generalizedAccelerations(p.model, data);
}

const MatX& find(const std::vector<SolverQuantity>& q, const std::string& name) {
  for (const SolverQuantity& s : q)
    if (s.name == name) return s.value;
  QTest::qFail(("missing intermediate " + name).c_str(), __FILE__, __LINE__);
  static const MatX none;
  return none;
}

double maxAbaError = 0.0;  // largest relative error against aba over the agreement tests

void track(const VecX& actual, const VecX& expected) {
  maxAbaError = std::max(maxAbaError, test::relativeError(actual, expected));
}

}  // namespace

namespace {

const std::string kModels = std::string(VMS_SOURCE_DIR) + "/models/";

// Classical RK4 on y = [quaternion coefficients, position, body twist, q, qd] (the quaternion
// renormalized when read), driven by the solver: enough to watch the invariants along a run.
struct Trajectory {
  const Model& m;
  GeneralizedJacobianSolver solver;
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
  // Kinetic energy, world spatial momentum and centre of mass at y.
  MomentumSummary invariants(const VecX& y) const {
    Data d(m);
    computeKinematics(m, d, stateOf(y));
    return computeMomentum(m, d);
  }
};

// The paper's spatial system (Tables 5-6) at rest in its pose but for a swing of every joint,
// with the vehicle's zero-momentum velocity (46).
Problem spatialAtZeroMomentum() {
  Problem p{loadModel(kModels + "seed004_spatial.vms.json"), {}, {}, {}, {}};
  p.state = State::neutral(p.model);
  p.state.q << 0.3, -0.5, 0.8, 0.2, -0.4, 0.6;
  p.state.qd << 0.4, -0.3, 0.5, 0.6, -0.7, 0.8;
  p.tau = VecX::Zero(p.model.njoints);
  zeroMomentum(p);
  return p;
}

}  // namespace

class TestSolverGeneralizedJacobian : public QObject {
  Q_OBJECT
 private slots:
  void matchesAba_data();
  void matchesAba();
  void matchesAbaAtZeroMomentum();
  void matchesAbaWithAddedMass();
  void fixedVehicleHasHstarEqualHm();
  void vehicleAloneMatchesAba();
  void hstarIsReducedJointInertia();
  void inverseOfH0IsBanachiewicz();
  void velocityRecoveryReproducesTheState();
  void derivativesMatchFiniteDifferences();
  void zeroMomentumIsThePapersEquation();
  void planarBaseReactionMatchesNotes();
  void spatialRunConservesMomentumAndCentreOfMass();
  void intermediatesAreExposed();
  void variantsAreNamed();
  void registeredForEveryVehicleType();
  void computeDoesNotAllocate();
  void rejectsAnotherModel();
  void printedHstarDotIsWrong();
  void printedHstarDotDriftsTheEnergy();
  void printedInverseSignIsWrong();
  void printedSchurElementsAreWrong();
  void printedMomentumTermsAreWrong();
  void cleanupTestCase();
};

void TestSolverGeneralizedJacobian::matchesAba_data() {
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
void TestSolverGeneralizedJacobian::matchesAba() {
  QFETCH(int, base);
  QFETCH(int, bodies);
  QFETCH(bool, chain);
  QFETCH(double, prismatic);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Problem p = randomSolverProblem(static_cast<BaseType>(base), bodies, chain, prismatic,
                                          seed * 7919 + static_cast<std::uint64_t>(bodies));
    const VecX expected = abaAccelerations(p);
    const VecX actual = solverAccelerations(p);
    track(actual, expected);
    VMS_COMPARE_REL(actual, expected, 1e-12);
  }
}

// Zero momentum (46): the vehicle moves only by reaction and the momentum terms vanish; with
// and without gravity and wrenches.
void TestSolverGeneralizedJacobian::matchesAbaAtZeroMomentum() {
  for (BaseType base : kAllBaseTypes) {
    if (base == BaseType::Fixed || !isHolonomic(base)) continue;
    for (bool forces : {false, true}) {
      Problem p = randomSolverProblem(base, 6, false, 0.3, 5, forces, forces);
      zeroMomentum(p);
      GeneralizedJacobianSolver solver(p.model);
      Data data(p.model);
      solver.compute(p.model, data, p.state, p.tau, p.external);
      QVERIFY(solver.quantities().h.norm() < 1e-12);
      QVERIFY(solver.quantities().N_star.norm() < 1e-12);
      const VecX expected = abaAccelerations(p);
      const VecX actual = generalizedAccelerations(p.model, data);
      track(actual, expected);
      VMS_COMPARE_REL(actual, expected, 1e-12);
    }
  }
}

// Added mass (Kirchhoff) is a body-fixed inertia: the reduction holds unchanged, and so does
// the general block inverse of H_0 (U is no longer m I).
void TestSolverGeneralizedJacobian::matchesAbaWithAddedMass() {
  for (BaseType base : {BaseType::Free, BaseType::Planar}) {
    Problem p = randomSolverProblem(base, 6, false, 0.3, 11);
    p.model.added_mass.assign(p.model.nbodies, Mat6::Zero());
    for (int i : {0, 2, 3}) {
      const Mat6 A = Mat6::Random();
      p.model.added_mass[i] = 0.5 * A * A.transpose() + 0.1 * Mat6::Identity();
    }
    const VecX expected = abaAccelerations(p);
    const VecX actual = solverAccelerations(p);
    track(actual, expected);
    VMS_COMPARE_REL(actual, expected, 1e-12);
  }
}

// b = 0: H* = H_m, no momentum, nothing to recover.
void TestSolverGeneralizedJacobian::fixedVehicleHasHstarEqualHm() {
  const Problem p = randomSolverProblem(BaseType::Fixed, 7, false, 0.3, 3);
  GeneralizedJacobianSolver solver(p.model);
  Data data(p.model);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  const GeneralizedJacobianQuantities& x = solver.quantities();
  VMS_COMPARE_REL(x.Hstar, x.Hm, 0.0);
  QCOMPARE(x.h.size(), Eigen::Index(0));
  QCOMPARE(x.nu_b.size(), Eigen::Index(0));
  VMS_COMPARE_REL(x.N_star, VecX::Zero(p.model.njoints), 0.0);
}

// No joints (n = 0): H* is empty and the vehicle equation is all there is.
void TestSolverGeneralizedJacobian::vehicleAloneMatchesAba() {
  for (BaseType base : kAllBaseTypes) {
    if (base == BaseType::Fixed || !isHolonomic(base)) continue;
    const Problem p = randomSolverProblem(base, 1, true, 0.0, 13);
    QCOMPARE(p.model.njoints, 0);
    const VecX expected = abaAccelerations(p);
    const VecX actual = solverAccelerations(p);
    track(actual, expected);
    VMS_COMPARE_REL(actual, expected, 1e-12);
  }
}

// H* (45) is core's reduced joint inertia, symmetric positive definite; J* (110) is core's
// generalized Jacobian of the last frame.
void TestSolverGeneralizedJacobian::hstarIsReducedJointInertia() {
  for (BaseType base : kAllBaseTypes) {
    const Problem p = randomSolverProblem(base, 8, false, 0.3, 21);
    const Model& m = p.model;
    GeneralizedJacobianSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    const GeneralizedJacobianQuantities& x = solver.quantities();
    Data ref(m);
    crba(m, ref, p.state);
    const MatX H_ref = reducedJointInertia(m, ref.M);
    VMS_COMPARE_REL(x.Hstar, H_ref, 1e-12);
    VMS_COMPARE_REL(MatX(x.Hstar - x.Hstar.transpose()), MatX::Zero(m.njoints, m.njoints), 1e-12);
    QVERIFY(x.Hstar.llt().info() == Eigen::Success);
    QVERIFY(x.jstar_frame == static_cast<int>(m.frames.size()) - 1);
    GeneralizedJacobian gj(m);
    computeFrameGeneralizedJacobian(m, ref, x.jstar_frame, gj);
    VMS_COMPARE_REL(x.Jstar, gj.Jstar, 1e-12);
  }
}

// (52)-(61) with the corrected sign is the inverse of H_0, and S_U (53) is the rotational
// inertia about the system's centre of mass (vehicle axes).
void TestSolverGeneralizedJacobian::inverseOfH0IsBanachiewicz() {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Problem p = randomSolverProblem(BaseType::Free, 7, seed % 2 == 0, 0.3, seed);
    const Model& m = p.model;
    GeneralizedJacobianSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    const GeneralizedJacobianQuantities& x = solver.quantities();
    VMS_COMPARE_REL(MatX(x.H0_inv * x.H0), MatX::Identity(6, 6), 1e-12);
    // Composite inertia of everything about the world origin -> about the centre of mass.
    const Mat6& Ic = data.Ic[0];
    const double mass = Ic(0, 0);
    const Mat3 cx = Ic.bottomLeftCorner<3, 3>() / mass;  // c^x, c the world centre of mass
    const Mat3 I_com = Ic.bottomRightCorner<3, 3>() + mass * cx * cx;
    const Mat3& R0 = data.oMi[0].R;
    VMS_COMPARE_REL(x.S_U, Mat3(R0.transpose() * I_com * R0), 1e-12);
  }
}

// (109): with the momentum computed from the state, the recovered vehicle velocity is the
// state's; the momentum is the system's world momentum along the vehicle subgroup.
void TestSolverGeneralizedJacobian::velocityRecoveryReproducesTheState() {
  for (BaseType base : kAllBaseTypes) {
    if (base == BaseType::Fixed || !isHolonomic(base)) continue;
    for (bool zero : {false, true}) {
      Problem p = randomSolverProblem(base, 7, false, 0.3, 23);
      if (zero) zeroMomentum(p);
      const Model& m = p.model;
      GeneralizedJacobianSolver solver(m);
      Data data(m);
      solver.compute(m, data, p.state, p.tau, p.external);
      const GeneralizedJacobianQuantities& x = solver.quantities();
      const VecX nu_state = m.base_basis.transpose() * p.state.base_twist;
      VMS_COMPARE_REL(x.nu_b, nu_state, 1e-12);
      Data ref(m);
      computeKinematics(m, ref, p.state);
      const Vec6 mu = bodiesMomentum(ref, 0, m.nbodies - 1);
      VMS_COMPARE_REL(x.mu, mu, 1e-12);
      VMS_COMPARE_REL(x.h, VecX(ref.S0.transpose() * mu), 1e-12);
      crba(m, ref, p.state);
      VMS_COMPARE_REL(x.h, vehicleGeneralizedMomentum(m, ref.M, p.state), 1e-12);
      if (zero) QVERIFY(x.h.norm() < 1e-12);
      // The last frame's twist from J* and the momentum (107)-(108).
      GeneralizedJacobian gj(m);
      computeFrameGeneralizedJacobian(m, ref, x.jstar_frame, gj);
      const Vec6 twist = gj.J * p.state.generalizedVelocity(m);
      const Vec6 from_momentum =
          x.Jstar * p.state.qd + gj.Jb * (x.H0_inv * x.h);  // J* qd + J_0 H_0^-1 M_0
      VMS_COMPARE_REL(from_momentum, twist, 1e-12);
    }
  }
}

// The notes' unit test (§4): dH*/dt from (65) equals sum_k dH*/dq_k qd_k, here against central
// differences of core's H* along qd; and c* (48) against differences of qd^T H* qd.
void TestSolverGeneralizedJacobian::derivativesMatchFiniteDifferences() {
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Schoenflies,
                        BaseType::Translation}) {
    const Problem p = randomSolverProblem(base, 7, false, 0.3, 9);
    const Model& m = p.model;
    GeneralizedJacobianSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    const GeneralizedJacobianQuantities& x = solver.quantities();
    auto Hstar = [&](const VecX& q) {
      State s = p.state;
      s.q = q;
      Data d(m);
      crba(m, d, s);
      return reducedJointInertia(m, d.M);
    };
    const double h = 1e-6;
    const VecX& q = p.state.q;
    const VecX& qd = p.state.qd;
    const MatX fd_dot = (Hstar(q + h * qd) - Hstar(q - h * qd)) / (2 * h);
    VMS_COMPARE_REL(x.Hstar_dot, fd_dot, 1e-7);
    VecX fd_c(m.njoints);
    for (int k = 0; k < m.njoints; ++k) {
      VecX qp = q, qm = q;
      qp[k] += h;
      qm[k] -= h;
      fd_c[k] = -0.5 * qd.dot((Hstar(qp) - Hstar(qm)) * qd) / (2 * h);
    }
    VMS_COMPARE_REL(x.c_star, fd_c, 1e-7);
  }
}

// At zero momentum without forces the solver is the paper's (50), H* qdd + C* = tau, and the
// vehicle follows (109) differentiated, d/dt(-A qd).
void TestSolverGeneralizedJacobian::zeroMomentumIsThePapersEquation() {
  Problem p = randomSolverProblem(BaseType::Free, 7, true, 0.0, 31, false, false);
  p.tau = VecX::Random(p.model.njoints);
  zeroMomentum(p);
  GeneralizedJacobianSolver solver(p.model);
  Data data(p.model);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  const GeneralizedJacobianQuantities& x = solver.quantities();
  VMS_COMPARE_REL(VecX(x.Hstar * x.qdd + x.C_star), p.tau, 1e-12);
  VMS_COMPARE_REL(x.h_dot, VecX::Zero(6), 1e-12);
  VMS_COMPARE_REL(abaAccelerations(p), generalizedAccelerations(p.model, data), 1e-12);
}

// Notes §8 (reviewer's check of the planar example, Tables 3-4, b_0 = 0.1 m as in the model
// file): at q = 0 and zero momentum the vehicle turns at omega_0 / qd_j = -0.913, -0.603,
// -0.308, -0.087 for joints 1-4 - the third row of -A, and the velocity (109) recovers.
void TestSolverGeneralizedJacobian::planarBaseReactionMatchesNotes() {
  const double expected[4] = {-0.913, -0.603, -0.308, -0.087};
  const Model m = loadModel(kModels + "seed004_planar.vms.json");
  QVERIFY(m.base_type == BaseType::Planar);  // basis v_x, v_y, w_z
  for (int j = 0; j < 4; ++j) {
    Problem p{m, State::neutral(m), VecX::Zero(4), {}, {}};
    p.state.qd[j] = 1.0;
    zeroMomentum(p);
    GeneralizedJacobianSolver solver(m);
    Data data(m);
    solver.compute(m, data, p.state, p.tau, p.external);
    const double ratio = solver.quantities().nu_b[2];
    std::printf("  planar example: omega_0 / qd_%d = %.4f (notes %.3f)\n", j + 1, ratio,
                expected[j]);
    QVERIFY(std::abs(ratio - expected[j]) < 1e-3);
    QVERIFY(std::abs(-solver.quantities().A(2, j) - ratio) < 1e-12);
  }
}

// Figs 7-8 of the paper (spatial example, Tables 5-6): free-floating from zero momentum, the
// momentum stays zero and the system's centre of mass does not move; here over 1 s of RK4
// (dt = 1 ms) through the solver, with the joints swinging freely.
void TestSolverGeneralizedJacobian::spatialRunConservesMomentumAndCentreOfMass() {
  const Problem p = spatialAtZeroMomentum();
  Trajectory t(p.model, Variant::Corrected);
  VecX y = Trajectory::flat(p.state);
  const MomentumSummary s0 = t.invariants(y);
  for (int i = 0; i < 1000; ++i) y = t.step(y, 1e-3);
  const MomentumSummary s1 = t.invariants(y);
  const double momentum = std::max(s1.linear.norm(), s1.angular_origin.norm());
  const double com_shift = (s1.center_of_mass - s0.center_of_mass).norm();
  const double energy_drift = std::abs(s1.kinetic_energy - s0.kinetic_energy) / s0.kinetic_energy;
  std::printf(
      "  spatial example, 1 s: |momentum| %.3g, centre of mass moved %.3g m, energy "
      "drift %.3g, vehicle turned %.3g rad\n",
      momentum, com_shift, energy_drift, Eigen::AngleAxisd(t.stateOf(y).base_orientation).angle());
  QVERIFY(momentum < 1e-10);
  QVERIFY(com_shift < 1e-10);
  QVERIFY(energy_drift < 1e-8);
}

void TestSolverGeneralizedJacobian::intermediatesAreExposed() {
  for (BaseType base : kAllBaseTypes) {
    const Problem p = randomSolverProblem(base, 5, false, 0.3, 2);
    GeneralizedJacobianSolver solver(p.model);
    Data data(p.model);
    solver.compute(p.model, data, p.state, p.tau, p.external);
    const GeneralizedJacobianQuantities& x = solver.quantities();
    const std::vector<SolverQuantity> q = solver.intermediates();
    for (const char* name : {"H*", "H*_dot", "c*", "C*", "J*", "M0", "mu", "nu_b", "A", "H0_inv",
                             "N*", "qdd", "nu_b_dot"})
      QVERIFY2(!find(q, name).hasNaN(), name);
    VMS_COMPARE_REL(find(q, "H*"), x.Hstar, 0.0);
    VMS_COMPARE_REL(find(q, "C*"), x.C_star, 0.0);
    VMS_COMPARE_REL(find(q, "J*"), x.Jstar, 0.0);
    VMS_COMPARE_REL(find(q, "M0"), x.h, 0.0);
    VMS_COMPARE_REL(find(q, "nu_b"), x.nu_b, 0.0);
    VMS_COMPARE_REL(find(q, "qdd"), data.qdd, 0.0);
    for (const SolverQuantity& s : q) QVERIFY2(!s.meaning.empty(), s.name.c_str());
  }
}

void TestSolverGeneralizedJacobian::variantsAreNamed() {
  for (Variant v : kAllGeneralizedJacobianVariants) {
    QCOMPARE(generalizedJacobianVariantFromString(toString(v)), std::optional<Variant>(v));
    QVERIFY(!describe(v).empty());
  }
  QVERIFY(!generalizedJacobianVariantFromString("printed"));
  const Problem p = randomSolverProblem(BaseType::Free, 4, true, 0.3, 1);
  QVERIFY(makeSolver("generalized-jacobian", p.model)->description().find("PRINTED") ==
          std::string::npos);
  QVERIFY(
      GeneralizedJacobianSolver(p.model, Variant::PrintedHstarDot).description().find("PRINTED") !=
      std::string::npos);
  // The printed (52)-(59) are for a free vehicle's 6 x 6 H_0: refused elsewhere, by name.
  const Problem planar = randomSolverProblem(BaseType::Planar, 4, true, 0.3, 1);
  for (Variant v : {Variant::PrintedInverseSign, Variant::PrintedSchurElements}) {
    const std::string message = test::errorOf([&] { GeneralizedJacobianSolver(planar.model, v); });
    QVERIFY2(message.find(toString(v)) != std::string::npos, message.c_str());
    QVERIFY2(message.find("planar") != std::string::npos, message.c_str());
  }
}

void TestSolverGeneralizedJacobian::registeredForEveryVehicleType() {
  const std::vector<std::string> names = solverNames();
  QVERIFY(std::find(names.begin(), names.end(), "generalized-jacobian") != names.end());
  for (BaseType base : kAllBaseTypes) {
    QCOMPARE(solverSupports("generalized-jacobian", base), isHolonomic(base));
    if (!isHolonomic(base)) continue;  // refused by name: test_solver_agreement
    const Problem p = randomSolverProblem(base, 4, true, 0.3, 2);
    auto solver = makeSolver("generalized-jacobian", p.model);
    QVERIFY(solver != nullptr);
    QCOMPARE(solver->name(), std::string("generalized-jacobian"));
    Data data(p.model);
    solver->compute(p.model, data, p.state, p.tau, p.external);
    VMS_COMPARE_REL(generalizedAccelerations(p.model, data), abaAccelerations(p), 1e-12);
    QVERIFY(!solver->intermediates().empty());
  }
}

// From the first call on, for every variant; the 60-body model makes Eigen's matrix products
// take their blocked paths.
void TestSolverGeneralizedJacobian::computeDoesNotAllocate() {
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  for (BaseType base : kAllBaseTypes)
    if (isHolonomic(base))
      for (int bodies : {12, 60})
        for (Variant variant : kAllGeneralizedJacobianVariants) {
          if (needsFreeVehicle(variant) && base != BaseType::Free) continue;
          if (needsDhArm(variant)) continue;  // random trees are no DH arms: test_..._dh_sums
          const Problem p = randomSolverProblem(base, bodies, false, 0.3, 4);
          GeneralizedJacobianSolver solver(p.model, variant);
          Data data(p.model);
          const long before = test::heapAllocations();
          for (int i = 0; i < 3; ++i) solver.compute(p.model, data, p.state, p.tau, p.external);
          QVERIFY2(test::heapAllocations() == before,
                   (toString(base) + " " + toString(variant) + " allocated").c_str());
        }
}

void TestSolverGeneralizedJacobian::rejectsAnotherModel() {
  const Problem small = randomSolverProblem(BaseType::Free, 3, true, 0.3, 1);
  const Problem big = randomSolverProblem(BaseType::Free, 5, true, 0.3, 1);
  GeneralizedJacobianSolver solver(small.model);
  Data data(big.model);
  const std::string message =
      test::errorOf([&] { solver.compute(big.model, data, big.state, big.tau, big.external); });
  QVERIFY2(message.find("generalized-jacobian solver") != std::string::npos, message.c_str());
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

// Without gravity and wrenches, the rate of change of the kinetic energy the accelerations
// imply, nu^T (M nudot + C nu), minus the power of the joint torques qd^T tau (zero for the
// true accelerations): how fast the variant makes the energy drift.
double powerError(const Problem& p, Variant variant) {
  GeneralizedJacobianSolver solver(p.model, variant);
  Data data(p.model);
  solver.compute(p.model, data, p.state, p.tau, p.external);
  Data inv(p.model);
  rnea(p.model, inv, p.state, data.base_twist_dot, data.qdd);
  const VecX nu = p.state.generalizedVelocity(p.model);
  VecX implied(p.model.nv);
  implied << inv.base_force, inv.tau;
  const double applied = p.state.qd.dot(p.tau);
  return std::abs(nu.dot(implied) - applied) / std::max(1.0, std::abs(applied));
}

}  // namespace

// (44)/(47)/(49) print "H* qd" where the derivation (and Section 4, which computes dH*/dt for
// it) has dH*/dt qd. As printed: wrong accelerations, and the energy no longer balances the
// joint power, at zero momentum as at any other.
void TestSolverGeneralizedJacobian::printedHstarDotIsWrong() {
  double smallest = 1e300, smallest_power = 1e300, corrected_power = 0.0;
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Schoenflies,
                        BaseType::Translation, BaseType::Fixed}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Problem p = randomSolverProblem(base, 6, seed != 2, 0.3, seed, false, false);
      p.tau = VecX::Random(p.model.njoints);
      if (seed == 3) zeroMomentum(p);
      smallest = std::min(smallest, printedError(p, Variant::PrintedHstarDot));
      smallest_power = std::min(smallest_power, powerError(p, Variant::PrintedHstarDot));
      corrected_power = std::max(corrected_power, powerError(p, Variant::Corrected));
    }
  }
  report("(44)/(47)/(49) printed H* qd, smallest", smallest);
  std::printf("  printed H* qd: power balance error >= %.3g (corrected <= %.3g)\n", smallest_power,
              corrected_power);
  QVERIFY(smallest > 1e-3);
  QVERIFY(smallest_power > 1e-3);
  QVERIFY(corrected_power < 1e-10);
}

// The same erratum along the spatial example's free swing (1 s, RK4, dt = 1 ms): the momentum
// and the centre of mass cannot show it - the vehicle velocity is recovered from the momentum
// (109), which the vehicle equation keeps - but the kinetic energy, conserved by the corrected
// equations, drifts.
void TestSolverGeneralizedJacobian::printedHstarDotDriftsTheEnergy() {
  const Problem p = spatialAtZeroMomentum();
  double drift[2] = {0, 0};
  for (int v = 0; v < 2; ++v) {
    Trajectory t(p.model, v == 0 ? Variant::Corrected : Variant::PrintedHstarDot);
    VecX y = Trajectory::flat(p.state);
    const MomentumSummary s0 = t.invariants(y);
    for (int i = 0; i < 1000; ++i) y = t.step(y, 1e-3);
    const MomentumSummary s1 = t.invariants(y);
    drift[v] = std::abs(s1.kinetic_energy - s0.kinetic_energy) / s0.kinetic_energy;
    const double momentum = std::max(s1.linear.norm(), s1.angular_origin.norm());
    const double com_shift = (s1.center_of_mass - s0.center_of_mass).norm();
    std::printf(
        "  printed H* qd trajectory, %s: energy drift %.3g, |momentum| %.3g, centre of "
        "mass moved %.3g m\n",
        v == 0 ? "corrected" : "printed", drift[v], momentum, com_shift);
    QVERIFY(momentum < 1e-10);
    QVERIFY(com_shift < 1e-10);
  }
  QVERIFY(drift[0] < 1e-8);
  QVERIFY(drift[1] > 1e-3);
}

// (52) printed with +S_U^-1 r_0C^x in the lower-left block: not the inverse of H_0 (not even
// symmetric), so A, H*, C* and the recovered vehicle velocity are wrong.
void TestSolverGeneralizedJacobian::printedInverseSignIsWrong() {
  double smallest = 1e300, smallest_inverse = 1e300, smallest_velocity = 1e300;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    for (bool forces : {false, true}) {
      Problem p = randomSolverProblem(BaseType::Free, 6, seed % 2 == 0, 0.3, seed, forces, forces);
      if (seed == 4) zeroMomentum(p);
      smallest = std::min(smallest, printedError(p, Variant::PrintedInverseSign));
      GeneralizedJacobianSolver printed(p.model, Variant::PrintedInverseSign);
      Data data(p.model);
      printed.compute(p.model, data, p.state, p.tau, p.external);
      const GeneralizedJacobianQuantities& x = printed.quantities();
      smallest_inverse = std::min(smallest_inverse,
                                  test::relativeError(MatX(x.H0_inv * x.H0), MatX::Identity(6, 6)));
      const VecX nu_state = p.model.base_basis.transpose() * p.state.base_twist;
      smallest_velocity = std::min(smallest_velocity, test::relativeError(x.nu_b, nu_state));
    }
  }
  report("(52) printed inverse sign, smallest", smallest);
  std::printf("  (52) printed: |H_0^-1 H_0 - 1| >= %.3g, recovered velocity error >= %.3g\n",
              smallest_inverse, smallest_velocity);
  QVERIFY(smallest > 1e-3);
  QVERIFY(smallest_inverse > 1e-3);
  QVERIFY(smallest_velocity > 1e-3);
}

// (54)-(59) with the printed summed terms of s_22 and s_33: S_U is not the inertia about the
// centre of mass, so H_0^-1 and everything after it are wrong.
void TestSolverGeneralizedJacobian::printedSchurElementsAreWrong() {
  double smallest = 1e300, smallest_su = 1e300;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Problem p =
        randomSolverProblem(BaseType::Free, 6, seed % 2 == 0, 0.3, seed, seed > 2, seed > 2);
    if (seed % 2 == 1) zeroMomentum(p);
    smallest = std::min(smallest, printedError(p, Variant::PrintedSchurElements));
    GeneralizedJacobianSolver printed(p.model, Variant::PrintedSchurElements), corrected(p.model);
    Data data(p.model);
    printed.compute(p.model, data, p.state, p.tau, p.external);
    corrected.compute(p.model, data, p.state, p.tau, p.external);
    smallest_su = std::min(
        smallest_su, test::relativeError(printed.quantities().S_U, corrected.quantities().S_U));
  }
  report("(54)-(59) printed s_22, s_33, smallest", smallest);
  std::printf("  (54)-(59) printed: S_U relative error >= %.3g\n", smallest_su);
  QVERIFY(smallest > 1e-3);
  QVERIFY(smallest_su > 1e-3);
}

// (44) with its momentum terms as printed, applied to a nonzero momentum (the paper uses it
// only at M_0 = 0 (46), where it is right): even for a translating vehicle, whose coordinates
// are cyclic and whose momentum is conserved, Routh's equations have -M_0^T dA/dq_k qd and
// the opposite sign of 1/2 d/dq (M_0^T H_0^-1 M_0).
void TestSolverGeneralizedJacobian::printedMomentumTermsAreWrong() {
  double smallest = 1e300;
  for (BaseType base : {BaseType::Translation, BaseType::Free, BaseType::Planar}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Problem p = randomSolverProblem(base, 6, seed != 2, 0.3, seed, false, false);
      smallest = std::min(smallest, printedError(p, Variant::PrintedMomentumTerms));
      zeroMomentum(p);
      VMS_COMPARE_REL(solverAccelerations(p, Variant::PrintedMomentumTerms), abaAccelerations(p),
                      1e-12);
    }
  }
  report("(44) printed momentum terms at M_0 != 0, smallest", smallest);
  QVERIFY(smallest > 1e-3);
}

void TestSolverGeneralizedJacobian::cleanupTestCase() {
  std::printf("  largest relative error vs aba (corrected): %.3g\n", maxAbaError);
}

QTEST_APPLESS_MAIN(TestSolverGeneralizedJacobian)
#include "test_solver_generalized_jacobian.moc"
