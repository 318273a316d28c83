// Turning a free-floating vehicle by joint loops (core/analysis/attitude_loop_planner.hpp) on
// seed 004's planar and spatial systems. What a plan claims is checked apart from the
// planner's own figures (MuJoCo's mass matrix: test_attitude_plan_mujoco):
//  - the plan's path (its corners) driven leg by leg here by the core's free-floating
//    reposition (zero momentum, integrated on the vehicle's group to 1e-13) ends with the
//    vehicle turned by the target to 1e-6 rad: 0.2 rad and 1 rad of yaw (planar, one loop
//    and several), -0.5 rad with three joints, a spatial turn about an axis with x, y and z parts
//    (joints 1-3) and rolls and yaws with joints 1 and 2 alone (loops in every corner direction);
//  - the path: starts and ends at the start configuration, legs move one joint each, only the
//    chosen joints move, within the amplitude and the joint limits, and is the plan's loop
//    sequence repeated `repeats` times;
//  - joint limits: the loops stay inside them and are repeated more often;
//  - a small planned turn matches the curvature: a single loop of area a at the start turns
//    the vehicle by about a times the mean of F_ij over the loop (attitude_disturbance.hpp);
//  - out of reach: an x turn of the planar vehicle (nearest: its z part), a turn with an x
//    part for the spatial arm's two parallel pitch joints (nearest: its y part, the turn the
//    path makes);
//  - the loops' sensitivities to their strengths against central differences of the
//    reposition's turns, and the planner with them against the planner with forward differences
//    (same loops; both times printed); too coarse fixed steps fall back to the latter;
//  - refusals: fixed, translating and nonholonomic vehicles, a zero turn, one joint, a
//    repeated joint, a start that moves.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): many plans, each with its Newton steps on simulated
// loops (157 s under the sanitizers); the planner's code is stepped there by
// test_attitude_plan_mujoco.
#include <QElapsedTimer>
#include <cmath>

#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/attitude_loop_planner.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/io/model_io.hpp"
#include "core/spatial/so3.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kPlanar = VMS_SOURCE_DIR "/models/seed004_planar.vms.json";
const std::string kSpatial = VMS_SOURCE_DIR "/models/seed004_spatial.vms.json";

// The net body-frame rotation R0^T R_end along the plan's corners, leg by leg.
Quat integratedTurn(const Model& m, const State& start, const std::vector<VecX>& corners) {
  RepositionOptions o;
  o.tolerance = 1e-13;
  State s = start;
  for (const VecX& c : corners) {
    const RepositionResult r = freeFloatingReposition(m, s, c, o);
    if (!r.converged) qWarning("a leg did not converge");
    s = r.state;
  }
  return Quat(start.base_orientation.conjugate() * s.base_orientation);
}

// The checks every plan's path passes.
void checkPath(const Model& m, const State& start, const std::vector<int>& joints,
               const AttitudeLoopPlan& plan, double amplitude) {
  QVERIFY(plan.corners.size() >= 5);
  QCOMPARE(plan.corners.front(), start.q);
  QCOMPARE(plan.corners.back(), start.q);
  QCOMPARE(int(plan.corners.size()), 1 + 4 * plan.repeats * int(plan.loops.size()));
  for (std::size_t c = 1; c < plan.corners.size(); ++c) {
    const VecX dq = plan.corners[c] - plan.corners[c - 1];
    int moving = 0;
    for (int k = 0; k < m.njoints; ++k)
      if (dq[k] != 0.0) {
        ++moving;
        QVERIFY(std::find(joints.begin(), joints.end(), k) != joints.end());
      }
    QCOMPARE(moving, 1);
    const VecX excursion = plan.corners[c] - start.q;
    QVERIFY(excursion.cwiseAbs().maxCoeff() <= amplitude + 1e-12);
    for (int k = 0; k < m.njoints; ++k)
      if (m.has_limits[std::size_t(k)])
        QVERIFY(plan.corners[c][k] >= m.lower_limit[k] && plan.corners[c][k] <= m.upper_limit[k]);
  }
  // The corners are the loop sequence, repeated.
  std::size_t c = 1;
  for (int r = 0; r < plan.repeats; ++r)
    for (const JointLoop& l : plan.loops) {
      VecX a = start.q, ab = start.q, b = start.q;
      a[l.first] += l.first_side;
      ab[l.first] += l.first_side;
      ab[l.second] += l.second_side;
      b[l.second] += l.second_side;
      QVERIFY((plan.corners[c] - a).norm() <= 1e-15);
      QVERIFY((plan.corners[c + 1] - ab).norm() <= 1e-15);
      QVERIFY((plan.corners[c + 2] - b).norm() <= 1e-15);
      QVERIFY((plan.corners[c + 3] - start.q).norm() <= 1e-15);
      c += 4;
    }
}

