#pragma once
// Finding the files that a model's mesh references name. One set of rules for the 3D view,
// mass properties from meshes and the URDF export (ui/view3d/mesh_loader wraps this one).
//
// A reference as written in the model file is
//  - relative: to the model file's folder (`model_dir`; the current folder when empty);
//  - absolute, or file://PATH;
//  - package://PKG/REST: a folder named PKG in `model_dir` or any folder above it (or one of
//    those folders being PKG itself), then in each entry of ROS_PACKAGE_PATH.
// When that names no file, the user's mesh folders for the model (`search_dirs`, e.g. chosen
// in the app's "Locate mesh folder" bar) are searched, each by
//  1. the reference's path and then its trailing parts ("a/b/c.stl", "b/c.stl", "c.stl"),
//  2. the file name anywhere below it (at most 4 folders deep); several hits: the one whose
//     path ends with the most of the reference's trailing parts, then the one whose folder
//     name shares the most leading and trailing characters with the reference's folder
//     ("meshes_kuka_iiwa/link_1.stl": meshes_iiwa/link_1.stl before meshes/link_1.stl), then
//     the first by path.
// SPART's kuka_iiwa.urdf names "meshes_kuka_iiwa/link_0.stl" but ships "meshes_iiwa/": either
// folder (or their parent) as a search folder finds its meshes.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms {

/// The absolute, normalised path of the file `uri` names, or "" when there is none.
std::string resolveMeshFile(const std::string& uri, const std::string& model_dir,
                            const std::vector<std::string>& search_dirs = {});

/// A mesh reference of a model and the link it belongs to.
struct MeshReference {
  std::string uri;   // as written
  std::string link;  // the first link that uses it
};

/// Every mesh reference of `d` (each once, in link order) that resolveMeshFile does not find.
std::vector<MeshReference> missingMeshes(const ModelDescription& d, const std::string& model_dir,
                                         const std::vector<std::string>& search_dirs = {});

}  // namespace vms
