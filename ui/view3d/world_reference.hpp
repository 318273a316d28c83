#pragma once
// The world's reference in the 3D view, for a drifting vehicle to drift against: the world axes
// triad at the origin (x red, y green, z blue) and a grid in the world xy plane (z = 0) around the
// origin, its spacing a round number (1, 2 or 5 times a power of ten) of about a fifth of the
// model's size, its extent ten spacings each way.
#include <vtkActor.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>

#include "ui/view3d/grid_spacing.hpp"

namespace vms::ui {

class WorldReference {
 public:
  /// Adds the triad and the grid for a model of characteristic length `size` to `renderer`
  /// (replacing earlier ones).
  void build(vtkRenderer* renderer, double size);
  void clear();
  void setAxesVisible(bool visible);
  void setGridVisible(bool visible);
  double spacing() const { return spacing_; }

 private:
  vtkRenderer* renderer_ = nullptr;
  vtkSmartPointer<vtkActor> axes_, grid_;
  double spacing_ = 0.0;
};

}  // namespace vms::ui
