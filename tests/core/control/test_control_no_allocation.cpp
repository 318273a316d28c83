// The controllers of core/control make no heap allocation per control update once constructed
// (the simulation hot path): every workspace (LLT of M and of (M^-1)_SS, the resolved-rate
// Jacobians and SVD, the thruster NNLS with one complete orthogonal decomposition per
// passive-set size) is sized in the constructor.
// - controllers: every controller type on random trees (free, planar, ball, fixed vehicle) with
//   three reaction wheels and 12 thrusters: joint PD (no / gravity / bias compensation, all
//   joints and a subset), computed torque (with and without feed-forward) on quintic,
//   waypoint and joint-sweep references, resolved rate (J* and Jm, damped and plain), wheel
//   attitude, thruster hold (position + attitude, position, attitude): 0 allocations over 100
//   updates after one warm-up update, at states and times that change every update;
// - scenarios: Simulator::step() on every models/*.scenario.json, and on variants with
//   resolved_rate and the compensated joint PD: 0 allocations over 100 control updates (fewer
//   if the scenario ends before) after one warm-up step.
// Skipped under AddressSanitizer (malloc cannot be interposed there).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>

#include "allocation_counter.hpp"
#include "core/actuators/reaction_wheel.hpp"
#include "core/actuators/thrusters.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/control/joint_controllers.hpp"
#include "core/control/joint_sweep_trajectory.hpp"
#include "core/control/quintic_trajectory.hpp"
#include "core/control/resolved_rate.hpp"
#include "core/control/vehicle_control.hpp"
#include "core/control/waypoint_trajectory.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/sample_models.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/simulator.hpp"
#include "core/spatial/so3.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

constexpr int kUpdates = 100;

std::vector<ReactionWheelSpec> threeWheels() {
  std::vector<ReactionWheelSpec> w(3);
  for (int i = 0; i < 3; ++i) {
    w[i].name = "wheel_" + std::to_string(i);
    w[i].position = 0.2 * Vec3::Unit(i);
    w[i].axis = Vec3::Unit(i);
    w[i].mass = 1.0;
    w[i].spin_inertia = 0.05;
    w[i].transverse_inertia = 0.03;
  }
  return w;
}

// 12 thrusters on a cube (x-thrusters offset in y, y in z, z in x), vehicle frame.
Mat6X cubeAllocation() {
  Mat6X B(6, 12);
  int c = 0;
  for (int a = 0; a < 3; ++a)
    for (double off : {0.5, -0.5})
      for (double dir : {1.0, -1.0}) {
        const Vec3 f = 20.0 * dir * Vec3::Unit(a), p = off * Vec3::Unit((a + 1) % 3);
        B.col(c++) << f, p.cross(f);
      }
  return B;
}

std::string modelsDir() { return VMS_SOURCE_DIR "/models/"; }

}  // namespace

class TestControlNoAllocation : public QObject {
  Q_OBJECT
 private slots:
  void controllers_data();
  void controllers();
  void scenarios_data();
  void scenarios();
};

void TestControlNoAllocation::controllers_data() {
  QTest::addColumn<int>("base");
  for (BaseType b : {BaseType::Free, BaseType::Planar, BaseType::Ball, BaseType::Fixed})
    QTest::newRow(toString(b).c_str()) << static_cast<int>(b);
}

