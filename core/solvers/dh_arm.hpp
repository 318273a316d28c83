#pragma once
// A serial arm of revolute joints in seed 004's Denavit-Hartenberg form (Wilde et al. 2018,
// Eqs (1)-(10) and (83)-(91); notes /work/shared/notes/seed-004.md §1, §4), recognised in a
// compiled Model, and the DH matrices (2) and their joint-angle derivative (84).
//
// The model is such an arm when body i's parent is body i - 1, every joint is revolute about z
// of its joint frame 𝒥_i, the placement of joint i + 1 in link i is the constant part of
// A(q_i, d_i, alpha_i, c_i) = Rz(q_i) Trans(c_i, 0, d_i) Rx(alpha_i), that is [Rx(alpha_i),
// (c_i, 0, d_i)] (9), and each link's centre of mass lies in the x-z plane of its frame, at
// the origin of A(q_i, u_i, alpha_i, w_i) (10) (u_i = d_i and w_i = a_i for a DH table's
// link). The first joint's placement is any constant transform, the mount (8), and the vehicle
// may carry its centre of mass off its frame's origin. Every model written as a DH table
// (core/io/dh_table.hpp) is such an arm, without added mass.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace vms {

/// The top three rows of a homogeneous transform (or of its derivative, whose fourth row is
/// zero).
using Mat34 = Eigen::Matrix<double, 3, 4>;

struct DhArmLink {
  int body = 0;                          // the model's body
  int joint = 0;                         // its joint's index in q
  double d = 0.0, alpha = 0.0, c = 0.0;  // 𝒥_i -> 𝒥_{i+1}: A(q_i, d_i, alpha_i, c_i) (9)
  double u = 0.0, w = 0.0;               // 𝒥_i -> ℒ_i: A(q_i, u_i, alpha_i, w_i) (10)
  double cos_alpha = 1.0, sin_alpha = 0.0;
  double mass = 0.0;
  Mat3 inertia_L = Mat3::Zero();  // about the centre of mass, in ℒ_i (parallel to 𝒥_{i+1}) (30)
};

struct DhArm {
  Mat34 mount = Mat34::Zero();  // ^{𝒥_0}T_{𝒥_1}: the first joint's placement in the vehicle (8)
  double vehicle_mass = 0.0;
  Vec3 vehicle_com = Vec3::Zero();      // vehicle frame; 0 in the paper (𝒥_0 at the base's CM)
  Mat3 vehicle_inertia = Mat3::Zero();  // about its centre of mass, vehicle frame
  std::vector<DhArmLink> links;         // links 1..N
};

/// "" when `model` is such an arm, else the first reason it is not.
std::string dhArmProblem(const Model& model);

/// The arm of `model`. Throws std::invalid_argument (dhArmProblem's text) when it is none.
DhArm dhArmOf(const Model& model);

/// (2): A(beta, u, gamma, w) = Rz(beta) Trans(w, 0, u) Rx(gamma).
Mat34 dhMatrix(double beta, double u, double gamma, double w);

/// (84): dA(beta, u, gamma, w)/dbeta. `printed`: with the (2,4) entry as the paper prints it,
/// -w cos(beta), where the derivative is +w cos(beta).
Mat34 dhMatrixDerivative(double beta, double u, double gamma, double w, bool printed);

/// The same two from the cosines and sines of beta and gamma.
Mat34 dhMatrix(double cb, double sb, double cg, double sg, double u, double w);
Mat34 dhMatrixDerivative(double cb, double sb, double cg, double sg, double w, bool printed);

/// The product T A of a transform or transform derivative T with a transform A, or, when
/// `a_is_derivative`, with a transform derivative A (whose fourth row is zero).
inline Mat34 chainProduct(const Mat34& T, const Mat34& A, bool a_is_derivative) {
  Mat34 out;
  out.leftCols<3>().noalias() = T.leftCols<3>() * A.leftCols<3>();
  out.col(3).noalias() = T.leftCols<3>() * A.col(3);
  if (!a_is_derivative) out.col(3) += T.col(3);
  return out;
}

}  // namespace vms
