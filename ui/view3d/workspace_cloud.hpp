#pragma once
// The reachable workspace in the 3D view (core/analysis/reachable_workspace): one point per
// sample, coloured by its manipulability relative to the largest (dark blue: singular, through
// green, to yellow: the best), drawn as unlit points in world coordinates.
#include <vtkActor.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>

#include <vector>

#include "core/spatial/se3.hpp"

namespace vms::ui {

class WorkspaceCloud {
 public:
  void build(vtkRenderer* renderer);
  void clearActors();
  /// Replaces the points; `values` (same size) are scaled by `max_value` for the colour.
  void set(const std::vector<Vec3>& points, const std::vector<double>& values, double max_value);
  void clear();
  int size() const { return count_; }

 private:
  void rebuild();
  std::vector<Vec3> points_;
  std::vector<double> values_;
  double max_value_ = 0.0;
  int count_ = 0;
  vtkSmartPointer<vtkActor> actor_;
  vtkRenderer* renderer_ = nullptr;
};

}  // namespace vms::ui
