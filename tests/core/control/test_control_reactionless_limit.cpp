// When the end-effector task leaves the reaction null space: the figures a reaction_null_space
// controller reports through a run (Snapshot::reactionless_*, the reactionless_* quantities)
// against an independent computation at the state each control update saw, on the two
// examples: seed004_spatial_reactionless (the task stays inside) and
// seed004_spatial_reactionless_limit (it leaves at a reactionless singularity).
// Independently of the controller, at each step's starting state:
// - the vehicle's angular velocity per joint rate from the momentum equation (zero momentum:
//   Mbb nu_b + Mbm qd = 0, nu_b = -Mbb^-1 Mbm qd, its angular rows);
// - an orthonormal basis of its null space by LU kernel and QR (not the controller's SVD);
// - J N for the end effector's position rows of J* = Jm - Jb Mbb^-1 Mbm, its singular values,
//   and the residual of the damped least-squares null-space rates by the normal equations
//   (exactly zero where the smallest singular value is at least epsilon, the exact inverse);
// - where the task is outside, the least-disturbance rates by a stacked least-squares problem
//   (QR of [D; sqrt(w) J; sqrt(mu) I]) and the vehicle angular velocity they cause.
// Checked: the reported residual is zero to rounding exactly where sigma_min(J N) >= epsilon
// and equals the independent residual elsewhere; the task is reported outside exactly where
// that residual exceeds the tolerance; the reported vehicle rate equals the momentum
// equation's for the least-disturbance rates outside and is zero to rounding inside; the
// first time outside and the run's notice agree with the summary figures.
// VMS_RELEASE_ONLY (tests/CMakeLists.txt): the whole 30 s example, recomputed independently at
// each of its 15,000 steps; the controller is stepped under the sanitizers by
// test_control_reaction_null_space and test_control_no_allocation (every example scenario).
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <cmath>
#include <stdexcept>

#include "core/algorithms/crba.hpp"
#include "core/algorithms/kinematics.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_run.hpp"
#include "test_support.hpp"

using namespace vms;

namespace {

const std::string kModels = VMS_SOURCE_DIR "/models/";

struct Independent {
  double sigma_min = 0;     // of J N
  double residual = 0;      // |v - J qd_N|, damped least squares by the normal equations
  double task_speed = 0;    // |v|
  double vehicle_rate = 0;  // |w| of the least-disturbance rates (momentum equation)
  double inside_rate = 0;   // |w| of the null-space rates
};

// The controller's figures recomputed at `state` for the scenario's reaction_null_space
// controller (its options are the scenario's; the DLS and least-disturbance constants are
// ReactionlessOptions' defaults, as the controller uses them).
Independent recompute(const Model& m, const ResolvedRateSetup& rr, const State& state) {
  const int n = m.njoints, b = m.base_dof;
  Data d(m);
  crba(m, d, state);
  forwardKinematics(m, d, state);
  const Pose X = framePose(m, d, rr.frame);
  Vec3 v = rr.options.k_position * (rr.target.p - X.p);
  if (rr.options.max_linear_speed > 0 && v.norm() > rr.options.max_linear_speed)
    v *= rr.options.max_linear_speed / v.norm();
  GeneralizedJacobian gj(m);
  computeFrameGeneralizedJacobian(m, d, rr.frame, gj);
  const MatX Mbb = d.M.topLeftCorner(b, b), Mbm = d.M.topRightCorner(b, n);
  // Drift of the (rounding-level) vehicle momentum, as the task velocity subtracts it.
  const VecX h = Mbb * (m.base_basis.transpose() * state.base_twist) + Mbm * state.qd;
  v -= (gj.Jb * Mbb.ldlt().solve(h)).head<3>();
  const MatX A = Mbb.ldlt().solve(Mbm);              // nu_b = -A qd under zero momentum
  const MatX W = -(m.base_basis * A).bottomRows(3);  // vehicle angular velocity per joint rate
  const MatX J = (gj.Jm - gj.Jb * A).topRows(3);     // J*, position rows

  Eigen::FullPivLU<MatX> lu(W);
  lu.setThreshold(1e-10);
  const MatX kernel = lu.kernel();
  Eigen::HouseholderQR<MatX> qr(kernel);
  const MatX N = qr.householderQ() * MatX::Identity(n, kernel.cols());
  const MatX JN = J * N;
  Eigen::JacobiSVD<MatX> svd(JN);
  const ReactionlessOptions o;
  Independent r;
  r.sigma_min = svd.singularValues().minCoeff();
  double lambda2 = 0;
  if (r.sigma_min < o.epsilon)
    lambda2 =
        o.lambda_max * o.lambda_max * (1 - (r.sigma_min / o.epsilon) * (r.sigma_min / o.epsilon));
  const MatX normal = JN.transpose() * JN + lambda2 * MatX::Identity(N.cols(), N.cols());
  const VecX qd_n = N * normal.ldlt().solve(JN.transpose() * v);
  r.residual = (v - J * qd_n).norm();
  r.task_speed = v.norm();
  r.inside_rate = (W * qd_n).norm();

  MatX stacked(3 + 3 + n, n);
  stacked << W, std::sqrt(o.task_weight) * J, std::sqrt(o.regularisation) * MatX::Identity(n, n);
  VecX rhs = VecX::Zero(3 + 3 + n);
  rhs.segment(3, 3) = std::sqrt(o.task_weight) * v;
  const VecX qd_ld = stacked.colPivHouseholderQr().solve(rhs);
  r.vehicle_rate = (W * qd_ld).norm();
  return r;
}

struct Outcome {
  int steps = 0, outside = 0, damped = 0;
  double first_outside = -1, max_residual = 0, max_inside_residual = 0, max_residual_error = 0;
  double max_vehicle_rate_error = 0, max_inside_vehicle_rate = 0, max_outside_rate = 0;
  bool flag_matches = true;
  double summary_residual = 0, summary_rate = 0, summary_first = 0;
  std::string notice;
};

Outcome runExample(const std::string& name) {
  const Scenario sc = loadScenario(kModels + name + ".scenario.json");
  const auto& rr = std::get<ResolvedRateSetup>(sc.controllers.at(0));
  ScenarioRun run(sc);
  const Model& m = run.simulator().model();
  Outcome o;
  const ReactionlessOptions defaults;
  while (!run.finished()) {
    const State before = run.simulator().state();  // the state the control update sees
    if (run.advance(1) != 1) throw std::runtime_error(name + ": the run stopped");
    const Snapshot& s = run.current();
    if (!s.reactionless) throw std::runtime_error(name + ": no reactionless figures");
    const Independent r = recompute(m, rr, before);
    ++o.steps;
    o.max_residual = std::max(o.max_residual, s.reactionless_task_residual);
    if (r.sigma_min >= defaults.epsilon) {
      o.max_inside_residual = std::max(o.max_inside_residual, s.reactionless_task_residual);
    } else {
      ++o.damped;
      o.max_residual_error = std::max(
          o.max_residual_error, std::abs(s.reactionless_task_residual - r.residual) / r.task_speed);
    }
    const bool outside = r.residual > defaults.residual_tolerance * r.task_speed + 1e-12;
    o.flag_matches = o.flag_matches && outside == s.reactionless_outside;
    if (s.reactionless_outside) {
      ++o.outside;
      if (o.first_outside < 0) o.first_outside = s.time;
      o.max_outside_rate = std::max(o.max_outside_rate, s.reactionless_vehicle_rate);
      o.max_vehicle_rate_error =
          std::max(o.max_vehicle_rate_error,
                   std::abs(s.reactionless_vehicle_rate - r.vehicle_rate) / r.vehicle_rate);
    } else {
      o.max_inside_vehicle_rate = std::max(o.max_inside_vehicle_rate, s.reactionless_vehicle_rate);
    }
  }
  for (const auto& [key, value] : run.summaryNumbers()) {
    if (key == "reactionless_task_residual_max") o.summary_residual = value;
    if (key == "reactionless_vehicle_rate_max") o.summary_rate = value;
    if (key == "reactionless_first_outside_time") o.summary_first = value;
  }
  o.notice = run.notice();
  return o;
}

}  // namespace