double yaw(const Quat& q) { return 2.0 * std::atan2(q.z(), q.w()); }

}  // namespace

class TestAttitudePlanner : public QObject {
  Q_OBJECT
 private slots:
  void planarTurnsReachTheirTargets();
  void spatialTurnAboutAGeneratedAxis();
  void spatialTurnWithTwoJoints();
  void jointLimitsShrinkAndRepeatTheLoops();
  void smallTurnFollowsTheCurvature();
  void outOfReachGivesTheNearestTurn();
  void loopSensitivityMatchesCentralDifferences();
  void sensitivityJacobianPlansTheSameTurnFaster();
  void tooCoarseLoopStepsFallBackToTheReposition();
  void refusals();
};

void TestAttitudePlanner::planarTurnsReachTheirTargets() {
  const Model m = loadModel(kPlanar);
  const State start = State::neutral(m);
  struct Case {
    std::vector<int> joints;
    double turn;
  };
  for (const Case& k : {Case{{0, 1}, 0.2}, Case{{0, 1}, 1.0}, Case{{0, 1, 2}, -0.5}}) {
    const AttitudeLoopPlan plan = planAttitudeTurn(m, start, k.joints, Vec3(0, 0, k.turn));
    const Quat net = integratedTurn(m, start, plan.corners);
    qInfo(
        "planar, %d joints, turn %.3g rad: %d loops x %d repeats, %d Newton iterations, largest "
        "excursion %.4g rad; integrated turn %.12g rad (error %.3g), plan's error %.3g",
        int(k.joints.size()), k.turn, int(plan.loops.size()), plan.repeats, plan.iterations,
        plan.max_excursion, yaw(net), yaw(net) - k.turn, plan.error);
    QVERIFY2(plan.reached, plan.message.c_str());
    QVERIFY(plan.message.empty());
    checkPath(m, start, k.joints, plan, 1.5);
    QVERIFY(std::abs(yaw(net) - k.turn) <= 1e-6);
    QVERIFY(std::abs(net.x()) + std::abs(net.y()) <= 1e-12);
    QVERIFY(std::abs(plan.achieved.z() - k.turn) <= 1e-6);
    if (k.turn == 1.0) QVERIFY(plan.repeats > 1);  // one loop cannot turn it that far
  }
}

void TestAttitudePlanner::spatialTurnAboutAGeneratedAxis() {
  const Model m = loadModel(kSpatial);
  State start = State::neutral(m);
  start.base_orientation = quatExp(Vec3(0.3, -0.2, 0.5));  // the turn is in the body frame
  const std::vector<int> joints = {0, 1, 2};
  const Vec3 target(0.1, -0.15, 0.2);
  const AttitudeLoopPlan plan = planAttitudeTurn(m, start, joints, target);
  const Quat net = integratedTurn(m, start, plan.corners);
  const double error = net.angularDistance(quatExp(target));
  qInfo(
      "spatial, joints 1-3, turn (0.1, -0.15, 0.2): %d loops x %d repeats, %d iterations, "
      "excursion %.4g rad; integrated turn %.3g rad from the target",
      int(plan.loops.size()), plan.repeats, plan.iterations, plan.max_excursion, error);
  QVERIFY2(plan.reached, plan.message.c_str());
  checkPath(m, start, joints, plan, 1.5);
  QVERIFY(error <= 1e-6);
  QVERIFY((plan.achieved - target).norm() <= 1e-6);
}

