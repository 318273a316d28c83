// Mass properties from link shapes and a density (inertia from geometry matches closed
// forms), the capsule shape and shapes that follow the joints:
// - each primitive against its textbook closed form typed here by hand;
// - the capsule against a numerical integration of its disks along the axis (the squared
//   radius is a polynomial in z on each piece, so composite Simpson is exact up to rounding and
//   the discretisation error of the quartic terms, < 1e-12 relative at 2000 intervals);
// - rotated and offset composites against the parallel-axis theorem worked by hand, and against
//   a Monte-Carlo integration whose tolerance is 5 standard errors estimated from the samples
//   (40 million points, seeded: the same draw every run; the standard errors are themselves
//   checked to be below 0.2 % of the largest value, so an error of 1 % cannot pass);
// - the results are physical (inertialProblem, checkInertiaNonSingular on a compiled arm);
// - resolveLinkShapes: a following capsule spans the link origin to its child joint, and after
//   the joint origin moves it spans the new position (no gap); leaves go to their frames;
// - a closed triangle mesh (divergence theorem) against the box primitive and a tetrahedron;
// - .vms.json reads and writes capsules and "follow": "joints" back bit-exact; URDF writes a
//   capsule as a cylinder and two spheres.
#include <QtTest/QtTest>
#include <random>

#include "core/io/urdf.hpp"
#include "core/io/vms_json.hpp"
#include "core/model/compile_model.hpp"
#include "core/model/inertia_check.hpp"
#include "core/model/link_shapes.hpp"
#include "core/model/mass_from_shape.hpp"

using namespace vms;

