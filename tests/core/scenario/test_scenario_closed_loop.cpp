// models/seed004_planar_closed_loop: joints 1 and 2 of seed 004's free-floating planar system
// go around a closed loop (a square) in joint space and come back; the vehicle does not.
//
// With zero momentum the vehicle's body velocity is nu_b = -A(q) qd, A = Mbb^-1 Mbm (seed 001's
// mechanical connection, eq. (69)); its rotation row a(q) (the omega_z row of the planar
// vehicle) gives the turn psi = -integral a(q) . dq along the joint path. Along a path that
// retraces itself this is zero; around a closed loop it is, by Stokes,
//   psi = -iint F dq1 dq2,   F = d a_2 / d q_1 - d a_1 / d q_2   (counter-clockwise loop:
// joint 1 out first), the curvature of the connection. Checked here:
//  * the scenario run: every joint back within 1e-3 rad of its start, |P|, |L| <= 1e-10
//    throughout, net vehicle rotation >= 0.02 rad, equal to the same square driven by the
//    core's free-floating reposition (straight legs, zero momentum; no controller, no time)
//    to 1e-3 of it, and to -iint F over the square (Gauss-Legendre, F from finite differences
//    of the CRBA mass matrix blocks) to 1e-6 rad;
//  * the loop run the other way (joint 2 first): the rotation changes sign;
//  * small squares of side eps centred on a generic configuration: psi / eps^2 -> -F there,
//    with the O(eps^2) error of a centred square, for both directions;
//  * at the straight arm (q = 0) F vanishes (mirror symmetry: q -> -q mirrors the system,
//    which turns the vehicle the other way), so small loops at the start barely turn it.
// models/seed004_spatial_closed_loop, the same on the spatial spacecraft (SO(3) attitude):
// joints back, rotation >= 0.02 rad, equal to the reposition's square to 1e-3 of it, and the
// reversed loop ends at the inverse rotation (to 1e-3 of the angle; the reposition's to 1e-9).
#include <array>
#include <cmath>

#include "core/algorithms/crba.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/scenario/simulator.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kScenario = VMS_SOURCE_DIR "/models/seed004_planar_closed_loop.scenario.json";

// Rotation of a planar vehicle about its z axis, in (-pi, pi].
double yaw(const Quat& q) { return 2.0 * std::atan2(q.z(), q.w()); }

// The rotation row a(q) of the mechanical connection A = Mbb^-1 Mbm (planar vehicle: nu_b =
// (v_x, v_y, omega_z), row 2): omega_z = -a(q) . qd under zero momentum.
VecX rotationRow(const Model& m, Data& d, const VecX& q) {
  State s = State::neutral(m);
  s.q = q;
  crba(m, d, s);
  const int b = m.base_dof;
  const MatX A = d.M.topLeftCorner(b, b).llt().solve(d.M.topRightCorner(b, m.njoints));
  return A.row(2).transpose();
}

// F(q) = d a_2/d q_1 - d a_1/d q_2 by central differences (joints 1, 2 = indices 0, 1).
double curvature(const Model& m, Data& d, const VecX& q) {
  const double h = 1e-5;
  VecX q1p = q, q1m = q, q2p = q, q2m = q;
  q1p[0] += h;
  q1m[0] -= h;
  q2p[1] += h;
  q2m[1] -= h;
  const double da2_dq1 = (rotationRow(m, d, q1p)[1] - rotationRow(m, d, q1m)[1]) / (2 * h);
  const double da1_dq2 = (rotationRow(m, d, q2p)[0] - rotationRow(m, d, q2m)[0]) / (2 * h);
  return da2_dq1 - da1_dq2;
}

