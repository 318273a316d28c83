// Scenarios (core/scenario): the physics of whole runs, not only that they run. Seed 004's
// one-joint-at-a-time experiment on the planar and spatial systems (floating: total momentum
// stays zero, the system centre of mass stays put, the vehicle turns against the active joint,
// the joints track), a reaction-wheel slew (reaches the attitude, conserves angular momentum),
// and bad scenario files (errors name the key).
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): long simulations, about 100 times slower under the
// sanitizers; the sanitizer build skips it.
#include <cmath>

#include "core/algorithms/kinematics.hpp"
#include "core/analysis/vehicle_reaction.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kModels = VMS_SOURCE_DIR "/models/";

double yaw(const Quat& q) { return 2.0 * std::atan2(q.z(), q.w()); }

struct RunFigures {
  double max_P = 0, max_L = 0, max_com = 0, max_track = 0, final_track = 0;
  double max_vehicle_turn = 0;
  bool sign_ok = true;
  int sign_checks = 0;
  Snapshot last;
};

// Runs to the end, checking every step. `joint1_window`: while only joint 1 moves (first
// 10 s of the sweep) the vehicle must turn against it (planar: yaw·Δq1 < 0).
RunFigures runAll(const Scenario& sc, bool planar_sign_check) {
  Simulator sim(sc);
  RunFigures f;
  const Snapshot s0 = sim.snapshot();
  const double q1_0 = s0.state.q[0];
  while (!sim.finished()) {
    sim.step();
    const Snapshot s = sim.snapshot();
    f.max_P = std::max(f.max_P, s.momenta.linear_total.norm());
    f.max_L = std::max(f.max_L, s.momenta.angular_origin_total.norm());
    f.max_com = std::max(f.max_com, (s.momenta.center_of_mass - s0.momenta.center_of_mass).norm());
    f.max_track = std::max(f.max_track, s.tracking_error);
    f.max_vehicle_turn = std::max(f.max_vehicle_turn, s.vehicle_attitude_deviation);
    if (planar_sign_check && s.time > 1.0 && s.time < 10.5) {
      const double dq1 = s.state.q[0] - q1_0, psi = yaw(s.state.base_orientation);
      ++f.sign_checks;
      if (!(dq1 > 0.0 && psi * dq1 < 0.0)) f.sign_ok = false;
    }
    f.last = s;
  }
  f.final_track = f.last.tracking_error;
  return f;
}

void expectError(const std::string& text, const std::string& needle) {
  try {
    parseScenarioJson(text, "bad.scenario.json", kModels);
    QFAIL(("no error for: " + needle).c_str());
  } catch (const ModelError& e) {
    const std::string msg = e.what();
    if (msg.find(needle) == std::string::npos)
      QFAIL(("message '" + msg + "' does not contain '" + needle + "'").c_str());
  }
}

}  // namespace

class TestScenario : public QObject {
  Q_OBJECT
 private slots:
  void planarOneJoint();
  void spatialOneJoint();
  void wheelSlew();
  void badFiles();
  void thrusterHold();
  void environments();
  void resolvedRate();
  void divergenceNamesTheTime();
};

void TestScenario::planarOneJoint() {
  const Scenario sc = loadScenario(kModels + "seed004_planar_one_joint.scenario.json");
  QCOMPARE(sc.model.njoints, 4);
  QCOMPARE(sc.controllers.size(), size_t(1));
  const RunFigures f = runAll(sc, true);
  qInfo(
      "planar: max|P| %.3g  max|L| %.3g  max CoM shift %.3g m  max tracking %.3g rad  "
      "final %.3g  max vehicle turn %.4g rad",
      f.max_P, f.max_L, f.max_com, f.max_track, f.final_track, f.max_vehicle_turn);
  QVERIFY(f.max_P < 1e-9);
  QVERIFY(f.max_L < 1e-9);
  QVERIFY(f.max_com < 1e-9);
  QVERIFY(f.sign_checks > 100);
  QVERIFY(f.sign_ok);
  QVERIFY(f.max_vehicle_turn > 1e-3);  // the vehicle does react
  // K_P = K_D = 1 without acceleration feed-forward (as in the paper): a bounded lag of
  // about 0.067 rad at 0.1 rad/s.
  QVERIFY(f.max_track < 0.08);
  QCOMPARE(f.last.time, 180.0);

  // With the acceleration feed-forward the same loop tracks the sweep of joint 1 closely.
  Scenario ff = sc;
  std::get<ComputedTorqueSetup>(ff.controllers[0]).feed_forward = true;
  ff.duration = 45.0;
  const RunFigures g = runAll(ff, true);
  qInfo("planar with feed-forward: max tracking %.3g rad", g.max_track);
  QVERIFY(g.max_track < 1e-3);
  QVERIFY(g.sign_ok);
}

