#pragma once
// The forms of seed 004's equations (Wilde et al. 2018, notes /work/shared/notes/seed-004.md)
// that the generalized-jacobian solver can run: the corrected set, and each printed equation
// the notes mark as wrong, kept for teaching and for the tests that show it fails.
#include <optional>
#include <string>

namespace vms {

enum class GeneralizedJacobianVariant {
  /// H* qdd + C* + N* = Q_m - A^T Q_0 with C* = dH*/dt qd + c* (49) and the exact momentum
  /// terms N*; H_0^-1 by (52) with the lower-left block -S_U^-1 W U^-1.
  Corrected,
  /// (44)/(47)/(49) as printed: C* = H* qd + c*, the dot on H* lost (notes §3).
  PrintedHstarDot,
  /// (52) as printed: lower-left block of H_0^-1 is +S_U^-1 r_0C^x (notes §3, sign lost).
  /// Free vehicles only (H_0 is 6 x 6 only there).
  PrintedInverseSign,
  /// (54)-(59) as printed: the summed terms of s_22 and s_33 read m_i (r_y^2 + r_z^2) instead
  /// of m_i (r_x^2 + r_z^2) and m_i (r_x^2 + r_y^2). Free vehicles only.
  PrintedSchurElements,
  /// (44) as printed, applied with a nonzero momentum M_0: the momentum terms
  /// +d/dt(H_0m^T H_0^-1) M_0 - 1/2 d/dq (M_0^T H_0^-1 M_0) on the left, with neither the
  /// -[M_0^T dA/dq_k qd] term of Routh's equations nor the coadjoint term. Equal to Corrected
  /// at zero momentum (46), where the paper uses it.
  PrintedMomentumTerms,
  /// (84) as printed: the (2,4) entry of dA/dq is -c cos q instead of +c cos q, in the chain's
  /// joint-angle derivatives (85)-(91) that give c* (81) and the momentum terms. Only where
  /// the paper's own construction runs (a DH arm, GeneralizedJacobianAssembly::DhSums).
  PrintedDhDerivative,
};

/// Every variant, Corrected first.
inline constexpr GeneralizedJacobianVariant kAllGeneralizedJacobianVariants[] = {
    GeneralizedJacobianVariant::Corrected,
    GeneralizedJacobianVariant::PrintedHstarDot,
    GeneralizedJacobianVariant::PrintedInverseSign,
    GeneralizedJacobianVariant::PrintedSchurElements,
    GeneralizedJacobianVariant::PrintedMomentumTerms,
    GeneralizedJacobianVariant::PrintedDhDerivative};

/// "corrected", "printed-hstar-dot", "printed-inverse-sign", "printed-schur-elements",
/// "printed-momentum-terms", "printed-dh-derivative".
std::string toString(GeneralizedJacobianVariant variant);
/// The variant called `name` (toString's spelling), or nullopt.
std::optional<GeneralizedJacobianVariant> generalizedJacobianVariantFromString(
    const std::string& name);
/// One line: the equation the variant runs, with the paper's equation numbers.
std::string describe(GeneralizedJacobianVariant variant);
/// Whether the variant needs a 6 x 6 H_0 (a free vehicle).
bool needsFreeVehicle(GeneralizedJacobianVariant variant);
/// Whether the variant evaluates a step of the DH construction (a DH arm).
bool needsDhArm(GeneralizedJacobianVariant variant);

}  // namespace vms
