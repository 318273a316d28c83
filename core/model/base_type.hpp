#pragma once
// The vehicle (base) joint as a Lie subgroup of SE(3), through its constant twist basis iota0
// (seed 001, Definition 1): the vehicle's body twist is iota0 * V with V in R^b.
#include <optional>
#include <string>

#include "core/spatial/types.hpp"

namespace vms {

// Seed 000's Table 1/2 and seed 001's b = 1, 2 classes: SE(3), SE(2), SO(3), T(3), X(z), T(2)
// (gantry crane), T(1) (rail), C(1) (cylindrical: along and about z), SO(2) (turntable).
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
  Turntable
};

/// Every vehicle type, in declaration order.
inline constexpr BaseType kAllBaseTypes[] = {
    BaseType::Free,  BaseType::Planar, BaseType::Ball, BaseType::Translation, BaseType::Schoenflies,
    BaseType::Fixed, BaseType::Gantry, BaseType::Rail, BaseType::Cylindrical, BaseType::Turntable};

/// "free", "planar", "ball", "translation", "schoenflies", "fixed", "gantry", "rail",
/// "cylindrical", "turntable".
std::string toString(BaseType type);
std::optional<BaseType> baseTypeFromString(const std::string& name);

/// Number of vehicle degrees of freedom b.
int baseDof(BaseType type);

/// iota0: 6 x b matrix of unit columns selecting body-twist components [v; w].
///   free: I6; planar: v_x, v_y, w_z; ball: w; translation: v; schoenflies: v, w_z; fixed: none;
///   gantry: v_x, v_y; rail: v_x; cylindrical: v_z, w_z; turntable: w_z.
/// Every one spans a subalgebra (a Lie subgroup), and all but free, planar, ball and
/// schoenflies are abelian.

/// The type names joined with ", " (for messages).
std::string baseTypeNames();
Mat6X baseBasis(BaseType type);

}  // namespace vms
