#include "ui/view3d/overlay_legend.hpp"

#include <vtkTextProperty.h>

#include <cmath>

#include "ui/view3d/model_overlays.hpp"

namespace vms::ui {
namespace {

struct Label {
  int key;  // the overlay, or OverlayLegend's ghost key
  const char* text;
  Vec3 color;
};

// Colours as drawn by SceneView (ellipsoids, the ghosts' light grey for their translucent
// copies of the links) and ModelOverlays (momentum arrows).
const Label kLabels[] = {
    {int(Overlay::ManipulabilityFixed), "manipulability, fixed base (Jm)", Vec3(0.35, 0.65, 1.0)},
    {int(Overlay::ManipulabilityFloating), "manipulability, free-floating (J*)",
     Vec3(1.0, 0.55, 0.2)},
    {int(Overlay::OperationalInertia), "operational-space inertia", Vec3(0.3, 0.9, 0.5)},
    {int(Overlay::LinkInertias), "Lambda(k) at every link", Vec3(0.85, 0.45, 0.95)},
    {int(Overlay::MomentumArrows), "momentum: linear (green), angular (violet)",
     Vec3(0.85, 0.85, 0.85)},
    {int(Overlay::SystemCenterOfMass), "system centre of mass (sphere)", kSystemComColor},
    {OverlayLegend::kGhostKey, "ghost (translucent): the run with the printed equation (errata)",
     Vec3(0.8, 0.8, 0.8)},
};

}  // namespace

void OverlayLegend::build(vtkRenderer* renderer) {
  clear();
  renderer_ = renderer;
  for (const Label& label : kLabels) {
    Entry e{label.key, vtkSmartPointer<vtkTextActor>::New(), false};
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
  setKeyVisible(int(overlay), visible);
}

void OverlayLegend::setGhostsVisible(bool visible) { setKeyVisible(kGhostKey, visible); }

void OverlayLegend::setKeyVisible(int key, bool visible) {
  for (Entry& e : entries_)
    if (e.key == key) e.visible = visible;
  layout();
}

std::vector<std::string> OverlayLegend::shownTexts() const {
  std::vector<std::string> texts;
  for (const Entry& e : entries_)
    if (e.visible) texts.emplace_back(e.text->GetInput());
  return texts;
}

void OverlayLegend::setText(Overlay overlay, const std::string& text) {
  for (Entry& e : entries_)
    if (e.key == int(overlay)) e.text->SetInput(text.c_str());
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
