#include "core/solvers/dh_arm.hpp"

#include <cmath>
#include <stdexcept>

namespace vms {

namespace {

// Structural zeros of a DH placement, read back from a compiled model (rpy to matrix and back
// leaves rounding of order 1e-16).
constexpr double kZero = 1e-12;

std::string bodyName(const Model& model, int i) {
  return "body " + std::to_string(i) + " (" + model.body_names[static_cast<std::size_t>(i)] + ")";
}

// Whether R = Rx(alpha) for some alpha.
bool isRotationAboutX(const Mat3& R) {
  return std::abs(R(0, 0) - 1.0) <= kZero && std::abs(R(0, 1)) <= kZero &&
         std::abs(R(0, 2)) <= kZero && std::abs(R(1, 0)) <= kZero && std::abs(R(2, 0)) <= kZero;
}

}  // namespace

std::string dhArmProblem(const Model& model) {
  if (model.njoints == 0) return "the model has no joints";
  if (model.hasAddedMass())
    return "the model has added mass (the sums (28)-(36) are for rigid links)";
  for (int i = 1; i < model.nbodies; ++i) {
    if (model.parent[static_cast<std::size_t>(i)] != i - 1)
      return bodyName(model, i) + " does not hang from body " + std::to_string(i - 1) +
             ": not a serial chain";
    if (model.joint_type[static_cast<std::size_t>(i)] != JointType::Revolute)
      return bodyName(model, i) + " moves on a prismatic joint (the paper's joints are revolute)";
    if ((model.joint_axis[static_cast<std::size_t>(i)] - Vec3::UnitZ()).norm() > kZero)
      return bodyName(model, i) + "'s joint axis is not z of its joint frame (DH (5))";
    if (i >= 2) {
      const Pose& X = model.joint_placement[static_cast<std::size_t>(i)];
      if (!isRotationAboutX(X.R) || std::abs(X.p.y()) > kZero)
        return bodyName(model, i) +
               "'s joint placement is not of DH form [Rx(alpha), (c, 0, d)] (9)";
    }
    if (std::abs(model.com[static_cast<std::size_t>(i)].y()) > kZero)
      return bodyName(model, i) + "'s centre of mass is off the x-z plane of its frame (DH (10))";
  }
  return {};
}

DhArm dhArmOf(const Model& model) {
  if (std::string problem = dhArmProblem(model); !problem.empty())
    throw std::invalid_argument("not a DH arm: " + problem);
  DhArm arm;
  const Pose& mount = model.joint_placement[1];
  arm.mount.leftCols<3>() = mount.R;
  arm.mount.col(3) = mount.p;
  arm.vehicle_mass = model.mass[0];
  arm.vehicle_com = model.com[0];
  arm.vehicle_inertia = model.inertia_com[0];
  for (int i = 1; i < model.nbodies; ++i) {
    const std::size_t s = static_cast<std::size_t>(i);
    DhArmLink link;
    link.body = i;
    link.joint = model.joint_index[s];
    if (i + 1 < model.nbodies) {
      const Pose& X = model.joint_placement[s + 1];
      link.alpha = std::atan2(X.R(2, 1), X.R(1, 1));
      link.c = X.p.x();
      link.d = X.p.z();
    }  // the last link's alpha is free: ℒ_N is then the link's own frame
    link.cos_alpha = std::cos(link.alpha);
    link.sin_alpha = std::sin(link.alpha);
    link.w = model.com[s].x();
    link.u = model.com[s].z();
    link.mass = model.mass[s];
    // The body frame is 𝒥_i Rz(q_i); ℒ_i is it turned by Rx(alpha_i).
    const Mat3 Rx = Eigen::AngleAxisd(link.alpha, Vec3::UnitX()).toRotationMatrix();
    link.inertia_L = Rx.transpose() * model.inertia_com[s] * Rx;
    arm.links.push_back(link);
  }
  return arm;
}

Mat34 dhMatrix(double beta, double u, double gamma, double w) {
  return dhMatrix(std::cos(beta), std::sin(beta), std::cos(gamma), std::sin(gamma), u, w);
}

Mat34 dhMatrixDerivative(double beta, double u, double gamma, double w, bool printed) {
  (void)u;  // the offset along z does not turn with beta
  return dhMatrixDerivative(std::cos(beta), std::sin(beta), std::cos(gamma), std::sin(gamma), w,
                            printed);
}

Mat34 dhMatrix(double cb, double sb, double cg, double sg, double u, double w) {
  Mat34 A;
  A << cb, -sb * cg, sb * sg, w * cb,  //
      sb, cb * cg, -cb * sg, w * sb,   //
      0.0, sg, cg, u;
  return A;
}

Mat34 dhMatrixDerivative(double cb, double sb, double cg, double sg, double w, bool printed) {
  Mat34 dA;
  dA << -sb, -cb * cg, cb * sg, -w * sb,               //
      cb, -sb * cg, sb * sg, (printed ? -w : w) * cb,  //
      0.0, 0.0, 0.0, 0.0;
  return dA;
}

}  // namespace vms
