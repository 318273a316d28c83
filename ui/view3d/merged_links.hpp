#pragma once
// The links' parts (link_geometry) drawn as few actors: one LodMesh per material (the parts'
// vtkProperty: colour, opacity, lighting), kind of data (with or without normals and point
// colours), levels of detail and size class. Closed opaque parts are drawn with their back
// faces culled. The parts' own actors stay the reference for picking, the highlight of the
// selected body and the glTF export (SceneView); this is what is drawn every frame.
#include <vtkRenderer.h>

#include <memory>
#include <vector>

#include "ui/view3d/link_geometry.hpp"
#include "ui/view3d/lod_mesh.hpp"

namespace vms::ui {

class MergedLinks {
 public:
  /// Groups `parts` into merged actors added to `renderer`; the parts of `excluded_body` (-1:
  /// none) are left out. Rebuilds from scratch (a selection change: a few ms for 100 links).
  void build(const std::vector<LinkPart>& parts, vtkRenderer* renderer, int excluded_body = -1);
  void clear();
  /// Places the parts for the body poses (as placeLinkParts does for the parts' actors).
  void place(const std::vector<LinkPart>& parts, const std::vector<Pose>& body_poses);
  /// Chooses each group's level of detail for the view about to be rendered.
  void chooseLevels(const LodView& view);
  void setVisible(bool visible);
  int actorCount() const { return int(groups_.size()); }
  /// Actors drawn now (each group's actor of its chosen level, when visible).
  int visibleActorCount() const;
  bool owns(const vtkActor* actor) const;
  /// Polygons drawn at the current levels (tests).
  long drawnPolygons() const;

 private:
  struct Group {
    std::unique_ptr<LodMesh> mesh;
    std::vector<int> parts;  // index into the parts given to build(), in piece order
  };
  std::vector<Group> groups_;
  vtkRenderer* renderer_ = nullptr;
};

}  // namespace vms::ui
