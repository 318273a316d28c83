#pragma once
// The per-body overlays: link frames (axes triads), centres of mass, joint axes, the system
// centre of mass and the total linear / angular momentum arrows at it. Markers that sit inside
// geometry (CoMs, momentum) go to the `markers` renderer layer so that they stay visible.
#include <vtkRenderer.h>

#include <vector>

#include "core/model/model.hpp"
#include "ui/view3d/overlay_glyphs.hpp"
#include "ui/view3d/scene_view.hpp"

namespace vms::ui {

/// The system centre of mass's sphere (the legend uses it too).
inline const Vec3 kSystemComColor(1.0, 0.9, 0.2);

/// Arrow length for a momentum, in units of the model size: |P|/M (m/s) and |L|/(M (size/2)^2)
/// (rad/s) taken over one second, clamped to [0.15, 0.8] model sizes; 0 (hidden) below 1e-6.
double momentumArrowLength(double equivalent_rate, double size);

class ModelOverlays {
 public:
  /// `size`: the model's characteristic length (m), which sizes every glyph.
  void build(const Model& model, double size, vtkRenderer* scene, vtkRenderer* markers);
  void clear();
  void update(const std::vector<Pose>& body_poses, const Vec3& system_com,
              const Vec3& linear_momentum, const Vec3& angular_momentum_com);
  void setVisible(Overlay overlay, bool visible);

 private:
  struct Placed {
    GlyphActor glyph;
    int body = 0;
    Mat3 linear = Mat3::Identity();
    Vec3 offset = Vec3::Zero();
  };
  void add(vtkRenderer* renderer, vtkProp* prop);

  std::vector<Placed> frames_, coms_, joint_axes_;
  GlyphActor system_com_, linear_momentum_, angular_momentum_;
  std::vector<std::pair<vtkRenderer*, vtkProp*>> added_;
  double size_ = 1.0, mass_ = 1.0;
  bool momentum_visible_ = false;
};

}  // namespace vms::ui
