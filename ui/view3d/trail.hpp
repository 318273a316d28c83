#pragma once
// The end-effector trail: the last N positions in a ring buffer, drawn as one polyline.
#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>

#include <vector>

#include "core/spatial/se3.hpp"

namespace vms::ui {

class Trail {
 public:
  explicit Trail(int capacity = 2000);
  void build(vtkRenderer* renderer, double line_width);
  void clearActors();
  void clearPoints();
  /// Appends a point (ignored if not finite or closer than `min_step` to the last one).
  void add(const Vec3& point, double min_step);
  void setVisible(bool visible);
  int size() const { return count_; }

 private:
  void rebuild();
  std::vector<Vec3> ring_;
  int head_ = 0, count_ = 0;
  vtkSmartPointer<vtkPoints> points_;
  vtkSmartPointer<vtkCellArray> lines_;
  vtkSmartPointer<vtkPolyData> data_;
  vtkSmartPointer<vtkActor> actor_;
  vtkRenderer* renderer_ = nullptr;
  bool visible_ = false;
};

}  // namespace vms::ui
