#include "ui/view3d/link_bounds.hpp"

#include <vtkMapper.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include "ui/view3d/link_geometry.hpp"

namespace vms::ui {

std::vector<PartBounds> linkPartBounds(const Model& model, const std::vector<Pose>& body_poses,
                                       const QString& model_dir) {
  LinkGeometry geometry = buildLinkGeometry(model, model_dir);
  std::vector<PartBounds> out;
  for (const LinkPart& part : geometry.parts) {
    if (part.body < 0 || size_t(part.body) >= body_poses.size()) continue;
    // The points themselves, placed (vtkActor::GetBounds would transform the corners of the
    // data's box: larger than the shape for a rotated part).
    const Pose& X = body_poses[size_t(part.body)];
    const Mat3 linear = X.R * part.local_linear;
    const Vec3 offset = X.R * part.local_offset + X.p;
    auto* data = vtkPolyData::SafeDownCast(part.actor->GetMapper()->GetInput());
    if (!data || !data->GetPoints()) continue;
    PartBounds p;
    p.body = part.body;
    p.automatic = part.automatic;
    p.lo = Vec3::Constant(1e300);
    p.hi = Vec3::Constant(-1e300);
    for (vtkIdType i = 0; i < data->GetNumberOfPoints(); ++i) {
      double x[3];
      data->GetPoint(i, x);
      const Vec3 w = linear * Vec3(x[0], x[1], x[2]) + offset;
      p.lo = p.lo.cwiseMin(w);
      p.hi = p.hi.cwiseMax(w);
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace vms::ui
