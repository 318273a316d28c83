#pragma once
// The five maneuvering modes of seed 004 (Wilde et al. 2018, Table 1) and what each allows
// the vehicle's actuators to do. In every mode the arm joints are driven by motor torques.
//
//   mode                 vehicle actuation                         P           L (about CoM)
//   floating             none                                      conserved   conserved
//   rotation-floating    reaction wheels (momentum exchange)       conserved   conserved
//   rotation-flying      thruster couples (zero net force)         conserved   controlled
//   translation-flying   thruster force through the system CoM,    controlled  conserved
//                        wheels for attitude
//   flying               thruster force and torque, wheels         controlled  controlled
//
// "Conserved" holds for an isolated system (no gravity, contact or environment forces).
// L is the angular momentum about the system centre of mass; in the modes that conserve P it
// is also the angular momentum about any fixed point up to the constant c x P term.
#include <optional>
#include <stdexcept>
#include <string>

#include "core/actuators/thrusters.hpp"
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

enum class ManeuveringMode {
  Floating,
  RotationFloating,
  RotationFlying,
  TranslationFlying,
  Flying
};

/// "floating", "rotation-floating", "rotation-flying", "translation-flying", "flying".
const char* maneuveringModeName(ManeuveringMode mode);
std::optional<ManeuveringMode> maneuveringModeFromName(const std::string& name);

struct VehicleActuation {
  bool wheels = false;           // momentum-exchange devices
  bool thruster_force = false;   // a net external force on the system
  bool thruster_torque = false;  // a net external torque about the system CoM
};
VehicleActuation allowedVehicleActuation(ManeuveringMode mode);

struct ConservedMomenta {
  bool linear = false;       // P
  bool angular_com = false;  // L about the system centre of mass
};
ConservedMomenta conservedMomenta(ManeuveringMode mode);

/// Thrown for an actuator configuration or command that contradicts a mode; what() names it.
class ModeError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The actuators a simulation declares for the vehicle.
struct ActuatorConfiguration {
  int reaction_wheels = 0;
  const Thrusters* thrusters = nullptr;  // null or empty: none
};

/// Throws ModeError naming the mode if the configuration contradicts it: wheels in floating or
/// rotation-flying (attitude by external torques only), thrusters in floating or
/// rotation-floating, thrusters off the vehicle body, no thrusters in a flying mode, thrusters
/// that cannot make a pure couple in rotation-flying or a net force in translation-flying,
/// on/off thrusters in rotation-flying or translation-flying (their commands are projected).
void validateActuatorConfiguration(ManeuveringMode mode, const ActuatorConfiguration& config);

/// Net thruster wrench [f; n] on the vehicle, vehicle frame, moment about `point` (vehicle
/// frame), for commands (clamped/quantised as Thrusters::setCommands does).
Vec6 thrusterWrench(const Thrusters& thrusters, const VecX& commands, const Vec3& point);

/// Throws ModeError naming the mode if the commands break it: any firing in floating or
/// rotation-floating, a net force in rotation-flying, a moment about the system CoM
/// (`com_vehicle`, vehicle frame) in translation-flying. `tol` is relative to the largest
/// max_force (moments: times the largest thruster lever arm about the CoM, at least 1 m).
void validateThrusterCommands(ManeuveringMode mode, const Thrusters& thrusters,
                              const VecX& commands, const Vec3& com_vehicle, double tol = 1e-9);

/// Nearest commands in [0, 1] (Euclidean) whose net vehicle force is zero: pure couples for
/// rotation-flying. Dykstra's alternating projections between the box and the null space of
/// the force rows of the allocation matrix, finished with an exact null-space projection
/// (residual force ~1e-15 max_force). Proportional thrusters only: throws ModeError for an
/// on/off thruster. Zero commands are always feasible, so the result exists.
VecX projectOntoZeroNetForce(const Thrusters& thrusters, const VecX& commands);

/// Largest thruster count the projections below handle without touching the heap (more
/// thrusters still work, with heap-allocated scratch).
inline constexpr int kMaxInPlaceThrusters = 64;

