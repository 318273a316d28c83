#include "core/analysis/attitude_loop_planner.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "core/analysis/attitude_disturbance.hpp"
#include "core/analysis/free_floating_reposition.hpp"
#include "core/analysis/turn_sensitivity.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

namespace {

constexpr double kRepositionTolerance = 1e-12;
constexpr double kDifferenceStep = 1e-6;  // in loop strength
// The fixed-step integration of a loop's turn and sensitivity: at least this many steps per leg
// (AttitudeLoopPlanOptions::loop_step bounds a step's joint motion).
constexpr int kLoopMinSteps = 8;
constexpr double kFirstStrength = 0.85;  // largest strength of the first guess

// A pair's loop at full strength: signed sides of q_i and q_j.
struct PairLoop {
  int i = 0, j = 1;
  double a = 0.0, b = 0.0;
};

// Vehicles that turn about their z axis only (their rotation is the yaw).
bool turnsAboutZOnly(BaseType type) {
  return type == BaseType::Planar || type == BaseType::Schoenflies ||
         type == BaseType::Cylindrical || type == BaseType::Turntable;
}

// The corners of a pair's loop at strength w (sides scaled by sqrt|w|, reversed for w < 0),
// after q0.
void appendLoopCorners(const VecX& q0, const PairLoop& p, double w, std::vector<VecX>& corners) {
  if (w == 0.0) return;
  const double u = std::sqrt(std::abs(w));
  VecX ci = q0, cij = q0, cj = q0;
  ci[p.i] += u * p.a;
  cij[p.i] += u * p.a;
  cij[p.j] += u * p.b;
  cj[p.j] += u * p.b;
  if (w > 0.0) {
    corners.insert(corners.end(), {ci, cij, cj, q0});
  } else {
    corners.insert(corners.end(), {cj, cij, ci, q0});
  }
}

std::string formatVector(const Vec3& v) {
  std::ostringstream s;
  s.precision(6);
  s << "(" << v.x() << ", " << v.y() << ", " << v.z() << ")";
  return s.str();
}

// Room of a joint from q in direction `sign`, less the margin (infinite without limits).
double room(const Model& model, int k, double q, double sign, double margin) {
  if (!model.has_limits[static_cast<std::size_t>(k)]) return INFINITY;
  const double r = sign > 0 ? model.upper_limit[k] - q : q - model.lower_limit[k];
  return std::max(0.0, r - margin);
}

// A loop's turn (body frame) and its sensitivity to the loop's strength.
struct LoopTurn {
  Quat turn = Quat::Identity();
  Vec3 sensitivity = Vec3::Zero();
};

// The loop turns of one start configuration (vehicle at the identity, zero momentum), and
// their sensitivity to the loop's strength.
//
// With sensitivities, a loop's turn and its sensitivity come from one pass along its legs at a
// fixed step (`loop_step` of joint motion): the turn by RKMK4 on SO(3), R' = R [w]x with w = D q',
// and beside it the sensitivity. The loop at strength w is q0 + u Phi(s) with u = sqrt|w| and Phi
// the unit loop (reversed for w < 0); eta, the body-frame sensitivity to u, obeys
// eta' = -w x eta + D Phi' + W Phi (turn_sensitivity.hpp) and is integrated by classical RK4,
// and xi = d/dw = eta(end) sign(w) / (2u). At w = 0 the loop's turn is
// Exp(w a b F_ij + O(|w|^1.5)), so xi = a b F_ij.
// Without (models with mimic joints, or the forward-difference Jacobian asked for), a loop's
// turn is the adaptive free-floating reposition along its legs (pathRotation).
class LoopTurns {
 public:
  LoopTurns(const Model& model, const State& start, AttitudeLoopPlanOptions::Jacobian jacobian,
            double loop_step)
      : model_(model),
        rest_(start),
        loop_step_(loop_step),
        curvature_data_(model),
        curvature_(model) {
    rest_.base_orientation = Quat::Identity();
    rest_.base_position.setZero();
    if (jacobian == AttitudeLoopPlanOptions::Jacobian::Sensitivity && !model.hasCouplings())
      sensitivity_.emplace(model, rest_);
  }

