#pragma once
// Shared glyph geometry for the overlays: unit arrows (along +x, length 1), coloured axes
// triads (x red, y green, z blue; length 1) and unit spheres, plus a helper making an actor
// with its own user matrix and a flat colour.
#include <vtkActor.h>
#include <vtkMatrix4x4.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkSmartPointer.h>

#include "core/spatial/se3.hpp"

namespace vms::ui {

vtkSmartPointer<vtkPolyData> unitArrow(int tip_resolution = 12, int shaft_resolution = 10);
/// Carries RGB point colours.
vtkSmartPointer<vtkPolyData> unitAxesTriad(int tip_resolution = 12, int shaft_resolution = 10);
vtkSmartPointer<vtkPolyData> unitSphere(int resolution = 16);

struct GlyphActor {
  vtkSmartPointer<vtkActor> actor;
  vtkSmartPointer<vtkMatrix4x4> matrix;
};

/// The overlays' look on an actor: not pickable, `color` (used unless the mapper shows point
/// colours), `opacity`, a little specular.
void styleGlyphActor(vtkActor* actor, const Vec3& color, double opacity = 1.0);
void styleGlyphProperty(vtkProperty* property, const Vec3& color, double opacity = 1.0);

/// Not pickable. `use_point_colors` for the triad; otherwise `color`.
GlyphActor makeGlyphActor(vtkPolyData* data, const Vec3& color, double opacity = 1.0,
                          bool use_point_colors = false);

}  // namespace vms::ui
