#pragma once
// Turning a free-floating vehicle with its joints alone: a closed joint-space path, made of
// rectangular loops of joint pairs around the start configuration, after which the joints are
// back where they started and the vehicle (zero momentum) has turned by a requested rotation.
//
// A loop of the pair (i, j) moves q_i by a, then q_j by b, then q_i back, then q_j back (straight
// legs); traversed the other way round (q_j first) it turns the vehicle by the inverse
// rotation. A small loop turns the vehicle by about its area times the curvature F_ij
// (attitude_disturbance.hpp), so the turn is steered by the loops' sizes:
//  - every pair of the chosen joints gets one loop; its corner direction (the signs of a and
//    b) is the one of the four whose full-size loop turns the vehicle most; its full size is
//    `max_amplitude` or what the joint limits leave (less `limit_margin`);
//  - a loop's strength w in [-1, 1] scales both sides by sqrt|w| (the area by |w|), its sign
//    the direction of travel;
//  - one repetition runs every pair's loop in turn; the plan repeats it m times. The turn of
//    one repetition H(w) (vehicle body frame, R0^T R_end: independent of the start attitude)
//    must then be Exp(turn / m), so that H^m = Exp(turn);
//  - m and the first strengths come from the full-size loops' turns (as if the turn were
//    linear in w), then Newton on w (Gauss-Newton with the minimum-norm step when there are
//    more loops than rotation axes, step halving when the residual does not fall); a strength
//    that would leave [-1, 1] raises m. Each loop's turn and its sensitivity to w are
//    integrated together along its legs at a fixed step (RKMK4 and RK4, the forcing term from
//    the analytic inverse-dynamics derivatives: turn_sensitivity.hpp), and the Jacobian's column
//    of a loop is its sensitivity carried through the loops after it and the logarithm. Models
//    with mimic joints (and Jacobian::ForwardDifferences) integrate each turn by
//    freeFloatingReposition and take forward differences;
//  - the path's net turn, which `error` and `reached` report, is one repetition's turn
//    integrated by freeFloatingReposition to the power m (each repetition starts at q0, and the
//    turn along a joint path does not depend on the vehicle's attitude);
//  - when one loop per pair does not generate the turn of a free vehicle (two joints give one
//    pair, whose best loop turns it about one axis), every corner direction of every pair gets
//    a loop: a pair's four loops around the start turn the vehicle about different axes.
// Planar-like vehicles (planar, schoenflies, cylindrical, turntable) turn about their z axis
// only; free and ball vehicles about any axis the loops' turns span. When the target is out
// of reach (an x or y part for a planar vehicle, an axis the joints' loops do not generate),
// the plan is the least-squares one and `reached` is false, with the nearest reachable turn.
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/model/state.hpp"

namespace vms {

struct AttitudeLoopPlanOptions {
  double tolerance = 1e-6;     // rad: angle between the path's net rotation and the target
  double max_amplitude = 1.5;  // rad: a joint's largest excursion from its start
  double limit_margin = 0.01;  // rad kept from each joint limit
  int max_repeats = 200;       // most repetitions of the loop sequence
  int max_iterations = 40;     // Newton iterations per repetition count
  // The Newton Jacobian: from the loops' attitude sensitivities (forward differences for
  // models with mimic joints), or by forward differences of the loops' turns (for comparison).
  enum class Jacobian { Sensitivity, ForwardDifferences };
  Jacobian jacobian = Jacobian::Sensitivity;
  // rad: largest joint motion of a step of the loops' fixed-step integration (Sensitivity).
  // When the planned path then misses the turn, the plan is made again on the adaptive
  // reposition's turns with forward differences.
  double loop_step = 0.02;
};

/// One rectangular loop from the start configuration q0: q_first moves by `first_side`, then
/// q_second by `second_side`, then q_first back, then q_second back.
struct JointLoop {
  int first = 0, second = 1;
  double first_side = 0.0, second_side = 0.0;
};

struct AttitudeLoopPlan {
  Vec3 target = Vec3::Zero();    // requested rotation vector (rad, vehicle body frame)
  Vec3 achieved = Vec3::Zero();  // m times the rotation vector of one repetition's turn
  double error = 0.0;            // rad: angle from the whole path's net rotation to the target
  bool reached = false;          // error <= tolerance
  std::vector<JointLoop> loops;  // one repetition, in order
  int repeats = 0;               // m
  int iterations = 0;            // Newton iterations, all repetition counts together
  double max_excursion = 0.0;    // rad: largest joint excursion from the start
  std::vector<VecX> corners;     // the path: q0, every leg's end, ..., q0 (straight legs)
  std::string message;           // when not reached: why, with the nearest reachable turn
};

/// Plans the turn `turn` (rotation vector, rad, vehicle body frame) of the vehicle of `model`
/// starting at rest in `start`, with loops of the joints `joints` (indices, at least two,
/// distinct). Throws std::invalid_argument for a vehicle that cannot turn (fixed, translating)
/// or whose reaction is not given by the joint path (nonholonomic), a zero or non-finite
/// turn, bad joint indices, a start with velocities or outside the joint limits, or joints
/// without room to move.
AttitudeLoopPlan planAttitudeTurn(const Model& model, const State& start,
                                  const std::vector<int>& joints, const Vec3& turn,
                                  const AttitudeLoopPlanOptions& options = {});

/// The vehicle's net rotation R0^T R_end (body frame) along straight joint-space legs through
/// `corners` from `start` (zero momentum, freeFloatingReposition to `tolerance` per leg);
/// `converged` (if given) is cleared when a leg did not converge.
Quat pathRotation(const Model& model, const State& start, const std::vector<VecX>& corners,
                  double tolerance = 1e-12, bool* converged = nullptr);

/// A loop's turn h(w) at strength w (body frame) and its sensitivity xi to the strength:
/// h(w + dw) = h(w) Exp(xi dw + o(dw)).
struct LoopTurnSensitivity {
  Quat turn = Quat::Identity();
  Vec3 sensitivity = Vec3::Zero();
};

/// The turn of `loop` (from the configuration of `start`, at rest) at strength w, where the loop
/// has both sides scaled by sqrt|w| and is traversed backwards for w < 0, with its sensitivity:
/// the planner's own fixed-step integration of the loop (the turn to about 1e-10 rad) and its
/// Jacobian column before the loops after it. Throws std::invalid_argument as planAttitudeTurn
/// for the vehicle, and for models with mimic joints.
LoopTurnSensitivity loopTurnSensitivity(const Model& model, const State& start,
                                        const JointLoop& loop, double strength);

}  // namespace vms