  bool hasSensitivity() const { return sensitivity_.has_value(); }

  // One loop's turn (body frame) at strength w.
  Quat loop(const PairLoop& p, double w) {
    if (hasSensitivity()) return integrate(p, w, false).turn;
    std::vector<VecX> corners;
    appendLoopCorners(rest_.q, p, w, corners);
    return pathRotation(model_, rest_, corners, kRepositionTolerance);
  }

  // One loop's turn and its sensitivity xi = d/dw (body frame: the turn at w + dw is
  // turn Exp(xi dw + o(dw))); needs hasSensitivity().
  LoopTurn loopWithSensitivity(const PairLoop& p, double w) { return integrate(p, w, true); }

 private:
  LoopTurn integrate(const PairLoop& p, double w, bool with_sensitivity) {
    LoopTurn out;
    if (w == 0.0) {
      if (with_sensitivity) {
        curvature_.computeWithDerivatives(model_, curvature_data_, rest_);
        out.sensitivity = p.a * p.b * curvature_.curvature(p.i, p.j);
      }
      return out;
    }
    const int n = model_.njoints;
    const double u = std::sqrt(std::abs(w));
    VecX di = VecX::Zero(n), dij = VecX::Zero(n), dj = VecX::Zero(n);
    di[p.i] = dij[p.i] = p.a;
    dj[p.j] = dij[p.j] = p.b;
    const VecX origin = VecX::Zero(n);
    const std::array<const VecX*, 5> offsets =
        w > 0 ? std::array<const VecX*, 5>{&origin, &di, &dij, &dj, &origin}
              : std::array<const VecX*, 5>{&origin, &dj, &dij, &di, &origin};
    TurnSensitivity& sensitivity = *sensitivity_;
    Mat3 R = Mat3::Identity();
    Vec3 eta = Vec3::Zero();
    VecX q(n), along(n);
    // The rate w and the forcing D dq'/du + W dq/du at s along a leg.
    struct Point {
      Vec3 rate, forcing;
    };
    for (std::size_t leg = 0; leg < 4; ++leg) {
      const VecX& from = *offsets[leg];
      const VecX side = *offsets[leg + 1] - from;  // dq'/du; q' = u side
      const VecX rate = u * side;
      const int steps = std::max(
          kLoopMinSteps, static_cast<int>(std::ceil(rate.lpNorm<Eigen::Infinity>() / loop_step_)));
      const double h = 1.0 / steps;
      auto at = [&](double s) {
        Point point;
        along = from + s * side;  // dq/du
        q = rest_.q + u * along;
        if (with_sensitivity) {
          sensitivity.evaluate(q, rate);
          point.forcing.noalias() = sensitivity.disturbance() * side;
          point.forcing.noalias() += sensitivity.W() * along;
        } else {
          sensitivity.evaluateRate(q, rate);
        }
        point.rate = sensitivity.rate();
        return point;
      };
      Point start = at(0.0);
      for (int k = 0; k < steps; ++k) {
        const Point mid = at((k + 0.5) * h), end = at((k + 1.0) * h);
        turnStep(h, start.rate, mid.rate, end.rate, R);
        if (with_sensitivity)
          sensitivityStep(h, start.rate, mid.rate, end.rate, start.forcing, mid.forcing,
                          end.forcing, eta);
        start = end;
      }
    }
    out.turn = Quat(R).normalized();
    out.sensitivity = eta * ((w > 0 ? 1.0 : -1.0) / (2.0 * u));
    return out;
  }

