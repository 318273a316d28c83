// SimulationController (ui/sim): the worker-thread simulation the workbench drives. Every
// check compares against an independent headless run of the core Simulator (same scenario,
// stepped directly) or against wall time, with tight tolerances.
// VMS_RUN_SERIAL: measures wall time; CTest runs it alone (tests/CMakeLists.txt).
#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

#include "core/algorithms/momentum.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"
#include "ui/sim/simulation_controller.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed004_spatial_one_joint.scenario.json";

bool sameBits(const VecX& a, const VecX& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(a.size())) == 0;
}

bool sameBits(const State& a, const State& b) {
  return std::memcmp(a.base_orientation.coeffs().data(), b.base_orientation.coeffs().data(),
                     4 * sizeof(double)) == 0 &&
         std::memcmp(a.base_position.data(), b.base_position.data(), 3 * sizeof(double)) == 0 &&
         std::memcmp(a.base_twist.data(), b.base_twist.data(), 6 * sizeof(double)) == 0 &&
         sameBits(a.q, b.q) && sameBits(a.qd, b.qd);
}

/// Largest difference between two states (pose, twist, joints).
double stateDifference(const State& a, const State& b) {
  double d = (a.base_position - b.base_position).cwiseAbs().maxCoeff();
  d = std::max(d, a.base_orientation.angularDistance(b.base_orientation));
  d = std::max(d, (a.base_twist - b.base_twist).cwiseAbs().maxCoeff());
  d = std::max(d, (a.q - b.q).cwiseAbs().maxCoeff());
  d = std::max(d, (a.qd - b.qd).cwiseAbs().maxCoeff());
  return d;
}

/// Collects every frame the UI would see (one latestFrame() per frameAvailable).
struct FrameLog {
  std::vector<long> sequences;
  std::vector<double> times;
  SimFrame last;
  int notifications = 0;
  bool ordered = true;           // sequences strictly increasing and times non-decreasing
  bool sequence_ordered = true;  // sequences strictly increasing
  void take(SimulationController& c) {
    ++notifications;
    SimFrame f;
    while (c.latestFrame(f)) {
      if (!sequences.empty() && f.sequence <= sequences.back()) sequence_ordered = false;
      if (!sequences.empty() && (f.sequence <= sequences.back() || f.snapshot.time < times.back()))
        ordered = false;
      sequences.push_back(f.sequence);
      times.push_back(f.snapshot.time);
      last = f;
    }
  }
};

class Fixture {
 public:
  Fixture() : scenario(loadScenario(kScenario)) {
    QObject::connect(&controller, &SimulationController::frameAvailable,
                     [this] { log.take(controller); });
  }
  /// Loads and waits for the initial frame.
  bool load(const Scenario& s) {
    controller.load(s);
    return QTest::qWaitFor(
        [&] { return controller.runState() != RunState::Empty && !log.sequences.empty(); }, 5000);
  }
  /// Plays at real-time factor 0 (as fast as possible).
  void playAsFastAsPossible() {
    controller.setRealTimeFactor(0.0);
    controller.play();
  }
  bool waitForState(RunState s, int ms = 10000) {
    return QTest::qWaitFor([&] { return controller.runState() == s; }, ms);
  }
  /// Waits until the UI has seen a frame at time >= t (or after `sequence`).
  bool waitForTime(double t, int ms = 20000) {
    return QTest::qWaitFor([&] { return !log.times.empty() && log.times.back() >= t; }, ms);
  }
  /// Waits until the UI has seen the frame of the paused simulation.
  bool waitForPausedFrame(int ms = 5000) {
    return QTest::qWaitFor(
        [&] { return !log.times.empty() && log.times.back() == controller.stats().simulated_time; },
        ms);
  }
  bool waitForNewFrame(int ms = 5000) {
    const size_t n = log.sequences.size();
    return QTest::qWaitFor([&] { return log.sequences.size() > n; }, ms);
  }
  Scenario scenario;
  SimulationController controller;
  FrameLog log;
};

