#include "core/analysis/attitude_loop_planner.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/analysis/free_floating_reposition.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

namespace {

constexpr double kRepositionTolerance = 1e-12;
constexpr double kDifferenceStep = 1e-6;  // in loop strength
constexpr double kFirstStrength = 0.85;   // largest strength of the first guess

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

class LoopTurns {
 public:
  LoopTurns(const Model& model, const State& start) : model_(model), rest_(start) {
    rest_.base_orientation = Quat::Identity();
    rest_.base_position.setZero();
  }

  // One loop's turn (body frame) at strength w.
  Quat loop(const PairLoop& p, double w) const {
    std::vector<VecX> corners;
    appendLoopCorners(rest_.q, p, w, corners);
    return pathRotation(model_, rest_, corners, kRepositionTolerance);
  }

 private:
  const Model& model_;
  State rest_;
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
      options.max_repeats < 1 || options.max_iterations < 1)
    throw std::invalid_argument("planner options out of range");
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

AttitudeLoopPlan planAttitudeTurn(const Model& model, const State& start,
                                  const std::vector<int>& joints, const Vec3& turn,
                                  const AttitudeLoopPlanOptions& options) {
  checkArguments(model, start, joints, turn, options);
  const bool z_only = turnsAboutZOnly(model.base_type);
  const Vec3 goal = z_only ? Vec3(0.0, 0.0, turn.z()) : turn;
  const LoopTurns turns(model, start);
  const VecX& q0 = start.q;

  // One loop per pair, in the corner direction whose full-size loop turns the vehicle most.
  std::vector<PairLoop> pairs;
  std::vector<Vec3> full_turns;
  for (std::size_t a = 0; a < joints.size(); ++a)
    for (std::size_t b = a + 1; b < joints.size(); ++b) {
      const int i = joints[a], j = joints[b];
      PairLoop best;
      Vec3 best_turn = Vec3::Zero();
      for (double si : {1.0, -1.0})
        for (double sj : {1.0, -1.0}) {
          const double ai =
              std::min(options.max_amplitude, room(model, i, q0[i], si, options.limit_margin));
          const double bj =
              std::min(options.max_amplitude, room(model, j, q0[j], sj, options.limit_margin));
          if (ai < 1e-3 || bj < 1e-3) continue;
          const PairLoop p{i, j, si * ai, sj * bj};
          const Vec3 t = quatLog(turns.loop(p, 1.0));
          if (t.norm() > best_turn.norm()) {
            best = p;
            best_turn = t;
          }
        }
      if (best_turn.norm() > 0.0) {
        pairs.push_back(best);
        full_turns.push_back(best_turn);
      }
    }
  if (pairs.empty())
    throw std::invalid_argument(
        "no pair of the chosen joints has room for a loop that turns the "
        "vehicle (joint limits, or the joints do not move the vehicle)");
  const int P = static_cast<int>(pairs.size());

  // First guess: the turn as if linear in the strengths, the repetitions keeping them small.
  MatX T(3, P);
  for (int p = 0; p < P; ++p) T.col(p) = full_turns[static_cast<std::size_t>(p)];
  Eigen::JacobiSVD<MatX> svd_T(T, Eigen::ComputeThinU | Eigen::ComputeThinV);
  svd_T.setThreshold(1e-9);
  const VecX w_linear = svd_T.solve(goal);
  int m = std::max({1, static_cast<int>(std::ceil(w_linear.cwiseAbs().maxCoeff() / kFirstStrength)),
                    static_cast<int>(std::ceil(goal.norm() / 2.0))});
  m = std::min(m, options.max_repeats);
  VecX w = (w_linear / m).cwiseMax(-1.0).cwiseMin(1.0);

  AttitudeLoopPlan plan;
  plan.target = turn;
  std::vector<Quat> h(static_cast<std::size_t>(P));
  auto product = [&](int replaced, const Quat& with) {
    Quat H = Quat::Identity();
    for (int p = 0; p < P; ++p) H = H * (p == replaced ? with : h[static_cast<std::size_t>(p)]);
    return H;
  };
  auto evaluate = [&](const VecX& strengths) {
    for (int p = 0; p < P; ++p)
      h[static_cast<std::size_t>(p)] = turns.loop(pairs[static_cast<std::size_t>(p)], strengths[p]);
    return quatLog(product(-1, Quat::Identity()));
  };

  bool converged = false, least_squares = false;
  Vec3 repetition = Vec3::Zero();
  while (true) {
    const Vec3 per_repetition = goal / m;
    const double inner_tolerance = 0.05 * options.tolerance / m;
    repetition = evaluate(w);
    Vec3 r = repetition - per_repetition;
    bool on_bound = false;
    MatX J(3, P);
    for (int it = 0; it < options.max_iterations && !converged; ++it, ++plan.iterations) {
      if (r.norm() <= inner_tolerance) {
        converged = true;
        break;
      }
      for (int p = 0; p < P; ++p) {
        const double step = w[p] + kDifferenceStep <= 1.0 ? kDifferenceStep : -kDifferenceStep;
        const Quat hp = turns.loop(pairs[static_cast<std::size_t>(p)], w[p] + step);
        J.col(p) = (quatLog(product(p, hp)) - repetition) / step;
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
        }
      }
      if (!accepted) break;
      // At a least-squares point the residual is orthogonal to what the loops can change.
      const VecX gradient = J.transpose() * r;
      if (gradient.norm() <= 1e-9 * J.norm() * r.norm() && r.norm() > inner_tolerance) break;
    }
    if (converged) break;
    const bool wants_more = on_bound || w.cwiseAbs().maxCoeff() >= 1.0 - 1e-12;
    if (wants_more && m < options.max_repeats) {
      const int bigger = std::min(options.max_repeats, std::max(m + 1, (m * 13 + 9) / 10));
      w *= static_cast<double>(m) / bigger;
      m = bigger;
      continue;
    }
    least_squares = !wants_more;
    break;
  }

  plan.repeats = m;
  plan.achieved = m * repetition;
  for (int p = 0; p < P; ++p) {
    if (w[p] == 0.0) continue;
    const PairLoop& pl = pairs[static_cast<std::size_t>(p)];
    const double u = std::sqrt(std::abs(w[p]));
    plan.loops.push_back(w[p] > 0 ? JointLoop{pl.i, pl.j, u * pl.a, u * pl.b}
                                  : JointLoop{pl.j, pl.i, u * pl.b, u * pl.a});
    plan.max_excursion = std::max({plan.max_excursion, u * std::abs(pl.a), u * std::abs(pl.b)});
  }
  plan.corners.push_back(q0);
  for (int k = 0; k < m; ++k)
    for (int p = 0; p < P; ++p)
      appendLoopCorners(q0, pairs[static_cast<std::size_t>(p)], w[p], plan.corners);

  bool legs_converged = true;
  const Quat net = pathRotation(model, start, plan.corners, kRepositionTolerance, &legs_converged);
  plan.error = net.angularDistance(quatExp(turn));
  plan.reached = legs_converged && plan.error <= options.tolerance;
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
