#include "core/model/require_finite.hpp"

#include "core/model/model_error.hpp"

namespace vms {

void requireFinite(const Eigen::Ref<const MatX>& values, const std::string& what,
                   const std::string& source) {
  if (!values.allFinite())
    throw ModelError(source + ": " + what +
                     " is not finite at this state (its velocities, torques or the model's "
                     "numbers are too large for double precision)");
}

}  // namespace vms