void TestAttitudePlanner::spatialTurnWithTwoJoints() {
  // Joints 1 and 2: the pair's best loop turns the spacecraft mostly about z
  // (seed004_spatial_closed_loop), so a roll about x needs the pair's loops in all four corner
  // directions, which turn it about different axes; the same for a turn about z.
  const Model m = loadModel(kSpatial);
  const State start = State::neutral(m);
  for (const Vec3& target : {Vec3(0.3, 0.0, 0.0), Vec3(0.0, 0.0, -0.3)}) {
    const AttitudeLoopPlan plan = planAttitudeTurn(m, start, {0, 1}, target);
    const Quat net = integratedTurn(m, start, plan.corners);
    const double error = net.angularDistance(quatExp(target));
    qInfo(
        "spatial, joints 1-2, turn (%g, %g, %g): %d loops x %d repeats, %d iterations; "
        "integrated turn %.3g rad from the target",
        target.x(), target.y(), target.z(), int(plan.loops.size()), plan.repeats, plan.iterations,
        error);
    QVERIFY2(plan.reached, plan.message.c_str());
    QCOMPARE(int(plan.loops.size()), 4);
    checkPath(m, start, {0, 1}, plan, 1.5);
    QVERIFY(error <= 1e-6);
  }
}

void TestAttitudePlanner::jointLimitsShrinkAndRepeatTheLoops() {
  // Joints 1 and 2 of the planar system with tight limits around the start: the loops stay
  // inside them (less the 0.01 rad margin) and are repeated more often than without limits.
  Model m = loadModel(kPlanar);
  const State start = State::neutral(m);
  const AttitudeLoopPlan free_plan = planAttitudeTurn(m, start, {0, 1}, Vec3(0, 0, 0.2));
  m.has_limits[0] = m.has_limits[1] = true;
  m.lower_limit[0] = -0.5;
  m.upper_limit[0] = 1.0;
  m.lower_limit[1] = -1.0;
  m.upper_limit[1] = 0.8;
  const AttitudeLoopPlan plan = planAttitudeTurn(m, start, {0, 1}, Vec3(0, 0, 0.2));
  const Quat net = integratedTurn(m, start, plan.corners);
  qInfo(
      "with limits: %d repeats of %d loop(s), largest excursion %.4g rad (without limits: %d "
      "repeats, %.4g rad); integrated turn %.12g rad",
      plan.repeats, int(plan.loops.size()), plan.max_excursion, free_plan.repeats,
      free_plan.max_excursion, yaw(net));
  QVERIFY2(plan.reached, plan.message.c_str());
  checkPath(m, start, {0, 1}, plan, 0.99);
  for (const VecX& c : plan.corners) {
    QVERIFY(c[0] >= -0.49 - 1e-12 && c[0] <= 0.99 + 1e-12);
    QVERIFY(c[1] >= -0.99 - 1e-12 && c[1] <= 0.79 + 1e-12);
  }
  QVERIFY(std::abs(yaw(net) - 0.2) <= 1e-6);
  QVERIFY(plan.repeats > free_plan.repeats);
  QVERIFY(plan.repeats <= AttitudeLoopPlanOptions{}.max_repeats);

  // Limits that leave too little room for the default number of repetitions: refused with
  // the turn the allowed repetitions make.
  AttitudeLoopPlanOptions few;
  few.max_repeats = 3;
  const AttitudeLoopPlan short_plan = planAttitudeTurn(m, start, {0, 1}, Vec3(0, 0, 0.2), few);
  qInfo("at most 3 repetitions: %s", short_plan.message.c_str());
  QVERIFY(!short_plan.reached);
  QCOMPARE(short_plan.repeats, 3);
  QVERIFY(short_plan.message.find("more than 3 repetitions") != std::string::npos);
  QVERIFY(std::abs(yaw(integratedTurn(m, start, short_plan.corners)) - short_plan.achieved.z()) <=
          1e-9);
}