/// The mode rule for thruster commands, in place, for the thruster geometry at `state`
/// (world directions and points of application from `data.oMi`; runs forwardKinematics on
/// `data`, and forwardVelocities when hold_time > 0):
///  * rotation-flying: the nearest commands in [0, 1] (Euclidean) whose net force is zero
///    (pure couples; the same set as projectOntoZeroNetForce);
///  * translation-flying: the nearest commands in [0, 1] whose net moment about the system
///    centre of mass is zero (the thrust passes through the CoM: it changes P but not L);
///  * other modes: `commands` clamped to [0, 1], nothing else (floating and rotation-floating
///    thrusters are rejected by validateActuatorConfiguration, flying allows everything).
///
/// Method: min 1/2 |u - c|^2 subject to G u = 0 (G: the 3 x n force rows, or the moment rows
/// (p_k - c) x f_k about the CoM) and 0 <= u <= 1. Its dual is a concave, piecewise-quadratic
/// function of three multipliers, phi(l) = min over the box of 1/2 |u - c|^2 + l^T G u, whose
/// minimiser is u(l) = clamp(c - G^T l, 0, 1) and whose gradient is G u(l). A semi-smooth
/// Newton ascent on l (3 x 3 system G_F G_F^T over the unclamped thrusters F, eigenvalue-
/// regularised when that is singular, Armijo backtracking) finds l*; u(l*) is in the box by
/// construction and G u = 0 to rounding once the clamped set is identified (finite
/// termination: 1-4 Newton steps in test_scenario_translation_flying, ~30000 calls). The dual
/// maximum exists because u = 0 is always feasible. If the ascent stalled (never seen in the
/// tests) Dykstra's projections would finish the job (heap-allocating). With at most
/// kMaxInPlaceThrusters thrusters nothing is allocated (fixed-capacity Eigen storage).
///
/// hold_time (s, >= 0): the commands are held (zero-order hold) for this long while the arm
/// moves the system CoM relative to the vehicle, so a thrust line through the CoM at the
/// control instant misses it later by (t - t_k) times the CoM's velocity relative to the
/// vehicle: an angular impulse O(hold_time^2) per hold. With hold_time > 0, translation-flying
/// aims the thrust through the CoM predicted half a hold ahead (c + hold_time/2 times that
/// relative velocity), which cancels the first-order term (O(hold_time^3) per hold).
/// hold_time = 0: zero moment about the CoM at the instant of the call. Rotation-flying is
/// exact either way (the force rows are fixed in the vehicle). The Simulator does not hold
/// projected commands: its Thrusters force model projects the held commands at every force
/// evaluation (the const-Data form below), which leaves no hold leakage at all.
///
/// Throws ModeError naming the mode for a commands/thrusters size mismatch or, in a flying
/// mode that projects, an on/off (non-proportional) thruster.
void enforceModeOnThrusterCommands(ManeuveringMode mode, const Thrusters& thrusters,
                                   const Model& model, Data& data, const State& state,
                                   VecX& commands, double hold_time = 0.0);

/// The same rule, hold_time 0, at the poses already in `data` (forwardKinematics done; nothing
/// is recomputed): zero net force (rotation-flying) or zero moment about the system CoM of
/// those poses (translation-flying), other modes clamp. The form the Thrusters force model uses
/// at every force evaluation (every integrator stage), so the constraint holds at every
/// instant, not only at the control updates. Allocation-free with at most
/// kMaxInPlaceThrusters thrusters. Throws as above.
void enforceModeOnThrusterCommands(ManeuveringMode mode, const Thrusters& thrusters,
                                   const Model& model, const Data& data, VecX& commands);

/// The 3 x n constraint rows enforceModeOnThrusterCommands uses (world frame, full-command
/// thrust): net force rows for rotation-flying, moment rows about `point` otherwise. Needs
/// forwardKinematics on `data`. For tests and diagnostics (allocates).
Eigen::Matrix<double, 3, Eigen::Dynamic> thrusterConstraintRows(ManeuveringMode mode,
                                                                const Thrusters& thrusters,
                                                                const Model& model,
                                                                const Data& data,
                                                                const Vec3& point);

}  // namespace vms
