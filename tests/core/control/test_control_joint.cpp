// Joint PD and computed-torque control (seed 004 (112)-(115)) on floating and fixed random
// arms: exact closed-loop error dynamics, feed-forward tracking, zero-order-hold convergence
// order, PD steady-state error under a constant disturbance, gravity compensation.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <cmath>
#include <complex>

#include "core/algorithms/aba.hpp"
#include "core/algorithms/crba.hpp"
#include "core/analysis/reduced_inertia.hpp"
#include "core/control/joint_controllers.hpp"
#include "core/control/quintic_trajectory.hpp"
#include "core/integrators/integrator.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

// Evaluates a controller at every stage of the classical RK4 (stage times t, t+h/2, t+h/2,
// t+h), i.e. continuous-time control: the integrator then sees a smooth closed-loop ODE and
// its O(h^4) error is all that separates the simulation from the ideal closed loop.
class StageControl final : public ForceModel {
 public:
  StageControl(const Model& m, Controller& c) : c_(c) { out_.joint_torque = VecX::Zero(m.njoints); }
  void beginStep(double t, double h) {
    t_ = t;
    h_ = h;
    stage_ = 0;
  }
  void apply(const Model&, const Data&, const State& state, std::vector<Vec6>&,
             VecX& tau) override {
    static constexpr double kC[4] = {0.0, 0.5, 0.5, 1.0};
    const double t = t_ + kC[stage_ % 4] * h_;
    ++stage_;
    out_.joint_torque.setZero();
    c_.compute(t, state, out_);
    tau += out_.joint_torque;
  }
  int stages() const { return stage_; }

 private:
  Controller& c_;
  ControlOutput out_;
  double t_ = 0.0, h_ = 0.0;
  int stage_ = 0;
};

// Solution of e'' + kd e' + kp e = 0 from (e0, v0) (distinct roots).
double linearError(double kp, double kd, double e0, double v0, double t) {
  using C = std::complex<double>;
  const C disc = std::sqrt(C(kd * kd - 4.0 * kp, 0.0));
  const C s1 = 0.5 * (-kd + disc), s2 = 0.5 * (-kd - disc);
  const C c2 = (v0 - s1 * e0) / (s2 - s1), c1 = e0 - c2;
  return (c1 * std::exp(s1 * t) + c2 * std::exp(s2 * t)).real();
}

Model floatingArm(std::uint64_t seed, int bodies = 6) {
  RandomTreeOptions o;
  o.bodies = bodies;
  o.chain = true;
  o.prismatic_fraction = 0.0;
  o.seed = seed;
  return compileModel(randomTree(o));
}

}  // namespace

class TestControlJoint : public QObject {
  Q_OBJECT
 private slots:
  void gainRule();
  void reducedDynamicsIsExact();
  void computedTorqueErrorIsLinear_data();
  void computedTorqueErrorIsLinear();
  void zeroOrderHoldIsFirstOrder();
  void feedForwardTracksQuintic();
  void pdSteadyStateErrorUnderDisturbance();
  void pdGravityCompensation();
};

void TestControlJoint::gainRule() {
  VecX tmax(2), emax(2);
  tmax << 10.0, 2.0;
  emax << 0.5, 0.1;
  const JointGains g = harmonicOscillatorGains(tmax, emax);
  QCOMPARE(g.kp[0], 20.0);
  QCOMPARE(g.kp[1], 20.0);
  QVERIFY(std::abs(g.kd[0] - std::sqrt(2.0) * 20.0) < 1e-14);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, harmonicOscillatorGains(tmax, VecX::Zero(2)));
}

// H* qdd + c* = tau with H* = reducedJointInertia and c* = -H* qdd(tau = 0), for any momentum
// and any torque, also for a subset of joints (others unactuated).
void TestControlJoint::reducedDynamicsIsExact() {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    ModelDescription d = randomTree({7, false, 0.3, 0, BaseType::Free, seed});
    d.gravity = Vec3(0.0, 0.0, -9.81);
    const Model m = compileModel(d);
    const State s = randomState(m, seed);
    ComputedTorqueController all(m, nullptr, {VecX::Zero(m.njoints), VecX::Zero(m.njoints)});
    MatX H;
    VecX c;
    all.reducedDynamics(s, H, c);
    Data data(m);
    crba(m, data, s);
    VMS_COMPARE_REL(H, reducedJointInertia(m, data.M), 1e-10);
    const VecX tau = VecX::Random(m.njoints);
    aba(m, data, s, tau);
    VMS_COMPARE_REL(VecX(H * data.qdd + c), tau, 1e-10);
    // Subset {0, 2}: other joints get no torque.
    ComputedTorqueController sub(m, nullptr, {VecX::Zero(2), VecX::Zero(2)}, false, {0, 2});
    sub.reducedDynamics(s, H, c);
    VecX tau_full = VecX::Zero(m.njoints);
    tau_full[0] = tau[0];
    tau_full[2] = tau[2];
    aba(m, data, s, tau_full);
    VMS_COMPARE_REL(VecX(H * Eigen::Vector2d(data.qdd[0], data.qdd[2]) + c),
                    Eigen::Vector2d(tau[0], tau[2]), 1e-10);
  }
}

