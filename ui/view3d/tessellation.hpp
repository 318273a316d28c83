#pragma once
// Geometry checks and coarser versions of the links' and overlays' geometry (level of
// detail): whether a surface is closed with its faces wound outwards (its back faces can be
// culled: never seen), and a decimated copy of a mesh.
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

namespace vms::ui {

/// True if every connected part of the surface is closed (each edge shared by exactly two
/// faces, wound in opposite directions) and encloses a positive volume (faces wound
/// counter-clockwise seen from outside). Points within a millionth of the size count as one.
bool isClosedOutward(vtkPolyData* data);

/// A copy with about `keep` (0..1) of the triangles (quadric decimation, volume preserved) and
/// normals as mesh_loader computes them; the input itself when decimation fails.
vtkSmartPointer<vtkPolyData> decimated(vtkPolyData* data, double keep);

/// The largest distance between the two surfaces (each one's points to the other surface),
/// over the first one's bounding-box diagonal: how far `coarse` strays from `fine`.
double relativeDeviation(vtkPolyData* fine, vtkPolyData* coarse);

}  // namespace vms::ui
