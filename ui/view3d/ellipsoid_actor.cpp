#include "ui/view3d/ellipsoid_actor.hpp"

#include <vtkMapper.h>
#include <vtkProperty.h>

#include <algorithm>
#include <cmath>

#include "ui/view3d/vtk_pose.hpp"

namespace vms::ui {

void EllipsoidScale::observe(double largest_radius) {
  if (!(largest_radius > 0.0) || !std::isfinite(largest_radius)) return;
  const double shown = largest_radius * scale_;
  if (scale_ <= 0.0 || shown > 2.5 * target_ || shown < 0.25 * target_)
    scale_ = target_ / largest_radius;
}

void EllipsoidActor::build(vtkRenderer* renderer, const Vec3& color, double opacity) {
  clear();
  renderer_ = renderer;
  levels_ = {unitSphere(28), unitSphere(16), unitSphere(10)};
  level_ = 0;
  glyph_ = makeGlyphActor(levels_[0], color, opacity);
  glyph_.actor->GetProperty()->SetSpecular(0.5);
  // Only the near side is blended: the far side's triangles used to show through or not
  // depending on their order in the sphere (depth writes), and they doubled the pixels shaded
  // for the largest overlay on screen.
  glyph_.actor->GetProperty()->BackfaceCullingOn();
  // Drawn in the opaque pass with blending: VTK 9.1 would otherwise run its order-independent
  // transparency passes, which double the frame time on llvmpipe. Ellipsoids come after the
  // links and smaller ones before larger ones (SceneView orders them), so each blends over
  // what is inside it.
  glyph_.actor->ForceOpaqueOn();
  glyph_.actor->SetVisibility(false);
  renderer_->AddViewProp(glyph_.actor);
}

void EllipsoidActor::clear() {
  if (renderer_ && glyph_.actor) renderer_->RemoveViewProp(glyph_.actor);
  renderer_ = nullptr;
  glyph_ = GlyphActor{};
  drawable_ = false;
}

void EllipsoidActor::update(const Ellipsoid& e, double scale) {
  if (!glyph_.actor) return;
  drawable_ = e.valid && scale > 0.0 && e.radii.allFinite() && e.axes.allFinite() &&
              e.center.allFinite() && e.radii.maxCoeff() > 0.0;
  if (drawable_) {
    // Flat directions (a planar arm, a single joint) still get some thickness so the ellipse
    // or segment shows.
    const Vec3 r = (e.radii.cwiseMax(0.04 * e.radii.maxCoeff())) * scale;
    // A right-handed frame (an axis flipped draws the same ellipsoid): a mirroring matrix would
    // turn the sphere's faces inside out, and the back faces are culled.
    Mat3 axes = e.axes;
    if (axes.determinant() < 0.0) axes.col(2) = -axes.col(2);
    setVtkMatrix(glyph_.matrix, axes * r.asDiagonal(), e.center);
    shown_size_ = r.maxCoeff();
    center_ = e.center;
  }
  glyph_.actor->SetVisibility(enabled_ && drawable_);
}

void EllipsoidActor::chooseLevel(const LodView& view) {
  if (!glyph_.actor || !(enabled_ && drawable_) || levels_.size() < 3) return;
  const double distance = std::max((center_ - view.eye).norm() - shown_size_, 1e-9);
  const double across = view.pixels_per_radian > 0.0
                            ? 2.0 * shown_size_ / distance * view.pixels_per_radian
                            : INFINITY;
  const int level = across < 20.0 ? 2 : across < 52.0 ? 1 : 0;
  if (level == level_) return;
  level_ = level;
  vtkMapper* mapper = glyph_.actor->GetMapper();
  mapper->SetInputDataObject(levels_[size_t(level)]);
}

void EllipsoidActor::setEnabled(bool enabled) {
  enabled_ = enabled;
  if (glyph_.actor) glyph_.actor->SetVisibility(enabled_ && drawable_);
}

}  // namespace vms::ui
