#pragma once
// Real URDF files carry inertias that are not quite physical. Two cases are told apart:
// - rounding noise: a principal moment below zero by no more than kInertiaRoundingNoise (iCub
//   has -5.4e-20 kg m^2 on a point-mass link). compileModel accepts it, clips the moment to
//   zero in the compiled model and warns once per link (clipRoundingNoise).
// - a real violation (a clearly negative principal moment, or principal moments breaking
//   A + B >= C, as ANYmal C's depth cameras and PR2's sensor mount do): rejected by default;
//   repairInertias (`--repair-inertia`, the app's "Repair and open") replaces the link's
//   principal moments by their mean, MuJoCo's `balanceinertia` rule, and names each link.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms {

/// A principal moment this far below zero (kg m^2), or less, is rounding noise. Alongside the
/// relative tolerance of 1e-9 of the largest inertia entry.
constexpr double kInertiaRoundingNoise = 1e-12;

/// The inertial with principal moments below zero by rounding noise set to zero (the tensor
/// rebuilt from its eigenvectors); `clipped` gets the most negative moment clipped (0 if none).
Inertial clipRoundingNoise(const Inertial& inertial, double* clipped = nullptr);

/// Replaces the inertia of every link whose inertia is not physical (inertialProblem: a
/// negative principal moment or the triangle inequality) by the mean of its principal moments
/// times the identity, when that mean is positive. Returns one line per repaired link:
/// "link 'x': inertia repaired: principal moments a, b, c replaced by their mean m (MuJoCo's
/// balanceinertia)". Other problems (NaN, negative mass, asymmetry) are left to compileModel.
std::vector<std::string> repairInertias(ModelDescription& description);

/// Whether `message` (a model load that failed) is compileModel's refusal of a link inertia that
/// repairInertias balances (a reaction wheel's inertia is not a link's: not repairable here).
bool isRepairableInertiaProblem(const std::string& message);

}  // namespace vms