// -iint F dq1 dq2 over [c1, c1 + side] x [c2, c2 + side] (other joints as in q), 8 x 8
// Gauss-Legendre points: the turn Stokes predicts for the counter-clockwise loop.
double stokesTurn(const Model& m, Data& d, const VecX& corner, double side) {
  const std::array<double, 8> x = {-0.9602898564975363, -0.7966664774136267, -0.5255324099163290,
                                   -0.1834346424956498, 0.1834346424956498,  0.5255324099163290,
                                   0.7966664774136267,  0.9602898564975363};
  const std::array<double, 8> w = {0.1012285362903763, 0.2223810344533745, 0.3137066458778873,
                                   0.3626837833783620, 0.3626837833783620, 0.3137066458778873,
                                   0.2223810344533745, 0.1012285362903763};
  double sum = 0.0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      VecX q = corner;
      q[0] += side * 0.5 * (1 + x[static_cast<size_t>(i)]);
      q[1] += side * 0.5 * (1 + x[static_cast<size_t>(j)]);
      sum += w[static_cast<size_t>(i)] * w[static_cast<size_t>(j)] * curvature(m, d, q);
    }
  return -sum * side * side / 4.0;
}

// The state after joints 1 and 2 go around the square with lower-left corner `corner` and
// side `side` along straight joint-space legs with zero momentum (the core's free-floating
// reposition), joint 1 first (counter-clockwise in (q1, q2)) or joint 2 first.
State squareLoop(const Model& m, const VecX& corner, double side, bool joint1_first,
                 bool& converged) {
  State s = State::neutral(m);
  s.q = corner;
  const int a = joint1_first ? 0 : 1, c = joint1_first ? 1 : 0;
  std::array<VecX, 4> legs;
  legs.fill(corner);
  legs[0][a] += side;
  legs[1][a] += side;
  legs[1][c] += side;
  legs[2][c] += side;
  legs[3] = corner;
  RepositionOptions options;
  options.tolerance = 1e-12;
  for (const VecX& target : legs) {
    const RepositionResult r = freeFloatingReposition(m, s, target, options);
    converged = converged && r.converged;
    s = r.state;
  }
  return s;
}

// The planar vehicle's net turn around that square.
double squareTurn(const Model& m, const VecX& corner, double side, bool joint1_first,
                  bool& converged) {
  return yaw(squareLoop(m, corner, side, joint1_first, converged).base_orientation);
}

struct LoopRun {
  double max_P = 0, max_L = 0, max_joint_offset = 0, turn = 0, max_turn = 0, max_track = 0;
  Snapshot last;
};

LoopRun runLoop(const Scenario& sc) {
  Simulator sim(sc);
  LoopRun r;
  const VecX q0 = sim.state().q;
  while (!sim.finished()) {
    sim.step();
    const Snapshot s = sim.snapshot();
    r.max_P = std::max(r.max_P, s.momenta.linear_total.norm());
    r.max_L = std::max(r.max_L, s.momenta.angular_origin_total.norm());
    r.max_turn = std::max(r.max_turn, s.vehicle_attitude_deviation);
    r.max_track = std::max(r.max_track, s.tracking_error);
    r.last = s;
  }
  r.max_joint_offset = (r.last.state.q - q0).cwiseAbs().maxCoeff();
  r.turn = yaw(r.last.state.base_orientation);
  return r;
}

// The square's side from the scenario's waypoints (joint 1's largest position).
double loopSide(const Scenario& sc) {
  const auto& setup = std::get<ComputedTorqueSetup>(sc.controllers.at(0));
  return setup.trajectory->positions.row(0).maxCoeff();
}

}  // namespace

class TestScenarioClosedLoop : public QObject {
  Q_OBJECT
 private slots:
  void scenarioRunTurnsTheVehicle();
  void smallLoopsMeasureTheCurvature();
  void spatialLoopTurnsTheSpacecraft();
};