namespace {

constexpr double kPi = 3.14159265358979323846;

Visual shape(Visual::Shape s, const Vec3& size, const Vec3& at = Vec3::Zero(),
             const Mat3& R = Mat3::Identity()) {
  Visual v;
  v.shape = s;
  v.size = size;
  v.origin.p = at;
  v.origin.R = R;
  return v;
}

bool near(double a, double b, double rel) {
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

void compareInertia(const Mat3& got, const Mat3& expected, double rel) {
  const double scale = expected.norm();
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      QVERIFY2(std::abs(got(r, c) - expected(r, c)) <= rel * scale,
               qPrintable(QString("I(%1,%2) = %3, expected %4")
                              .arg(r)
                              .arg(c)
                              .arg(got(r, c), 0, 'g', 17)
                              .arg(expected(r, c), 0, 'g', 17)));
}

/// Inside test in the shape's own frame (centred; cylinder and capsule along z).
bool insideLocal(const Visual& v, const Vec3& p) {
  const Vec3& s = v.size;
  switch (v.shape) {
    case Visual::Shape::Box:
      return std::abs(p.x()) <= 0.5 * s.x() && std::abs(p.y()) <= 0.5 * s.y() &&
             std::abs(p.z()) <= 0.5 * s.z();
    case Visual::Shape::Cylinder:
      return std::abs(p.z()) <= 0.5 * s.y() && p.head<2>().squaredNorm() <= s.x() * s.x();
    case Visual::Shape::Sphere:
      return p.squaredNorm() <= s.x() * s.x();
    case Visual::Shape::Capsule: {
      const double z = std::clamp(p.z(), -0.5 * s.y(), 0.5 * s.y());
      return (p - Vec3(0, 0, z)).squaredNorm() <= s.x() * s.x();
    }
    case Visual::Shape::Mesh:
      return false;
  }
  return false;
}

/// Half extents of the shape's bounding box in its own frame.
Vec3 localHalfExtent(const Visual& v) {
  const Vec3& s = v.size;
  switch (v.shape) {
    case Visual::Shape::Box:
      return 0.5 * s;
    case Visual::Shape::Cylinder:
      return Vec3(s.x(), s.x(), 0.5 * s.y());
    case Visual::Shape::Capsule:
      return Vec3(s.x(), s.x(), s.x() + 0.5 * s.y());
    default:
      return Vec3::Constant(s.x());
  }
}

/// Inertia about the link origin of the result: I_com + m (|c|^2 1 - c c^T).
Mat3 aboutOrigin(const Inertial& in) {
  const Vec3& c = in.com;
  return in.inertia + in.mass * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
}

/// A capsule's inertia by integrating its disks along z (Simpson, `n` intervals per piece).
Vec3 capsuleByDisks(double rho, double r, double l, int n, double* mass) {
  // Pieces: lower cap [-l/2 - r, -l/2], cylinder [-l/2, l/2], upper cap [l/2, l/2 + r].
  auto a2 = [&](double z) {  // squared disk radius
    if (z < -0.5 * l) return std::max(0.0, r * r - (z + 0.5 * l) * (z + 0.5 * l));
    if (z > 0.5 * l) return std::max(0.0, r * r - (z - 0.5 * l) * (z - 0.5 * l));
    return r * r;
  };
  const double edges[4] = {-0.5 * l - r, -0.5 * l, 0.5 * l, 0.5 * l + r};
  double m = 0.0, ixx = 0.0, izz = 0.0;
  for (int piece = 0; piece < 3; ++piece) {
    const double z0 = edges[piece], z1 = edges[piece + 1], h = (z1 - z0) / n;
    if (h <= 0.0) continue;
    double pm = 0.0, px = 0.0, pz = 0.0;
    for (int i = 0; i <= n; ++i) {
      const double z = z0 + i * h;
      const double w = (i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0);
      const double A = a2(z);
      // A disk of radius a and mass dm: about its diameter dm a^2/4, about its axis dm a^2/2.
      pm += w * rho * kPi * A;
      px += w * rho * kPi * A * (A / 4.0 + z * z);
      pz += w * rho * kPi * A * A / 2.0;
    }
    m += pm * h / 3.0;
    ixx += px * h / 3.0;
    izz += pz * h / 3.0;
  }
  *mass = m;
  return Vec3(ixx, ixx, izz);
}

struct MonteCarlo {
  double mass = 0, mass_se = 0;
  Vec3 first = Vec3::Zero(), first_se = Vec3::Zero();
  Mat3 second = Mat3::Zero(), second_se = Mat3::Zero();  // inertia about the origin
};

/// Mass, first moment and inertia about the link origin of the shapes at density rho, each
/// with its standard error. Each shape is sampled uniformly (`n` points) in its own bounding
/// box, in its own frame; every point inside is mapped to the link frame by the shape's origin
/// and its contribution (mass, x, |x|^2 1 - x x^T) is summed there. Overlapping shapes add, as
/// in inertialFromShapes. Nothing here uses the parallel-axis or rotation algebra under test.
MonteCarlo monteCarlo(const std::vector<Visual>& shapes, double rho, long n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // Value and variance of the 10 quantities: mass, 3 first moments, 6 inertia entries.
  Eigen::Matrix<double, 10, 1> value = Eigen::Matrix<double, 10, 1>::Zero(), variance = value;
  for (const Visual& v : shapes) {
    const Vec3 half = localHalfExtent(v);
    const double volume = 8.0 * half.prod();
    Eigen::Matrix<double, 10, 1> s1 = Eigen::Matrix<double, 10, 1>::Zero(), s2 = s1;
    for (long i = 0; i < n; ++i) {
      const double a = u(rng), b = u(rng), c = u(rng);  // in this order on every compiler
      const Vec3 p = Vec3(a, b, c).cwiseProduct(half);
      if (!insideLocal(v, p)) continue;
      const Vec3 x = v.origin.R * p + v.origin.p;
      const Mat3 J = x.squaredNorm() * Mat3::Identity() - x * x.transpose();
      Eigen::Matrix<double, 10, 1> f;
      f << 1.0, x, J(0, 0), J(1, 1), J(2, 2), J(0, 1), J(0, 2), J(1, 2);
      f *= rho;
      s1 += f;
      s2 += f.cwiseProduct(f);
    }
    const Eigen::Matrix<double, 10, 1> mean = s1 / double(n);
    value += volume * mean;
    variance += volume * volume * (s2 / double(n) - mean.cwiseProduct(mean)) / double(n);
  }
  const Eigen::Matrix<double, 10, 1> se = variance.cwiseSqrt();
  MonteCarlo out;
  out.mass = value(0);
  out.mass_se = se(0);
  out.first = value.segment<3>(1);
  out.first_se = se.segment<3>(1);
  auto sym = [](const Eigen::Matrix<double, 10, 1>& v) {
    Mat3 M;
    M << v(4), v(7), v(8), v(7), v(5), v(9), v(8), v(9), v(6);
    return M;
  };
  out.second = sym(value);
  out.second_se = sym(se);
  return out;
}

Mat3 rot(double angle, const Vec3& axis) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

/// Base + two links on revolute joints; link1 and link2 carry a capsule that follows.
ModelDescription followingArm() {
  ModelDescription d;
  d.name = "following";
  d.base_type = BaseType::Fixed;
  LinkDescription base;
  base.name = "base";
  base.inertial.mass = 1.0;
  base.inertial.inertia = 0.01 * Mat3::Identity();
  d.links.push_back(base);
  for (int i = 1; i <= 2; ++i) {
    LinkDescription l;
    l.name = "link" + std::to_string(i);
    l.visuals.push_back(defaultFollowingVisual());
    l.inertial = inertialFromShapes({shape(Visual::Shape::Capsule, Vec3(0.03, 0.3, 0),
                                           Vec3(0.15, 0, 0), rot(kPi / 2, Vec3::UnitY()))},
                                    2700.0);
    d.links.push_back(l);
    JointDescription j;
    j.name = "joint" + std::to_string(i);
    j.parent = i == 1 ? "base" : "link1";
    j.child = l.name;
    j.origin.p = i == 1 ? Vec3(0, 0, 0.1) : Vec3(0.3, 0, 0);
    d.joints.push_back(j);
  }
  d.frames.push_back({"tool", "link2", Pose{Mat3::Identity(), Vec3(0.25, 0.0, 0.05)}});
  return d;
}

}  // namespace

class TestInertiaFromShape : public QObject {
  Q_OBJECT
 private slots:
  void primitivesMatchClosedForms() {
    const double rho = 2700.0;
    {  // box 0.1 x 0.2 x 0.3: m = 16.2 kg
      const Inertial in = inertialFromShapes({shape(Visual::Shape::Box, Vec3(0.1, 0.2, 0.3))}, rho);
      const double m = rho * 0.1 * 0.2 * 0.3;
      QVERIFY(near(in.mass, m, 1e-14));
      QVERIFY(in.com.isZero(0.0));
      compareInertia(in.inertia,
                     Vec3(m * (0.04 + 0.09) / 12, m * (0.01 + 0.09) / 12, m * (0.01 + 0.04) / 12)
                         .asDiagonal()
                         .toDenseMatrix(),
                     1e-14);
    }
    {  // solid cylinder r 0.05, length 0.4 along z
      const Inertial in =
          inertialFromShapes({shape(Visual::Shape::Cylinder, Vec3(0.05, 0.4, 0))}, rho);
      const double m = rho * kPi * 0.05 * 0.05 * 0.4;
      const double across = m * (3 * 0.05 * 0.05 + 0.4 * 0.4) / 12;
      QVERIFY(near(in.mass, m, 1e-14));
      compareInertia(in.inertia,
                     Vec3(across, across, m * 0.05 * 0.05 / 2).asDiagonal().toDenseMatrix(), 1e-14);
    }
    {  // sphere r 0.07
      const Inertial in = inertialFromShapes({shape(Visual::Shape::Sphere, Vec3(0.07, 0, 0))}, rho);
      const double m = rho * 4.0 / 3.0 * kPi * std::pow(0.07, 3);
      QVERIFY(near(in.mass, m, 1e-14));
      compareInertia(in.inertia, (0.4 * m * 0.07 * 0.07) * Mat3::Identity(), 1e-14);
    }
    {  // a mesh is skipped and named
      Visual mesh = shape(Visual::Shape::Mesh, Vec3::Zero());
      mesh.mesh = "arm.stl";
      std::vector<std::string> skipped;
      const Inertial in = inertialFromShapes({mesh}, rho, &skipped);
      QCOMPARE(in.mass, 0.0);
      QCOMPARE(skipped.size(), size_t(1));
      QCOMPARE(QString::fromStdString(skipped[0]), QString("mesh 'arm.stl'"));
    }
    QCOMPARE(materialTable().size(), size_t(5));
    QCOMPARE(materialTable()[1].density, 7850.0);
  }

