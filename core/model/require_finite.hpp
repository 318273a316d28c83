#pragma once
// Results that overflowed are an error naming their source, never shown as numbers (printed
// NaN would be JSON null, plotted it would be a gap).
#include <string>

#include "core/spatial/types.hpp"

namespace vms {

/// Throws ModelError("<source>: <what> is not finite at this state (...)") unless every entry
/// of `values` is finite.
void requireFinite(const Eigen::Ref<const MatX>& values, const std::string& what,
                   const std::string& source);

}  // namespace vms