void TestScenarioClosedLoop::scenarioRunTurnsTheVehicle() {
  const Scenario sc = loadScenario(kScenario);
  QCOMPARE(sc.model.njoints, 4);
  QCOMPARE(sc.model.base_dof, 3);
  QVERIFY(sc.model.gravity.isZero());
  const double side = loopSide(sc);
  QCOMPARE(side, 1.5);

  const LoopRun run = runLoop(sc);
  qInfo(
      "closed loop: side %.3g rad, net turn %.9g rad (max deviation %.4g rad), joints back to "
      "%.3g rad, max|P| %.3g, max|L| %.3g, tracking <= %.3g rad",
      side, run.turn, run.max_turn, run.max_joint_offset, run.max_P, run.max_L, run.max_track);
  QCOMPARE(run.last.time, sc.duration);
  QVERIFY(run.max_joint_offset <= 1e-3);  // the joints come back ...
  QVERIFY(std::abs(run.turn) >= 0.02);    // ... the vehicle does not
  QVERIFY(run.max_P <= 1e-10);
  QVERIFY(run.max_L <= 1e-10);

  // The same square along straight legs with zero momentum (no dynamics, no controller).
  Data d(sc.model);
  const VecX corner = VecX::Zero(4);
  bool converged = true;
  const double geometric = squareTurn(sc.model, corner, side, true, converged);
  const double stokes = stokesTurn(sc.model, d, corner, side);
  qInfo("square of side %.3g: reposition %.9g rad, -iint F %.9g rad", side, geometric, stokes);
  QVERIFY(converged);
  QVERIFY(std::abs(geometric + 0.04260) <= 1e-5);  // quoted in the note
  QVERIFY(std::abs(run.turn - geometric) <= 1e-3 * std::abs(geometric));
  QVERIFY(std::abs(stokes - geometric) <= 1e-6);
  QVERIFY(run.turn < 0.0);  // counter-clockwise (joint 1 first) turns the vehicle clockwise here

  // The loop the other way round (joint 2 out first): the turn changes sign.
  Scenario reversed = sc;
  auto& traj = *std::get<ComputedTorqueSetup>(reversed.controllers[0]).trajectory;
  traj.positions.row(0).swap(traj.positions.row(1));
  const LoopRun back = runLoop(reversed);
  qInfo("reversed loop: net turn %.9g rad, joints back to %.3g rad", back.turn,
        back.max_joint_offset);
  QVERIFY(back.max_joint_offset <= 1e-3);
  QVERIFY(back.max_P <= 1e-10 && back.max_L <= 1e-10);
  QVERIFY(back.turn > 0.02);
  QVERIFY(std::abs(back.turn + run.turn) <= 1e-3 * std::abs(run.turn));
  bool converged_back = true;
  const double geometric_back = squareTurn(sc.model, corner, side, false, converged_back);
  QVERIFY(converged_back);
  QVERIFY(std::abs(geometric_back + geometric) <= 1e-9);
}

void TestScenarioClosedLoop::smallLoopsMeasureTheCurvature() {
  const Scenario sc = loadScenario(kScenario);
  const Model& m = sc.model;
  Data d(m);

  // Straight arm: the curvature vanishes by mirror symmetry.
  const double F0 = curvature(m, d, VecX::Zero(4));
  // A generic configuration: the centre of the scenario's square.
  VecX centre(4);
  centre << 0.75, 0.75, 0.0, 0.0;
  const double Fc = curvature(m, d, centre);
  qInfo("curvature F at q = 0: %.3g; at (0.75, 0.75, 0, 0): %.9g rad/rad^2", F0, Fc);
  QVERIFY(std::abs(F0) <= 1e-8);
  QVERIFY(std::abs(Fc - 0.016693) <= 1e-6);  // quoted in the note

  double previous_error = 0.0;
  for (double eps : {0.4, 0.2, 0.1, 0.05}) {
    VecX corner = centre;
    corner[0] -= eps / 2;
    corner[1] -= eps / 2;
    bool converged = true;
    const double ccw = squareTurn(m, corner, eps, true, converged);
    const double cw = squareTurn(m, corner, eps, false, converged);
    QVERIFY(converged);
    const double ratio = ccw / (eps * eps);
    const double error = std::abs(ratio + Fc) / std::abs(Fc);
    qInfo("eps %.3g: turn %.6g rad (other way %.6g), turn/eps^2 %.9g, relative error vs -F %.3g",
          eps, ccw, cw, ratio, error);
    QVERIFY(std::abs(ccw + cw) <= 1e-9);  // the other way round: the opposite turn
    if (previous_error > 0.0) QVERIFY(error <= previous_error / 3.0);  // O(eps^2)
    previous_error = error;
    if (eps == 0.05) QVERIFY(std::abs(ccw + 4.174e-5) <= 1e-8);  // quoted in the note
  }
  QVERIFY(std::abs(previous_error - 1.41e-4) <=
          0.05e-4);  // quoted in the note: 1.4e-4 at eps = 0.05
}

