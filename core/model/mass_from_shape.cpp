#include "core/model/mass_from_shape.hpp"

#include <cmath>

namespace vms {

namespace {

constexpr double kPi = 3.14159265358979323846;

/// Inertia about the shape's centre, in the shape's frame, of mass `m`.
Mat3 centralInertia(const Visual& v, double m) {
  const Vec3& s = v.size;
  Vec3 diagonal = Vec3::Zero();
  switch (v.shape) {
    case Visual::Shape::Box:
      diagonal = m / 12.0 *
                 Vec3(s.y() * s.y() + s.z() * s.z(), s.x() * s.x() + s.z() * s.z(),
                      s.x() * s.x() + s.y() * s.y());
      break;
    case Visual::Shape::Cylinder: {
      const double r = s.x(), l = s.y();
      const double across = m * (3.0 * r * r + l * l) / 12.0;
      diagonal = Vec3(across, across, 0.5 * m * r * r);
      break;
    }
    case Visual::Shape::Sphere:
      diagonal = Vec3::Constant(0.4 * m * s.x() * s.x());
      break;
    case Visual::Shape::Capsule: {
      // Cylinder of mass mc plus two hemispheres of total mass ms. A hemisphere's centroid is
      // 3r/8 from its flat face; about the capsule's centre each contributes
      // m_h (2r^2/5 + l^2/4 + 3lr/8) across the axis and 2/5 m_h r^2 along it.
      const double r = s.x(), l = s.y();
      const double vc = kPi * r * r * l, vs = 4.0 / 3.0 * kPi * r * r * r;
      const double mc = m * vc / (vc + vs), ms = m * vs / (vc + vs);
      const double across =
          mc * (3.0 * r * r + l * l) / 12.0 + ms * (0.4 * r * r + 0.25 * l * l + 0.375 * l * r);
      diagonal = Vec3(across, across, 0.5 * mc * r * r + 0.4 * ms * r * r);
      break;
    }
    case Visual::Shape::Mesh:
      break;
  }
  return diagonal.asDiagonal();
}

}  // namespace

const std::vector<Material>& materialTable() {
  static const std::vector<Material> table = {{"aluminium", 2700.0},
                                              {"steel", 7850.0},
                                              {"titanium", 4430.0},
                                              {"CFRP", 1600.0},
                                              {"ABS", 1040.0}};
  return table;
}

double shapeVolume(const Visual& v) {
  const Vec3& s = v.size;
  switch (v.shape) {
    case Visual::Shape::Box:
      return s.x() * s.y() * s.z();
    case Visual::Shape::Cylinder:
      return kPi * s.x() * s.x() * s.y();
    case Visual::Shape::Sphere:
      return 4.0 / 3.0 * kPi * s.x() * s.x() * s.x();
    case Visual::Shape::Capsule:
      return kPi * s.x() * s.x() * s.y() + 4.0 / 3.0 * kPi * s.x() * s.x() * s.x();
    case Visual::Shape::Mesh:
      return 0.0;
  }
  return 0.0;
}

Inertial inertialFromShapes(const std::vector<Visual>& visuals, double density,
                            std::vector<std::string>* skipped) {
  Inertial out;
  double mass = 0.0;
  Vec3 first = Vec3::Zero();   // sum of m_i c_i
  Mat3 second = Mat3::Zero();  // sum of inertias about the link origin
  for (const Visual& v : visuals) {
    if (v.shape == Visual::Shape::Mesh) {
      if (skipped) skipped->push_back("mesh '" + v.mesh + "'");
      continue;
    }
    const double m = density * shapeVolume(v);
    const Vec3& c = v.origin.p;
    const Mat3& R = v.origin.R;
    mass += m;
    first += m * c;
    second += R * centralInertia(v, m) * R.transpose() +
              m * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
  }
  if (!(mass > 0.0)) return out;
  out.mass = mass;
  out.com = first / mass;
  const Vec3& g = out.com;
  out.inertia = second - mass * (g.squaredNorm() * Mat3::Identity() - g * g.transpose());
  out.inertia = 0.5 * (out.inertia + out.inertia.transpose());
  return out;
}

Inertial inertialFromTriangles(const std::vector<Vec3>& points,
                               const std::vector<std::array<int, 3>>& triangles, double density) {
  // Tetrahedron (0, a, b, c): volume a.(b x c)/6, first moment V (a+b+c)/4, second moment
  // integral of x x^T = V/20 (a a^T + b b^T + c c^T + s s^T) with s = a + b + c.
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();
  const int n = static_cast<int>(points.size());
  for (const auto& t : triangles) {
    if (t[0] < 0 || t[1] < 0 || t[2] < 0 || t[0] >= n || t[1] >= n || t[2] >= n) continue;
    const Vec3& a = points[size_t(t[0])];
    const Vec3& b = points[size_t(t[1])];
    const Vec3& c = points[size_t(t[2])];
    const double v = a.dot(b.cross(c)) / 6.0;
    const Vec3 s = a + b + c;
    volume += v;
    first += v / 4.0 * s;
    second +=
        v / 20.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  if (volume < 0.0) {  // wound inwards
    volume = -volume;
    first = -first;
    second = -second;
  }
  Inertial out;
  const double mass = density * volume;
  if (!(mass > 0.0)) return out;
  out.mass = mass;
  out.com = density * first / mass;
  const Mat3 C = density * second;  // about the origin
  const Mat3 about_origin = C.trace() * Mat3::Identity() - C;
  const Vec3& g = out.com;
  out.inertia = about_origin - mass * (g.squaredNorm() * Mat3::Identity() - g * g.transpose());
  out.inertia = 0.5 * (out.inertia + out.inertia.transpose());
  return out;
}

Inertial combinedInertial(const std::vector<Inertial>& parts) {
  double mass = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 about_origin = Mat3::Zero();
  for (const Inertial& p : parts) {
    const Vec3& c = p.com;
    mass += p.mass;
    first += p.mass * c;
    about_origin += p.inertia + p.mass * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
  }
  Inertial out;
  if (!(mass > 0.0)) return out;
  out.mass = mass;
  out.com = first / mass;
  const Vec3& g = out.com;
  out.inertia = about_origin - mass * (g.squaredNorm() * Mat3::Identity() - g * g.transpose());
  out.inertia = 0.5 * (out.inertia + out.inertia.transpose());
  return out;
}

}  // namespace vms