void TestControlNoAllocation::controllers() {
  QFETCH(int, base);
  if (!test::countingAvailable()) QSKIP("malloc cannot be interposed under AddressSanitizer");
  RandomTreeOptions o;
  o.bodies = 8;
  o.base = static_cast<BaseType>(base);
  o.fixed_links = 1;
  o.seed = 3;
  ModelDescription d = randomTree(o);
  d.gravity = Vec3(0.2, -0.1, -9.81);
  for (auto& j : d.joints) j.damping = 0.05;
  const std::vector<ReactionWheelSpec> wheels = threeWheels();
  addReactionWheels(d, wheels);
  const Model m = compileModel(d);
  const int n = m.njoints;
  const std::vector<int> arm = [&] {  // the non-wheel joints, and a reordered subset of them
    std::vector<int> a;
    const std::vector<int> wj = reactionWheelJoints(m, wheels);
    for (int k = 0; k < n; ++k)
      if (std::find(wj.begin(), wj.end(), k) == wj.end()) a.push_back(k);
    return a;
  }();
  const std::vector<int> subset = {arm[3], arm[0], arm[1]};
  const auto s = static_cast<Eigen::Index>(subset.size());

  // References: quintic on all joints, waypoints and a (shortened) joint sweep on the subset.
  QuinticTrajectory quintic(VecX::Zero(n), VecX::LinSpaced(n, -0.6, 0.8), 3.0, 0.5);
  MatX waypoints(s, 4);
  waypoints << 0.0, 0.4, -0.2, 0.1, 0.0, -0.3, 0.5, 0.2, 0.1, 0.2, 0.3, -0.4;
  WaypointTrajectory spline({0.0, 1.0, 2.0, 4.0}, waypoints);
  JointSweepParameters sweep_p;
  sweep_p.first = 1.0;
  sweep_p.second = 2.0;
  sweep_p.back = 1.0;
  sweep_p.rest = 0.5;
  sweep_p.blend = 0.4;
  JointSweepTrajectory sweep(VecX::Constant(s, 0.1), sweep_p);

  const JointGains all{VecX::LinSpaced(n, 2.0, 5.0), VecX::LinSpaced(n, 3.0, 1.0)};
  const JointGains sub{VecX::Constant(s, 4.0), VecX::Constant(s, 2.0)};
  using Comp = JointPDController::Compensation;
  std::vector<std::unique_ptr<Controller>> cs;
  std::vector<std::unique_ptr<JointSpaceController>> inner;
  for (Comp c : {Comp::None, Comp::Gravity, Comp::Bias}) {
    cs.push_back(std::make_unique<JointPDController>(m, &quintic, all, c));
    cs.push_back(std::make_unique<JointPDController>(m, &spline, sub, c, subset));
  }
  for (bool ff : {false, true}) {
    cs.push_back(std::make_unique<ComputedTorqueController>(m, &quintic, all, ff));
    cs.push_back(std::make_unique<ComputedTorqueController>(m, &sweep, sub, ff, subset));
    cs.push_back(std::make_unique<ComputedTorqueController>(m, &spline, sub, ff, subset));
  }
  const int frame = static_cast<int>(m.frames.size()) - 1;
  for (int variant = 0; variant < 4; ++variant) {
    inner.push_back(std::make_unique<ComputedTorqueController>(m, nullptr, all));
    ResolvedRateOptions ro;
    ro.use_generalized_jacobian = variant % 2 == 0;
    ro.damped = variant < 2;
    ro.epsilon = 0.5;  // the damping is active at some of the states
    ro.max_linear_speed = 0.1;
    ro.max_angular_speed = 0.3;
    Pose target;
    target.p = Vec3(0.4, -0.3, 0.6);
    target.R = so3Exp(Vec3(0.3, -0.2, 0.5));
    cs.push_back(std::make_unique<ResolvedRateController>(m, frame, target, *inner.back(), ro));
  }
  AttitudeGains ag;
  ag.kp = 5.0 * Mat3::Identity();
  ag.kd(0, 1) = 0.3;
  const Quat R_d(Eigen::AngleAxisd(0.8, Vec3(1.0, -2.0, 0.5).normalized()));
  cs.push_back(
      std::make_unique<WheelAttitudeController>(m, reactionWheelJoints(m, wheels), R_d, ag));
  const Mat6X B = cubeAllocation();
  for (int variant = 0; variant < 3; ++variant) {
    ThrusterVehicleController::Options to;
    to.attitude = variant != 1;
    to.position = variant != 2;
    to.attitude_gains = ag;
    to.kp_position = 30.0 * Mat3::Identity();
    cs.push_back(std::make_unique<ThrusterVehicleController>(m, B, R_d, Vec3(0.5, -0.2, 0.1), to));
  }

  std::vector<State> states;
  for (int k = 0; k < 7; ++k) states.push_back(randomState(m, 40 + k));
  ControlOutput out{VecX::Zero(n), VecX::Zero(B.cols())};
  for (auto& c : cs) {
    c->reset(0.0, states[0]);
    c->compute(0.0, states[0], out);  // warm-up
    const long before = test::heapAllocations();
    for (int k = 1; k <= kUpdates; ++k) {
      out.joint_torque.setZero();
      out.thruster_command.setZero();
      c->compute(0.07 * k, states[k % states.size()], out);
    }
    const long allocations = test::heapAllocations() - before;
    QVERIFY2(allocations == 0, qPrintable(QString("%1 (controller %2): %3 allocations in %4 "
                                                  "updates")
                                              .arg(QString::fromStdString(c->name()))
                                              .arg(&c - cs.data())
                                              .arg(allocations)
                                              .arg(kUpdates)));
    QVERIFY(out.joint_torque.allFinite() && out.thruster_command.allFinite());
  }
}

