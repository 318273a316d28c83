// Reactionless end-effector motion on seed 004's spatial spacecraft (1700 kg vehicle, 6R arm,
// zero momentum): the resolved-rate controller with `reactionless` moves the end effector
// 0.3 m along a line while the vehicle attitude stays put; the same controller without it
// (position-only resolved rate on J*) turns the vehicle, for contrast. Checked:
// - the definition at every control update: the commanded rates leave the vehicle's angular
//   velocity (from the momentum equation, D qd_d) at zero to rounding;
// - the run: the vehicle attitude deviation stays within 1e-5 rad with `reactionless`, and is
//   at least 100 times larger without it; the end effector ends within 1 mm of its target in
//   both.
#include <cmath>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/io/model_io.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kModel = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";

struct Outcome {
  double max_attitude = 0, final_error = 0, max_command_disturbance = 0, travelled = 0;
  bool always_in_null_space = true;
};

Scenario reachScenario(bool reactionless) {
  Scenario sc;
  sc.name = reactionless ? "reactionless" : "resolved-rate";
  sc.model = loadModel(kModel);
  const Model& m = sc.model;
  sc.initial_state = State::neutral(m);
  sc.initial_state.q << 1.356, 0.833, 1.410, -1.460, 0.597, -1.089;
  Data d(m);
  forwardKinematics(m, d, sc.initial_state);
  ResolvedRateSetup rr;
  rr.frame = int(m.frames.size()) - 1;
  const Pose start = framePose(m, d, rr.frame);
  rr.target = start;
  rr.target.p = start.p + 0.3 * Vec3(-0.409, 0.847, -0.340).normalized();
  rr.options.position_only = true;
  rr.options.reactionless = reactionless;
  rr.options.k_position = 1.0;
  rr.options.max_linear_speed = 0.05;
  rr.gains.kp = VecX::Constant(m.njoints, 400.0);
  rr.gains.kd = VecX::Constant(m.njoints, 40.0);
  sc.controllers.push_back(rr);
  sc.duration = 20.0;
  sc.dt = 0.002;
  sc.control_period = 0.002;
  return sc;
}

Outcome run(bool reactionless) {
  const Scenario sc = reachScenario(reactionless);
  Simulator sim(sc);
  const Model& m = sim.model();
  const auto& rr = std::get<ResolvedRateSetup>(sc.controllers[0]);
  Data d(m);
  forwardKinematics(m, d, sc.initial_state);
  const Vec3 p0 = framePose(m, d, rr.frame).p;
  Outcome o;
  ComputedTorqueController inner(m, nullptr, rr.gains);
  Pose target = rr.target;
  target.R = framePose(m, d, rr.frame).R;
  ResolvedRateController shadow(m, rr.frame, target, inner, rr.options);
  AttitudeDisturbance disturbance(m);
  const Quat q0 = sim.state().base_orientation;
  while (!sim.finished()) {
    sim.step();
    const State& s = sim.state();
    o.max_attitude = std::max(o.max_attitude, q0.angularDistance(s.base_orientation));
    // The definition, at every step: the commanded rates of the same controller at this
    // state do not turn the vehicle (D qd_d = 0 to rounding) while the task is met.
    const VecX& qd_d = shadow.jointRateCommand(s);
    disturbance.compute(m, d, s);
    o.max_command_disturbance =
        std::max(o.max_command_disturbance,
                 (disturbance.matrix() * qd_d).norm() / std::max(qd_d.norm(), 1e-300));
    o.always_in_null_space = o.always_in_null_space && shadow.lastReactionless().in_null_space;
  }
  forwardKinematics(m, d, sim.state());
  const Vec3 p = framePose(m, d, rr.frame).p;
  o.final_error = (p - rr.target.p).norm();
  o.travelled = (p - p0).norm();
  return o;
}

}  // namespace

class TestControlReactionlessMotion : public QObject {
  Q_OBJECT
 private slots:
  void reactionlessKeepsTheAttitude() {
    const Outcome with = run(true), without = run(false);
    qInfo("reactionless: attitude within %.3g rad, end effector %.3g m from target after %.3g m",
          with.max_attitude, with.final_error, with.travelled);
    qInfo("resolved rate on J*: attitude within %.3g rad, end effector %.3g m from target",
          without.max_attitude, without.final_error);
    qInfo("largest |D qd_d| / |qd_d| of the commands: %.3g", with.max_command_disturbance);
    QVERIFY(with.always_in_null_space);
    QVERIFY(with.max_command_disturbance < 1e-12);
    QVERIFY(std::abs(with.travelled - 0.3) < 1e-3);
    QVERIFY(with.max_attitude < 1e-5);
    QVERIFY(without.max_attitude > 100 * with.max_attitude);
    QVERIFY(with.final_error < 1e-3);
    QVERIFY(without.final_error < 1e-3);
  }

  // The scenario file's controller type: read as a reactionless position task, written back
  // with the same type and no default task, refused where it cannot work.
  void scenarioFileType() {
    const std::string example = VMS_SOURCE_DIR "/models/seed004_spatial_reactionless.scenario.json";
    const ScenarioDescription d = readScenarioDescription(example);
    const auto& rr = std::get<ResolvedRateDescription>(d.controllers.at(0));
    QVERIFY(rr.reactionless && rr.position_only);
    const std::string text = writeScenarioJson(d);
    QVERIFY(text.find("\"reaction_null_space\"") != std::string::npos);
    QVERIFY(text.find("\"task\"") == std::string::npos);
    const Scenario sc = loadScenario(example);
    const auto& setup = std::get<ResolvedRateSetup>(sc.controllers.at(0));
    QVERIFY(setup.options.reactionless && setup.options.position_only);

    ScenarioDescription plain = d;
    std::get<ResolvedRateDescription>(plain.controllers[0]).generalized_jacobian = false;
    QVERIFY(test::errorOf([&] {
              assembleScenario(plain);
            }).find("needs the generalized Jacobian") != std::string::npos);
    ScenarioDescription pose = d;
    std::get<ResolvedRateDescription>(pose.controllers[0]).position_only = false;
    QVERIFY(writeScenarioJson(pose).find("\"task\": \"pose\"") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestControlReactionlessMotion)
#include "test_control_reactionless_motion.moc"
