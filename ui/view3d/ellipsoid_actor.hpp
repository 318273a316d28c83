#pragma once
// A semi-transparent ellipsoid (FrameAnalysis' Ellipsoid: centre, principal axes, radii) drawn
// with a display scale shared by the ellipsoids that must be compared (fixed and floating
// manipulability use one EllipsoidScale, so their sizes stay comparable).
#include <vtkRenderer.h>

#include <vector>

#include "ui/sim/sim_frame.hpp"
#include "ui/view3d/lod_mesh.hpp"
#include "ui/view3d/overlay_glyphs.hpp"

namespace vms::ui {

/// Display scale (m per unit of radius) with hysteresis: chosen so that the largest radius
/// seen is `target` metres, and re-chosen only when it drifts out of [target/4, 2.5 target].
class EllipsoidScale {
 public:
  void setTarget(double target_m) { target_ = target_m, scale_ = 0.0; }
  void reset() { scale_ = 0.0; }
  /// Updates with the largest radius shown now (ignored if not positive and finite).
  void observe(double largest_radius);
  double scale() const { return scale_; }

 private:
  double target_ = 1.0, scale_ = 0.0;
};

class EllipsoidActor {
 public:
  void build(vtkRenderer* renderer, const Vec3& color, double opacity);
  void clear();
  /// Hidden when `e` is invalid, when not enabled, or when the scale is not set yet.
  void update(const Ellipsoid& e, double scale);
  void setEnabled(bool enabled);
  /// The tessellation for the view about to be rendered: 28 segments round, or 16 / 10 while
  /// the ellipsoid is under 52 / 20 px across (within half a pixel of the outline, as
  /// link_geometry's levels).
  void chooseLevel(const LodView& view);
  vtkActor* actor() const { return glyph_.actor; }
  /// Largest displayed radius (m), 0 when hidden.
  double shownSize() const { return enabled_ && drawable_ ? shown_size_ : 0.0; }

 private:
  GlyphActor glyph_;
  std::vector<vtkSmartPointer<vtkPolyData>> levels_;  // finest first
  int level_ = 0;
  Vec3 center_ = Vec3::Zero();
  vtkRenderer* renderer_ = nullptr;
  bool enabled_ = false, drawable_ = false;
  double shown_size_ = 0.0;
};

}  // namespace vms::ui
