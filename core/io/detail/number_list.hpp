#pragma once
// Internal to core/io: the URDF reader's lists of numbers ("0 0 1", white space only). Other
// layers read numbers through the file readers; tests may include this to test it directly.
#include <string>
#include <vector>

namespace vms::io {

/// Numbers separated by white space (URDF: commas are not separators), locale-independent
/// (std::from_chars). Accepts a leading '+'. Returns false on anything that is not a number
/// (NaN/Inf text parses: check finiteness).
bool parseDoubles(const std::string& text, std::vector<double>* out);

}  // namespace vms::io
