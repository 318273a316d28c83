// The linearised equations of motion against the flow of the nonlinear ones: the state
// transition matrix Phi(h) = dx(h)/dx(0) of an rk4 simulation on the group (central
// differences of whole steps, x measured as [log(gbar^-1 g); q - qbar; nu - nubar] from the
// nominal run) gives A = (4 Phi(h) - Phi(2h) - 3 I) / (2h) + O(h^2), and B likewise from the
// joint forces. This checks the vehicle's group kinematics and the dynamics together, through
// code (integrator, exponential map, aba) the linearisation does not use.
#include "core/analysis/linearization.hpp"
#include "core/integrators/rk4_integrator.hpp"
#include "core/integrators/system_dynamics.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Model dampedTree(BaseType base, std::uint64_t seed) {
  RandomTreeOptions o;
  o.bodies = 6;
  o.base = base;
  o.seed = seed;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.2, 0.4, -9.81);
  for (JointDescription& j : d.joints) j.damping = 0.3;
  return compileModel(d);
}

// The state at perturbation x (size t + n + nv) of `nominal`.
State perturbed(const Model& m, const Mat6X& T, const State& nominal, const VecX& x) {
  const int t = static_cast<int>(T.cols()), n = m.njoints;
  State s = nominal;
  const Pose g = nominal.basePose();
  const Pose e = se3Exp(T * x.head(t));
  s.base_orientation = Quat(g.R * e.R).normalized();
  s.base_position = g.R * e.p + g.p;
  s.q += x.segment(t, n);
  s.setGeneralizedVelocity(m, nominal.generalizedVelocity(m) + x.tail(m.nv));
  return s;
}

// The coordinates of `s` relative to `nominal`.
VecX coordinates(const Model& m, const Mat6X& T, const State& nominal, const State& s) {
  const int t = static_cast<int>(T.cols()), n = m.njoints;
  VecX x(t + n + m.nv);
  const Pose g = nominal.basePose(), h = s.basePose();
  const Pose rel{g.R.transpose() * h.R, g.R.transpose() * (h.p - g.p)};
  x.head(t) = T.transpose() * se3Log(rel);
  x.segment(t, n) = s.q - nominal.q;
  x.tail(m.nv) = s.generalizedVelocity(m) - nominal.generalizedVelocity(m);
  return x;
}

State flow(SystemDynamics& dynamics, State s, const VecX& tau, double h, int steps) {
  Rk4Integrator rk4(dynamics.model());
  dynamics.setJointForces(tau);
  for (int k = 0; k < steps; ++k) rk4.advance(dynamics, s, h);
  return s;
}

double relativeError(const MatX& a, const MatX& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

}  // namespace

class TestLinearization : public QObject {
  Q_OBJECT
 private slots:
  void matchesTheFlowOfTheNonlinearEquations();
  void namesTheStateAndInputs();
};

void TestLinearization::matchesTheFlowOfTheNonlinearEquations() {
  std::uint64_t seed = 3;
  for (BaseType base : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Nonholonomic,
                        BaseType::Fixed}) {
    const Model m = dampedTree(base, seed);
    const State s0 = randomState(m, seed + 1);
    ++seed;
    const VecX tau = VecX::Random(m.njoints);
    const Linearization lin = linearizeDynamics(m, s0, tau);
    const Mat6X T = configurationTangentBasis(m);
    const int size = static_cast<int>(lin.A.rows());
    SystemDynamics dynamics(m);
    const double h = 1e-4, eps = 1e-5;  // the O(h^2) remainder: 1e-6 at most here
    auto transition = [&](int steps, bool input) {
      const State nominal = flow(dynamics, s0, tau, h, steps);
      MatX Phi(size, input ? m.njoints : size);
      for (int k = 0; k < Phi.cols(); ++k) {
        VecX plus = VecX::Zero(Phi.cols());
        plus[k] = eps;
        State sp, sm;
        if (input) {
          sp = flow(dynamics, s0, tau + plus, h, steps);
          sm = flow(dynamics, s0, tau - plus, h, steps);
        } else {
          sp = flow(dynamics, perturbed(m, T, s0, plus), tau, h, steps);
          sm = flow(dynamics, perturbed(m, T, s0, -plus), tau, h, steps);
        }
        Phi.col(k) =
            (coordinates(m, T, nominal, sp) - coordinates(m, T, nominal, sm)) / (2.0 * eps);
      }
      return Phi;
    };
    const MatX I = MatX::Identity(size, size);
    const MatX A = (4.0 * transition(1, false) - transition(2, false) - 3.0 * I) / (2.0 * h);
    const MatX B = (4.0 * transition(1, true) - transition(2, true)) / (2.0 * h);
    const double errA = relativeError(lin.A, A), errB = relativeError(lin.B, B);
    qInfo("%s: A %.2e, B %.2e", toString(base).c_str(), errA, errB);
    QVERIFY2(errA < 1e-5, toString(base).c_str());
    QVERIFY2(errB < 1e-5, toString(base).c_str());
    QVERIFY(lin.A.bottomRows(m.nv).cwiseAbs().maxCoeff() > 1e-2);
  }
}

void TestLinearization::namesTheStateAndInputs() {
  const Model m = dampedTree(BaseType::Nonholonomic, 1);
  const Linearization lin = linearizeDynamics(m, State::neutral(m), VecX::Zero(m.njoints));
  QCOMPARE(lin.tangent_dof, 3);
  QCOMPARE(static_cast<int>(lin.state_names.size()), 3 + m.njoints + m.nv);
  QCOMPARE(lin.state_names[0], std::string("delta_vx"));
  QCOMPARE(lin.state_names[1], std::string("delta_vy"));
  QCOMPARE(lin.state_names[3], "q_" + m.joint_names[0]);
  QCOMPARE(lin.state_names[3 + m.njoints], std::string("nu_vx"));
  QCOMPARE(lin.state_names[3 + m.njoints + 1], std::string("nu_wz"));
  QCOMPARE(lin.input_names, m.joint_names);
}

QTEST_APPLESS_MAIN(TestLinearization)
#include "test_linearization.moc"