class TestControlReactionlessLimit : public QObject {
  Q_OBJECT
 private slots:
  void staysInside() {
    const Outcome o = runExample("seed004_spatial_reactionless");
    qInfo("inside: %d steps, %d damped, residual up to %.3g m/s, vehicle rate up to %.3g rad/s",
          o.steps, o.damped, o.max_residual, o.max_inside_vehicle_rate);
    QVERIFY(o.steps > 0);
    QCOMPARE(o.damped, 0);  // sigma_min(J N) >= epsilon over the whole move
    QCOMPARE(o.outside, 0);
    QVERIFY(o.flag_matches);
    QVERIFY(o.max_residual < 1e-12);
    QVERIFY(o.max_inside_vehicle_rate < 1e-12);
    QCOMPARE(o.summary_first, -1.0);
    QCOMPARE(o.summary_residual, o.max_residual);
    QVERIFY(o.notice.empty());
  }

  void leavesAtTheReactionlessSingularity() {
    const Outcome o = runExample("seed004_spatial_reactionless_limit");
    qInfo(
        "limit: %d steps, %d damped, %d outside from t = %.6g s; residual up to %.3g m/s "
        "(independent: within %.3g of |v|), vehicle rate up to %.3g rad/s (within %.3g "
        "relative); inside: residual up to %.3g, vehicle rate up to %.3g",
        o.steps, o.damped, o.outside, o.first_outside, o.max_residual, o.max_residual_error,
        o.max_outside_rate, o.max_vehicle_rate_error, o.max_inside_residual,
        o.max_inside_vehicle_rate);
    QVERIFY(o.outside > 0);
    QVERIFY(o.damped >= o.outside);
    QVERIFY(o.flag_matches);
    // Zero exactly where the exact inverse applies, the independent residual elsewhere.
    QVERIFY(o.max_inside_residual < 1e-12);
    QVERIFY(o.max_residual_error < 1e-9);
    QVERIFY(o.max_residual > 1e-3);
    // The least-disturbance rates' vehicle angular velocity, as the momentum equation gives it.
    QVERIFY(o.max_vehicle_rate_error < 1e-6);
    QVERIFY(o.max_outside_rate > 1e-5);
    QVERIFY(o.max_inside_vehicle_rate < 1e-12);
    // The summary and the notice name the first instant outside.
    QCOMPARE(o.summary_first, o.first_outside);
    QCOMPARE(o.summary_residual, o.max_residual);
    QCOMPARE(o.summary_rate, o.max_outside_rate);
    QVERIFY(o.notice.find("left the reaction null space at t = " +
                          std::to_string(o.first_outside).substr(0, 4)) != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestControlReactionlessLimit)
#include "test_control_reactionless_limit.moc"
