#pragma once
// Yoshikawa manipulability, velocity and force ellipsoids, condition number and smallest
// singular value of a Jacobian (or a row block of it), and the fixed-base (Jm) / generalized
// (J*) comparison that SPART's Kinematic_Manipulability example draws.
//
// For J (r x n, r <= 6) with SVD J = U diag(sigma) V^T (sigma descending, r values):
//   w = sqrt(det(J J^T)) = prod sigma_i           (0 when n < r: J J^T is then singular)
//   velocity ellipsoid {J qd : |qd| <= 1}:  axes U, radii sigma_i
//   force ellipsoid {F : |J^T F| <= 1}:     axes U, radii 1/sigma_i (infinite where sigma_i = 0)
//   condition number sigma_max / sigma_min (infinite when sigma_min = 0).
// Row blocks of a 6 x n geometric Jacobian [v; w]: translational (rows 0-2, m/s per rad/s or
// m/s per m/s), rotational (rows 3-5) and full (rows 0-5; mixed units, so w and the condition
// number of the full block depend on the length unit).
#include "core/analysis/generalized_jacobian.hpp"

namespace vms {

enum class JacobianRows { Translational, Rotational, Full };

enum class ManipulabilityStatus {
  Ok,            // n >= r: w = prod sigma (may still be 0 at a singularity)
  TooFewColumns  // n < r: J J^T is singular for every configuration, w = 0
};

struct Manipulability {
  using VecR = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>;
  using MatR = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;

  ManipulabilityStatus status = ManipulabilityStatus::Ok;
  int rows = 0, cols = 0;
  double yoshikawa = 0.0;  // w = sqrt(det(J J^T))
  VecR singular_values;    // r values, descending; zeros beyond rank(J) <= n
  MatR axes;               // U (r x r): principal directions (columns), orthonormal
  double max_singular_value = 0.0;
  double min_singular_value = 0.0;  // sigma_r (0 if n < r)
  double condition_number = 0.0;    // sigma_max / sigma_min, +inf if sigma_min == 0

  /// Velocity-ellipsoid radii (sigma) and force-ellipsoid radii (1/sigma, +inf for 0).
  VecR velocityRadii() const { return singular_values; }
  VecR forceRadii() const;
  /// "n < r" or "" when status is Ok.
  const char* reason() const;
};

/// Measures of any r x n matrix with r <= 6 (r >= 1).
Manipulability manipulability(const Eigen::Ref<const MatX>& J);

/// Measures of a row block of a 6 x n geometric Jacobian.
Manipulability manipulability(const Eigen::Ref<const Mat6X>& J, JacobianRows rows);

struct ManipulabilitySet {
  Manipulability translational, rotational, full;
};

ManipulabilitySet manipulabilitySet(const Eigen::Ref<const Mat6X>& J);

/// The fixed-base Jacobian Jm (vehicle held) and the generalized Jacobian J* (vehicle free,
/// zero momentum) side by side.
struct ManipulabilityComparison {
  ManipulabilitySet fixed_base;  // from gj.Jm
  ManipulabilitySet floating;    // from gj.Jstar
};

/// Needs computeGeneralizedJacobian() / computeFrameGeneralizedJacobian() first.
ManipulabilityComparison compareManipulability(const GeneralizedJacobian& gj);

}  // namespace vms
