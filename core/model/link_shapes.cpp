#include "core/model/link_shapes.hpp"

#include <algorithm>
#include <cmath>

namespace vms {

namespace {

constexpr double kShortest = 1e-9;  // m: a shorter segment is not drawn

/// A rotation whose z axis is `direction` (non-zero); the completion is fixed so that the same
/// joints give the same box orientation.
Mat3 rotationWithZAxis(const Vec3& direction) {
  const Vec3 z = direction.normalized();
  const Vec3 helper = std::abs(z.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  const Vec3 y = z.cross(helper).normalized();
  const Vec3 x = y.cross(z);
  Mat3 R;
  R << x, y, z;
  return R;
}

double followRadius(const Visual& v) {
  return v.shape == Visual::Shape::Box ? 0.5 * std::max(v.size.x(), v.size.y()) : v.size.x();
}

std::vector<Vec3> segmentEnds(const ModelDescription& d, const LinkDescription& link,
                              double radius) {
  std::vector<Vec3> ends;
  for (const JointDescription& j : d.joints)
    if (j.parent == link.name) ends.push_back(j.origin.p);
  if (!ends.empty()) return ends;
  for (const FrameDescription& f : d.frames)
    if (f.link == link.name && f.origin.p.norm() > kShortest) ends.push_back(f.origin.p);
  if (!ends.empty()) return ends;
  if (link.inertial.com.norm() > kShortest) return {2.0 * link.inertial.com};
  return {Vec3(0.0, 0.0, 4.0 * radius)};
}

void appendSegments(const ModelDescription& d, const LinkDescription& link, const Visual& v,
                    std::vector<Visual>* out) {
  for (const Vec3& end : segmentEnds(d, link, followRadius(v))) {
    const double length = end.norm();
    Visual s = v;
    s.follow_joints = false;
    s.origin = Pose();
    if (length < kShortest) {
      if (v.shape != Visual::Shape::Capsule) continue;
      s.size = Vec3(v.size.x(), 0.0, 0.0);
      out->push_back(s);
      continue;
    }
    s.origin.p = 0.5 * end;
    s.origin.R = rotationWithZAxis(end);
    if (v.shape == Visual::Shape::Box)
      s.size = Vec3(v.size.x(), v.size.y(), length);
    else
      s.size = Vec3(v.size.x(), length, 0.0);
    out->push_back(s);
  }
}

}  // namespace

bool canFollowJoints(Visual::Shape shape) {
  return shape == Visual::Shape::Box || shape == Visual::Shape::Cylinder ||
         shape == Visual::Shape::Capsule;
}

const char* toString(Visual::Shape shape) {
  switch (shape) {
    case Visual::Shape::Box:
      return "box";
    case Visual::Shape::Cylinder:
      return "cylinder";
    case Visual::Shape::Sphere:
      return "sphere";
    case Visual::Shape::Mesh:
      return "mesh";
    case Visual::Shape::Capsule:
      return "capsule";
  }
  return "box";
}

std::vector<Visual> resolveLinkShapes(const ModelDescription& d, int link) {
  std::vector<Visual> out;
  if (link < 0 || link >= static_cast<int>(d.links.size())) return out;
  const LinkDescription& l = d.links[static_cast<size_t>(link)];
  for (const Visual& v : l.visuals) {
    if (v.follow_joints && canFollowJoints(v.shape))
      appendSegments(d, l, v, &out);
    else
      out.push_back(v);
  }
  return out;
}

std::vector<std::vector<Visual>> resolveLinkShapes(const ModelDescription& d) {
  std::vector<std::vector<Visual>> out;
  out.reserve(d.links.size());
  for (size_t i = 0; i < d.links.size(); ++i)
    out.push_back(resolveLinkShapes(d, static_cast<int>(i)));
  return out;
}

Visual defaultFollowingVisual() {
  Visual v;
  v.shape = Visual::Shape::Capsule;
  v.size = Vec3(0.03, 0.1, 0.0);  // the length is not used while the shape follows the joints
  v.follow_joints = true;
  v.rgba = Eigen::Vector4d(0.3, 0.5, 0.9, 1.0);
  return v;
}

}  // namespace vms
