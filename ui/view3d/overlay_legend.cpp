#include "ui/view3d/overlay_legend.hpp"

#include <vtkTextProperty.h>

#include <cmath>

#include "ui/view3d/model_overlays.hpp"

namespace vms::ui {
namespace {

struct Label {
  Overlay overlay;
  const char* text;
  Vec3 color;
};

// Colours as drawn by SceneView (ellipsoids) and ModelOverlays (momentum arrows).
const Label kLabels[] = {
    {Overlay::ManipulabilityFixed, "manipulability, fixed base (Jm)", Vec3(0.35, 0.65, 1.0)},
    {Overlay::ManipulabilityFloating, "manipulability, free-floating (J*)", Vec3(1.0, 0.55, 0.2)},
    {Overlay::OperationalInertia, "operational-space inertia", Vec3(0.3, 0.9, 0.5)},
    {Overlay::LinkInertias, "Lambda(k) at every link", Vec3(0.85, 0.45, 0.95)},
    {Overlay::MomentumArrows, "momentum: linear (green), angular (violet)", Vec3(0.85, 0.85, 0.85)},
    {Overlay::SystemCenterOfMass, "system centre of mass (sphere)", kSystemComColor},
};

}  // namespace

void OverlayLegend::build(vtkRenderer* renderer) {
  clear();
  renderer_ = renderer;
  for (const Label& label : kLabels) {
    Entry e{label.overlay, vtkSmartPointer<vtkTextActor>::New(), false};
    e.text->SetInput(label.text);
    vtkTextProperty* p = e.text->GetTextProperty();
    p->SetFontSize(fontSize());
    p->SetColor(label.color.x(), label.color.y(), label.color.z());
    p->SetShadow(true);
    e.text->PickableOff();
    e.text->SetVisibility(false);
    renderer_->AddViewProp(e.text);
    entries_.push_back(e);
  }
}

void OverlayLegend::clear() {
  if (renderer_)
    for (Entry& e : entries_) renderer_->RemoveViewProp(e.text);
  entries_.clear();
  renderer_ = nullptr;
}

void OverlayLegend::setVisible(Overlay overlay, bool visible) {
  for (Entry& e : entries_)
    if (e.overlay == overlay) e.visible = visible;
  layout();
}

void OverlayLegend::setText(Overlay overlay, const std::string& text) {
  for (Entry& e : entries_)
    if (e.overlay == overlay) e.text->SetInput(text.c_str());
}

void OverlayLegend::setPixelScale(double scale) {
  if (!(scale > 0.0) || scale == pixel_scale_) return;
  pixel_scale_ = scale;
  for (Entry& e : entries_) e.text->GetTextProperty()->SetFontSize(fontSize());
  layout();
}

int OverlayLegend::fontSize() const { return int(std::lround(13 * pixel_scale_)); }

void OverlayLegend::layout() {
  const int margin = int(std::lround(8 * pixel_scale_));
  const int line = int(std::lround(18 * pixel_scale_));
  int row = 0;
  for (Entry& e : entries_) {
    e.text->SetVisibility(e.visible);
    if (!e.visible) continue;
    e.text->SetDisplayPosition(margin, margin + line * row);
    ++row;
  }
}

}  // namespace vms::ui