void TestScenario::spatialOneJoint() {
  const Scenario sc = loadScenario(kModels + "seed004_spatial_one_joint.scenario.json");
  QCOMPARE(sc.model.njoints, 6);
  const RunFigures f = runAll(sc, false);
  qInfo(
      "spatial: max|P| %.3g  max|L| %.3g  max CoM shift %.3g m  max tracking %.3g rad  "
      "max vehicle turn %.4g rad",
      f.max_P, f.max_L, f.max_com, f.max_track, f.max_vehicle_turn);
  QVERIFY(f.max_P < 1e-9);
  QVERIFY(f.max_L < 1e-9);
  QVERIFY(f.max_com < 1e-9);
  QVERIFY(f.max_track < 0.08);
  QVERIFY(f.max_vehicle_turn > 1e-3);
}

void TestScenario::wheelSlew() {
  const Scenario sc = loadScenario(kModels + "seed004_spatial_wheel_slew.scenario.json");
  QCOMPARE(sc.reaction_wheels.size(), size_t(3));
  QCOMPARE(sc.model.njoints, 9);
  const RunFigures f = runAll(sc, false);
  const Quat target = std::get<WheelAttitudeSetup>(sc.controllers[0]).target;
  const Quat q = f.last.state.base_orientation;
  const double err = 2.0 * std::acos(std::min(1.0, std::abs(q.dot(target))));
  qInfo(
      "wheel slew: final attitude error %.3g rad, max|L| %.3g, max|P| %.3g, wheel speeds "
      "%.4g %.4g %.4g rad/s",
      err, f.max_L, f.max_P, f.last.state.qd[6], f.last.state.qd[7], f.last.state.qd[8]);
  QVERIFY(err < 1e-3);
  QVERIFY(f.max_L < 1e-8);
  QVERIFY(f.max_P < 1e-8);
  QVERIFY(f.max_vehicle_turn > 0.5);  // 30 degrees = 0.52 rad
}

void TestScenario::badFiles() {
  const std::string head = R"({"model": "seed004_planar.vms.json", "duration": 1, "dt": 0.01)";
  expectError(head + R"(, "durration": 2})", "durration: unknown key");
  expectError(head + R"(, "controllers": [{"type": "joint_pd", "joints": ["joint9"]}]})",
              "controllers[0].joints[0]: unknown joint 'joint9'");
  expectError(head + R"(, "controllers": [{"type": "computed_torque", "gain": {}}]})",
              "controllers[0].gain: unknown key");
  expectError(
      head +
          R"(, "controllers": [{"type": "resolved_rate", "frame": "nowhere", "target": {"position": [0,0,0]}}]})",
      "controllers[0].frame: unknown frame 'nowhere'");
  expectError(
      head +
          R"(, "base": "fixed", "actuators": {"reaction_wheels": [{"name": "w", "axis": [0,0,1], "spin_inertia": 0.1}]}})",
      "actuators.reaction_wheels: vehicle actuators on a fixed base");
  expectError(
      head +
          R"(, "mode": "floating", "actuators": {"thrusters": [{"name": "t", "direction": [1,0,0], "max_force": 1}]}})",
      "actuators.thrusters: floating mode");
  expectError(
      head +
          R"(, "controllers": [{"type": "computed_torque", "trajectory": {"type": "quintic", "target": [1, 2]}}]})",
      "controllers[0].trajectory.target: expected 4 numbers");
  expectError(head + R"(, "control_period": 0.015})", "control_period: must be a whole multiple");
  expectError(head + R"(, "environment": {"gravity": [0, 0]}})", "environment.gravity");
  expectError(head + R"(, "mode": "hovering"})", "mode: unknown maneuvering mode 'hovering'");
}

