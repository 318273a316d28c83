#include "ui/view3d/world_reference.hpp"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkLine.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkUnsignedCharArray.h>

#include <cmath>

namespace vms::ui {

double gridSpacing(double size) {
  const double target = (size > 0.0 && std::isfinite(size) ? size : 1.0) / 5.0;
  const double decade = std::pow(10.0, std::floor(std::log10(target)));
  for (double step : {5.0, 2.0, 1.0})
    if (step * decade <= target) return step * decade;
  return decade;
}

namespace {

/// Line segments with a colour each, as one actor.
vtkSmartPointer<vtkActor> lineActor(vtkPoints* points, vtkCellArray* lines,
                                    vtkUnsignedCharArray* colors, double width) {
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetLines(lines);
  poly->GetCellData()->SetScalars(colors);
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(poly);
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->SetLineWidth(float(width));
  actor->GetProperty()->LightingOff();
  actor->PickableOff();
  return actor;
}

void addLine(vtkPoints* points, vtkCellArray* lines, vtkUnsignedCharArray* colors,
             const double a[3], const double b[3], const unsigned char rgb[3]) {
  const vtkIdType i = points->InsertNextPoint(a);
  const vtkIdType j = points->InsertNextPoint(b);
  const vtkIdType ids[2] = {i, j};
  lines->InsertNextCell(2, ids);
  colors->InsertNextTypedTuple(rgb);
}

}  // namespace

void WorldReference::build(vtkRenderer* renderer, double size) {
  clear();
  renderer_ = renderer;
  spacing_ = gridSpacing(size);

  // Axes: two spacings long, x red, y green, z blue.
  {
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto lines = vtkSmartPointer<vtkCellArray>::New();
    auto colors = vtkSmartPointer<vtkUnsignedCharArray>::New();
    colors->SetNumberOfComponents(3);
    const double o[3] = {0, 0, 0}, L = 2.0 * spacing_;
    const double ends[3][3] = {{L, 0, 0}, {0, L, 0}, {0, 0, L}};
    const unsigned char rgb[3][3] = {{230, 60, 50}, {70, 200, 80}, {70, 130, 240}};
    for (int k = 0; k < 3; ++k) addLine(points, lines, colors, o, ends[k], rgb[k]);
    axes_ = lineActor(points, lines, colors, 3.0);
  }
  // Grid: 21 x 21 lines in z = 0, the two through the origin a little brighter.
  {
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto lines = vtkSmartPointer<vtkCellArray>::New();
    auto colors = vtkSmartPointer<vtkUnsignedCharArray>::New();
    colors->SetNumberOfComponents(3);
    const int n = 10;
    const double extent = n * spacing_;
    const unsigned char faint[3] = {70, 78, 92}, axis[3] = {110, 118, 135};
    for (int i = -n; i <= n; ++i) {
      const double c = i * spacing_;
      const double a[3] = {c, -extent, 0}, b[3] = {c, extent, 0};
      const double p[3] = {-extent, c, 0}, q[3] = {extent, c, 0};
      addLine(points, lines, colors, a, b, i == 0 ? axis : faint);
      addLine(points, lines, colors, p, q, i == 0 ? axis : faint);
    }
    grid_ = lineActor(points, lines, colors, 1.0);
  }
  renderer_->AddActor(grid_);
  renderer_->AddActor(axes_);
}

void WorldReference::clear() {
  if (renderer_) {
    if (axes_) renderer_->RemoveActor(axes_);
    if (grid_) renderer_->RemoveActor(grid_);
  }
  axes_ = grid_ = nullptr;
  renderer_ = nullptr;
}

void WorldReference::setAxesVisible(bool visible) {
  if (axes_) axes_->SetVisibility(visible);
}

void WorldReference::setGridVisible(bool visible) {
  if (grid_) grid_->SetVisibility(visible);
}

}  // namespace vms::ui
