#include "ui/view3d/workspace_cloud.hpp"

#include <vtkCellArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <array>

namespace vms::ui {

namespace {

/// A perceptually ordered ramp (after viridis): 0 dark blue-violet, 0.5 teal-green, 1 yellow.
std::array<unsigned char, 3> rampColor(double t) {
  static const double stops[5][3] = {{0.27, 0.00, 0.33},
                                     {0.23, 0.32, 0.55},
                                     {0.13, 0.57, 0.55},
                                     {0.37, 0.79, 0.38},
                                     {0.99, 0.91, 0.14}};
  t = std::clamp(t, 0.0, 1.0) * 4.0;
  const int i = std::min(3, int(t));
  const double f = t - i;
  std::array<unsigned char, 3> c{};
  for (int k = 0; k < 3; ++k)
    c[size_t(k)] =
        static_cast<unsigned char>(255.0 * ((1.0 - f) * stops[i][k] + f * stops[i + 1][k]) + 0.5);
  return c;
}

}  // namespace

void WorkspaceCloud::build(vtkRenderer* renderer) {
  clearActors();
  renderer_ = renderer;
  rebuild();
}

void WorkspaceCloud::clearActors() {
  if (renderer_ && actor_) renderer_->RemoveViewProp(actor_);
  renderer_ = nullptr;
  actor_ = nullptr;
}

void WorkspaceCloud::set(const std::vector<Vec3>& points, const std::vector<double>& values,
                         double max_value) {
  points_ = points;
  values_ = values;
  values_.resize(points_.size(), 0.0);
  max_value_ = max_value;
  rebuild();
}

void WorkspaceCloud::clear() {
  points_.clear();
  values_.clear();
  rebuild();
}

void WorkspaceCloud::rebuild() {
  count_ = 0;
  if (renderer_ && actor_) renderer_->RemoveViewProp(actor_);
  actor_ = nullptr;
  if (!renderer_ || points_.empty()) return;
  auto points = vtkSmartPointer<vtkPoints>::New();
  auto verts = vtkSmartPointer<vtkCellArray>::New();
  auto colors = vtkSmartPointer<vtkUnsignedCharArray>::New();
  colors->SetNumberOfComponents(3);
  colors->SetName("manipulability");
  for (size_t i = 0; i < points_.size(); ++i) {
    const Vec3& p = points_[i];
    if (!p.allFinite()) continue;
    const vtkIdType id = points->InsertNextPoint(p.x(), p.y(), p.z());
    verts->InsertNextCell(1, &id);
    const auto c = rampColor(max_value_ > 0.0 ? values_[i] / max_value_ : 0.0);
    colors->InsertNextTypedTuple(c.data());
    ++count_;
  }
  auto data = vtkSmartPointer<vtkPolyData>::New();
  data->SetPoints(points);
  data->SetVerts(verts);
  data->GetPointData()->SetScalars(colors);
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data);
  mapper->SetScalarModeToUsePointData();
  mapper->SetColorModeToDirectScalars();
  actor_ = vtkSmartPointer<vtkActor>::New();
  actor_->SetMapper(mapper);
  actor_->PickableOff();
  actor_->GetProperty()->SetPointSize(3.0f);
  actor_->GetProperty()->LightingOff();
  renderer_->AddViewProp(actor_);
}

}  // namespace vms::ui
