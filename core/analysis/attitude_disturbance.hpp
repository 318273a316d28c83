#pragma once
// How joint motion turns a free-floating vehicle, the quantity behind the field's design tools
// (reaction null space, disturbance maps, attitude change by joint loops).
//
// With zero vehicle momentum the vehicle moves with nu_b = -A qd, A = Mbb^-1 Mbm the mechanical
// connection (generalized_jacobian.hpp). Its body angular velocity is then
//   w_b = D(q) qd,   D = -(iota0 A) rows 3..5   (3 x n, vehicle body frame),
// the attitude disturbance matrix: column k is the vehicle rotation rate per unit rate of
// joint k. It is zero for a fixed vehicle and for vehicles that do not rotate.
//
// Reaction null space: joint rates in null(D) leave the vehicle attitude unchanged (the vehicle
// may still translate); its dimension is at least n - rank(D) >= n - 3.
//
// Curvature: around a small counter-clockwise loop of area a in the (q_i, q_j) plane (q_i
// moved first), the vehicle ends rotated by R(0)^T R(T) = Exp(a F_ij + O(a^1.5)) with
//   F_ij = dD_j/dq_i - dD_i/dq_j + D_i x D_j        (vehicle body frame),
// the first two terms by Stokes, the cross product from the non-commuting rotations (the
// second-order Magnus term of R' = R [w]x); planar vehicles have no cross term. dD/dq comes
// from the exact mass-matrix derivatives: dA/dq_k = Mbb^-1 (dMbm/dq_k - dMbb/dq_k A).
//
// Not for the nonholonomic vehicle (computing D throws std::invalid_argument): its wheels change
// the vehicle's momentum, so its reaction is not given by the connection alone.
#include <Eigen/SVD>

#include "core/algorithms/mass_matrix_derivatives.hpp"
#include "core/model/data.hpp"
#include "core/model/state.hpp"

namespace vms {

using Mat3X = Eigen::Matrix<double, 3, Eigen::Dynamic>;

/// D(q) and its joint derivatives for one model; sized in the constructor, compute() makes no
/// heap allocation.
class AttitudeDisturbance {
 public:
  explicit AttitudeDisturbance(const Model& model);

  /// D at the configuration of `state` (runs crba on `data`).
  void compute(const Model& model, Data& data, const State& state);
  /// D from the mass matrix crba() left in `data` (no second crba).
  void computeFromMassMatrix(const Model& model, Data& data);
  /// D and every dD/dq_k at the configuration of `state` (runs crba on `data`).
  void computeWithDerivatives(const Model& model, Data& data, const State& state);

  /// D (3 x n): vehicle body angular velocity per unit joint rate under zero momentum.
  const Mat3X& matrix() const { return D_; }
  /// The mechanical connection A = Mbb^-1 Mbm (b x n): nu_b = -A qd under zero momentum.
  const MatX& connection() const { return A_; }
  /// dD/dq_k (3 x n), valid after computeWithDerivatives().
  const Mat3X& derivative(int k) const { return dD_[static_cast<std::size_t>(k)]; }
  /// F_ij (vehicle body frame), valid after computeWithDerivatives().
  Vec3 curvature(int i, int j) const;

 private:
  Mat3X D_;
  std::vector<Mat3X> dD_;
  MatX A_;   // b x n
  MatX dA_;  // b x n scratch
  MassMatrixDerivatives dM_;
};

/// An orthonormal basis (n x k) of the reaction null space null(D): singular values below
/// `tolerance` times the largest (or below `tolerance` when D is zero) count as zero.
MatX reactionNullSpaceBasis(const Mat3X& D, double tolerance = 1e-10);

/// One joint pair of a disturbance map at one configuration: the vehicle rotation rate caused
/// by unit joint-pair motion B = [D_i D_j] (3 x 2), its singular values (rad per rad of
/// joint-pair motion, largest and smallest), the unit directions (dq_i, dq_j) that disturb the
/// vehicle least and most (first nonzero component positive), and the curvature F_ij.
struct DisturbancePoint {
  double sigma_max = 0, sigma_min = 0;
  Eigen::Vector2d least = Eigen::Vector2d::UnitX(), most = Eigen::Vector2d::UnitY();
  Vec3 curvature = Vec3::Zero();
};

/// Computes the DisturbancePoint of joints (i, j) at the last computeWithDerivatives().
DisturbancePoint disturbancePoint(const AttitudeDisturbance& disturbance, int i, int j);

/// Joint range drawn by a disturbance map: the joint's limits, or [-pi, pi] without limits.
Eigen::Vector2d disturbanceMapRange(const Model& model, int joint);

/// The enhanced disturbance map of joints (i, j): a grid x grid lattice over their ranges
/// (disturbanceMapRange), the other joints and the vehicle as in `state`. Row-major: the
/// point at (q_i = range_i(a), q_j = range_j(b)) is points[a * grid + b].
struct DisturbanceMap {
  int joint_i = 0, joint_j = 0, grid = 0;
  VecX qi, qj;  // grid values of each joint
  std::vector<DisturbancePoint> points;
};
DisturbanceMap disturbanceMap(const Model& model, const State& state, int i, int j, int grid);

}  // namespace vms
