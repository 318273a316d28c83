#pragma once
// Meshes for link visuals: URI resolution (relative to the model folder, package://, file://)
// and loading through Assimp (STL, OBJ, DAE, glTF/GLB, anything else Assimp reads) into one
// triangle vtkPolyData. Never throws: failures come back as an error text.
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <QString>
#include <optional>

#include "core/spatial/se3.hpp"

namespace vms::ui {

/// The file a mesh reference names, or an empty string if it does not exist. `uri` as written
/// in the model file: relative (to `model_dir`), absolute, file://PATH, or package://PKG/PATH
/// (PKG is searched in `model_dir` and each folder above it, then in ROS_PACKAGE_PATH); then
/// the mesh folders the user located for models in `model_dir` (mesh_search_folders.hpp). The rules
/// are core/io/mesh_files.hpp's (resolveMeshFile), shared with the URDF export.
QString resolveMeshPath(const QString& uri, const QString& model_dir);

/// All meshes of the file, node transforms applied, as triangles with normals; nullptr and
/// `error` set on failure (unreadable file, no triangles). `color` (if not null) receives the
/// diffuse / base colour of the file's largest mesh when its material has one.
vtkSmartPointer<vtkPolyData> loadMesh(const QString& path, QString* error,
                                      std::optional<Vec3>* color = nullptr);

}  // namespace vms::ui
