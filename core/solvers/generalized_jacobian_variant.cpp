#include "core/solvers/generalized_jacobian_variant.hpp"

namespace vms {

bool needsFreeVehicle(GeneralizedJacobianVariant variant) {
  return variant == GeneralizedJacobianVariant::PrintedInverseSign ||
         variant == GeneralizedJacobianVariant::PrintedSchurElements;
}

bool needsDhArm(GeneralizedJacobianVariant variant) {
  return variant == GeneralizedJacobianVariant::PrintedDhDerivative;
}

}  // namespace vms