  const Model& model_;
  State rest_;
  double loop_step_;
  std::optional<TurnSensitivity> sensitivity_;
  Data curvature_data_;
  AttitudeDisturbance curvature_;
};

void checkArguments(const Model& model, const State& start, const std::vector<int>& joints,
                    const Vec3& turn, const AttitudeLoopPlanOptions& options) {
  if (!isHolonomic(model.base_type))
    throw std::invalid_argument("a " + toString(model.base_type) +
                                " vehicle's reaction to the arm depends on the momentum its "
                                "wheels exchange, not on the joint path alone: no loop plan");
  if (twistMask(model.base_type).tail<3>().isZero())
    throw std::invalid_argument("a " + toString(model.base_type) +
                                " vehicle does not rotate: there is no turn to plan");
  if (joints.size() < 2) throw std::invalid_argument("loops need at least two joints");
  for (std::size_t a = 0; a < joints.size(); ++a) {
    if (joints[a] < 0 || joints[a] >= model.njoints)
      throw std::invalid_argument("joint index " + std::to_string(joints[a]) + " is out of range");
    for (std::size_t b = 0; b < a; ++b)
      if (joints[a] == joints[b])
        throw std::invalid_argument("joint '" +
                                    model.joint_names[static_cast<std::size_t>(joints[a])] +
                                    "' is listed twice");
  }
  if (!turn.allFinite()) throw std::invalid_argument("the turn is not finite");
  if (turn.norm() < 1e-12) throw std::invalid_argument("the turn is zero: nothing to plan");
  if (start.q.size() != model.njoints || start.qd.size() != model.njoints || !start.allFinite())
    throw std::invalid_argument("the start state does not fit the model");
  if (!start.qd.isZero() || !start.base_twist.isZero())
    throw std::invalid_argument(
        "the start state moves: the plan needs the system at rest (zero momentum)");
  for (int k : joints) {
    const auto sk = static_cast<std::size_t>(k);
    if (model.has_limits[sk] &&
        (start.q[k] < model.lower_limit[k] || start.q[k] > model.upper_limit[k]))
      throw std::invalid_argument("joint '" + model.joint_names[sk] +
                                  "' starts outside its limits");
  }
  if (!(options.tolerance > 0) || !(options.max_amplitude > 0) || !(options.limit_margin >= 0) ||
      options.max_repeats < 1 || options.max_iterations < 1 || !(options.loop_step > 0))
    throw std::invalid_argument("planner options out of range");
}

// Loops of a family with their full-size turns.
struct LoopFamilyMember {
  PairLoop loop;
  Vec3 full_turn = Vec3::Zero();
};

struct StrengthSolution {
  VecX strengths;
  int repeats = 1, iterations = 0;
  double residual = INFINITY;  // |m * (repetition - goal / m)|
  bool converged = false;
  bool least_squares = false;  // stopped at a least-squares point inside the strength box
};

// The strengths and repetitions for which one repetition of the family's loops (in order)
// turns the vehicle by Exp(goal / m): first guess as if the turn were linear in the strengths,
// then Newton (Gauss-Newton, step halving); a strength that would leave [-1, 1] raises m.
StrengthSolution solveStrengths(LoopTurns& turns, const std::vector<LoopFamilyMember>& family,
                                const Vec3& goal, const AttitudeLoopPlanOptions& options) {
  const int P = static_cast<int>(family.size());
  MatX T(3, P);
  for (int p = 0; p < P; ++p) T.col(p) = family[static_cast<std::size_t>(p)].full_turn;
  Eigen::JacobiSVD<MatX> svd_T(T, Eigen::ComputeThinU | Eigen::ComputeThinV);
  svd_T.setThreshold(1e-9);
  const VecX w_linear = svd_T.solve(goal);
  int m = std::max({1, static_cast<int>(std::ceil(w_linear.cwiseAbs().maxCoeff() / kFirstStrength)),
                    static_cast<int>(std::ceil(goal.norm() / 2.0))});
  m = std::min(m, options.max_repeats);
  VecX w = (w_linear / m).cwiseMax(-1.0).cwiseMin(1.0);

  // The loops' turns h_p (and sensitivities xi_p) at the strengths last evaluated.
  std::vector<Quat> h(static_cast<std::size_t>(P));
  std::vector<Vec3> xi(static_cast<std::size_t>(P), Vec3::Zero());
  const bool sensitivities = turns.hasSensitivity();
  auto loop = [&](int p, double strength) {
    return turns.loop(family[static_cast<std::size_t>(p)].loop, strength);
  };
  auto product = [&](int replaced, const Quat& with) {
    Quat H = Quat::Identity();
    for (int p = 0; p < P; ++p) H = H * (p == replaced ? with : h[static_cast<std::size_t>(p)]);
    return H;
  };
  auto evaluate = [&](const VecX& strengths) {
    for (int p = 0; p < P; ++p) {
      const auto sp = static_cast<std::size_t>(p);
      if (sensitivities) {
        const LoopTurn t = turns.loopWithSensitivity(family[sp].loop, strengths[p]);
        h[sp] = t.turn;
        xi[sp] = t.sensitivity;
      } else {
        h[sp] = loop(p, strengths[p]);
      }
    }
    return quatLog(product(-1, Quat::Identity()));
  };

  StrengthSolution out;
  Vec3 repetition = Vec3::Zero();
  Vec3 r = Vec3::Zero();
  while (true) {
    const Vec3 per_repetition = goal / m;
    const double inner_tolerance = 0.05 * options.tolerance / m;
    repetition = evaluate(w);
    r = repetition - per_repetition;
    bool on_bound = false;
    Mat3X J(3, P);
    for (int it = 0; it < options.max_iterations; ++it, ++out.iterations) {
      if (r.norm() <= inner_tolerance) {
        out.converged = true;
        break;
      }
      if (sensitivities) {
        // H = h_0 ... h_{P-1}; h_p -> h_p Exp(xi_p dw) moves H by Exp(B_p^T xi_p dw) on the
        // right, B_p = h_{p+1} ... h_{P-1}, and d log H = J_r(log H)^-1 of that.
        const Mat3 log_jacobian_inverse = so3LeftJacobianInverse(-repetition);
        Mat3 after = Mat3::Identity();
        for (int p = P - 1; p >= 0; --p) {
          const auto sp = static_cast<std::size_t>(p);
          const Vec3 moved = after.transpose() * xi[sp];
          J.col(p).noalias() = log_jacobian_inverse * moved;
          after = h[sp].toRotationMatrix() * after;
        }
      } else {
        for (int p = 0; p < P; ++p) {
          const double step = w[p] + kDifferenceStep <= 1.0 ? kDifferenceStep : -kDifferenceStep;
          J.col(p) = (quatLog(product(p, loop(p, w[p] + step))) - repetition) / step;
        }
      }
      Eigen::JacobiSVD<MatX> svd(J, Eigen::ComputeThinU | Eigen::ComputeThinV);
      svd.setThreshold(1e-9);
      const VecX delta = -svd.solve(r);
      if (delta.lpNorm<Eigen::Infinity>() < 1e-14) break;
      bool accepted = false;
      double lambda = 1.0;
      for (int halving = 0; halving < 30 && !accepted; ++halving, lambda *= 0.5) {
        const VecX trial = (w + lambda * delta).cwiseMax(-1.0).cwiseMin(1.0);
        const std::vector<Quat> kept = h;
        const std::vector<Vec3> kept_xi = xi;
        const Vec3 trial_repetition = evaluate(trial);
        const Vec3 trial_r = trial_repetition - per_repetition;
        if (trial_r.norm() < r.norm()) {
          on_bound = (w + lambda * delta).cwiseAbs().maxCoeff() > 1.0;
          w = trial;
          repetition = trial_repetition;
          r = trial_r;
          accepted = true;
        } else {
          h = kept;
          xi = kept_xi;
        }
      }
      if (!accepted) break;
      // At a least-squares point the residual is orthogonal to what the loops can change.
      const VecX gradient = J.transpose() * r;
      if (gradient.norm() <= 1e-9 * J.norm() * r.norm() && r.norm() > inner_tolerance) break;
    }
    if (out.converged) break;
    const bool wants_more = on_bound || w.cwiseAbs().maxCoeff() >= 1.0 - 1e-12;
    if (wants_more && m < options.max_repeats) {
      const int bigger = std::min(options.max_repeats, std::max(m + 1, (m * 13 + 9) / 10));
      w *= static_cast<double>(m) / bigger;
      m = bigger;
      continue;
    }
    out.least_squares = !wants_more;
    break;
  }
  out.strengths = w;
  out.repeats = m;
  out.residual = m * r.norm();
  return out;
}

}  // namespace