void TestControlJoint::computedTorqueErrorIsLinear_data() {
  QTest::addColumn<int>("base");
  QTest::addColumn<bool>("gravity");
  QTest::newRow("free") << static_cast<int>(BaseType::Free) << false;
  QTest::newRow("free_gravity") << static_cast<int>(BaseType::Free) << true;
  QTest::newRow("fixed_gravity") << static_cast<int>(BaseType::Fixed) << true;
}

// CTC on a random arm: every joint error obeys e'' + K_D e' + K_P e = 0, whatever the vehicle
// does (it starts with non-zero momentum). Gains from the (113)-(114) rule.
void TestControlJoint::computedTorqueErrorIsLinear() {
  QFETCH(int, base);
  QFETCH(bool, gravity);
  RandomTreeOptions o;
  o.bodies = 6;
  o.chain = true;
  o.seed = 11;
  o.base = static_cast<BaseType>(base);
  ModelDescription d = randomTree(o);
  if (gravity) d.gravity = Vec3(0.0, -1.0, -9.81);
  for (auto& j : d.joints) j.damping = 0.3;  // compensated by the controller
  const Model m = compileModel(d);
  const int n = m.njoints;
  State s = randomState(m, 5);
  VecX q_d = s.q + VecX::LinSpaced(n, 0.4, -0.6);
  const QuinticTrajectory hold(q_d, q_d, 1.0);  // constant set point
  const JointGains g = harmonicOscillatorGains(VecX::LinSpaced(n, 2.0, 6.0), VecX::Ones(n));
  ComputedTorqueController ctc(m, &hold, g);
  SystemDynamics dyn(m);
  StageControl sc(m, ctc);
  dyn.addForceModel(&sc);
  dyn.setJointForces(VecX::Zero(n));
  auto rk4 = makeIntegrator("rk4", m);
  const double h = 1e-3, T = 3.0;
  const VecX e0 = q_d - s.q, v0 = -s.qd;
  double worst = 0.0;
  const int steps = static_cast<int>(std::lround(T / h));
  for (int k = 1; k <= steps; ++k) {
    sc.beginStep((k - 1) * h, h);
    rk4->advance(dyn, s, h);
    QCOMPARE(sc.stages(), 4);
    for (int i = 0; i < n; ++i)
      worst = std::max(
          worst, std::abs((q_d[i] - s.q[i]) - linearError(g.kp[i], g.kd[i], e0[i], v0[i], k * h)));
  }
  qInfo("CTC closed loop vs linear ODE: max |e - e_lin| = %.3g rad over %.0f s", worst, T);
  QVERIFY2(worst < 1e-8, "closed-loop error does not follow the linear ODE");
  QVERIFY((s.base_twist.norm() > 1e-3) || base == static_cast<int>(BaseType::Fixed));
}

// Zero-order hold (controller updated once per step, torque held): the deviation from the
// linear ODE is O(h): halving h halves it.
void TestControlJoint::zeroOrderHoldIsFirstOrder() {
  const Model m = floatingArm(3);
  const int n = m.njoints;
  const State s0 = randomState(m, 8);
  const VecX q_d = s0.q + VecX::Constant(n, 0.5);
  const QuinticTrajectory hold(q_d, q_d, 1.0);
  const JointGains g = harmonicOscillatorGains(VecX::Constant(n, 4.0), VecX::Ones(n));
  const VecX e0 = q_d - s0.q, v0 = -s0.qd;
  double dev[2];
  for (int r = 0; r < 2; ++r) {
    const double h = r == 0 ? 2e-3 : 1e-3;
    ComputedTorqueController ctc(m, &hold, g);
    SystemDynamics dyn(m);
    auto rk4 = makeIntegrator("rk4", m);
    State s = s0;
    ControlOutput out{VecX::Zero(n), VecX()};
    double worst = 0.0;
    const int steps = static_cast<int>(std::lround(2.0 / h));
    for (int k = 1; k <= steps; ++k) {
      out.joint_torque.setZero();
      ctc.compute((k - 1) * h, s, out);
      dyn.setJointForces(out.joint_torque);
      rk4->advance(dyn, s, h);
      for (int i = 0; i < n; ++i)
        worst = std::max(worst, std::abs((q_d[i] - s.q[i]) -
                                         linearError(g.kp[i], g.kd[i], e0[i], v0[i], k * h)));
    }
    dev[r] = worst;
  }
  qInfo("ZOH deviation from the linear ODE: %.3g (h = 2 ms), %.3g (h = 1 ms), ratio %.3f", dev[0],
        dev[1], dev[0] / dev[1]);
  QVERIFY(dev[1] < 1e-2 * 1.0);  // O(h) with a modest constant
  QVERIFY(dev[0] / dev[1] > 1.8 && dev[0] / dev[1] < 2.2);
}

