#pragma once
// A dynamic-singularity measure for free-floating systems (Papadopoulos & Dubowsky): the
// generalized Jacobian J* = Jm - Jb A (generalized_jacobian.hpp) can lose rank at
// configurations where the fixed-base Jacobian Jm is regular. Such configurations depend on
// the mass distribution (they move as the vehicle gets lighter) and vanish for an infinitely
// heavy vehicle, where J* -> Jm.
//
// The measure is the ratio of Yoshikawa manipulabilities of the same row block,
//   rho = w(J*) / w(Jm) = prod sigma_i(J*) / prod sigma_i(Jm),
// (for a square block rho = |det J*| / |det Jm| = |det(I - Jm^-1 Jb A)|). It is dimensionless
// and independent of the length unit for the translational and rotational blocks, equals 1 when
// the vehicle does not react (infinite vehicle inertia or A = 0), and goes to zero exactly when
// J* loses rank while Jm keeps it. It is undefined (NaN, kinematic_singularity = true) where
// Jm itself is singular: that is a kinematic singularity, which J* shares in general.
// The inverse condition number of J* is reported alongside; it goes to zero at dynamic and
// kinematic singularities alike.
#include "core/analysis/manipulability.hpp"

namespace vms {

/// sigma_min / sigma_max at or below this: the Jacobian is singular to rounding. Its singular
/// values carry absolute errors of a few eps sigma_max, so smaller ones (and w, their product,
/// below kSingularToRounding * sigma_max^r) are noise, not a measure of the pose.
inline constexpr double kSingularToRounding = 1e-12;

struct DynamicSingularity {
  double ratio = 1.0;                     // rho = w(J*) / w(Jm); NaN if Jm is singular
  double inverse_condition_floating = 0;  // sigma_min(J*) / sigma_max(J*)
  double inverse_condition_fixed = 0;     // sigma_min(Jm) / sigma_max(Jm)
  bool kinematic_singularity = false;     // sigma_min(Jm) <= tolerance * sigma_max(Jm)
  bool defined = true;                    // false if n < rows or Jm singular
};

/// rows: the task block; tolerance: relative threshold on sigma_min(Jm) for "Jm singular".
/// Needs computeGeneralizedJacobian() first.
DynamicSingularity dynamicSingularity(const GeneralizedJacobian& gj, JacobianRows rows,
                                      double tolerance = 1e-9);

/// From measures already computed (same row block of Jm and J*).
DynamicSingularity dynamicSingularity(const Manipulability& fixed_base,
                                      const Manipulability& floating, double tolerance = 1e-9);

}  // namespace vms
