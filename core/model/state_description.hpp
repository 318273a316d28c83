#pragma once
// A STATE as written in a file or held by an editor, before it is checked against a model:
// world-frame vehicle velocities, joint vectors of any length, an orientation as given (not
// normalised). stateFromDescription (core/io/state_io.hpp) checks it against a compiled model
// and makes the State the algorithms use. A value type: no I/O.
#include <optional>
#include <string>
#include <vector>

#include "core/spatial/types.hpp"

namespace vms {

struct StateDescription {
  Vec3 position = Vec3::Zero();
  std::optional<Quat> orientation;  // as written (w, x, y, z); none: identity
  Vec3 linear_velocity_world = Vec3::Zero();
  Vec3 angular_velocity_world = Vec3::Zero();
  std::optional<std::vector<double>> q, qd, tau;  // none: absent from the file
  std::optional<std::vector<std::string>> joint_names;
};

}  // namespace vms
