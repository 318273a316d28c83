// vms mount VEHICLE ARM OUTPUT [--at LINK] [--xyz X,Y,Z] [--rpy R,P,Y] [--prefix P]
//           [--joint NAME] [--base TYPE]   (extension)
// The arm's root link attached to a link or frame of the vehicle through a fixed joint, saved
// as one model (core/model/compose_models.hpp). Relative mesh paths of both files are rebased
// on the output's folder.
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/model_io.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/compose_models.hpp"

namespace vms::cli {

namespace {

Vec3 triple(const Arguments& args, const std::string& name) {
  const auto text = args.get(name);
  if (!text) return Vec3::Zero();
  std::vector<double> v;
  std::stringstream in(*text);
  for (std::string item; std::getline(in, item, ',');) {
    try {
      size_t used = 0;
      v.push_back(std::stod(item, &used));
      if (used != item.size()) throw std::invalid_argument(item);
    } catch (const std::exception&) {
      throw UsageError("--" + name + ": expected three numbers X,Y,Z, got '" + *text + "'");
    }
  }
  if (v.size() != 3 || !Vec3(v[0], v[1], v[2]).allFinite())
    throw UsageError("--" + name + ": expected three finite numbers X,Y,Z, got '" + *text + "'");
  return Vec3(v[0], v[1], v[2]);
}

/// The folder of `file` relative to the folder of `output` ("" when they are the same).
std::string folderRelativeTo(const std::string& file, const std::string& output) {
  namespace fs = std::filesystem;
  const fs::path from = fs::absolute(fs::path(output)).parent_path();
  const fs::path to = fs::absolute(fs::path(file)).parent_path();
  const fs::path rel = to.lexically_normal().lexically_relative(from.lexically_normal());
  return rel.empty() || rel == "." ? std::string() : rel.generic_string();
}

}  // namespace

int runMount(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {"at", "xyz", "rpy", "prefix", "joint", "base"},
                       {"repair-inertia"});
  if (args.positional().size() != 3)
    throw UsageError(
        "usage: vms mount VEHICLE ARM OUTPUT.{urdf,vms.json} [--at LINK] [--xyz X,Y,Z] "
        "[--rpy R,P,Y] [--prefix P] [--joint NAME] [--base TYPE]");
  const std::string& vehicle_path = args.positional()[0];
  const std::string& arm_path = args.positional()[1];
  const std::string& output = args.positional()[2];
  // Both files are checked as models of their own first (every error names its file).
  const Model vehicle_model = loadModelFromArguments(args, vehicle_path);
  const Model arm_model = loadModelFromArguments(args, arm_path);
  ModelDescription vehicle = vehicle_model.description;
  vehicle.base_type = vehicle_model.base_type;
  prefixRelativeMeshPaths(vehicle, folderRelativeTo(vehicle_path, output));
  MountOptions o;
  o.parent_link = args.get("at").value_or("");
  o.placement.p = triple(args, "xyz");
  const Vec3 rpy = triple(args, "rpy");
  o.placement.R =
      (Eigen::AngleAxisd(rpy.z(), Vec3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), Vec3::UnitY()) *
       Eigen::AngleAxisd(rpy.x(), Vec3::UnitX()))
          .toRotationMatrix();
  o.prefix = args.get("prefix").value_or("");
  o.mount_joint = args.get("joint").value_or("");
  o.arm_mesh_directory = folderRelativeTo(arm_path, output);
  ModelDescription mounted;
  try {
    mounted = mountArm(vehicle, arm_model.description, o);
  } catch (const ModelError& e) {
    throw ModelError(arm_path + ": " + e.what());
  }
  const Model result = compileModel(mounted);  // valid before anything is written
  saveModelDescription(mounted, output);
  const std::string parent = o.parent_link.empty() ? rootLinkName(vehicle) : o.parent_link;
  std::cout << "vms mount: wrote " << output << ": " << mounted.links.size() << " links, "
            << result.njoints << " moving joints (" << arm_model.description.links.size()
            << " links of " << arm_path << " on '" << parent << "' of " << vehicle_path
            << ", vehicle base " << toString(result.base_type) << ")\n";
  return kExitOk;
}

}  // namespace vms::cli
