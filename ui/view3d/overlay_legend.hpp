#pragma once
// A small colour legend in the lower-left corner for the overlays whose colours need naming
// (the three ellipsoids and the momentum arrows) and for errata mode's ghost models; an entry
// shows while its overlay is on (the ghosts' entry: while ghosts are drawn).
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkTextActor.h>

#include <string>
#include <vector>

#include "core/spatial/se3.hpp"
#include "ui/view3d/scene_view.hpp"

namespace vms::ui {

class OverlayLegend {
 public:
  /// Entries are keyed by their overlay (int(Overlay)), the ghosts' by kGhostKey.
  static constexpr int kGhostKey = kOverlayCount;
  void build(vtkRenderer* renderer);
  void clear();
  void setVisible(Overlay overlay, bool visible);
  /// The ghost models' entry.
  void setGhostsVisible(bool visible);
  /// The texts of the entries shown, bottom first (tests).
  std::vector<std::string> shownTexts() const;
  /// Replaces an entry's text (e.g. the kind of ellipsoid shown, a scale).
  void setText(Overlay overlay, const std::string& text);
  /// Pixels per point of the text and its margins: 1 on screen, s for a screenshot drawn at
  /// s times the view's size (so that the legend keeps its size relative to the picture).
  void setPixelScale(double scale);

 private:
  void layout();
  int fontSize() const;
  void setKeyVisible(int key, bool visible);
  struct Entry {
    int key;
    vtkSmartPointer<vtkTextActor> text;
    bool visible = false;
  };
  std::vector<Entry> entries_;
  vtkRenderer* renderer_ = nullptr;
  double pixel_scale_ = 1.0;
};

}  // namespace vms::ui
