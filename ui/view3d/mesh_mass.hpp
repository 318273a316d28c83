#pragma once
// Mass properties of a mesh shape: its file read as the 3D view reads it (Assimp), scaled and
// placed as drawn, filled with a density (core inertialFromTriangles, divergence theorem). No
// VTK in the interface: the property inspector calls it for "Compute from shapes".
#include <QString>
#include <optional>

#include "core/model/model_description.hpp"

namespace vms::ui {

/// Mass, CoM and inertia (link frame) of mesh visual `v` (mesh path resolved against
/// `model_dir`, mesh_scale, origin) at `density` kg/m^3; nothing and `error` set if the file
/// cannot be found or read. The mesh must be closed for the result to mean anything.
std::optional<Inertial> meshInertial(const Visual& v, const QString& model_dir, double density,
                                     QString* error);

}  // namespace vms::ui