void TestAttitudePlanner::smallTurnFollowsTheCurvature() {
  // Joints 1 and 2 of the planar system from a bent arm, where F_12 is not zero: a small
  // turn is one small loop whose area times the mean curvature over it is the turn.
  const Model m = loadModel(kPlanar);
  State start = State::neutral(m);
  start.q << 0.75, 0.75, 0.0, 0.0;
  const double turn = 2e-4;
  const AttitudeLoopPlan plan = planAttitudeTurn(m, start, {0, 1}, Vec3(0, 0, turn));
  QVERIFY2(plan.reached, plan.message.c_str());
  QCOMPARE(plan.repeats, 1);
  QCOMPARE(int(plan.loops.size()), 1);
  const JointLoop& l = plan.loops[0];
  // Mean of F over the loop (Gauss-Legendre 4 x 4), in the (first, second) orientation.
  const double x[4] = {-0.8611363115940526, -0.3399810435848563, 0.3399810435848563,
                       0.8611363115940526};
  const double w[4] = {0.3478548451374538, 0.6521451548625461, 0.6521451548625461,
                       0.3478548451374538};
  AttitudeDisturbance D(m);
  Data d(m);
  double mean = 0.0;
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b) {
      State s = start;
      s.q[l.first] += l.first_side * 0.5 * (1 + x[a]);
      s.q[l.second] += l.second_side * 0.5 * (1 + x[b]);
      D.computeWithDerivatives(m, d, s);
      mean += 0.25 * w[a] * w[b] * D.curvature(l.first, l.second).z();
    }
  const double area = l.first_side * l.second_side;  // signed: counter-clockwise if > 0
  qInfo("small turn %.3g rad: loop %.4g x %.4g rad of joints %d, %d; area x mean F = %.6g rad",
        turn, l.first_side, l.second_side, l.first + 1, l.second + 1, area * mean);
  QVERIFY(std::abs(area * mean - turn) <= 1e-3 * turn);
}

void TestAttitudePlanner::outOfReachGivesTheNearestTurn() {
  {
    const Model m = loadModel(kPlanar);
    const AttitudeLoopPlan plan =
        planAttitudeTurn(m, State::neutral(m), {0, 1}, Vec3(0.1, 0.0, 0.2));
    qInfo("planar, turn (0.1, 0, 0.2): %s", plan.message.c_str());
    QVERIFY(!plan.reached);
    QVERIFY(plan.message.find("z axis only") != std::string::npos);
    QVERIFY(std::abs(plan.achieved.z() - 0.2) <= 1e-6 && plan.achieved.head<2>().isZero());
    QVERIFY(std::abs(plan.error -
                     quatExp(Vec3(0, 0, 0.2)).angularDistance(quatExp(Vec3(0.1, 0, 0.2)))) <= 1e-6);
  }
  {
    // Joints 2 and 3 of the spatial arm both pitch (parallel axes, the arm in the x-z plane):
    // their loops turn the spacecraft about y only. The nearest reachable turn to (0.3, 0.2, 0)
    // is the y part.
    const Model m = loadModel(kSpatial);
    const State start = State::neutral(m);
    const Vec3 target(0.3, 0.2, 0.0);
    const AttitudeLoopPlan plan = planAttitudeTurn(m, start, {1, 2}, target);
    qInfo("spatial, joints 2-3, turn (0.3, 0.2, 0): %s", plan.message.c_str());
    QVERIFY(!plan.reached);
    QVERIFY(plan.message.find("do not generate this turn") != std::string::npos);
    QVERIFY(plan.message.find("nearest reachable turn") != std::string::npos);
    checkPath(m, start, {1, 2}, plan, 1.5);
    QVERIFY((plan.achieved - Vec3(0.0, 0.2, 0.0)).norm() <= 1e-6);
    // The nearest turn is the one the path makes.
    const Quat net = integratedTurn(m, start, plan.corners);
    QVERIFY(net.angularDistance(quatExp(plan.achieved)) <= 1e-6);
    QVERIFY(std::abs(plan.error - net.angularDistance(quatExp(target))) <= 1e-9);
  }
}

