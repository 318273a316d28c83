#include "ui/document/shape_length_edit.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/model/link_shapes.hpp"
#include "core/model/mass_from_shape.hpp"

namespace vms::ui {

namespace {

/// Half the widest extent of the shape's cross-section (a joint within it is on the axis).
double crossSectionRadius(const Visual& v) {
  if (v.shape == Visual::Shape::Box) return 0.5 * std::hypot(v.size.x(), v.size.y());
  return v.size.x();
}

bool near(double a, double b, double scale) { return std::abs(a - b) <= 1e-9 * scale; }

/// Distance along `axis` from `centre` to `p` if `p` lies within `radius` of that axis line
/// (0 otherwise: not on the axis).
double alongAxis(const Vec3& p, const Vec3& centre, const Vec3& axis, double radius) {
  const Vec3 r = p - centre;
  const double t = r.dot(axis);
  return (r - t * axis).norm() <= radius ? t : 0.0;
}

std::string number(double x) {
  std::ostringstream s;
  s.precision(6);
  s << x;
  return s.str();
}

}  // namespace

double carriedShapeLength(const Visual& v) {
  if (v.follow_joints) return -1.0;
  switch (v.shape) {
    case Visual::Shape::Box:
      return v.size.z();
    case Visual::Shape::Cylinder:
    case Visual::Shape::Capsule:
      return v.size.y();
    default:
      return -1.0;
  }
}

double densityOfShapeInertia(const ModelDescription& d, int link) {
  const std::vector<Visual> shapes = resolveLinkShapes(d, link);
  for (const Visual& v : shapes)
    if (v.shape == Visual::Shape::Mesh) return 0.0;
  const Inertial unit = inertialFromShapes(shapes, 1.0);
  const Inertial& now = d.links[size_t(link)].inertial;
  if (!(unit.mass > 0.0) || !(now.mass > 0.0)) return 0.0;
  const double density = now.mass / unit.mass;
  const Inertial expected = inertialFromShapes(shapes, density);
  const double length_scale = std::sqrt(expected.inertia.norm() / expected.mass);
  const double inertia_scale = expected.inertia.norm();
  for (int i = 0; i < 3; ++i)
    if (!near(now.com[i], expected.com[i], length_scale)) return 0.0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (!near(now.inertia(i, j), expected.inertia(i, j), inertia_scale)) return 0.0;
  return density;
}

ShapeLengthFollowUp replaceShapeCarryingLength(ModelDescription& d, int link, int index,
                                               const Visual& edited) {
  ShapeLengthFollowUp out;
  LinkDescription& l = d.links[size_t(link)];
  const Visual before = l.visuals[size_t(index)];
  const double density = densityOfShapeInertia(d, link);
  l.visuals[size_t(index)] = edited;
  const double old_length = carriedShapeLength(before);
  const double new_length = carriedShapeLength(edited);
  if (old_length < 0.0 || new_length < 0.0 || edited.shape != before.shape ||
      new_length == old_length)
    return out;
  const double delta = new_length - old_length;
  const Vec3 axis = before.origin.R.col(2);
  const Vec3 centre = before.origin.p;
  const double radius = std::max(crossSectionRadius(before), 1e-9);
  // The direction of the child joints on the axis: the shape grows towards them.
  double side = 0.0;
  for (const JointDescription& j : d.joints)
    if (j.parent == l.name && side == 0.0) {
      const double t = alongAxis(j.origin.p, centre, axis, radius);
      if (t != 0.0) side = t > 0.0 ? 1.0 : -1.0;
    }
  if (side == 0.0) return out;
  const Vec3 shift = side * delta * axis;
  for (JointDescription& j : d.joints)
    if (j.parent == l.name && side * alongAxis(j.origin.p, centre, axis, radius) > 0.0) {
      j.origin.p += shift;
      out.moved_joints.push_back(j.name);
    }
  for (FrameDescription& f : d.frames)
    if (f.link == l.name && side * alongAxis(f.origin.p, centre, axis, radius) > 0.0) {
      f.origin.p += shift;
      out.moved_frames.push_back(f.name);
    }
  l.visuals[size_t(index)].origin.p += 0.5 * shift;
  if (density > 0.0) {
    const Inertial in = inertialFromShapes(resolveLinkShapes(d, link), density);
    if (in.mass > 0.0) {
      l.inertial = in;
      out.inertia_recomputed = true;
      out.density = density;
    }
  }
  return out;
}

double recomputeShapeInertia(const ModelDescription& before, ModelDescription& after, int link) {
  if (link < 0 || link >= int(after.links.size())) return 0.0;
  bool follows = false;
  for (const Visual& v : after.links[size_t(link)].visuals) follows = follows || v.follow_joints;
  if (!follows) return 0.0;
  const double density = densityOfShapeInertia(before, link);
  if (!(density > 0.0)) return 0.0;
  const Inertial in = inertialFromShapes(resolveLinkShapes(after, link), density);
  if (!(in.mass > 0.0)) return 0.0;
  after.links[size_t(link)].inertial = in;
  return density;
}

std::string describeFollowUp(const ShapeLengthFollowUp& f, double delta) {
  std::string text;
  auto list = [&](const char* one, const char* many, const std::vector<std::string>& names) {
    if (names.empty()) return;
    if (!text.empty()) text += ", ";
    text += names.size() == 1 ? one : many;
    for (size_t i = 0; i < names.size(); ++i) text += (i ? ", '" : " '") + names[i] + "'";
  };
  list("child joint", "child joints", f.moved_joints);
  list("frame", "frames", f.moved_frames);
  if (!text.empty()) text += " moved " + number(delta) + " m";
  if (f.inertia_recomputed)
    text += ", mass properties from shapes (" + number(f.density) + " kg/m³)";
  return text;
}

}  // namespace vms::ui
