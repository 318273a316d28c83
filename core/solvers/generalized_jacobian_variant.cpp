#include "core/solvers/generalized_jacobian_variant.hpp"

namespace vms {

std::string toString(GeneralizedJacobianVariant variant) {
  switch (variant) {
    case GeneralizedJacobianVariant::Corrected:
      return "corrected";
    case GeneralizedJacobianVariant::PrintedHstarDot:
      return "printed-hstar-dot";
    case GeneralizedJacobianVariant::PrintedInverseSign:
      return "printed-inverse-sign";
    case GeneralizedJacobianVariant::PrintedSchurElements:
      return "printed-schur-elements";
    case GeneralizedJacobianVariant::PrintedMomentumTerms:
      return "printed-momentum-terms";
  }
  return "unknown";
}

std::optional<GeneralizedJacobianVariant> generalizedJacobianVariantFromString(
    const std::string& name) {
  for (GeneralizedJacobianVariant v : kAllGeneralizedJacobianVariants)
    if (toString(v) == name) return v;
  return std::nullopt;
}

std::string describe(GeneralizedJacobianVariant variant) {
  switch (variant) {
    case GeneralizedJacobianVariant::Corrected:
      return "corrected: H* qdd + dH*/dt qd + c* + N* = Q_m - A^T Q_0 (45)-(49), "
             "H_0^-1 by (52) with -S_U^-1 W U^-1 lower left";
    case GeneralizedJacobianVariant::PrintedHstarDot:
      return "(44)/(47)/(49) as printed: C* = H* qd + c* (dot on H* lost)";
    case GeneralizedJacobianVariant::PrintedInverseSign:
      return "(52) as printed: lower-left block of H_0^-1 = +S_U^-1 r_0C^x (free vehicle)";
    case GeneralizedJacobianVariant::PrintedSchurElements:
      return "(54)-(59) as printed: s_22, s_33 summed terms m_i (r_y^2 + r_z^2) (free vehicle)";
    case GeneralizedJacobianVariant::PrintedMomentumTerms:
      return "(44) as printed for M_0 != 0: Adot^T M_0 - 1/2 d/dq (M_0^T H_0^-1 M_0), no "
             "dA/dq or coadjoint term";
  }
  return "unknown";
}

bool needsFreeVehicle(GeneralizedJacobianVariant variant) {
  return variant == GeneralizedJacobianVariant::PrintedInverseSign ||
         variant == GeneralizedJacobianVariant::PrintedSchurElements;
}

}  // namespace vms