  void capsuleMatchesClosedFormAndIntegration() {
    const double rho = 1600.0;
    for (const Eigen::Vector2d& rl :
         {Eigen::Vector2d(0.05, 0.4), Eigen::Vector2d(0.1, 0.05), Eigen::Vector2d(0.03, 0.0)}) {
      const double r = rl.x(), l = rl.y();
      const Inertial in = inertialFromShapes({shape(Visual::Shape::Capsule, Vec3(r, l, 0))}, rho);
      // Closed form: cylinder mc plus two hemispheres ms (centroid 3r/8 from the flat face).
      const double mc = rho * kPi * r * r * l, ms = rho * 4.0 / 3.0 * kPi * r * r * r;
      const double across =
          mc * (l * l / 12 + r * r / 4) + ms * (2 * r * r / 5 + l * l / 4 + 3 * l * r / 8);
      const double along = mc * r * r / 2 + ms * 2 * r * r / 5;
      QVERIFY(near(in.mass, mc + ms, 1e-14));
      compareInertia(in.inertia, Vec3(across, across, along).asDiagonal().toDenseMatrix(), 1e-13);
      double m_num = 0.0;
      const Vec3 I_num = capsuleByDisks(rho, r, l, 2000, &m_num);
      QVERIFY2(near(in.mass, m_num, 1e-12), qPrintable(QString::number(in.mass / m_num - 1)));
      compareInertia(in.inertia, I_num.asDiagonal().toDenseMatrix(), 1e-12);
    }
    // Length 0 is a sphere.
    const Inertial cap = inertialFromShapes({shape(Visual::Shape::Capsule, Vec3(0.2, 0, 0))}, 1.0);
    const Inertial ball = inertialFromShapes({shape(Visual::Shape::Sphere, Vec3(0.2, 0, 0))}, 1.0);
    QVERIFY(near(cap.mass, ball.mass, 1e-15));
    compareInertia(cap.inertia, ball.inertia, 1e-15);
  }

