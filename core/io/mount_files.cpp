#include "core/io/mount_files.hpp"

#include <filesystem>

#include "core/model/compile_model.hpp"
#include "core/model/compose_models.hpp"
#include "core/model/model_error.hpp"

namespace vms {

std::string folderRelativeTo(const std::string& file, const std::string& output) {
  namespace fs = std::filesystem;
  const fs::path from = fs::absolute(fs::path(output)).parent_path();
  const fs::path to = fs::absolute(fs::path(file)).parent_path();
  const fs::path rel = to.lexically_normal().lexically_relative(from.lexically_normal());
  return rel.empty() || rel == "." ? std::string() : rel.generic_string();
}

MountedModel mountModelFiles(const Model& vehicle_model, const std::string& vehicle_path,
                             const Model& arm_model, const std::string& arm_path,
                             const std::string& output, const MountFileOptions& options) {
  ModelDescription vehicle = vehicle_model.description;
  vehicle.base_type = vehicle_model.base_type;
  prefixRelativeMeshPaths(vehicle, folderRelativeTo(vehicle_path, output));
  MountOptions o;
  o.parent_link = options.at;
  o.placement.p = options.xyz;
  o.placement.R = (Eigen::AngleAxisd(options.rpy.z(), Vec3::UnitZ()) *
                   Eigen::AngleAxisd(options.rpy.y(), Vec3::UnitY()) *
                   Eigen::AngleAxisd(options.rpy.x(), Vec3::UnitX()))
                      .toRotationMatrix();
  o.prefix = options.prefix;
  o.mount_joint = options.joint;
  o.arm_mesh_directory = folderRelativeTo(arm_path, output);
  MountedModel result;
  try {
    result.description = mountArm(vehicle, arm_model.description, o);
  } catch (const ModelError& e) {
    throw ModelError(arm_path + ": " + e.what());
  }
  result.model = compileModel(result.description);
  result.parent_link = o.parent_link.empty() ? rootLinkName(vehicle) : o.parent_link;
  return result;
}

}  // namespace vms
