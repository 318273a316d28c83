#pragma once
// Shared glyph geometry for the overlays: unit arrows (along +x, length 1), coloured axes
// triads (x red, y green, z blue; length 1) and unit spheres, plus a helper making an actor
// with its own user matrix and a flat colour.
#include <vtkActor.h>
#include <vtkMatrix4x4.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include "core/spatial/se3.hpp"

namespace vms::ui {

vtkSmartPointer<vtkPolyData> unitArrow();
vtkSmartPointer<vtkPolyData> unitAxesTriad();  // carries RGB point colours
vtkSmartPointer<vtkPolyData> unitSphere(int resolution = 16);

struct GlyphActor {
  vtkSmartPointer<vtkActor> actor;
  vtkSmartPointer<vtkMatrix4x4> matrix;
};

/// Not pickable. `use_point_colors` for the triad; otherwise `color`.
GlyphActor makeGlyphActor(vtkPolyData* data, const Vec3& color, double opacity = 1.0,
                          bool use_point_colors = false);

}  // namespace vms::ui
