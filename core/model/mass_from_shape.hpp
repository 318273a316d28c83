#pragma once
// Mass properties of a link computed from its shapes and a uniform density: each primitive's
// closed form (box, solid cylinder, sphere, capsule), combined with the parallel-axis theorem
// with each visual's origin (position and rotation) honoured. Volumes add: where two visuals
// overlap, the overlap counts twice. Meshes have no closed form and are skipped (the core does
// not read mesh files).
#include <array>
#include <string>
#include <vector>

#include "core/model/model_description.hpp"

namespace vms {

/// A material of the density table.
struct Material {
  const char* name;
  double density;  // kg/m^3
};

/// Aluminium 2700, steel 7850, titanium 4430, CFRP 1600, ABS 1040 kg/m^3.
const std::vector<Material>& materialTable();

/// Volume (m^3) of one box, cylinder, sphere or capsule; 0 for a mesh.
double shapeVolume(const Visual& v);

/// Mass, centre of mass (in the link frame) and inertia about it (link frame) of the given
/// visuals (explicit ones: resolve following visuals first, resolveLinkShapes) filled with
/// `density` kg/m^3. Meshes are skipped, each named in `skipped` ("mesh 'file'"). No shape
/// gives zero mass, zero inertia.
Inertial inertialFromShapes(const std::vector<Visual>& visuals, double density,
                            std::vector<std::string>* skipped = nullptr);

/// Mass, centre of mass and inertia about it of a closed triangle mesh (points in the frame the
/// result is expressed in; triangles index them, wound consistently) filled with `density`:
/// the divergence theorem, one signed tetrahedron from the origin per triangle. Inward winding
/// gives the same result as outward. An open mesh gives a meaningless result; no triangles,
/// zero mass.
Inertial inertialFromTriangles(const std::vector<Vec3>& points,
                               const std::vector<std::array<int, 3>>& triangles, double density);

/// The mass properties of several bodies as one (parallel-axis theorem); all in one frame.
Inertial combinedInertial(const std::vector<Inertial>& parts);

}  // namespace vms
