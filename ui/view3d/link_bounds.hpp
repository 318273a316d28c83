#pragma once
// World bounding boxes of the link parts the 3D view draws (buildLinkGeometry), without VTK in
// the interface: lets code outside ui/view3d (tests, the model editor) check where a link is
// drawn, e.g. that a shape following the joints reaches the moved joint.
#include <QString>
#include <vector>

#include "core/model/model.hpp"

namespace vms::ui {

struct PartBounds {
  int body = 0;
  bool automatic = false;  // generated geometry (a link without shapes)
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();
};

/// One box per part of buildLinkGeometry(model, model_dir), placed at `body_poses` (size
/// model.nbodies, e.g. forward kinematics at q = 0).
std::vector<PartBounds> linkPartBounds(const Model& model, const std::vector<Pose>& body_poses,
                                       const QString& model_dir = QString());

}  // namespace vms::ui
