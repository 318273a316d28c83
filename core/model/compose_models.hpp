#pragma once
// Composing models: an arm mounted on a vehicle ("Mount arm…"), and a model's vehicle swapped
// for another one ("Replace vehicle…"). Both work on descriptions (nothing compiled here; the
// caller compiles the result) and keep everything each file holds: links with their visuals,
// joints in their order, frames, added mass.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms {

/// Prepends `directory` and a '/' to every relative mesh path of `d` (not absolute, not a URI
/// such as package://); nothing when `directory` is empty. For a model saved in another folder.
void prefixRelativeMeshPaths(ModelDescription& d, const std::string& directory);

/// The root link of a description: the one link that is no joint's child. Throws ModelError
/// when there is none or more than one (the compiler's rule).
std::string rootLinkName(const ModelDescription& d);

struct MountOptions {
  /// Link of the vehicle model the arm's root link is attached to ("" = the vehicle's root).
  std::string parent_link;
  /// The arm's root link frame in the parent link's frame.
  Pose placement;
  /// Name of the fixed joint that attaches the arm ("" = "<arm root>_mount").
  std::string mount_joint;
  /// Prepended to every name of the arm (links, joints, frames). When empty, the arm's names
  /// are kept, and a name the vehicle already uses is an error naming it.
  std::string prefix;
  /// Prepended, with a '/', to every relative mesh path of the arm ("" = kept as written):
  /// the arm file's folder relative to the folder the result will be saved in.
  std::string arm_mesh_directory;
};

/// The vehicle with the arm attached: the arm's root link becomes a child of
/// `options.parent_link` through a fixed joint placed at `options.placement`. The result keeps
/// the vehicle's name, base type and gravity; the arm's base type and gravity are dropped, its
/// joints follow the vehicle's in the joint order. Throws ModelError (unknown parent link, a
/// name in both models, an invalid prefix).
ModelDescription mountArm(const ModelDescription& vehicle, const ModelDescription& arm,
                          const MountOptions& options);

struct ReplaceVehicleOptions {
  /// Link of the new vehicle that takes over what was attached to the old vehicle's root
  /// ("" = the new vehicle's root).
  std::string attach_link;
  /// Where the old root's frame sits in the attach link's frame: each joint and frame that
  /// was on the old root is moved by it (identity = the same offsets as before).
  Pose placement;
  /// Prepended, with a '/', to every relative mesh path of the new vehicle.
  std::string vehicle_mesh_directory;
};

/// `model` with its root link (the vehicle) replaced by `vehicle` (all of its links and
/// joints): joints and frames on the old root move to `options.attach_link`, added mass on the
/// old root is dropped (one line in `dropped`). Base type and gravity come from `vehicle`; the
/// name stays `model`'s. Throws ModelError (unknown attach link, a name in both models).
ModelDescription replaceVehicle(const ModelDescription& model, const ModelDescription& vehicle,
                                const ReplaceVehicleOptions& options,
                                std::vector<std::string>* dropped = nullptr);

}  // namespace vms
