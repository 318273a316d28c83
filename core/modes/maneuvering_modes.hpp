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
/// that cannot make a pure couple in rotation-flying or a net force in translation-flying.
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

}  // namespace vms
