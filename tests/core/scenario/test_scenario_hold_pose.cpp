// Simulator::holdJointPositions (teach mode's "hold pose"), on seed 004's spatial example
// (computed torque along the joint sweep) and the planar one-joint example:
// - posed away from the reference at rest, with the hold the joints stay at the pose for 1 s
//   of simulation (computed torque at rest on a constant reference: within 1e-9 rad);
// - without it the controller pulls the arm back (the joint moves > 0.05 rad);
// - holding and then releasing gives the scenario's references back: the run is bitwise the
//   one of a simulator that never held;
// - holding again after a new pose holds the new pose (tracking error measured against it).
#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kModels = std::string(VMS_SOURCE_DIR) + "/models/";

/// The scenario's initial state with joint `joint` moved by `delta`, at rest.
State posed(const Scenario& s, int joint, double delta) {
  State x = s.initial_state;
  x.q[joint] += delta;
  x.qd.setZero();
  x.base_twist.setZero();
  return x;
}

VecX runFor(Simulator& sim, int steps) {
  for (int i = 0; i < steps; ++i) sim.step();
  return sim.state().q;
}

}  // namespace

class TestScenarioHoldPose : public QObject {
  Q_OBJECT
 private slots:
  void holdKeepsThePose() {
    const Scenario s = loadScenario(kModels + "seed004_spatial_one_joint.scenario.json");
    Simulator sim(s);
    const State x = posed(s, 2, 0.5);
    sim.restart(x, 0.0, 0.0);
    sim.holdJointPositions(true);
    QVERIFY(sim.holdsJointPositions());
    const VecX q = runFor(sim, 100);  // 1 s
    const double moved = (q - x.q).cwiseAbs().maxCoeff();
    qInfo("held: joints moved %.3g rad in 1 s", moved);
    QVERIFY2(moved < 1e-9, qPrintable(QString::number(moved)));
  }

  void withoutHoldTheArmIsPulledBack() {
    const Scenario s = loadScenario(kModels + "seed004_spatial_one_joint.scenario.json");
    Simulator sim(s);
    const State x = posed(s, 2, 0.5);
    sim.restart(x, 0.0, 0.0);
    const VecX q = runFor(sim, 100);
    qInfo("not held: joint 2 pulled back %.3g rad in 1 s", x.q[2] - q[2]);
    QVERIFY(x.q[2] - q[2] > 0.05);
  }

  void releasingRestoresTheReferences() {
    const Scenario s = loadScenario(kModels + "seed004_spatial_one_joint.scenario.json");
    Simulator never(s), held(s);
    const State x = posed(s, 1, -0.3);
    never.restart(x, 0.0, 0.0);
    held.restart(x, 0.0, 0.0);
    held.holdJointPositions(true);
    held.holdJointPositions(true);  // twice: still the pose, still releasable
    held.holdJointPositions(false);
    QVERIFY(!held.holdsJointPositions());
    QVERIFY(runFor(never, 150) == runFor(held, 150));  // bitwise
    Snapshot a, b;
    never.snapshot(a);
    held.snapshot(b);
    QCOMPARE(a.tracking_error, b.tracking_error);
  }

  void holdFollowsTheLatestPose() {
    const Scenario s = loadScenario(kModels + "seed004_planar_one_joint.scenario.json");
    Simulator sim(s);
    sim.restart(posed(s, 0, 0.2), 0.0, 0.0);
    sim.holdJointPositions(true);
    const State x = posed(s, 0, -0.4);
    sim.restart(x, 0.0, 0.0);
    sim.holdJointPositions(true);
    const VecX q = runFor(sim, 100);
    QVERIFY2((q - x.q).cwiseAbs().maxCoeff() < 1e-9,
             qPrintable(QString::number((q - x.q).cwiseAbs().maxCoeff())));
    Snapshot snap;
    sim.snapshot(snap);
    QVERIFY(snap.tracking_error < 1e-9);  // measured against the held reference
  }
};

QTEST_APPLESS_MAIN(TestScenarioHoldPose)
#include "test_scenario_hold_pose.moc"
