// vms convert MODEL OUTPUT [--base TYPE] [--copy-meshes [--mesh-dir DIR]]: URDF <-> .vms.json
// (and DH tables -> either); with --copy-meshes a URDF and its mesh folder (urdf_export.hpp).
#include <cstdio>
#include <filesystem>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/io/model_io.hpp"
#include "core/io/text_files.hpp"
#include "core/io/urdf_export.hpp"

namespace vms::cli {

int runConvert(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {"base", "mesh-dir"}, {"repair-inertia", "copy-meshes"});
  const char* usage =
      "usage: vms convert MODEL OUTPUT.{urdf,vms.json} [--base TYPE] "
      "[--copy-meshes [--mesh-dir DIR]]";
  if (args.positional().size() != 2) throw UsageError(usage);
  const std::string& output = args.positional()[1];
  if (args.has("mesh-dir") && !args.has("copy-meshes"))
    throw UsageError("--mesh-dir needs --copy-meshes; " + std::string(usage));
  if (args.has("copy-meshes") && !io::endsWith(output, ".urdf"))
    throw UsageError("--copy-meshes writes a URDF package: OUTPUT must end in .urdf; " +
                     std::string(usage));
  const Model model = loadModelFromArguments(args, args.positional()[0]);
  // A DH table is written out as its links and joints (the workbench's Save keeps it).
  const ModelDescription d = savableDescription(model);
  if (!args.has("copy-meshes")) {
    saveModelDescription(d, output);
    return kExitOk;
  }
  UrdfExportOptions options;
  if (auto dir = args.get("mesh-dir")) options.mesh_search_dirs.push_back(*dir);
  const std::string model_dir = std::filesystem::path(args.positional()[0]).parent_path().string();
  const UrdfExportResult result = exportUrdfWithMeshes(d, model_dir, output, options);
  if (!result.copies.empty())
    std::printf("%s: %zu mesh files copied to %s\n", output.c_str(), result.copies.size(),
                result.mesh_folder.c_str());
  return kExitOk;
}

}  // namespace vms::cli
