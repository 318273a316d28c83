#include "ui/document/visual_edits.hpp"

#include <cmath>

#include "core/model/link_shapes.hpp"
#include "ui/document/file_number_range.hpp"

namespace vms::ui {

namespace {

bool positive(double x) { return std::isfinite(x) && x > 0.0; }

}  // namespace

std::string visualProblem(const Visual& v) {
  const Vec3& s = v.size;
  const std::string shape = toString(v.shape);
  switch (v.shape) {
    case Visual::Shape::Box:
      if (!positive(s.x()) || !positive(s.y()) || (!v.follow_joints && !positive(s.z())))
        return "the sides of a box must be positive numbers";
      break;
    case Visual::Shape::Cylinder:
    case Visual::Shape::Capsule:
      if (!positive(s.x())) return "the radius of a " + shape + " must be a positive number";
      if (!v.follow_joints) {
        const bool ok = v.shape == Visual::Shape::Capsule ? std::isfinite(s.y()) && s.y() >= 0.0
                                                          : positive(s.y());
        if (!ok)
          return v.shape == Visual::Shape::Capsule
                     ? "the length of a capsule must be zero or a positive number"
                     : "the length of a cylinder must be a positive number";
      }
      break;
    case Visual::Shape::Sphere:
      if (!positive(s.x())) return "the radius of a sphere must be a positive number";
      break;
    case Visual::Shape::Mesh:
      if (v.mesh.empty()) return "a mesh needs a file";
      if (!v.mesh_scale.allFinite() || v.mesh_scale.cwiseAbs().minCoeff() == 0.0)
        return "the scale of a mesh must be finite and non-zero";
      break;
  }
  if (!s.allFinite()) return "the sizes must be finite numbers";
  if (v.follow_joints && !canFollowJoints(v.shape))
    return "only a box, cylinder or capsule can follow the joints";
  if (!v.rgba.allFinite() || v.rgba.minCoeff() < 0.0 || v.rgba.maxCoeff() > 1.0)
    return "colour components must be within [0, 1]";
  if (!v.origin.p.allFinite() || !v.origin.R.allFinite())
    return "the origin must be finite numbers";
  for (const Vec3* numbers : {&v.size, &v.mesh_scale, &v.origin.p})
    for (int i = 0; i < 3; ++i)
      if (std::string problem = fileRangeProblem((*numbers)[i]); !problem.empty()) return problem;
  return {};
}

bool sameVisual(const Visual& a, const Visual& b) {
  return a.shape == b.shape && a.size == b.size && a.mesh == b.mesh &&
         a.mesh_scale == b.mesh_scale && a.origin.p == b.origin.p && a.origin.R == b.origin.R &&
         a.rgba == b.rgba && a.material == b.material && a.follow_joints == b.follow_joints;
}

std::string describeVisual(const ModelDescription& d, int link, int index) {
  return "shape " + std::to_string(index + 1) + " of link '" +
         d.links[static_cast<size_t>(link)].name + "'";
}

}  // namespace vms::ui