std::string thrusterScenario(const std::string& mode) {
  std::string t = R"({"model": "seed004_spatial.vms.json", "mode": ")" + mode + R"(",
    "initial_state": {"base": {"position": [0.3, -0.2, 0.1], "quaternion_wxyz": [0.995, 0.0998, 0, 0],
      "linear_velocity_world": [0, 0, 0], "angular_velocity_world": [0, 0, 0]},
      "q": [0, 0, 0, 0, 0, 0], "qd": [0, 0, 0, 0, 0, 0]},
    "actuators": {"thrusters": [)";
  const char* th[12] = {
      R"({"name": "a", "position": [0, 0.5, 0], "direction": [1, 0, 0], "max_force": 200})",
      R"({"name": "b", "position": [0, -0.5, 0], "direction": [-1, 0, 0], "max_force": 200})",
      R"({"name": "c", "position": [0, -0.5, 0], "direction": [1, 0, 0], "max_force": 200})",
      R"({"name": "d", "position": [0, 0.5, 0], "direction": [-1, 0, 0], "max_force": 200})",
      R"({"name": "e", "position": [0, 0, 0.5], "direction": [0, 1, 0], "max_force": 200})",
      R"({"name": "f", "position": [0, 0, -0.5], "direction": [0, -1, 0], "max_force": 200})",
      R"({"name": "g", "position": [0, 0, -0.5], "direction": [0, 1, 0], "max_force": 200})",
      R"({"name": "h", "position": [0, 0, 0.5], "direction": [0, -1, 0], "max_force": 200})",
      R"({"name": "i", "position": [0.5, 0, 0], "direction": [0, 0, 1], "max_force": 200})",
      R"({"name": "j", "position": [-0.5, 0, 0], "direction": [0, 0, -1], "max_force": 200})",
      R"({"name": "k", "position": [-0.5, 0, 0], "direction": [0, 0, 1], "max_force": 200})",
      R"({"name": "l", "position": [0.5, 0, 0], "direction": [0, 0, -1], "max_force": 200})"};
  for (int i = 0; i < 12; ++i) t += std::string(i ? ", " : "") + th[i];
  t += R"(]}, "controllers": [{"type": "thruster_hold", "kp_attitude": 200, "kd_attitude": 800,
      "kp_position": 50, "kd_position": 400}, {"type": "computed_torque", "gains": {"kp": 1, "kd": 2}}],
    "duration": 60, "dt": 0.01})";
  return t;
}

void TestScenario::thrusterHold() {
  // Flying: the thrusters bring the vehicle back to the origin and the identity attitude.
  {
    const Scenario sc = parseScenarioJson(thrusterScenario("flying"), "thr.scenario.json", kModels);
    Simulator sim(sc);
    while (!sim.finished()) sim.step();
    const Snapshot s = sim.snapshot();
    const double att = attitudeDeviationAngle(Quat::Identity(), s.state.base_orientation);
    qInfo("thruster hold (flying): final attitude error %.3g rad, position error %.3g m", att,
          s.state.base_position.norm());
    QVERIFY(att < 1e-3);
    QVERIFY(s.state.base_position.norm() < 1e-2);
    QVERIFY(s.thruster_command.size() == 12);
  }
  // Rotation-flying: couples only, so the linear momentum stays zero while the attitude is held.
  {
    const Scenario sc =
        parseScenarioJson(thrusterScenario("rotation-flying"), "thr.scenario.json", kModels);
    Simulator sim(sc);
    double max_P = 0.0;
    while (!sim.finished()) {
      sim.step();
      max_P = std::max(max_P, sim.snapshot().momenta.linear_total.norm());
    }
    const double att =
        attitudeDeviationAngle(Quat::Identity(), sim.snapshot().state.base_orientation);
    qInfo("thruster hold (rotation-flying): final attitude error %.3g rad, max|P| %.3g", att,
          max_P);
    QVERIFY(att < 1e-2);
    QVERIFY(max_P < 1e-8);
  }
}

