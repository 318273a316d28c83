#pragma once
// The per-body overlays: link frames (axes triads), centres of mass, joint axes, the system
// centre of mass and the total linear / angular momentum arrows at it. Markers that sit inside
// geometry (CoMs, momentum) go to the `markers` renderer layer so that they stay visible. The
// per-body glyphs of one kind and colour are one merged actor (merged_mesh), placed only while
// shown.
#include <vtkRenderer.h>

#include <memory>
#include <vector>

#include "core/model/model.hpp"
#include "ui/view3d/lod_mesh.hpp"
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
  /// Levels of detail of the shown per-body glyphs for the view about to be rendered.
  void chooseLevels(const LodView& view);

 private:
  struct Placed {
    int body = 0;
    Mat3 linear = Mat3::Identity();
    Vec3 offset = Vec3::Zero();
  };
  /// Glyphs of one kind and colour on the bodies: one actor.
  struct Group {
    Overlay overlay;
    Vec3 color = Vec3::Zero();
    bool point_colors = false;
    std::unique_ptr<LodMesh> mesh;
    vtkRenderer* renderer = nullptr;
    std::vector<Placed> placed;  // in piece order
    bool visible = false;
  };
  void add(vtkRenderer* renderer, vtkProp* prop);
  /// The group of this overlay and colour, made with `levels` glyph sources (finest first) if
  /// new; `below_px`: the levels' thresholds (LodMesh) for the glyph size given to add().
  Group& group(Overlay overlay, const Vec3& color, bool point_colors, vtkRenderer* renderer,
               const std::vector<vtkPolyData*>& levels, const std::vector<double>& below_px);
  void place(Group& group);

  std::vector<Group> groups_;
  std::vector<Pose> poses_;  // the last frame's (a group shown later is placed from them)
  GlyphActor system_com_, linear_momentum_, angular_momentum_;
  std::vector<std::pair<vtkRenderer*, vtkProp*>> added_;
  double size_ = 1.0, mass_ = 1.0;
  bool momentum_visible_ = false;
};

}  // namespace vms::ui
