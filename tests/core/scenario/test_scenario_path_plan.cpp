// A least-disturbance path written as a scenario (core/scenario/path_plan_scenario.hpp) and run
// by the simulator (computed torque with feed-forward on the sampled path, zero momentum), on
// seed 004's spatial spacecraft: the joints end within 1e-3 rad of the target and the vehicle
// within 1e-3 rad of its start attitude, while the same timing on the straight line turns it by
// the straight line's turn (to 1e-3 rad). The written file reads back to the same description.
#include <cmath>

#include "core/analysis/least_disturbance_path.hpp"
#include "core/io/model_io.hpp"
#include "core/scenario/path_plan_scenario.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kSpatial = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";

struct Ending {
  double joint_error = 0, attitude = 0;
};

Ending runToEnd(const ScenarioDescription& d, const VecX& target) {
  const Scenario sc = assembleScenario(d);
  Simulator sim(sc);
  const Quat start = sim.state().base_orientation;
  while (!sim.finished()) sim.step();
  return {(sim.state().q - target).lpNorm<Eigen::Infinity>(),
          start.angularDistance(sim.state().base_orientation)};
}

}  // namespace

class TestScenarioPathPlan : public QObject {
  Q_OBJECT
 private slots:
  void plannedPathKeepsTheAttitudeWhenRun() {
    const Model m = loadModel(kSpatial);
    State s = State::neutral(m);
    s.q << 0.1, 0.5, -0.7, 0.2, 0.3, 0.0;
    VecX b(6);
    b << 0.8, 0.9, -1.4, -0.3, 0.6, 0.5;
    const LeastDisturbancePath path = planLeastDisturbancePath(m, s, b);
    QVERIFY(path.converged);
    StateReference start;
    start.description.q = std::vector<double>(s.q.data(), s.q.data() + s.q.size());
    start.description.qd = std::vector<double>(6, 0.0);
    start.description.joint_names = m.joint_names;
    start.source = "test: initial_state";
    ModelReference model{kSpatial, {}};
    model.description = m.description;
    const ScenarioDescription planned = pathScenario(m, path, model, start);
    LeastDisturbancePath straight = path;
    straight.coefficients.setZero();
    const ScenarioDescription line = pathScenario(m, straight, model, start);
    const Ending p = runToEnd(planned, b), l = runToEnd(line, b);
    qInfo(
        "planned path: joints %.3g rad from target, vehicle %.3g rad from its start; straight "
        "line: %.3g rad, %.3g rad (its turn %.4g rad); %.1f s",
        p.joint_error, p.attitude, l.joint_error, l.attitude, path.straight_turn.norm(),
        planned.duration);
    QVERIFY(p.joint_error < 1e-3);
    QVERIFY(p.attitude < 1e-3);
    QVERIFY(l.joint_error < 1e-3);
    QVERIFY(std::abs(l.attitude - path.straight_turn.norm()) < 1e-3);
    const ScenarioDescription back =
        parseScenarioDescription(writeScenarioJson(planned), "test.scenario.json", "");
    QCOMPARE(writeScenarioJson(back), writeScenarioJson(planned));
  }
};

QTEST_APPLESS_MAIN(TestScenarioPathPlan)
#include "test_scenario_path_plan.moc"