  void compositeByParallelAxisByHand() {
    // Two 1 kg cubes of side 0.1 (rho = 1000) at x = -0.2 and x = +0.4: CoM at x = 0.1, each
    // cube 0.3 m from it. Ixx = 2 m s^2/6; Iyy = Izz = 2 (m s^2/6 + m 0.09).
    const Inertial in =
        inertialFromShapes({shape(Visual::Shape::Box, Vec3::Constant(0.1), Vec3(-0.2, 0, 0)),
                            shape(Visual::Shape::Box, Vec3::Constant(0.1), Vec3(0.4, 0, 0))},
                           1000.0);
    QVERIFY(near(in.mass, 2.0, 1e-14));
    QVERIFY((in.com - Vec3(0.1, 0, 0)).norm() < 1e-15);
    const double own = 0.01 / 6.0;
    compareInertia(in.inertia,
                   Vec3(2 * own, 2 * (own + 0.09), 2 * (own + 0.09)).asDiagonal().toDenseMatrix(),
                   1e-13);
    // A rotated box: R diag R^T.
    const Mat3 R = rot(0.7, Vec3(1, 2, 3));
    const Inertial rotated =
        inertialFromShapes({shape(Visual::Shape::Box, Vec3(0.1, 0.2, 0.3), Vec3::Zero(), R)}, rho_);
    const Inertial plain =
        inertialFromShapes({shape(Visual::Shape::Box, Vec3(0.1, 0.2, 0.3))}, rho_);
    compareInertia(rotated.inertia, R * plain.inertia * R.transpose(), 1e-14);
    QVERIFY(std::abs(rotated.inertia(0, 1)) > 1e-3 * rotated.inertia.norm());  // not diagonal
  }

