// vms.mount and vms.convert: `vms mount` and `vms convert` on model files, through the same
// core functions (core/io/mount_files.hpp, model_io.hpp, urdf_export.hpp), so that the files
// written are the command line's byte for byte.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <filesystem>

#include "bindings.hpp"
#include "core/io/model_io.hpp"
#include "core/io/mount_files.hpp"
#include "core/io/text_files.hpp"
#include "core/io/urdf_export.hpp"
#include "core/io/user_files.hpp"
#include "core/io/vms_json.hpp"
#include "model_arguments.hpp"

namespace py = pybind11;

namespace vms::python {

namespace {

Model loadForCommand(const std::string& path, const std::optional<BaseType>& base,
                     bool repair_inertia) {
  std::vector<std::string> warnings;
  Model model = loadUserModel(path, base, repair_inertia, &warnings);
  warnInput(warnings);
  return model;
}

Vec3 finiteTriple(const Vec3& v, const char* name) {
  if (!v.allFinite())
    throw py::value_error(std::string("mount: ") + name + ": expected three finite numbers");
  return v;
}

std::string mount(const std::string& vehicle_path, const std::string& arm_path,
                  const std::optional<std::string>& output, const std::string& at, const Vec3& xyz,
                  const Vec3& rpy, const std::string& prefix, const std::string& joint,
                  const std::optional<std::string>& base, bool repair_inertia) {
  const std::optional<BaseType> type = baseTypeArgument(base);
  MountFileOptions o;
  o.at = at;
  o.xyz = finiteTriple(xyz, "xyz");
  o.rpy = finiteTriple(rpy, "rpy");
  o.prefix = prefix;
  o.joint = joint;
  const Model vehicle = loadForCommand(vehicle_path, type, repair_inertia);
  const Model arm = loadForCommand(arm_path, type, repair_inertia);
  // Without an output, mesh paths are rebased on the current folder.
  const MountedModel mounted =
      mountModelFiles(vehicle, vehicle_path, arm, arm_path, output.value_or("mounted.vms.json"), o);
  if (output) saveModelDescription(mounted.description, *output);
  return writeVmsJson(mounted.description);
}

std::string convert(const std::string& path, const std::string& output,
                    const std::optional<std::string>& base, bool repair_inertia, bool copy_meshes,
                    const std::optional<std::string>& mesh_dir) {
  const std::optional<BaseType> type = baseTypeArgument(base);
  if (mesh_dir && !copy_meshes) throw py::value_error("convert: mesh_dir needs copy_meshes=True");
  if (copy_meshes && !io::endsWith(output, ".urdf"))
    throw py::value_error(
        "convert: copy_meshes writes a URDF package: output must end in .urdf, got '" + output +
        "'");
  const ModelDescription d = savableDescription(loadForCommand(path, type, repair_inertia));
  if (!copy_meshes) {
    saveModelDescription(d, output);
  } else {
    UrdfExportOptions options;
    if (mesh_dir) options.mesh_search_dirs.push_back(*mesh_dir);
    exportUrdfWithMeshes(d, std::filesystem::path(path).parent_path().string(), output, options);
  }
  return writeVmsJson(d);
}

}  // namespace

void bindModelFiles(py::module_& m) {
  m.def("mount", &mount, py::arg("vehicle"), py::arg("arm"), py::arg("output"), py::arg("at"),
        py::arg("xyz"), py::arg("rpy"), py::arg("prefix"), py::arg("joint"), py::arg("base"),
        py::arg("repair_inertia"), "vms mount (see vms.mount).");
  m.def("convert", &convert, py::arg("path"), py::arg("output"), py::arg("base"),
        py::arg("repair_inertia"), py::arg("copy_meshes"), py::arg("mesh_dir"),
        "vms convert (see vms.convert).");
}

}  // namespace vms::python
