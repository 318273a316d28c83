#pragma once
// Velocity and force ellipsoids of a 3-row block of a Jacobian (the translational rows
// [v] or the rotational rows [w] of the fixed-base Jm or the generalized J*), from the
// symmetric 3 x 3 matrix G = J J^T. For J = U diag(sigma) V^T:
//   velocity ellipsoid {J qd : |qd| <= 1} = {x : x^T G^-1 x <= 1}: axes U, radii sigma_i
//     (m/s or rad/s per unit joint rate);
//   force ellipsoid {F : |J^T F| <= 1} = {F : F^T G F <= 1}: the same axes, radii 1/sigma_i
//     (N or N m per unit joint force; +inf along a direction the rows cannot move in: any
//     force there is held by the structure without joint force).
// The two are dual: velocity radius x force radius = 1 along every axis. Pure functions of
// fixed-size matrices: no heap allocation, any number of columns.
#include "core/spatial/types.hpp"

namespace vms {

enum class EllipsoidKind { Velocity, Force };

struct JacobianEllipsoid {
  Mat3 axes = Mat3::Identity();         // principal directions (columns), orthonormal, det = +1
  Vec3 radii = Vec3::Zero();            // along the columns of axes (force: +inf where sigma = 0)
  Vec3 singular_values = Vec3::Zero();  // sigma_i along the same axes
  int rank = 0;                         // sigma_i above rank_tolerance * sigma_max
};

using Mat3X = Eigen::Matrix<double, 3, Eigen::Dynamic>;

/// G = J J^T of a 3 x n block, summed column by column (no allocation for any n).
Mat3 gramian(const Eigen::Ref<const Mat3X>& J);

/// The ellipsoid of a 3 x n block of a Jacobian (rows of one unit: translational or
/// rotational). Axes sorted by descending singular value. Singular values below
/// rank_tolerance * sigma_max count as zero (force radius +inf).
JacobianEllipsoid jacobianEllipsoid(const Eigen::Ref<const Mat3X>& J, EllipsoidKind kind,
                                    double rank_tolerance = 1e-9);

/// The same from G = J J^T (symmetric positive semi-definite). Singular values below about
/// sqrt(eps) sigma_max come out as sqrt of rounding errors; jacobianEllipsoid() takes them as
/// |J^T u_i| instead, accurate to eps sigma_max.
JacobianEllipsoid ellipsoidFromGramian(const Mat3& G, EllipsoidKind kind,
                                       double rank_tolerance = 1e-9);

}  // namespace vms