  void compositeMatchesMonteCarlo() {
    const std::vector<Visual> shapes = {
        shape(Visual::Shape::Box, Vec3(0.1, 0.2, 0.3), Vec3(0.05, -0.1, 0.2),
              rot(0.7, Vec3(1, 2, 3))),
        shape(Visual::Shape::Cylinder, Vec3(0.04, 0.35, 0), Vec3(-0.2, 0.1, 0.0),
              rot(1.1, Vec3(0, 1, 1))),
        shape(Visual::Shape::Capsule, Vec3(0.05, 0.25, 0), Vec3(0.1, 0.25, -0.15),
              rot(-0.6, Vec3(1, 0, 0.4))),
        shape(Visual::Shape::Sphere, Vec3(0.06, 0, 0), Vec3(-0.05, -0.2, -0.2))};
    const double rho = 4430.0;
    const Inertial in = inertialFromShapes(shapes, rho);
    const MonteCarlo mc = monteCarlo(shapes, rho, 1'000'000, 20261127u);
    qInfo("mass %.6f kg, Monte-Carlo %.6f +- %.6f", in.mass, mc.mass, mc.mass_se);
    qInfo("largest standard error of the inertia: %.2e of its largest moment",
          mc.second_se.maxCoeff() / mc.second.diagonal().maxCoeff());
    QVERIFY(mc.mass_se < 2e-3 * mc.mass);  // the check below can see a 1 % error
    QVERIFY(std::abs(in.mass - mc.mass) < 5 * mc.mass_se);
    const Vec3 first = in.mass * in.com;
    for (int k = 0; k < 3; ++k)
      QVERIFY2(std::abs(first(k) - mc.first(k)) < 5 * mc.first_se(k),
               qPrintable(QString("m c[%1] %2 vs %3 +- %4")
                              .arg(k)
                              .arg(first(k))
                              .arg(mc.first(k))
                              .arg(mc.first_se(k))));
    const Mat3 I = aboutOrigin(in);
    for (int r = 0; r < 3; ++r)
      for (int c = r; c < 3; ++c) {
        QVERIFY(mc.second_se(r, c) < 2e-3 * mc.second.diagonal().maxCoeff());
        QVERIFY2(std::abs(I(r, c) - mc.second(r, c)) < 5 * mc.second_se(r, c),
                 qPrintable(QString("I(%1,%2) %3 vs %4 +- %5")
                                .arg(r)
                                .arg(c)
                                .arg(I(r, c))
                                .arg(mc.second(r, c))
                                .arg(mc.second_se(r, c))));
      }
    // Physical: positive, triangle inequality (compileModel's check), and usable in a model.
    QCOMPARE(QString::fromStdString(inertialProblem(in)), QString());
  }