// models/seed004_spatial_closed_loop: the same on the spatial 1700 kg spacecraft (joints 1
// and 2, a square of side 1 rad). The vehicle's attitude lives in SO(3): the loop run the
// other way ends at the inverse rotation (the holonomy of the reversed loop is the inverse).
void TestScenarioClosedLoop::spatialLoopTurnsTheSpacecraft() {
  const Scenario sc =
      loadScenario(VMS_SOURCE_DIR "/models/seed004_spatial_closed_loop.scenario.json");
  QCOMPARE(sc.model.njoints, 6);
  QVERIFY(sc.model.base_type == BaseType::Free);
  QVERIFY(sc.model.gravity.isZero());
  const double side = loopSide(sc);
  QCOMPARE(side, 1.0);

  const LoopRun run = runLoop(sc);
  const Quat q = run.last.state.base_orientation;
  const double angle = run.last.vehicle_attitude_deviation;
  qInfo(
      "spatial closed loop: net rotation %.9g rad (max %.4g), joints back to %.3g rad, "
      "max|P| %.3g, max|L| %.3g",
      angle, run.max_turn, run.max_joint_offset, run.max_P, run.max_L);
  QVERIFY(run.max_joint_offset <= 1e-3);
  QVERIFY(angle >= 0.02);
  QVERIFY(std::abs(angle - 0.3926) <= 1e-3);  // quoted in the note
  // 1700 kg exchanging ~34 N s: 1e-9 is 3e-11 of it (as test_scenario's spatial example)
  QVERIFY(run.max_P <= 1e-9);
  QVERIFY(run.max_L <= 1e-9);

  bool converged = true;
  const State geometric = squareLoop(sc.model, VecX::Zero(6), side, true, converged);
  const State geometric_back = squareLoop(sc.model, VecX::Zero(6), side, false, converged);
  QVERIFY(converged);
  const double to_geometric = q.angularDistance(geometric.base_orientation);
  qInfo("reposition along the same square: %.3g rad from the run", to_geometric);
  QVERIFY(to_geometric <= 1e-3 * angle);
  QVERIFY(geometric_back.base_orientation.angularDistance(geometric.base_orientation.conjugate()) <=
          1e-9);

  Scenario reversed = sc;
  auto& traj = *std::get<ComputedTorqueSetup>(reversed.controllers[0]).trajectory;
  traj.positions.row(0).swap(traj.positions.row(1));
  const LoopRun back = runLoop(reversed);
  const double to_inverse = back.last.state.base_orientation.angularDistance(q.conjugate());
  qInfo("reversed loop: %.9g rad, %.3g rad from the inverse of the forward rotation",
        back.last.vehicle_attitude_deviation, to_inverse);
  QVERIFY(back.max_joint_offset <= 1e-3);
  QVERIFY(back.max_P <= 1e-9 && back.max_L <= 1e-9);
  QVERIFY(to_inverse <= 1e-3 * angle);
}

QTEST_APPLESS_MAIN(TestScenarioClosedLoop)
#include "test_scenario_closed_loop.moc"
