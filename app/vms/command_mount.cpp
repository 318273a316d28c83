// vms mount VEHICLE ARM OUTPUT [--at LINK] [--xyz X,Y,Z] [--rpy R,P,Y] [--prefix P]
//           [--joint NAME] [--base TYPE]   (extension)
// The arm's root link attached to a link or frame of the vehicle through a fixed joint, saved
// as one model (core/model/compose_models.hpp). Relative mesh paths of both files are rebased
// on the output's folder.
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/model_io.hpp"
#include "core/io/mount_files.hpp"

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
  MountFileOptions o;
  o.at = args.get("at").value_or("");
  o.xyz = triple(args, "xyz");
  o.rpy = triple(args, "rpy");
  o.prefix = args.get("prefix").value_or("");
  o.joint = args.get("joint").value_or("");
  // Compiled (valid) before anything is written.
  const MountedModel mounted =
      mountModelFiles(vehicle_model, vehicle_path, arm_model, arm_path, output, o);
  saveModelDescription(mounted.description, output);
  const Model& result = mounted.model;
  std::cout << "vms mount: wrote " << output << ": " << mounted.description.links.size()
            << " links, " << result.njoints << " moving joints ("
            << arm_model.description.links.size() << " links of " << arm_path << " on '"
            << mounted.parent_link << "' of " << vehicle_path << ", vehicle base "
            << toString(result.base_type) << ")\n";
  return kExitOk;
}

}  // namespace vms::cli