  void triangleMeshByDivergenceTheorem() {
    // A box 0.1 x 0.2 x 0.3 as 12 triangles wound outwards, rotated and offset: the same as
    // the box primitive placed by its origin.
    const Mat3 R = rot(0.9, Vec3(-1, 2, 0.5));
    const Vec3 at(0.3, -0.1, 0.25), half(0.05, 0.1, 0.15);
    std::vector<Vec3> points;
    for (int k = 0; k < 8; ++k)
      points.push_back(R * Vec3((k & 1) ? half.x() : -half.x(), (k & 2) ? half.y() : -half.y(),
                                (k & 4) ? half.z() : -half.z()) +
                       at);
    const std::vector<std::array<int, 3>> faces = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6},
                                                   {0, 1, 4}, {1, 5, 4}, {2, 6, 3}, {3, 6, 7},
                                                   {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
    const Inertial mesh = inertialFromTriangles(points, faces, 7850.0);
    const Inertial box = inertialFromShapes({shape(Visual::Shape::Box, 2.0 * half, at, R)}, 7850.0);
    QVERIFY2(near(mesh.mass, box.mass, 1e-13), qPrintable(QString::number(mesh.mass)));
    QVERIFY((mesh.com - box.com).norm() < 1e-14);
    compareInertia(mesh.inertia, box.inertia, 1e-12);
    // Wound inwards: the same.
    std::vector<std::array<int, 3>> inward = faces;
    for (auto& f : inward) std::swap(f[1], f[2]);
    const Inertial flipped = inertialFromTriangles(points, inward, 7850.0);
    QVERIFY(near(flipped.mass, box.mass, 1e-13));
    compareInertia(flipped.inertia, box.inertia, 1e-12);
    // The unit corner tetrahedron: V = 1/6, CoM (1/4, 1/4, 1/4), and about the origin
    // integral x^2 = 1/60, integral xy = 1/120 (density 1).
    const Inertial tet =
        inertialFromTriangles({Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()},
                              {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}}, 1.0);
    QVERIFY(near(tet.mass, 1.0 / 6.0, 1e-14));
    QVERIFY((tet.com - Vec3::Constant(0.25)).norm() < 1e-15);
    const Mat3 origin = aboutOrigin(tet);
    QVERIFY(near(origin(0, 0), 2.0 / 60.0, 1e-13));  // y^2 + z^2
    QVERIFY(near(origin(0, 1), -1.0 / 120.0, 1e-13));
  }

  void resultsArePhysicalInACompiledArm() {
    ModelDescription d = followingArm();
    for (size_t i = 1; i < d.links.size(); ++i) {
      d.links[i].inertial = inertialFromShapes(resolveLinkShapes(d, int(i)), 2700.0);
      QCOMPARE(QString::fromStdString(inertialProblem(d.links[i].inertial)), QString());
    }
    const Model model = compileModel(d);
    checkInertiaNonSingular(model);  // throws if not
    QVERIFY(model.total_mass > 1.0);
  }

  void followingCapsuleSpansToTheChildJoint() {
    ModelDescription d = followingArm();
    auto ends = [](const Visual& v) {
      const Vec3 half = 0.5 * v.size.y() * v.origin.R.col(2);
      return std::pair<Vec3, Vec3>(v.origin.p - half, v.origin.p + half);
    };
    std::vector<Visual> link1 = resolveLinkShapes(d, 1);
    QCOMPARE(link1.size(), size_t(1));
    QVERIFY(link1[0].shape == Visual::Shape::Capsule && !link1[0].follow_joints);
    QVERIFY(ends(link1[0]).first.norm() < 1e-15);
    QVERIFY((ends(link1[0]).second - Vec3(0.3, 0, 0)).norm() < 1e-15);
    QCOMPARE(link1[0].size.x(), 0.03);
    // Move joint2 (link1 -> link2): the segment follows, no gap.
    d.joints[1].origin.p = Vec3(0.2, 0.1, -0.35);
    link1 = resolveLinkShapes(d, 1);
    QVERIFY(ends(link1[0]).first.norm() < 1e-15);
    QVERIFY((ends(link1[0]).second - d.joints[1].origin.p).norm() < 1e-15);
    QVERIFY(std::abs(link1[0].origin.R.determinant() - 1.0) < 1e-14);
    QVERIFY((link1[0].origin.R.transpose() * link1[0].origin.R - Mat3::Identity()).norm() < 1e-14);
    // Leaf: to its frame.
    const std::vector<Visual> link2 = resolveLinkShapes(d, 2);
    QCOMPARE(link2.size(), size_t(1));
    QVERIFY((ends(link2[0]).second - Vec3(0.25, 0, 0.05)).norm() < 1e-15);
    // Explicit visuals are kept as they are; a following box keeps its cross-section.
    Visual box = shape(Visual::Shape::Box, Vec3(0.04, 0.06, 9.0));
    box.follow_joints = true;
    d.links[1].visuals = {box, shape(Visual::Shape::Sphere, Vec3(0.1, 0, 0), Vec3(1, 2, 3))};
    link1 = resolveLinkShapes(d, 1);
    QCOMPARE(link1.size(), size_t(2));
    QVERIFY(link1[0].size == Vec3(0.04, 0.06, d.joints[1].origin.p.norm()));
    QVERIFY(link1[1].origin.p == Vec3(1, 2, 3));
    // Whole model: one list per link.
    QCOMPARE(resolveLinkShapes(d).size(), d.links.size());
    // A following link with no children, frames or CoM gets a stub of four radii.
    d.frames.clear();
    d.links[2].inertial.com = Vec3::Zero();
    QVERIFY(std::abs(resolveLinkShapes(d, 2)[0].size.y() - 0.12) < 1e-15);
  }

