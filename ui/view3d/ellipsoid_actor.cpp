#include "ui/view3d/ellipsoid_actor.hpp"

#include <vtkProperty.h>

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
  glyph_ = makeGlyphActor(unitSphere(28), color, opacity);
  glyph_.actor->GetProperty()->SetSpecular(0.5);
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
    setVtkMatrix(glyph_.matrix, e.axes * r.asDiagonal(), e.center);
    shown_size_ = r.maxCoeff();
  }
  glyph_.actor->SetVisibility(enabled_ && drawable_);
}

void EllipsoidActor::setEnabled(bool enabled) {
  enabled_ = enabled;
  if (glyph_.actor) glyph_.actor->SetVisibility(enabled_ && drawable_);
}

}  // namespace vms::ui
