#pragma once
// The vehicle (base) joint as a Lie subgroup of SE(3), through its constant twist basis iota0
// (seed 001, Definition 1): the vehicle's body twist is iota0 * V with V in R^b.
#include <optional>
#include <string>

#include "core/spatial/types.hpp"

namespace vms {

enum class BaseType { Free, Planar, Ball, Translation, Schoenflies, Fixed };

/// Every vehicle type, in declaration order.
inline constexpr BaseType kAllBaseTypes[] = {BaseType::Free,        BaseType::Planar,
                                             BaseType::Ball,        BaseType::Translation,
                                             BaseType::Schoenflies, BaseType::Fixed};

/// "free", "planar", "ball", "translation", "schoenflies", "fixed".
std::string toString(BaseType type);
std::optional<BaseType> baseTypeFromString(const std::string& name);

/// Number of vehicle degrees of freedom b.
int baseDof(BaseType type);

/// iota0: 6 x b matrix of unit columns selecting body-twist components [v; w].
///   free: I6; planar: v_x, v_y, w_z; ball: w; translation: v; schoenflies: v, w_z; fixed: none.
Mat6X baseBasis(BaseType type);

}  // namespace vms