  void capsuleAndFollowRoundTrip() {
    ModelDescription d = followingArm();
    Visual capsule = shape(Visual::Shape::Capsule, Vec3(0.05, 0.2, 0), Vec3(0.1, 0.2, 0.3),
                           rot(0.3, Vec3(1, 1, 0)));
    capsule.rgba = Eigen::Vector4d(0.1, 0.2, 0.3, 0.5);
    d.links[0].visuals.push_back(capsule);
    const std::string text = writeVmsJson(d);
    QVERIFY(text.find("\"capsule\"") != std::string::npos);
    QVERIFY(text.find("\"follow\": \"joints\"") != std::string::npos);
    const ModelDescription back = parseVmsJson(text, "roundtrip.vms.json");
    QCOMPARE(writeVmsJson(back), text);
    QVERIFY(back.links[1].visuals[0].follow_joints);
    QVERIFY(back.links[0].visuals[0].shape == Visual::Shape::Capsule);
    QVERIFY(back.links[0].visuals[0].size == capsule.size);
    // A sphere cannot follow; an unknown follow value is an error.
    const std::string bad = R"({"format": "vms-model", "version": 1, "links": [{"name": "a",
        "visuals": [{"shape": "sphere", "radius": 1, "follow": "joints"}]}], "joints": []})";
    QVERIFY_THROWS_EXCEPTION(std::exception, parseVmsJson(bad, "bad.vms.json"));
    // URDF: the capsule as a cylinder and two spheres at its ends; following shapes as their
    // segments.
    const ModelDescription urdf = parseUrdf(writeUrdf(d), "roundtrip.urdf");
    const auto& v0 = urdf.links[0].visuals;
    QCOMPARE(v0.size(), size_t(3));
    QVERIFY(v0[0].shape == Visual::Shape::Cylinder && v0[1].shape == Visual::Shape::Sphere);
    const Vec3 tip = capsule.origin.p + 0.1 * capsule.origin.R.col(2);
    QVERIFY((v0[2].origin.p - tip).norm() < 1e-12);
    QVERIFY(!urdf.links[1].visuals[0].follow_joints);
    QVERIFY(urdf.links[1].visuals[0].shape == Visual::Shape::Cylinder);  // the capsule's body
    QVERIFY(std::abs(urdf.links[1].visuals[0].size.y() - 0.3) < 1e-12);
  }

 private:
  const double rho_ = 2700.0;
};

QTEST_APPLESS_MAIN(TestInertiaFromShape)
#include "test_inertia_from_shape.moc"