void TestAttitudePlanner::loopSensitivityMatchesCentralDifferences() {
  // xi = d/dw of a loop's turn (body frame) against central differences of the integrated
  // loop, log(h(w)^-1 h(w + d)) - log(h(w)^-1 h(w - d)) over 2d at d = 1e-5 (the legs
  // integrated to 1e-13), on both systems from bent arms, forwards and backwards, with and
  // without gravity (which does not turn a zero-momentum system: W subtracts it).
  struct Case {
    std::string file;
    JointLoop loop;
    double w;
    bool gravity;
  };
  const std::vector<Case> cases = {
      {kPlanar, {0, 1, 1.2, -0.9}, 0.6, false},  {kPlanar, {1, 2, 0.8, 1.1}, -0.35, false},
      {kPlanar, {0, 2, -1.0, 0.7}, 0.02, true},  {kSpatial, {0, 1, 1.1, 0.9}, 0.8, false},
      {kSpatial, {1, 2, -0.7, 1.3}, -0.5, true}, {kSpatial, {0, 2, 0.9, -1.2}, 0.1, false}};
  for (const Case& c : cases) {
    Model m = loadModel(c.file);
    if (c.gravity) m.gravity = Vec3(0.0, -3.0, -9.81);
    State start = State::neutral(m);
    for (int k = 0; k < m.njoints; ++k) start.q[k] = 0.3 - 0.2 * k;
    const auto corners = [&](double w) {
      const double u = std::sqrt(std::abs(w));
      VecX a = start.q, ab = start.q, b = start.q;
      a[c.loop.first] += u * c.loop.first_side;
      ab[c.loop.first] += u * c.loop.first_side;
      ab[c.loop.second] += u * c.loop.second_side;
      b[c.loop.second] += u * c.loop.second_side;
      return w > 0 ? std::vector<VecX>{a, ab, b, start.q} : std::vector<VecX>{b, ab, a, start.q};
    };
    const auto turn = [&](double w) { return pathRotation(m, start, corners(w), 1e-13); };
    const double d = 1e-5;
    const Quat h = turn(c.w);
    const Vec3 differences =
        (quatLog(h.conjugate() * turn(c.w + d)) - quatLog(h.conjugate() * turn(c.w - d))) / (2 * d);
    const LoopTurnSensitivity fixed_step = loopTurnSensitivity(m, start, c.loop, c.w);
    const Vec3& xi = fixed_step.sensitivity;
    const double error = (xi - differences).norm() / differences.norm();
    const double turn_error = fixed_step.turn.angularDistance(h);
    qInfo(
        "%s, joints %d-%d, w = %g%s: |xi| = %.4g rad, relative difference %.2e; turn %.4g rad, "
        "%.2e rad from the reposition's",
        m.description.name.c_str(), c.loop.first + 1, c.loop.second + 1, c.w,
        c.gravity ? ", gravity" : "", xi.norm(), error,
        2 * std::acos(std::min(1.0, std::abs(h.w()))), turn_error);
    QVERIFY(differences.norm() > 1e-3);
    QVERIFY2(error < 1e-6, qPrintable(QString::number(error)));
    QVERIFY2(turn_error < 1e-9, qPrintable(QString::number(turn_error)));
  }
  // At w = 0 the sensitivity is the curvature times the full loop's area, the limit of the
  // integrated sensitivities from either side (which differ from it by O(sqrt|w|)).
  const Model m = loadModel(kSpatial);
  State start = State::neutral(m);
  start.q << 0.2, 0.6, -0.4, 0.0, 0.0, 0.0;
  const JointLoop loop{0, 1, 1.1, 0.9};
  const Vec3 at_zero = loopTurnSensitivity(m, start, loop, 0.0).sensitivity;
  for (double w : {1e-6, -1e-6, 1e-8}) {
    const Vec3 xi = loopTurnSensitivity(m, start, loop, w).sensitivity;
    const double gap = (xi - at_zero).norm() / at_zero.norm();
    qInfo("w = %g: relative gap to the curvature's %.2e", w, gap);
    QVERIFY(gap < 20 * std::sqrt(std::abs(w)));
  }
}

