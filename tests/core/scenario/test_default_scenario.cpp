// defaultScenario (core/scenario/default_scenario.hpp): opening a bare .urdf / .vms.json in the
// workbench. The scenario carries the model as loadModel reads it, starts at rest in the
// neutral configuration, never finishes, and simulates the model's own gravity:
// - the run is open-ended (10 000 steps, times exactly k dt, never finished);
// - without gravity a system at rest stays at rest (bitwise);
// - under uniform gravity the system CoM falls as c0 + g t^2 / 2 (free vehicle: the only
//   external force is the weight), to 1e-12 m after 1 s;
// - bad files give the loader's one-line error naming the file.
#include <cmath>

#include "allocation_counter.hpp"
#include "core/algorithms/momentum.hpp"
#include "core/io/model_io.hpp"
#include "core/model/model_error.hpp"
#include "core/scenario/default_scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {
const std::string kModels = VMS_SOURCE_DIR "/models/";
}

class TestDefaultScenario : public QObject {
  Q_OBJECT
 private slots:
  void bareModelScenario() {
    for (const char* file : {"seed004_spatial.vms.json", "seed004_spatial.urdf"}) {
      const std::string path = kModels + file;
      const Scenario s = defaultScenarioForModelFile(path);
      const Model m = loadModel(path);
      QCOMPARE(s.name, std::string("seed004_spatial"));
      QCOMPARE(s.source, path);
      QCOMPARE(s.model.nbodies, m.nbodies);
      QCOMPARE(s.model.njoints, m.njoints);
      QCOMPARE(s.model.joint_names, m.joint_names);
      QVERIFY(s.model.gravity == m.gravity);
      QVERIFY(s.model.base_type == m.base_type);
      const State rest = State::neutral(m);
      QVERIFY(s.initial_state.q == rest.q && s.initial_state.qd == rest.qd);
      QVERIFY(s.initial_state.base_twist == Vec6::Zero());
      QVERIFY(std::isinf(s.duration) && s.duration > 0);
      QCOMPARE(s.dt, kDefaultScenarioTimeStep);
      QCOMPARE(s.control_period, s.dt);
      QVERIFY(s.mode == ManeuveringMode::Floating);
      QVERIFY(s.controllers.empty() && s.thrusters.empty() && s.reaction_wheels.empty());
      QVERIFY(s.environment.type == EnvironmentSpec::Type::None);
    }
    const Scenario fixed =
        defaultScenarioForModelFile(kModels + "seed004_spatial.urdf", BaseType::Fixed);
    QVERIFY(fixed.model.base_type == BaseType::Fixed);
  }

  void openEndedAndAtRest() {
    Scenario s = defaultScenarioForModelFile(kModels + "seed004_spatial.vms.json");
    s.model.gravity.setZero();
    Simulator sim(s);
    for (long k = 1; k <= 10000; ++k) {
      sim.step();
      QVERIFY(!sim.finished());
      if (sim.time() != static_cast<double>(k) * s.dt) QFAIL("time is not k dt");
    }
    const State& x = sim.state();
    QVERIFY(x.q == s.initial_state.q && x.qd == s.initial_state.qd);
    QVERIFY(x.base_position == s.initial_state.base_position);
    QVERIFY(x.base_orientation.coeffs() == s.initial_state.base_orientation.coeffs());
  }

  void systemFallsUnderTheModelsGravity() {
    Scenario s = defaultScenarioForModelFile(kModels + "seed004_spatial.vms.json");
    const Vec3 g(0.3, -0.2, -9.80665);
    s.model.gravity = g;
    s.initial_state.q.setConstant(0.4);  // a bent arm: the bodies' CoMs are not aligned
    Simulator sim(s);
    Data d(s.model);
    const Vec3 c0 = centerOfMass(s.model, d, s.initial_state);
    while (sim.time() < 1.0) sim.step();
    const double t = sim.time();
    const Vec3 c = centerOfMass(s.model, d, sim.state());
    const double err = (c - (c0 + 0.5 * t * t * g)).norm();
    qInfo("CoM after %.2f s: error %.3g m", t, err);
    QVERIFY(err <= 1e-12);
    // The arm's joints stay put relative to each other only if nothing else acts: at rest in
    // free fall, uniform gravity produces no internal motion.
    QVERIFY((sim.state().q - s.initial_state.q).cwiseAbs().maxCoeff() <= 1e-12);
  }

