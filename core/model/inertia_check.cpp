#include "core/model/inertia_check.hpp"

#include <algorithm>
#include <cmath>

#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace vms {

namespace {

using BaseMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;

constexpr double kMinimumPivot = 1e-100;

std::string quoted(const std::string& s) { return "'" + printableText(s) + "'"; }

[[noreturn]] void failVehicle(const Model& model, int direction) {
  throw ModelError("model " + quoted(model.name) + ": the " + toString(model.base_type) +
                   " vehicle has no mass or inertia in its direction of motion " +
                   std::to_string(direction) + " (the whole system's inertia is singular)");
}

[[noreturn]] void failJoint(const Model& model, int body) {
  throw ModelError("joint " +
                   quoted(model.joint_names[static_cast<size_t>(model.joint_index[body])]) +
                   ": the bodies it moves have no inertia about or along its axis "
                   "(singular articulated inertia; give the moving links mass or inertia)");
}

// The first pivot of the small b x b matrix B (Cholesky order) that is not > tol, or -1.
int firstSingularPivot(const BaseMatrix& B, double tol) {
  BaseMatrix L = B;
  const int n = static_cast<int>(B.rows());
  for (int j = 0; j < n; ++j) {
    double d = L(j, j) - L.row(j).head(j).squaredNorm();
    if (!(d > tol)) return j;
    d = std::sqrt(d);
    L(j, j) = d;
    for (int i = j + 1; i < n; ++i)
      L(i, j) = (L(i, j) - L.row(i).head(j).dot(L.row(j).head(j))) / d;
  }
  return -1;
}

// Spatial inertia of body i at its origin, body axes, [linear; angular], added mass included.
Mat6 bodyInertia(const Model& model, int i) {
  const double m = model.mass[i];
  const Vec3& c = model.com[i];
  const Mat3 mc = m * skew(c);
  Mat6 I;
  I.topLeftCorner<3, 3>() = m * Mat3::Identity();
  I.topRightCorner<3, 3>() = -mc;
  I.bottomLeftCorner<3, 3>() = mc;
  I.bottomRightCorner<3, 3>() = model.inertia_com[i] - mc * skew(c);
  if (model.hasAddedMass()) I += model.added_mass[i];
  return I;
}

// parentMbody at joint position q.
Pose jointTransform(const Model& model, int i, double q) {
  Pose motion;
  if (model.joint_type[i] == JointType::Revolute)
    motion.R = axisAngleRotation(model.joint_axis[i], q);
  else
    motion.p = q * model.joint_axis[i];
  return model.joint_placement[i] * motion;
}

// The joint's motion subspace in its body frame.
Vec6 jointAxis(const Model& model, int i) {
  const Vec3& a = model.joint_axis[i];
  return model.joint_type[i] == JointType::Revolute ? makeVec6(Vec3::Zero(), a)
                                                    : makeVec6(a, Vec3::Zero());
}

// Inertia in the body frame of `inertia` seen from the parent frame: Ad^-T I Ad^-1.
Mat6 toParent(const Mat6& inertia, const Mat6& parent_to_body) {
  return parent_to_body.transpose() * inertia * parent_to_body;
}

void checkAt(const Model& model, const VecX& q) {
  const int n = model.nbodies;
  std::vector<Mat6> composite(static_cast<size_t>(n)), articulated(static_cast<size_t>(n));
  std::vector<Mat6> parent_to_body(static_cast<size_t>(n));  // Ad_{bodyMparent}
  std::vector<double> pivot(static_cast<size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    composite[i] = articulated[i] = bodyInertia(model, i);
    if (i > 0)
      parent_to_body[i] = adjoint(jointTransform(model, i, q[model.joint_index[i]]).inverse());
  }
  for (int i = n - 1; i > 0; --i)
    composite[model.parent[i]] += toParent(composite[i], parent_to_body[i]);
  double scale = 0.0;
  for (int i = 1; i < n; ++i) {
    const Vec6 S = jointAxis(model, i);
    scale = std::max(scale, S.dot(composite[i] * S));
  }
  const int b = model.base_dof;
  const Mat6X& S0 = model.base_basis;  // the vehicle's body frame
  const BaseMatrix base_composite = S0.transpose() * composite[0] * S0;
  if (b > 0) scale = std::max(scale, base_composite.diagonal().maxCoeff());
  // Relative to the largest entry, and absolute: a pivot below 1e-100 (SI) would make
  // accelerations overflow under forces inside the input limits (subnormal masses compiled
  // and gave NaN at rest).
  const double tol = std::max(1e-12 * scale, kMinimumPivot);
  // A system without inertia in a vehicle direction at all is named as such first.
  if (b > 0) {
    const int j = firstSingularPivot(base_composite, tol);
    if (j >= 0) failVehicle(model, j);
  }
  for (int i = n - 1; i > 0; --i) {
    const Vec6 S = jointAxis(model, i);
    const Vec6 U = articulated[i] * S;
    pivot[i] = S.dot(U);
    Mat6 passed = articulated[i];
    if (pivot[i] > tol) passed -= U * U.transpose() / pivot[i];
    articulated[model.parent[i]] += toParent(passed, parent_to_body[i]);
  }
  // Report the joint nearest the root: a massless subtree makes every joint in it singular.
  for (int i = 1; i < n; ++i)
    if (!(pivot[i] > tol)) failJoint(model, i);
  if (b > 0) {
    const BaseMatrix base_articulated = S0.transpose() * articulated[0] * S0;
    const int j = firstSingularPivot(base_articulated, tol);
    if (j >= 0) failVehicle(model, j);
  }
}

}  // namespace

void checkInertiaNonSingular(const Model& model) {
  if (model.nv == 0) return;
  VecX q = VecX::Zero(model.njoints);
  checkAt(model, q);
  // A second, generic configuration: singularities that depend on q are rare but exist.
  for (int k = 0; k < model.njoints; ++k) q[k] = 0.3 + 0.7 * std::sin(1.0 + k);
  checkAt(model, q);
}

}  // namespace vms
