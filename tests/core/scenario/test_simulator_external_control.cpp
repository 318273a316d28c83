// Controllers and forces from outside the scenario (the Python package's): a Controller added by
// Simulator::addController runs at the control period, held in between, its commands added to
// the scenario's; Simulator::addJointForcesOnce acts over the next step only. Both against the
// scenario's own constant joint forces (the STATE's tau), bit for bit.
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

Scenario planar() {
  Scenario s = loadScenario(VMS_SOURCE_DIR "/models/seed004_planar_one_joint.scenario.json");
  s.controllers.clear();
  s.duration = 1.0;
  return s;
}

bool sameState(const State& a, const State& b) {
  auto same = [](const auto& x, const auto& y) {
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), sizeof(double) * x.size()) == 0;
  };
  return same(a.q, b.q) && same(a.qd, b.qd) && same(a.base_twist, b.base_twist) &&
         same(a.base_position, b.base_position) &&
         same(a.base_orientation.coeffs(), b.base_orientation.coeffs());
}

// Adds a constant torque and records when it was asked.
class ConstantTorque : public Controller {
 public:
  ConstantTorque(VecX tau, std::vector<double>* times) : tau_(std::move(tau)), times_(times) {}
  std::string name() const override { return "constant"; }
  void compute(double t, const State&, ControlOutput& out) override {
    times_->push_back(t);
    out.joint_torque += tau_;
  }
  void reset(double, const State&) override { ++resets; }
  int resets = 0;

 private:
  VecX tau_;
  std::vector<double>* times_;
};

}  // namespace

class TestSimulatorExternalControl : public QObject {
  Q_OBJECT
 private slots:
  void addedControllerRunsAtTheControlPeriod() {
    Scenario s = planar();
    s.control_period = 3 * s.dt;
    VecX tau(4);
    tau << 0.2, -0.1, 0.05, 0.02;
    std::vector<double> times;
    Simulator external(s);
    auto controller = std::make_unique<ConstantTorque>(tau, &times);
    ConstantTorque* c = controller.get();
    external.addController(std::move(controller));
    QCOMPARE(c->resets, 1);
    Scenario held_scenario = s;
    held_scenario.constant_tau = tau;
    Simulator held(held_scenario);
    for (int k = 0; k < 10; ++k) {
      external.step();
      held.step();
      QVERIFY(sameState(external.state(), held.state()));
      QVERIFY(external.lastJointTorque() == held.lastJointTorque());
    }
    QCOMPARE(external.actuatorWork(), held.actuatorWork());
    // Steps 0, 3, 6, 9.
    QCOMPARE(times.size(), std::size_t(4));
    QCOMPARE(times[3], held.scenario().dt * 9);
    external.restart(s.initial_state, 0.0, 0.0);
    QCOMPARE(c->resets, 2);
    QCOMPARE(vms::test::errorOf([&] { external.addController(nullptr); }).empty(), false);
  }

  void forcesOnceActOverOneStep() {
    const Scenario s = planar();
    VecX tau(4);
    tau << 0.3, -0.2, 0.1, 0.05;
    Simulator pushed(s);
    Scenario held_scenario = s;
    held_scenario.constant_tau = tau;
    Simulator held(held_scenario);
    pushed.addJointForcesOnce(tau);
    pushed.step();
    held.step();
    QVERIFY(sameState(pushed.state(), held.state()));
    QVERIFY(pushed.lastJointTorque() == tau);
    QCOMPARE(pushed.actuatorWork(), held.actuatorWork());
    const double work = pushed.actuatorWork();
    QVERIFY(work != 0.0);
    // The next step has the held (zero) forces again: the joints coast, no more work.
    pushed.step();
    QVERIFY(pushed.lastJointTorque() == VecX::Zero(4));
    QCOMPARE(pushed.actuatorWork(), work);
    // A restart drops forces not yet applied.
    pushed.addJointForcesOnce(tau);
    pushed.restart(s.initial_state, 0.0, 0.0);
    pushed.step();
    QVERIFY(pushed.lastJointTorque() == VecX::Zero(4));
    QVERIFY(vms::test::errorOf([&] {
              pushed.addJointForcesOnce(VecX::Zero(3));
            }).find("expected 4 entries") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestSimulatorExternalControl)
#include "test_simulator_external_control.moc"