void TestScenario::environments() {
  // Uniform gravity: free fall of the whole system, P = m g t.
  {
    const Scenario sc = parseScenarioJson(
        R"({"model": "seed004_spatial.vms.json", "environment": {"gravity": [0, 0, -9.81]},
            "duration": 1, "dt": 0.01})",
        "g.scenario.json", kModels);
    QCOMPARE(sc.model.gravity.z(), -9.81);
    Simulator sim(sc);
    while (!sim.finished()) sim.step();
    const Snapshot s = sim.snapshot();
    const Vec3 expected(0, 0, -9.81 * s.momenta.mass * 1.0);
    QVERIFY((s.momenta.linear_total - expected).norm() < 1e-8 * expected.norm());
  }
  // Underwater: neutrally buoyant (rho V = m at the CoM) and damped: stays put.
  {
    const Scenario sc = parseScenarioJson(
        R"({"model": "seed004_planar.vms.json", "base": "free",
            "environment": {"underwater": {"density": 1000, "bodies": [
              {"link": "base", "volume": 0.1, "linear_damping": [10, 10, 10, 10, 10, 10]}]}},
            "duration": 2, "dt": 0.01})",
        "uw.scenario.json", kModels);
    QCOMPARE(sc.environment.type, EnvironmentSpec::Type::Underwater);
    QCOMPARE(sc.model.gravity.z(), -9.80665);
    Simulator sim(sc);
    while (!sim.finished()) sim.step();
    QVERIFY(sim.state().allFinite());
    // Weight m g against buoyancy rho V g: it sinks or rises accordingly.
    const Snapshot s = sim.snapshot();
    const double net = s.momenta.mass - 1000.0 * 0.1;
    qInfo("underwater: mass %.4g kg, displaced 100 kg, Pz %.4g", s.momenta.mass,
          s.momenta.linear_total.z());
    QVERIFY(net * s.momenta.linear_total.z() < 0.0);
  }
  // Gravity gradient: runs, and the orbit rate comes from the radius.
  {
    const Scenario sc = parseScenarioJson(
        R"({"model": "seed004_spatial.vms.json", "environment": {"gravity_gradient": {"orbit_radius": 7000000}},
            "duration": 10, "dt": 0.1})",
        "gg.scenario.json", kModels);
    QVERIFY(std::abs(sc.environment.mean_motion - std::sqrt(3.986004418e14 / std::pow(7e6, 3))) <
            1e-12);
    Simulator sim(sc);
    while (!sim.finished()) sim.step();
    QVERIFY(sim.state().allFinite());
  }
}

void TestScenario::resolvedRate() {
  // The end effector (link6) of a bent arm (away from singular configurations) is driven
  // 0.1 m along x from where it starts; its orientation is held.
  const std::string bent =
      R"({"base": {"position": [0, 0, 0], "quaternion_wxyz": [1, 0, 0, 0],
          "linear_velocity_world": [0, 0, 0], "angular_velocity_world": [0, 0, 0]},
          "q": [0.2, 0.5, -1.2, 0.3, 0.6, -0.2], "qd": [0, 0, 0, 0, 0, 0]})";
  const std::string head =
      R"({"model": "seed004_spatial.vms.json", "dt": 0.01, "initial_state": )" + bent;
  const Scenario probe =
      parseScenarioJson(head + R"(, "duration": 0})", "rr.scenario.json", kModels);
  Data data(probe.model);
  computeKinematics(probe.model, data, probe.initial_state);
  const Pose p0 = framePose(probe.model, data, probe.model.frameIndex("link6"));
  char buf[512];
  std::snprintf(buf, sizeof buf,
                R"(, "duration": 20, "controllers": [{"type": "resolved_rate", "frame": "link6",
                "target": {"position": [%.17g, %.17g, %.17g]}, "k_position": 1,
                "k_orientation": 1, "gains": {"kp": 100, "kd": 20}}]})",
                p0.p.x() + 0.1, p0.p.y(), p0.p.z());
  const Scenario sc = parseScenarioJson(head + buf, "rr.scenario.json", kModels);
  Simulator sim(sc);
  const double e0 = sim.snapshot().tracking_error;
  double max_L = 0.0;
  while (!sim.finished()) {
    sim.step();
    max_L = std::max(max_L, sim.snapshot().momenta.angular_origin_total.norm());
  }
  const double e1 = sim.snapshot().tracking_error;
  qInfo("resolved rate: end-effector error %.3g m -> %.3g m, max|L| %.3g", e0, e1, max_L);
  QVERIFY(std::abs(e0 - 0.1) < 1e-9);
  QVERIFY(e1 < 5e-3);
  QVERIFY(max_L < 1e-9);
}

void TestScenario::divergenceNamesTheTime() {
  // A huge gain with a coarse step makes the closed loop explode: the error names the time.
  const std::string text =
      R"({"model": "seed004_planar.vms.json", "duration": 50, "dt": 0.5, "integrator": "euler",
          "controllers": [{"type": "joint_pd", "gains": {"kp": 1e9, "kd": 1e9},
          "trajectory": {"type": "quintic", "target": [1, 1, 1, 1], "duration": 1}}]})";
  const Scenario sc = parseScenarioJson(text, "div.scenario.json", kModels);
  Simulator sim(sc);
  try {
    while (!sim.finished()) sim.step();
    QFAIL("did not diverge");
  } catch (const SimulationDiverged& e) {
    QVERIFY(std::string(e.what()).find("simulation diverged at t = ") != std::string::npos);
    QVERIFY(e.time > 0.0 && e.time <= 50.0);
  }
}

QTEST_APPLESS_MAIN(TestScenario)
#include "test_scenario.moc"
