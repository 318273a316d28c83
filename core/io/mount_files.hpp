#pragma once
// `vms mount` on model files: an arm model attached to a vehicle model through a fixed joint
// (mountArm, core/model/compose_models.hpp), with the relative mesh paths of both files rebased
// on the folder the result is saved in. The command line and the Python package (vms.mount)
// both mount through this function.
#include <string>

#include "core/model/model.hpp"
#include "core/model/model_description.hpp"

namespace vms {

struct MountFileOptions {
  std::string at;           // link or frame of the vehicle ("" = the vehicle's root link)
  Vec3 xyz = Vec3::Zero();  // the arm's root link frame in that link's frame: position
  Vec3 rpy = Vec3::Zero();  // and roll, pitch, yaw (rad; R = Rz(yaw) Ry(pitch) Rx(roll))
  std::string prefix;       // prepended to every name of the arm ("" = names kept)
  std::string joint;        // name of the fixed joint ("" = "<arm root>_mount")
};

struct MountedModel {
  ModelDescription description;  // what is saved (vehicle's name, base type and gravity)
  Model model;                   // the description compiled: checked before anything is saved
  std::string parent_link;       // the vehicle link the arm hangs from
};

/// The arm model `arm` (read from `arm_path`) on the vehicle model `vehicle` (read from
/// `vehicle_path`), to be saved as `output`: relative mesh paths of each file are rebased on
/// `output`'s folder. The vehicle keeps the vehicle type it was compiled with. Throws
/// ModelError; a problem of the arm (a name both models use, an unknown link) names
/// `arm_path`.
MountedModel mountModelFiles(const Model& vehicle, const std::string& vehicle_path,
                             const Model& arm, const std::string& arm_path,
                             const std::string& output, const MountFileOptions& options);

/// The folder of `file` relative to the folder of `output` ("" when they are the same).
std::string folderRelativeTo(const std::string& file, const std::string& output);

}  // namespace vms
