#pragma once
// STATE files (JSON), exactly as in docs/contracts.md ("STATE files"):
//   {"base": {"position": [x,y,z], "quaternion_wxyz": [w,x,y,z],
//             "linear_velocity_world": [..], "angular_velocity_world": [..]},
//    "q": [..], "qd": [..], "tau": [..]}
// Extensions: "joint_names" (optional; if present it must equal the model's joint names in
// order) and "comment" (ignored). Everything in "base" is optional (identity pose, at rest),
// "tau" is optional (zeros); "q" and "qd" are required when the model has joints.
// Velocities in the file are world-frame; State holds the body twist.
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/model/model_error.hpp"
#include "core/model/state.hpp"
#include "core/model/state_description.hpp"

namespace vms {

struct StateFile {
  State state;
  VecX tau;  // joint forces/torques, user joint order (zeros if absent)
};

/// Reads and validates a STATE file for `model`. Errors: ModelError
/// "<path>: <key path>: <problem>", e.g. "s.json: q: expected 4 numbers (one per joint), got 3".
/// Checks: JSON syntax, unknown keys, types, sizes (q/qd/tau = model.njoints), finiteness,
/// zero quaternion; a quaternion with ||q| - 1| > 1e-6 is normalised with a warning. For a
/// vehicle with fewer than 6 DoF the base velocity, converted to the base (body) frame, must lie
/// in the vehicle's subgroup (planar: v_x, v_y, w_z of the base frame; ...) to 1e-9 relative;
/// otherwise the error names the world component, e.g.
/// "base.angular_velocity_world[0]: must be 0 for a planar vehicle (...)".
StateFile readStateFile(const std::string& path, const Model& model,
                        std::vector<std::string>* warnings = nullptr);

/// Same, from text; `source_name` prefixes the messages.
StateFile parseStateJson(const std::string& text, const std::string& source_name,
                         const Model& model, std::vector<std::string>* warnings = nullptr);

/// The STATE text as written, not yet checked against a model: JSON syntax, unknown keys, types,
/// finiteness and ranges, zero quaternion. Errors: ModelError "<source>: <key path>: <problem>".
StateDescription parseStateDescription(const std::string& text, const std::string& source);

/// Checks a StateDescription against `model` (sizes, joint names, the vehicle's subgroup) and
/// makes the State; `source` prefixes the messages (a file name, or "<scenario>: initial_state").
StateFile stateFromDescription(const StateDescription& description, const std::string& source,
                               const Model& model, std::vector<std::string>* warnings = nullptr);

/// STATE JSON for a state (world-frame velocities, shortest round-trip numbers, includes
/// "joint_names"). tau may be empty (written as zeros).
std::string writeStateJson(const Model& model, const State& state, const VecX& tau);

}  // namespace vms