Quat pathRotation(const Model& model, const State& start, const std::vector<VecX>& corners,
                  double tolerance, bool* converged) {
  RepositionOptions options;
  options.tolerance = tolerance;
  State s = start;
  for (const VecX& corner : corners) {
    if ((corner - s.q).lpNorm<Eigen::Infinity>() == 0.0) continue;
    const RepositionResult r = freeFloatingReposition(model, s, corner, options);
    if (converged && !r.converged) *converged = false;
    s = r.state;
  }
  return Quat(start.base_orientation.conjugate() * s.base_orientation).normalized();
}

LoopTurnSensitivity loopTurnSensitivity(const Model& model, const State& start,
                                        const JointLoop& loop, double strength) {
  if (!isHolonomic(model.base_type) || model.base_dof == 0)
    throw std::invalid_argument("loop turn sensitivity: a " + toString(model.base_type) +
                                " vehicle is not turned by joint loops alone");
  if (model.hasCouplings())
    throw std::invalid_argument(
        "loop turn sensitivity: models with mimic joints are not supported");
  const int n = model.njoints;
  if (loop.first < 0 || loop.second < 0 || loop.first >= n || loop.second >= n ||
      loop.first == loop.second || start.q.size() != n || !std::isfinite(strength))
    throw std::invalid_argument("loop turn sensitivity: the loop does not fit the model");
  LoopTurns turns(model, start, AttitudeLoopPlanOptions::Jacobian::Sensitivity,
                  AttitudeLoopPlanOptions{}.loop_step);
  const LoopTurn t = turns.loopWithSensitivity(
      {loop.first, loop.second, loop.first_side, loop.second_side}, strength);
  return {t.turn, t.sensitivity};
}

