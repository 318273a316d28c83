#pragma once
// The vehicle (base) joint as a Lie subgroup of SE(3), through its constant twist basis iota0
// (seed 001, Definition 1): the vehicle's body twist is iota0 * V with V in R^b.
#include <optional>
#include <string>

#include "core/spatial/types.hpp"

namespace vms {

// Seed 000's Table 1/2 and seed 001's b = 1, 2 classes: SE(3), SE(2), SO(3), T(3), X(z), T(2)
// (gantry crane), T(1) (rail), C(1) (cylindrical: along and about z), SO(2) (turntable), and
// seed 000's nonholonomic planar vehicle (101): velocities v_x, w_z only (no sideways slip),
// whose pose still ranges over SE(2) because span{e1, e6} is not a subalgebra.
enum class BaseType {
  Free,
  Planar,
  Ball,
  Translation,
  Schoenflies,
  Fixed,
  Gantry,
  Rail,
  Cylindrical,
  Turntable,
  Nonholonomic
};

/// Every vehicle type, in declaration order.
inline constexpr BaseType kAllBaseTypes[] = {
    BaseType::Free,        BaseType::Planar,    BaseType::Ball,        BaseType::Translation,
    BaseType::Schoenflies, BaseType::Fixed,     BaseType::Gantry,      BaseType::Rail,
    BaseType::Cylindrical, BaseType::Turntable, BaseType::Nonholonomic};

/// "free", "planar", "ball", "translation", "schoenflies", "fixed", "gantry", "rail",
/// "cylindrical", "turntable", "nonholonomic".
std::string toString(BaseType type);
std::optional<BaseType> baseTypeFromString(const std::string& name);

/// Number of vehicle degrees of freedom b.
int baseDof(BaseType type);

/// iota0: 6 x b matrix of unit columns selecting body-twist components [v; w].
///   free: I6; planar: v_x, v_y, w_z; ball: w; translation: v; schoenflies: v, w_z; fixed: none;
///   gantry: v_x, v_y; rail: v_x; cylindrical: v_z, w_z; turntable: w_z;
///   nonholonomic: v_x, w_z.
/// Every one but nonholonomic spans a subalgebra (a Lie subgroup), and all but free, planar,
/// ball, schoenflies and nonholonomic are abelian.
Mat6X baseBasis(BaseType type);

/// True when span(iota0) is a subalgebra: the vehicle's velocity constraint integrates to a
/// configuration constraint (a Lie subgroup). False for nonholonomic: its ideal constraint
/// wrench does no work but momentum along the forbidden direction is not conserved.
bool isHolonomic(BaseType type);

/// 0/1 per body-twist component [v; w]: the components of iota0 (where the velocity lives).
Vec6 twistMask(BaseType type);

/// 0/1 per component: the smallest subalgebra containing span(iota0), where the pose's
/// increments g^-1 dg live (the configuration group). Equal to twistMask for a holonomic
/// vehicle; planar (v_x, v_y, w_z) for nonholonomic, as [w_z, v_x] = v_y.
Vec6 poseMask(BaseType type);

/// The type names joined with ", " (for messages).
std::string baseTypeNames();

}  // namespace vms