/// Headless reference: steps until time() == t (exactly, as the worker's run).
State headlessStateAt(const Scenario& s, double t, long* steps = nullptr) {
  Simulator sim(s);
  long n = 0;
  while (sim.time() < t && !sim.finished()) {
    sim.step();
    ++n;
  }
  if (steps) *steps = n;
  return sim.state();
}

}  // namespace

class TestSimController : public QObject {
  Q_OBJECT
 private slots:
  void playsAsFastAsPossibleInOrder() {
    Fixture f;
    f.scenario.duration = 1e5;  // the sweep continues (holding) past its 270 s
    QVERIFY(f.load(f.scenario));
    QCOMPARE(f.controller.runState(), RunState::Paused);
    QCOMPARE(f.log.times.front(), 0.0);
    QVERIFY(f.controller.hasSimulation());
    f.controller.setRealTimeFactor(0.0);
    f.controller.setPublishRateHz(500.0);  // many frames for the ordering check
    f.controller.play();
    QVERIFY(f.waitForTime(1.0));
    QVERIFY(QTest::qWaitFor([&] { return f.log.sequences.size() >= 20; }, 10000));
    f.controller.pause();
    QVERIFY(f.waitForState(RunState::Paused));
    QVERIFY(f.waitForPausedFrame());  // the frame published on pause
    QVERIFY(f.log.ordered);
    QVERIFY(f.log.last.snapshot.time >= 1.0);
    const SimulationStats st = f.controller.stats();
    qInfo(
        "frames published %ld taken %ld dropped %ld signals %d, simulated %.3f s in %.3f s "
        "(factor %.1f)",
        st.frames_published, st.frames_taken, st.frames_dropped, f.log.notifications,
        st.simulated_time, st.wall_time_running, st.real_time_factor);
    // frameAvailable fires at most once per publish; every published frame is either taken
    // or counted as dropped.
    QVERIFY(f.log.notifications <= st.frames_published);
    QCOMPARE(st.frames_taken + st.frames_dropped, st.frames_published);
    QCOMPARE(static_cast<long>(f.log.sequences.size()), st.frames_taken);
    QVERIFY(st.real_time_factor > 1.0);  // as fast as possible beats real time here
    // The paused frame is the state of an uninterrupted headless run at that time.
    const State ref = headlessStateAt(f.scenario, f.log.last.snapshot.time);
    QVERIFY(sameBits(ref, f.log.last.snapshot.state));
    // History: in order up to the paused frame, with at least every output_every-th step
    // (0.1 s here) whatever the publish rate; a recorded frame is the headless state then.
    QCOMPARE(f.controller.history().lastTime(), f.log.last.snapshot.time);
    QCOMPARE(f.controller.history().firstTime(), 0.0);
    std::vector<SimFrame> recorded;
    f.controller.history().framesAfter(0, recorded);
    const double row = f.scenario.output_every * f.scenario.dt;
    double largest_gap = 0.0;
    for (size_t k = 1; k < recorded.size(); ++k) {
      QVERIFY(recorded[k].sequence > recorded[k - 1].sequence);
      QVERIFY(recorded[k].snapshot.time > recorded[k - 1].snapshot.time);
      largest_gap =
          std::max(largest_gap, recorded[k].snapshot.time - recorded[k - 1].snapshot.time);
    }
    qInfo("history: %zu frames, largest gap %.4f s", recorded.size(), largest_gap);
    QVERIFY(largest_gap <= row + 1e-9);
    const SimFrame& middle = recorded[recorded.size() / 2];
    QVERIFY(sameBits(headlessStateAt(f.scenario, middle.snapshot.time), middle.snapshot.state));
  }

