#pragma once
// "Export URDF with meshes": a URDF file and a folder of the mesh files it uses, together a
// self-contained package that can be moved, mailed or loaded by another tool.
//
// Layout: OUT.urdf and OUT_meshes/ next to it. The meshes are copied flat into OUT_meshes/
// under unique file names (a second "link_0.stl" from another folder becomes "link_0_2.stl")
// and the URDF names them "OUT_meshes/<file>". Flat on purpose: MuJoCo's URDF reader keeps
// only a mesh's file name and looks for it in one mesh folder (<compiler meshdir>), so a flat
// folder with unique names loads in MuJoCo as well as in ROS tools and in VMS Workbench.
// An OBJ file's material libraries (`mtllib`) are copied next to it. Textures referenced
// from inside COLLADA/glTF files are not copied (not followed).
//
// A mesh that cannot be found is an error naming it (no package with a hole in it): locate
// the folder first (the app's missing-mesh bar, or `search_dirs`). Nothing is written then.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/model/model_error.hpp"

namespace vms {

struct UrdfExportOptions {
  /// Where meshes not found by the usual rules are looked for (see core/io/mesh_files.hpp).
  std::vector<std::string> mesh_search_dirs;
  /// Write each inertia in its principal axes (a diagonal <inertia> and the axes as the
  /// <inertial> origin's rpy): readers that diagonalise inertias themselves (MuJoCo) then
  /// lose nothing to their own eigen-solver (see docs/mujoco-crosscheck.md).
  bool inertia_in_principal_axes = true;
};

struct UrdfExportResult {
  std::string urdf_path;    // as given
  std::string mesh_folder;  // OUT_meshes (absolute), empty when the model has no mesh
  struct Copy {
    std::string source;  // absolute path of the original
    std::string target;  // file name inside mesh_folder
  };
  std::vector<Copy> copies;  // one per distinct mesh file (and OBJ material library)
};

/// Writes `urdf_path` (must end in .urdf) and its mesh folder. `model_dir` is the folder the
/// model's relative mesh paths are relative to. Throws ModelError "<path>: <problem>" on a
/// missing mesh (nothing written) or an I/O failure. The URDF is written last, through a
/// temporary file renamed over the target, so a failed export never leaves a URDF that names
/// meshes which are not there.
UrdfExportResult exportUrdfWithMeshes(const ModelDescription& d, const std::string& model_dir,
                                      const std::string& urdf_path,
                                      const UrdfExportOptions& options = {});

}  // namespace vms