// With the q_d'' feed-forward and a start on the trajectory, CTC tracks a quintic exactly;
// without it (the paper's (112)) it lags.
void TestControlJoint::feedForwardTracksQuintic() {
  const Model m = floatingArm(21);
  const int n = m.njoints;
  State s = randomState(m, 2);
  s.qd.setZero();  // on the trajectory at rest; the vehicle keeps its random momentum
  const QuinticTrajectory tr(s.q, s.q + VecX::LinSpaced(n, 1.0, -0.8), 2.0, 0.2);
  const JointGains g = harmonicOscillatorGains(VecX::Constant(n, 10.0), VecX::Ones(n));
  double worst[2] = {0.0, 0.0};
  for (int ff = 0; ff < 2; ++ff) {
    ComputedTorqueController ctc(m, &tr, g, ff == 1);
    SystemDynamics dyn(m);
    StageControl sc(m, ctc);
    dyn.addForceModel(&sc);
    auto rk4 = makeIntegrator("rk4", m);
    State x = s;
    VecX q, qd, qdd;
    const double h = 1e-3;
    for (int k = 1; k <= 3000; ++k) {
      sc.beginStep((k - 1) * h, h);
      rk4->advance(dyn, x, h);
      tr.evaluate(k * h, q, qd, qdd);
      worst[ff] = std::max(worst[ff], (q - x.q).cwiseAbs().maxCoeff());
    }
  }
  qInfo("quintic tracking: max error %.3g rad with feed-forward, %.3g rad without", worst[1],
        worst[0]);
  QVERIFY(worst[1] < 1e-6);
  QVERIFY(worst[0] > 1e-2);
}

// PD with a constant joint-torque disturbance d settles at K_P (q_d - q) = -d (fixed base, no
// gravity): a non-zero steady-state error.
void TestControlJoint::pdSteadyStateErrorUnderDisturbance() {
  RandomTreeOptions o;
  o.bodies = 4;
  o.chain = true;
  o.prismatic_fraction = 0.0;
  o.base = BaseType::Fixed;
  o.seed = 4;
  const Model m = compileModel(randomTree(o));
  const int n = m.njoints;
  State s = State::neutral(m);
  const VecX q_d = VecX::Constant(n, 0.3);
  const QuinticTrajectory hold(q_d, q_d, 1.0);
  JointGains g{VecX::Constant(n, 20.0), VecX::Constant(n, 8.0)};
  JointPDController pd(m, &hold, g);
  SystemDynamics dyn(m);
  StageControl sc(m, pd);
  dyn.addForceModel(&sc);
  const VecX dist = VecX::LinSpaced(n, 0.5, -0.3);
  dyn.setJointForces(dist);
  auto rk4 = makeIntegrator("rk4", m);
  const double h = 2e-3;
  for (int k = 1; k <= 20000; ++k) {
    sc.beginStep((k - 1) * h, h);
    rk4->advance(dyn, s, h);
  }
  const VecX e = q_d - s.q;
  qInfo("PD steady-state error %.6g (expected -d/Kp = %.6g), |qd| = %.3g", e[0], -dist[0] / 20.0,
        s.qd.norm());
  VMS_COMPARE_REL(e, VecX(-dist / 20.0), 1e-8);
  QVERIFY(e.cwiseAbs().minCoeff() > 1e-3);
}

// Under gravity (fixed base), PD with gravity compensation settles on the set point.
void TestControlJoint::pdGravityCompensation() {
  RandomTreeOptions o;
  o.bodies = 4;
  o.chain = true;
  o.prismatic_fraction = 0.0;
  o.base = BaseType::Fixed;
  o.seed = 9;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.0, 0.0, -9.81);
  const Model m = compileModel(d);
  const int n = m.njoints;
  const VecX q_d = VecX::Constant(n, -0.4);
  const QuinticTrajectory hold(q_d, q_d, 1.0);
  double err[2];
  for (int comp = 0; comp < 2; ++comp) {
    JointPDController pd(
        m, &hold, {VecX::Constant(n, 30.0), VecX::Constant(n, 10.0)},
        comp ? JointPDController::Compensation::Gravity : JointPDController::Compensation::None);
    SystemDynamics dyn(m);
    StageControl sc(m, pd);
    dyn.addForceModel(&sc);
    dyn.setJointForces(VecX::Zero(n));
    auto rk4 = makeIntegrator("rk4", m);
    State s = State::neutral(m);
    const double h = 2e-3;
    for (int k = 1; k <= 15000; ++k) {
      sc.beginStep((k - 1) * h, h);
      rk4->advance(dyn, s, h);
    }
    err[comp] = (q_d - s.q).cwiseAbs().maxCoeff();
  }
  qInfo("gravity: steady error %.3g without compensation, %.3g with", err[0], err[1]);
  QVERIFY(err[0] > 1e-3);
  QVERIFY(err[1] < 1e-8);
}

QTEST_APPLESS_MAIN(TestControlJoint)
#include "test_control_joint.moc"