  void pauseStopsTime() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    f.playAsFastAsPossible();
    QVERIFY(f.waitForTime(0.2));
    f.controller.pause();
    QVERIFY(f.waitForState(RunState::Paused));
    QVERIFY(f.waitForPausedFrame());
    const double t = f.controller.stats().simulated_time;
    const size_t frames = f.log.sequences.size();
    QTest::qWait(300);
    QCOMPARE(f.controller.stats().simulated_time, t);
    QCOMPARE(f.log.sequences.size(), frames);
    QCOMPARE(f.log.times.back(), t);
  }

  void stepOnceAdvancesExactlyDt() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    Simulator ref(f.scenario);
    for (int k = 1; k <= 3; ++k) {
      f.controller.stepOnce();
      QVERIFY(f.waitForNewFrame());
      ref.step();
      QCOMPARE(f.log.last.snapshot.time, k * f.scenario.dt);
      QVERIFY(sameBits(ref.state(), f.log.last.snapshot.state));
      QCOMPARE(f.controller.runState(), RunState::Paused);
    }
  }

  void resetGivesInitialStateBitwise() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    f.playAsFastAsPossible();
    QVERIFY(f.waitForTime(0.3));
    f.controller.reset();
    QVERIFY(QTest::qWaitFor([&] { return f.log.times.back() == 0.0; }, 5000));
    QCOMPARE(f.controller.runState(), RunState::Paused);
    QVERIFY(sameBits(f.log.last.snapshot.state, f.scenario.initial_state));
    QCOMPARE(f.controller.history().size(), size_t{1});
    QCOMPARE(f.log.last.snapshot.actuator_work, 0.0);
    QVERIFY(f.log.sequence_ordered);  // sequences keep increasing across a reset
  }

  // A frame of the previous simulation that the UI has not taken yet when it loads another
  // (or resets) is never handed out afterwards, and history readers can tell it by its
  // generation. Without the generation check the UI briefly showed the old run's last frame.
  void framesOfAnEarlierLoadAreStale() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    f.playAsFastAsPossible();
    QVERIFY(f.waitForTime(1.0));
    f.controller.pause();
    // Wait without processing events, so that the UI takes nothing: the frame published on
    // pause stays in the channel.
    QElapsedTimer clock;
    clock.start();
    while (f.controller.runState() != RunState::Paused && clock.elapsed() < 5000)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const SimulationStats stats = f.controller.stats();
    QVERIFY(stats.frames_published > stats.frames_taken + stats.frames_dropped);
    const long before = f.controller.generation();
    const size_t seen = f.log.times.size();
    f.controller.load(f.scenario);  // the paused frame (t >= 1) is still in the channel
    QCOMPARE(f.controller.generation(), before + 1);
    QVERIFY(
        QTest::qWaitFor([&] { return f.log.last.generation == f.controller.generation(); }, 5000));
    // Everything the UI was handed after the load is the new simulation's (at t = 0).
    QVERIFY(f.log.times.size() > seen);
    for (size_t k = seen; k < f.log.times.size(); ++k) QCOMPARE(f.log.times[k], 0.0);
    std::vector<SimFrame> history;
    f.controller.history().framesAfter(std::numeric_limits<long>::min(), history);
    for (const SimFrame& h : history) QCOMPARE(h.generation, f.controller.generation());
  }

  void realTimeFactorOneFollowsWallTime() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    f.controller.setRealTimeFactor(1.0);
    QElapsedTimer wall;
    f.controller.play();
    wall.start();
    QTest::qWait(1000);
    f.controller.pause();
    const double elapsed = wall.nsecsElapsed() * 1e-9;
    QVERIFY(f.waitForState(RunState::Paused));
    const SimulationStats st = f.controller.stats();
    qInfo("simulated %.4f s in %.4f s wall (measured factor %.4f)", st.simulated_time, elapsed,
          st.real_time_factor);
    QVERIFY(std::abs(st.simulated_time - elapsed) <= 0.1 * elapsed);
    QVERIFY(std::abs(st.real_time_factor - 1.0) <= 0.1);
    f.controller.setRealTimeFactor(0.25);  // slow motion
    const double t0 = st.simulated_time;
    f.controller.play();
    wall.restart();
    QTest::qWait(800);
    f.controller.pause();
    const double elapsed2 = wall.nsecsElapsed() * 1e-9;
    QVERIFY(f.waitForState(RunState::Paused));
    const double advanced = f.controller.stats().simulated_time - t0;
    qInfo("slow motion 0.25: simulated %.4f s in %.4f s wall", advanced, elapsed2);
    QVERIFY(std::abs(advanced - 0.25 * elapsed2) <= 0.1 * 0.25 * elapsed2);
  }

  // The measured factor is the recent rate, restarted at each speed change: at 0.25x after a
  // start at 1x it reads 0.25, not the average since the run began (0.77, 0.70, 0.65, ...).
  void measuredFactorFollowsASpeedChangeWhileRunning() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    f.controller.setRealTimeFactor(1.0);
    f.controller.play();
    QTest::qWait(1000);
    const double at_one = f.controller.stats().real_time_factor;
    f.controller.setRealTimeFactor(0.25);  // while running
    QTest::qWait(1500);
    const SimulationStats st = f.controller.stats();
    f.controller.pause();
    QVERIFY(f.waitForState(RunState::Paused));
    qInfo(
        "measured factor at 1x %.4f; 1.5 s after switching to 0.25x: %.4f (average since the "
        "start %.4f)",
        at_one, st.real_time_factor, st.average_real_time_factor);
    QVERIFY(std::abs(at_one - 1.0) <= 0.02);
    QVERIFY(std::abs(st.real_time_factor - 0.25) <= 0.02 * 0.25);
    QVERIFY(st.average_real_time_factor > 0.4);  // the old measure, still far from 0.25
  }

  void midRunSolverSwitchMatchesUninterruptedRun() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    f.playAsFastAsPossible();
    QVERIFY(f.waitForTime(0.5));
    const double t_switch = f.controller.stats().simulated_time;
    f.controller.setSolver("crba");
    QCOMPARE(f.controller.scenario().solver, std::string("crba"));
    QVERIFY(f.waitForTime(t_switch + 2.0));
    f.controller.pause();
    QVERIFY(f.waitForState(RunState::Paused));
    QVERIFY(f.waitForPausedFrame());
    const double t_end = f.log.last.snapshot.time;
    long steps = 0;
    const State ref = headlessStateAt(f.scenario, t_end, &steps);  // aba all the way
    const double diff = stateDifference(ref, f.log.last.snapshot.state);
    qInfo(
        "switched aba -> crba near t = %.2f s, compared at t = %.2f s (%ld steps): max "
        "difference %.3g",
        t_switch, t_end, steps, diff);
    QVERIFY(t_end > t_switch + 1.0);
    QVERIFY(diff <= 1e-9);
    QVERIFY(diff > 0.0);  // crba rounds differently: the switch took effect
  }

  void timeStepChangeAndRejectedCommands() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    QSignalSpy errors(&f.controller, &SimulationController::error);
    Simulator ref(f.scenario);
    for (int k = 0; k < 3; ++k) {
      f.controller.stepOnce();
      ref.step();
    }
    f.controller.setTimeStep(0.005);
    ref.setTimeStep(0.005);
    f.controller.stepOnce();
    ref.step();
    QVERIFY(QTest::qWaitFor([&] { return f.log.times.back() == ref.time(); }, 5000));
    QCOMPARE(ref.time(), 0.03 + 0.005);
    QVERIFY(sameBits(ref.state(), f.log.last.snapshot.state));
    QCOMPARE(f.controller.scenario().dt, 0.005);
    // Invalid commands: an error each, nothing changes.
    f.controller.setTimeStep(-1.0);
    f.controller.setTimeStep(std::numeric_limits<double>::quiet_NaN());
    f.controller.setSolver("no-such-solver");
    f.controller.setIntegrator("no-such-integrator");
    f.controller.setManeuveringMode(ManeuveringMode::Flying);  // no thrusters
    QCOMPARE(errors.count(), 5);
    QCOMPARE(f.controller.scenario().dt, 0.005);
    QCOMPARE(f.controller.scenario().solver, std::string("aba"));
    QCOMPARE(f.controller.scenario().integrator, std::string("rk4"));
    QCOMPARE(f.controller.scenario().mode, ManeuveringMode::Floating);
    f.controller.stepOnce();
    ref.step();
    QVERIFY(QTest::qWaitFor([&] { return f.log.times.back() == ref.time(); }, 5000));
    QVERIFY(sameBits(ref.state(), f.log.last.snapshot.state));
    // Another integrator from the current state on.
    f.controller.setIntegrator("euler");
    ref.setIntegrator("euler");
    f.controller.stepOnce();
    ref.step();
    QVERIFY(QTest::qWaitFor([&] { return f.log.times.back() == ref.time(); }, 5000));
    QVERIFY(sameBits(ref.state(), f.log.last.snapshot.state));
  }

  void teachModeMovesJointsAndKeepsSystemCom() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    const SimFrame start = f.log.last;
    const Model& model = f.scenario.model;
    VecX target = start.snapshot.state.q;
    for (int j = 0; j < model.njoints; ++j) target[j] += 0.3 * (j % 2 ? -1.0 : 1.0) + 0.05 * j;
    f.controller.setJointPositions(target, /*vehicle_reacts=*/true);
    QVERIFY(QTest::qWaitFor([&] { return f.log.last.snapshot.state.q == target; }, 5000));
    const Snapshot& s = f.log.last.snapshot;
    const double com_shift =
        (s.momenta.center_of_mass - start.snapshot.momenta.center_of_mass).norm();
    qInfo("teach mode: vehicle turned %.4f rad, moved %.4f m; system CoM moved %.3g m",
          s.vehicle_attitude_deviation, s.vehicle_com_displacement.norm(), com_shift);
    QVERIFY(com_shift <= 1e-10);
    QVERIFY(s.vehicle_attitude_deviation > 1e-3);  // the vehicle reacted
    QCOMPARE(s.state.qd, VecX::Zero(model.njoints));
    QCOMPARE(s.state.base_twist, Vec6::Zero());
    QCOMPARE(s.time, 0.0);
    QCOMPARE(f.controller.runState(), RunState::Paused);
    // The vehicle held: only the joints move.
    VecX back = start.snapshot.state.q;
    f.controller.setJointPositions(back, /*vehicle_reacts=*/false);
    QVERIFY(QTest::qWaitFor([&] { return f.log.last.snapshot.state.q == back; }, 5000));
    QVERIFY(f.log.last.snapshot.state.base_position == s.state.base_position);
    QVERIFY(f.log.last.snapshot.state.base_orientation.coeffs() ==
            s.state.base_orientation.coeffs());
    // Not while running; wrong size.
    QSignalSpy errors(&f.controller, &SimulationController::error);
    f.controller.setJointPositions(VecX::Zero(model.njoints + 1), true);
    QCOMPARE(errors.count(), 1);
    f.controller.play();
    QVERIFY(f.waitForState(RunState::Running));
    f.controller.setJointPositions(target, true);
    QVERIFY(errors.wait(5000));
    f.controller.pause();
    QVERIFY(f.waitForState(RunState::Paused));
  }

  void scrubAndResume() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    Simulator headless30(f.scenario);
    for (int k = 0; k < 30; ++k) {
      f.controller.stepOnce();
      headless30.step();
    }
    QVERIFY(f.waitForTime(headless30.time()));
    QCOMPARE(f.controller.history().size(), size_t{31});
    f.controller.scrubTo(0.123);
    QVERIFY(QTest::qWaitFor([&] { return std::abs(f.log.times.back() - 0.12) < 1e-12; }, 5000));
    const SimFrame scrubbed = f.log.last;
    QCOMPARE(f.controller.stats().simulated_time, headless30.time());  // simulation untouched
    f.controller.resumeFromScrub();
    QVERIFY(QTest::qWaitFor(
        [&] { return f.controller.stats().simulated_time == scrubbed.snapshot.time; }, 5000));
    QCOMPARE(f.controller.history().lastTime(), scrubbed.snapshot.time);
    QCOMPARE(f.controller.history().size(), size_t{13});
    f.controller.stepOnce();
    QVERIFY(f.waitForTime(0.125));
    // Independent: a headless run from the scrubbed state.
    Simulator ref(f.scenario);
    ref.restart(scrubbed.snapshot.state, scrubbed.snapshot.time, scrubbed.snapshot.actuator_work);
    ref.step();
    QCOMPARE(f.log.last.snapshot.time, ref.time());
    QVERIFY(sameBits(ref.state(), f.log.last.snapshot.state));
  }

  void divergencePausesWithMessage() {
    Fixture f;
    Scenario s = f.scenario;
    s.controllers.clear();
    s.integrator = "euler";
    s.dt = 2.0;
    s.control_period = 2.0;
    s.duration = 1e6;
    s.initial_state.qd.setConstant(30.0);
    QSignalSpy diverged(&f.controller, &SimulationController::diverged);
    QVERIFY(f.load(s));
    f.playAsFastAsPossible();
    QVERIFY(diverged.wait(10000) || diverged.count() > 0);
    QVERIFY(f.waitForState(RunState::Diverged));
    const QString message = diverged.takeFirst().at(0).toString();
    qInfo("%s", qPrintable(message));
    QVERIFY(message.contains("diverged"));
    // The last finite state is held and shown.
    QVERIFY(QTest::qWaitFor([&] { return f.log.last.snapshot.state.allFinite(); }, 5000));
    QVERIFY(f.controller.stats().simulated_time == f.log.times.back());
    // A NaN initial state: diverged at once, no crash on play or step.
    Scenario bad = f.scenario;
    bad.initial_state.qd[0] = std::numeric_limits<double>::quiet_NaN();
    f.controller.load(bad);
    QVERIFY(diverged.wait(5000) || diverged.count() > 0);
    QVERIFY(f.waitForState(RunState::Diverged));
    f.controller.play();
    f.controller.stepOnce();
    QVERIFY(diverged.wait(5000) || diverged.count() > 1);
    QVERIFY(f.waitForState(RunState::Diverged));
  }

  void destroyedWhileRunning() {
    const Scenario s = loadScenario(kScenario);
    for (int k = 0; k < 3; ++k) {
      auto* c = new SimulationController;
      c->load(s);
      c->setRealTimeFactor(k == 1 ? 1.0 : 0.0);
      c->play();
      if (k > 0) QTest::qWait(50 * k);
      delete c;  // joins the worker; queued notifications are discarded
    }
    QTest::qWait(50);  // events posted to the deleted controllers must not be delivered
  }

  void everyExampleRunsWithFiniteAnalysis() {
    const QStringList files =
        QDir(VMS_SOURCE_DIR "/models").entryList({"*.scenario.json"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 3);
    for (const QString& name : files) {
      Fixture f;
      const Scenario s = loadScenario(std::string(VMS_SOURCE_DIR "/models/") + name.toStdString());
      QVERIFY(f.load(s));
      f.playAsFastAsPossible();
      const double until = std::min(0.5, s.duration);
      QVERIFY2(f.waitForTime(until), qPrintable(name));
      f.controller.pause();
      QVERIFY(QTest::qWaitFor([&] { return f.controller.runState() != RunState::Running; }, 5000));
      const SimFrame& last = f.log.last;
      const FrameAnalysis& a = last.analysis;
      QCOMPARE(static_cast<int>(last.body_poses.size()), s.model.nbodies);
      QVERIFY2(a.end_effector_frame >= 0, qPrintable(name));
      if (s.analysis) QCOMPARE(a.end_effector_frame, s.analysis->end_effector_frame);
      QVERIFY2(a.end_effector_position.allFinite() && a.vehicle_reaction_world.allFinite() &&
                   std::isfinite(a.manipulability_fixed) &&
                   std::isfinite(a.manipulability_floating) &&
                   a.velocity_ellipsoid_fixed.radii.allFinite() &&
                   a.velocity_ellipsoid_floating.radii.allFinite() &&
                   a.inertia_ellipsoid.radii.allFinite(),
               qPrintable(name));
      QVERIFY(a.velocity_ellipsoid_fixed.valid && a.inertia_ellipsoid.valid);
      // The end-effector is where forward kinematics puts it.
      const Frame& ee = s.model.frames[a.end_effector_frame];
      const Vec3 p = last.body_poses[ee.body].act(ee.placement.p);
      QVERIFY((p - a.end_effector_position).norm() <= 1e-12);
      qInfo("%s: t = %.2f s, end-effector '%s', w fixed %.4g floating %.4g, ratio %.4g",
            qPrintable(name), last.snapshot.time, ee.name.c_str(), a.manipulability_fixed,
            a.manipulability_floating, a.dynamic_singularity);
    }
  }

  void analysisFrameSelection() {
    Fixture f;
    QVERIFY(f.load(f.scenario));
    const Model& m = f.scenario.model;
    const int default_frame = f.log.last.analysis.end_effector_frame;
    QVERIFY(default_frame >= 0);
    int chosen = -1;
    for (size_t k = 0; k < m.frames.size(); ++k)
      if (m.frames[k].body == 2 && m.frames[k].name == m.body_names[2]) chosen = int(k);
    QVERIFY(chosen >= 0 && chosen != default_frame);
    f.controller.setAnalysisFrame(chosen);
    QVERIFY(
        QTest::qWaitFor([&] { return f.log.last.analysis.end_effector_frame == chosen; }, 5000));
    QVERIFY((f.log.last.analysis.end_effector_position - f.log.last.body_poses[2].p).norm() <=
            1e-15);
    f.controller.reset();  // kept across a reset
    QVERIFY(QTest::qWaitFor([&] { return f.controller.history().size() == 1; }, 5000));
    QVERIFY(QTest::qWaitFor([&] { return f.log.last.snapshot.time == 0.0; }, 5000));
    QCOMPARE(f.log.last.analysis.end_effector_frame, chosen);
    f.controller.setAnalysisFrame(-1);
    QVERIFY(QTest::qWaitFor([&] { return f.log.last.analysis.end_effector_frame == default_frame; },
                            5000));
    QSignalSpy errors(&f.controller, &SimulationController::error);
    f.controller.setAnalysisFrame(static_cast<int>(m.frames.size()));
    f.controller.setAnalysisFrame(-2);
    QCOMPARE(errors.count(), 2);
  }

  void finishesExactlyAtTheDuration() {
    Fixture f;
    f.scenario.duration = 0.055;  // the last step is shortened to land on it
    QVERIFY(f.load(f.scenario));
    f.playAsFastAsPossible();
    QVERIFY(f.waitForState(RunState::Finished));
    QVERIFY(QTest::qWaitFor([&] { return f.log.times.back() == 0.055; }, 5000));
    QVERIFY(sameBits(headlessStateAt(f.scenario, 0.055), f.log.last.snapshot.state));
    QCOMPARE(f.controller.history().lastTime(), 0.055);
    QSignalSpy errors(&f.controller, &SimulationController::error);
    f.controller.play();  // finished: reset first
    QVERIFY(errors.wait(5000));
    QCOMPARE(f.controller.runState(), RunState::Finished);
    f.controller.reset();
    QVERIFY(f.waitForState(RunState::Paused));
  }
};

QTEST_GUILESS_MAIN(TestSimController)
#include "test_sim_controller.moc"