void TestAttitudePlanner::sensitivityJacobianPlansTheSameTurnFaster() {
  // The planner with the loops' sensitivities and with forward differences of the loops' turns
  // plans the same path: same loops, sides within 1e-6 rad.
  struct Case {
    std::string file;
    std::vector<int> joints;
    Vec3 turn;
  };
  const std::vector<Case> cases = {{kPlanar, {0, 1, 2}, Vec3(0, 0, -0.5)},
                                   {kSpatial, {0, 1, 2}, Vec3(0.1, -0.15, 0.2)},
                                   {kSpatial, {0, 1}, Vec3(0.3, 0.0, 0.0)}};
  for (const Case& c : cases) {
    const Model m = loadModel(c.file);
    const State start = State::neutral(m);
    AttitudeLoopPlanOptions sensitivity, differences;
    differences.jacobian = AttitudeLoopPlanOptions::Jacobian::ForwardDifferences;
    QElapsedTimer clock;
    clock.start();
    const AttitudeLoopPlan a = planAttitudeTurn(m, start, c.joints, c.turn, sensitivity);
    const double t_sensitivity = clock.nsecsElapsed() * 1e-9;
    clock.restart();
    const AttitudeLoopPlan b = planAttitudeTurn(m, start, c.joints, c.turn, differences);
    const double t_differences = clock.nsecsElapsed() * 1e-9;
    qInfo(
        "%s, turn (%g, %g, %g): sensitivity %.3f s (%d Newton iterations), forward differences "
        "%.3f s (%d): %.2f times faster",
        m.description.name.c_str(), c.turn.x(), c.turn.y(), c.turn.z(), t_sensitivity, a.iterations,
        t_differences, b.iterations, t_differences / t_sensitivity);
    QVERIFY2(a.reached && b.reached, (a.message + b.message).c_str());
    QCOMPARE(a.repeats, b.repeats);
    QCOMPARE(a.loops.size(), b.loops.size());
    for (std::size_t l = 0; l < a.loops.size(); ++l) {
      QCOMPARE(a.loops[l].first, b.loops[l].first);
      QCOMPARE(a.loops[l].second, b.loops[l].second);
      QVERIFY(std::abs(a.loops[l].first_side - b.loops[l].first_side) <= 1e-6);
      QVERIFY(std::abs(a.loops[l].second_side - b.loops[l].second_side) <= 1e-6);
    }
  }
}

void TestAttitudePlanner::tooCoarseLoopStepsFallBackToTheReposition() {
  // Loop turns integrated with 8 steps a leg are off by more than a 1e-9 rad tolerance: Newton
  // meets the turn on them, the path misses it, and the planner plans again on the adaptive
  // reposition's turns, as with forward differences (same loops; both attempts' iterations).
  const Model m = loadModel(kPlanar);
  const State start = State::neutral(m);
  AttitudeLoopPlanOptions coarse, differences;
  coarse.loop_step = 1.0;
  coarse.tolerance = differences.tolerance = 1e-9;
  differences.jacobian = AttitudeLoopPlanOptions::Jacobian::ForwardDifferences;
  const AttitudeLoopPlan a = planAttitudeTurn(m, start, {0, 1}, Vec3(0, 0, 0.2), coarse);
  const AttitudeLoopPlan b = planAttitudeTurn(m, start, {0, 1}, Vec3(0, 0, 0.2), differences);
  qInfo("coarse loop steps: %d iterations, error %.3g rad; forward differences: %d, %.3g rad",
        a.iterations, a.error, b.iterations, b.error);
  QVERIFY2(a.reached && b.reached, (a.message + b.message).c_str());
  QVERIFY(a.iterations > b.iterations);
  QCOMPARE(a.repeats, b.repeats);
  QCOMPARE(a.loops.size(), b.loops.size());
  QCOMPARE(a.loops[0].first_side, b.loops[0].first_side);
  QCOMPARE(a.loops[0].second_side, b.loops[0].second_side);
  QVERIFY(std::abs(yaw(integratedTurn(m, start, a.corners)) - 0.2) <= 1e-9);
}

void TestAttitudePlanner::refusals() {
  const Model planar = loadModel(kPlanar);
  const State s = State::neutral(planar);
  const Vec3 turn(0, 0, 0.2);
  const auto refuses = [&](const Model& m, const State& st, std::vector<int> j, const Vec3& t,
                           const char* words) {
    const std::string e = test::errorOf([&] { planAttitudeTurn(m, st, j, t); });
    qInfo("refused: %s", e.c_str());
    QVERIFY2(e.find(words) != std::string::npos, e.c_str());
  };
  refuses(loadModel(kPlanar, BaseType::Fixed), s, {0, 1}, turn, "does not rotate");
  refuses(loadModel(kSpatial, BaseType::Translation), State::neutral(loadModel(kSpatial)), {0, 1},
          turn, "does not rotate");
  refuses(loadModel(kPlanar, BaseType::Nonholonomic), s, {0, 1}, turn, "nonholonomic");
  refuses(planar, s, {0, 1}, Vec3::Zero(), "zero");
  refuses(planar, s, {0}, turn, "two joints");
  refuses(planar, s, {1, 1}, turn, "twice");
  State moving = s;
  moving.qd[2] = 0.1;
  refuses(planar, moving, {0, 1}, turn, "at rest");
}

QTEST_APPLESS_MAIN(TestAttitudePlanner)
#include "test_attitude_planner.moc"
