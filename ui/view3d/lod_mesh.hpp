#pragma once
// Level of detail for merged pieces: the same pieces as a MergedMesh per tessellation (finest
// first), all drawing with one shared vtkProperty. Before each render the coarsest level whose
// tessellation still looks the same at the pieces' projected size is shown; under software
// OpenGL every triangle costs even when it covers a pixel or less, and 100 small spheres at
// full tessellation were most of a 100-link model's frame.
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <memory>
#include <vector>

#include "ui/view3d/merged_mesh.hpp"

namespace vms::ui {

/// What the levels are chosen from: the camera position and the pixels a length of 1 m
/// covers at 1 m from it (viewport height / (2 tan(view angle / 2))).
struct LodView {
  Vec3 eye = Vec3::Zero();
  double pixels_per_radian = 0.0;  // 0: always the finest level
};

class LodMesh {
 public:
  /// `below_px[k]`: level k + 1 is drawn while the largest projected size of a piece is under
  /// it (decreasing); level 0 otherwise. Every piece gets one source per level.
  explicit LodMesh(std::vector<double> below_px = {});
  /// `sources`: finest first, one per level (missing levels repeat the last); `size`: the
  /// piece's characteristic size (m, in world units) that the thresholds apply to.
  int add(const std::vector<vtkPolyData*>& sources, double size);
  void build();
  void addTo(vtkRenderer* renderer);
  void removeFrom(vtkRenderer* renderer);

  vtkProperty* property() const { return property_; }
  void setForceOpaque(bool on);
  void setVisible(bool visible);
  bool visible() const { return visible_; }
  bool owns(const vtkActor* actor) const;
  int levelCount() const { return int(levels_.size()); }
  int level() const { return level_; }
  int pieceCount() const { return int(placements_.size()); }
  /// The drawn level's actor (tests, picking aids).
  vtkActor* actor() const { return levels_[size_t(level_)]->actor(); }

  /// As MergedMesh::place, on the drawn level (the placement is kept for a level change).
  void place(int piece, const Mat3& linear, const Vec3& offset);
  void commit();
  /// Picks the level for this view (with a 15 % hysteresis band); returns true if it changed.
  bool choose(const LodView& view);

 private:
  struct Placement {
    Mat3 linear = Mat3::Identity();
    Vec3 offset = Vec3::Zero();
    double size = 0.0;
  };
  std::vector<double> below_px_;
  std::vector<std::unique_ptr<MergedMesh>> levels_;
  std::vector<Placement> placements_;
  vtkSmartPointer<vtkProperty> property_;
  int level_ = 0;
  bool chosen_ = false;  // choose() has run once
  bool visible_ = true;
};

}  // namespace vms::ui
