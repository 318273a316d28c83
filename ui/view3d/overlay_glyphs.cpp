#include "ui/view3d/overlay_glyphs.hpp"

#include <vtkAppendPolyData.h>
#include <vtkArrowSource.h>
#include <vtkPointData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkSphereSource.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkUnsignedCharArray.h>

namespace vms::ui {

vtkSmartPointer<vtkPolyData> unitArrow(int tip_resolution, int shaft_resolution) {
  auto src = vtkSmartPointer<vtkArrowSource>::New();
  src->SetTipResolution(tip_resolution);
  src->SetShaftResolution(shaft_resolution);
  src->SetTipLength(0.25);
  src->SetTipRadius(0.08);
  src->SetShaftRadius(0.03);
  src->Update();
  return src->GetOutput();
}

vtkSmartPointer<vtkPolyData> unitAxesTriad(int tip_resolution, int shaft_resolution) {
  auto append = vtkSmartPointer<vtkAppendPolyData>::New();
  const unsigned char colors[3][3] = {{230, 40, 40}, {40, 200, 40}, {50, 90, 240}};
  for (int axis = 0; axis < 3; ++axis) {
    auto transform = vtkSmartPointer<vtkTransform>::New();
    if (axis == 1) transform->RotateZ(90.0);
    if (axis == 2) transform->RotateY(-90.0);
    auto filter = vtkSmartPointer<vtkTransformPolyDataFilter>::New();
    filter->SetInputData(unitArrow(tip_resolution, shaft_resolution));
    filter->SetTransform(transform);
    filter->Update();
    vtkSmartPointer<vtkPolyData> arrow = filter->GetOutput();
    auto rgb = vtkSmartPointer<vtkUnsignedCharArray>::New();
    rgb->SetName("rgb");
    rgb->SetNumberOfComponents(3);
    rgb->SetNumberOfTuples(arrow->GetNumberOfPoints());
    for (vtkIdType i = 0; i < arrow->GetNumberOfPoints(); ++i) rgb->SetTypedTuple(i, colors[axis]);
    arrow->GetPointData()->SetScalars(rgb);
    append->AddInputData(arrow);
  }
  append->Update();
  return append->GetOutput();
}

vtkSmartPointer<vtkPolyData> unitSphere(int resolution) {
  auto src = vtkSmartPointer<vtkSphereSource>::New();
  src->SetRadius(1.0);
  src->SetThetaResolution(resolution);
  src->SetPhiResolution(std::max(6, resolution * 2 / 3));
  src->Update();
  return src->GetOutput();
}

void styleGlyphProperty(vtkProperty* property, const Vec3& color, double opacity) {
  property->SetColor(color.x(), color.y(), color.z());
  property->SetOpacity(opacity);
  property->SetSpecular(0.3);
}

void styleGlyphActor(vtkActor* actor, const Vec3& color, double opacity) {
  actor->PickableOff();
  styleGlyphProperty(actor->GetProperty(), color, opacity);
}

GlyphActor makeGlyphActor(vtkPolyData* data, const Vec3& color, double opacity,
                          bool use_point_colors) {
  GlyphActor g;
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data);
  if (use_point_colors) {
    mapper->SetScalarModeToUsePointData();
    mapper->SetColorModeToDirectScalars();
    mapper->ScalarVisibilityOn();
  } else {
    mapper->ScalarVisibilityOff();
  }
  g.actor = vtkSmartPointer<vtkActor>::New();
  g.actor->SetMapper(mapper);
  g.matrix = vtkSmartPointer<vtkMatrix4x4>::New();
  g.actor->SetUserMatrix(g.matrix);
  styleGlyphActor(g.actor, color, opacity);
  return g;
}

}  // namespace vms::ui