AttitudeLoopPlan planAttitudeTurn(const Model& model, const State& start,
                                  const std::vector<int>& joints, const Vec3& turn,
                                  const AttitudeLoopPlanOptions& options) {
  checkArguments(model, start, joints, turn, options);
  const bool z_only = turnsAboutZOnly(model.base_type);
  const Vec3 goal = z_only ? Vec3(0.0, 0.0, turn.z()) : turn;
  LoopTurns turns(model, start, options.jacobian, options.loop_step);
  const VecX& q0 = start.q;

  // Every pair's full-size loop in each corner direction the joint limits leave room for.
  std::vector<std::vector<LoopFamilyMember>> per_pair;
  for (std::size_t a = 0; a < joints.size(); ++a)
    for (std::size_t b = a + 1; b < joints.size(); ++b) {
      const int i = joints[a], j = joints[b];
      std::vector<LoopFamilyMember> corners;
      for (double si : {1.0, -1.0})
        for (double sj : {1.0, -1.0}) {
          const double ai =
              std::min(options.max_amplitude, room(model, i, q0[i], si, options.limit_margin));
          const double bj =
              std::min(options.max_amplitude, room(model, j, q0[j], sj, options.limit_margin));
          if (ai < 1e-3 || bj < 1e-3) continue;
          const PairLoop p{i, j, si * ai, sj * bj};
          const Vec3 t = quatLog(turns.loop(p, 1.0));
          if (t.norm() > 0.0) corners.push_back({p, t});
        }
      if (!corners.empty()) per_pair.push_back(corners);
    }
  if (per_pair.empty())
    throw std::invalid_argument(
        "no pair of the chosen joints has room for a loop that turns the "
        "vehicle (joint limits, or the joints do not move the vehicle)");

  // First one loop per pair, in the corner direction that turns the vehicle most; when those
  // loops do not generate the turn (a free vehicle's rotation has three axes), every corner
  // direction of every pair, whose loops turn it about different axes.
  std::vector<LoopFamilyMember> family;
  for (const auto& corners : per_pair)
    family.push_back(*std::max_element(corners.begin(), corners.end(),
                                       [](const LoopFamilyMember& x, const LoopFamilyMember& y) {
                                         return x.full_turn.norm() < y.full_turn.norm();
                                       }));
  StrengthSolution solution = solveStrengths(turns, family, goal, options);
  int iterations = solution.iterations;
  if (!solution.converged && solution.least_squares && !z_only) {
    std::vector<LoopFamilyMember> every;
    for (const auto& corners : per_pair) every.insert(every.end(), corners.begin(), corners.end());
    if (every.size() > family.size()) {
      StrengthSolution wider = solveStrengths(turns, every, goal, options);
      iterations += wider.iterations;
      if (wider.converged || wider.residual < solution.residual) {
        family = every;
        solution = wider;
      }
    }
  }
  const int P = static_cast<int>(family.size());
  const int m = solution.repeats;
  const VecX& w = solution.strengths;
  const bool converged = solution.converged, least_squares = solution.least_squares;

  AttitudeLoopPlan plan;
  plan.target = turn;
  plan.iterations = iterations;
  std::vector<PairLoop> pairs;
  for (const LoopFamilyMember& f : family) pairs.push_back(f.loop);
  plan.repeats = m;
  for (int p = 0; p < P; ++p) {
    if (w[p] == 0.0) continue;
    const PairLoop& pl = pairs[static_cast<std::size_t>(p)];
    const double u = std::sqrt(std::abs(w[p]));
    plan.loops.push_back(w[p] > 0 ? JointLoop{pl.i, pl.j, u * pl.a, u * pl.b}
                                  : JointLoop{pl.j, pl.i, u * pl.b, u * pl.a});
    plan.max_excursion = std::max({plan.max_excursion, u * std::abs(pl.a), u * std::abs(pl.b)});
  }
  plan.corners.push_back(q0);
  for (int p = 0; p < P; ++p)
    appendLoopCorners(q0, pairs[static_cast<std::size_t>(p)], w[p], plan.corners);
  const std::vector<VecX> one_repetition = plan.corners;
  for (int k = 1; k < m; ++k)
    plan.corners.insert(plan.corners.end(), one_repetition.begin() + 1, one_repetition.end());

  // The path's net rotation: each repetition starts and ends at q0, and the vehicle's turn
  // along a joint path does not depend on its attitude (body frame), so it is H^m with H one
  // repetition's turn, integrated by the adaptive reposition.
  bool legs_converged = true;
  const Quat H = pathRotation(model, start, one_repetition, kRepositionTolerance, &legs_converged);
  plan.achieved = m * quatLog(H);
  const Quat net = quatExp(plan.achieved);
  plan.error = net.angularDistance(quatExp(turn));
  plan.reached = legs_converged && plan.error <= options.tolerance;
  if (!plan.reached && converged && legs_converged && turns.hasSensitivity()) {
    // Newton met the turn on the fixed-step loop turns, but the path misses it: the fixed step
    // was too coarse for this system. Plan again on the adaptive reposition's turns.
    AttitudeLoopPlanOptions adaptive = options;
    adaptive.jacobian = AttitudeLoopPlanOptions::Jacobian::ForwardDifferences;
    AttitudeLoopPlan again = planAttitudeTurn(model, start, joints, turn, adaptive);
    again.iterations += plan.iterations;
    return again;
  }
  if (!plan.reached) {
    std::ostringstream s;
    if (z_only && (turn.x() != 0.0 || turn.y() != 0.0)) {
      s << "a " << toString(model.base_type) << " vehicle turns about its z axis only";
    } else if (least_squares) {
      s << "the chosen joints' loops do not generate this turn";
    } else if (!converged) {
      s << "the turn needs more than " << options.max_repeats << " repetitions of loops of at most "
        << options.max_amplitude << " rad within the joint limits";
    } else {
      s << "the whole path misses the turn its loops were sized for";
    }
    s << ": the nearest reachable turn is " << formatVector(plan.achieved) << " rad (" << plan.error
      << " rad from the target)";
    if (!legs_converged) s << "; a leg's integration did not converge";
    plan.message = s.str();
  }
  return plan;
}

}  // namespace vms