void TestControlNoAllocation::scenarios_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<QString>("variant");
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(modelsDir())) {
    const std::string f = e.path().filename().string();
    const std::string ext = ".scenario.json";
    if (f.size() > ext.size() && f.compare(f.size() - ext.size(), ext.size(), ext) == 0)
      files.push_back(f);
  }
  std::sort(files.begin(), files.end());
  QVERIFY(files.size() >= 10);
  for (const std::string& f : files)
    QTest::newRow(f.c_str()) << QString::fromStdString(f) << QString();
  // Controllers no example scenario uses.
  for (const char* v :
       {"resolved_rate_jstar", "resolved_rate_jm", "joint_pd_gravity", "joint_pd_bias"})
    QTest::newRow((std::string("spart_tutorial_5dof/") + v).c_str())
        << QString("spart_tutorial_5dof.scenario.json") << QString(v);
}

void TestControlNoAllocation::scenarios() {
  QFETCH(QString, file);
  QFETCH(QString, variant);
  // Under AddressSanitizer allocations cannot be counted, but the steps still run: the
  // sanitizer build steps every example scenario here (the long example runs are Release-only).
  Scenario sc = loadScenario(modelsDir() + file.toStdString());
  if (!variant.isEmpty()) {
    const Model& m = sc.model;
    const JointGains gains{VecX::Constant(m.njoints, 10.0), VecX::Constant(m.njoints, 6.0)};
    if (variant.startsWith("resolved_rate")) {
      ResolvedRateSetup c;
      c.gains = gains;
      c.frame = static_cast<int>(m.frames.size()) - 1;
      Data data(m);
      computeKinematics(m, data, sc.initial_state);
      c.target = framePose(m, data, c.frame);
      c.target.p += Vec3(0.05, -0.03, 0.02);
      c.target_orientation = true;
      c.options.use_generalized_jacobian = variant == "resolved_rate_jstar";
      sc.controllers = {c};
    } else {
      JointPDSetup c;
      c.gains = gains;
      for (int k = 0; k < m.njoints; ++k) c.joints.push_back(k);  // as assembly does
      c.compensation = variant == "joint_pd_gravity" ? JointPDController::Compensation::Gravity
                                                     : JointPDController::Compensation::Bias;
      sc.controllers = {c};
    }
  }
  QVERIFY(!sc.controllers.empty() || variant.isEmpty());
  const long control_every = std::max(1L, std::lround(sc.control_period / sc.dt));
  Simulator sim(sc);
  sim.step();  // warm-up (includes the first control update)
  // 100 control updates (fewer if the scenario ends before).
  const long steps = std::min(kUpdates * control_every, sim.totalSteps() - 1);
  QVERIFY(steps > 0);
  const long before = test::heapAllocations();
  for (long k = 0; k < steps; ++k) sim.step();
  const long allocations = test::heapAllocations() - before;
  QVERIFY(sim.state().allFinite());
  if (!test::countingAvailable()) return;
  QVERIFY2(allocations == 0, qPrintable(QString("%1 allocations in %2 steps (%3 control updates)")
                                            .arg(allocations)
                                            .arg(steps)
                                            .arg((steps + control_every - 1) / control_every)));
  QVERIFY(sim.state().allFinite());
}

QTEST_APPLESS_MAIN(TestControlNoAllocation)
#include "test_control_no_allocation.moc"