  void steppingDoesNotAllocate() {
    // The Simulator's own step (integrator, work, bookkeeping) allocates nothing. (Controllers
    // are not covered here: core/control's joint controllers still allocate per update.)
    if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
    Scenario s = defaultScenarioForModelFile(kModels + "seed004_spatial.vms.json");
    s.initial_state.qd.setConstant(0.3);
    s.constant_tau = VecX::Constant(s.model.njoints, 0.01);
    Simulator sim(s);
    for (int k = 0; k < 5; ++k) sim.step();  // warm-up
    const long before = test::heapAllocations();
    for (int k = 0; k < 200; ++k) sim.step();
    QCOMPARE(test::heapAllocations() - before, 0L);
  }

  void reconfigurationFromTheCurrentState() {
    // Simulator::setTimeStep/setIntegrator/setSolver mid-run keep the time and the state; the
    // run still converges to the same motion (rk4 4 ms, then rk45 rtol 1e-9, vs rk4 0.5 ms:
    // 2e-10) and conserves momentum; restart() keeps the initial-state references.
    Scenario s = defaultScenarioForModelFile(kModels + "seed004_spatial.vms.json");
    s.model.gravity.setZero();
    s.initial_state.qd.setConstant(0.2);
    s.constant_tau = VecX::Constant(s.model.njoints, 0.05);
    s.dt = s.control_period = 0.004;
    Scenario fine = s;
    fine.dt = fine.control_period = 0.0005;
    Simulator ref(fine);
    while (ref.time() < 2.0 - 1e-12) ref.step();
    Simulator sim(s);
    while (sim.time() < 1.0 - 1e-12) sim.step();
    QCOMPARE(sim.time(), 1.0);
    sim.setTimeStep(0.005);  // rk45: the output interval
    sim.setSolver("crba");
    sim.setIntegrator("rk45");
    QCOMPARE(sim.scenario().dt, 0.005);
    QCOMPARE(sim.scenario().solver, std::string("crba"));
    QCOMPARE(sim.time(), 1.0);
    long steps = 0;
    while (sim.time() < 2.0 - 1e-12) {
      sim.step();
      ++steps;
    }
    QCOMPARE(steps, 200L);
    QCOMPARE(sim.time(), 2.0);
    const double err =
        std::max((sim.state().q - ref.state().q).cwiseAbs().maxCoeff(),
                 sim.state().base_orientation.angularDistance(ref.state().base_orientation));
    const Snapshot a = sim.snapshot(), r0 = Simulator(s).snapshot();
    const double drift = (a.momenta.angular_origin_total - r0.momenta.angular_origin_total).norm() +
                         (a.momenta.linear_total - r0.momenta.linear_total).norm();
    qInfo("after dt/solver/integrator change: %.3g from the fine reference, momentum drift %.3g",
          err, drift);
    QVERIFY(err <= 1e-9);
    QVERIFY(drift <= 1e-9);
    // Invalid changes throw and change nothing.
    QVERIFY(!test::errorOf([&] { sim.setTimeStep(0.0); }).empty());
    QVERIFY(!test::errorOf([&] { sim.setSolver("nope"); }).empty());
    QVERIFY(!test::errorOf([&] { sim.setIntegrator("nope"); }).empty());
    QVERIFY(!test::errorOf([&] { sim.setManeuveringMode(ManeuveringMode::Flying); }).empty());
    QCOMPARE(sim.scenario().dt, 0.005);
    QCOMPARE(sim.scenario().solver, std::string("crba"));
    QCOMPARE(sim.scenario().integrator, std::string("rk45"));
    QVERIFY(sim.scenario().mode == ManeuveringMode::Floating);
    // restart: the references stay the scenario's initial state.
    State moved = sim.state();
    moved.base_orientation = s.initial_state.base_orientation *
                             Quat(Eigen::AngleAxisd(0.25, Vec3(1, 2, 3).normalized()));
    sim.restart(moved, 5.0, 1.5);
    QCOMPARE(sim.time(), 5.0);
    QCOMPARE(sim.actuatorWork(), 1.5);
    QVERIFY(std::abs(sim.snapshot().vehicle_attitude_deviation - 0.25) <= 1e-14);
    sim.step();
    QCOMPARE(sim.time(), 5.0 + 0.005);
  }

  void badFilesNameTheFile() {
    const std::string missing = kModels + "no_such_model.urdf";
    const std::string e1 = test::errorOf([&] { defaultScenarioForModelFile(missing); });
    QVERIFY2(e1.find("no_such_model.urdf") != std::string::npos, e1.c_str());
    const std::string wrong = kModels + "seed004_spatial_one_joint.scenario.json";
    const std::string e2 = test::errorOf([&] { defaultScenarioForModelFile(wrong); });
    QVERIFY2(e2.find("unknown model file type") != std::string::npos, e2.c_str());
  }
};

QTEST_GUILESS_MAIN(TestDefaultScenario)
#include "test_default_scenario.moc"
