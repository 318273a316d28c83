#pragma once
// The limits every reader enforces on its input (README "Input limits") and the checks that
// enforce them before a recursive parser or a message could be hurt by hostile text.
#include <cstddef>
#include <string>

#include "core/model/names.hpp"

namespace vms::io {

/// Input limits (README "Input limits"). Files larger than this are rejected before reading.
inline constexpr long long kMaxInputFileBytes = 256LL * 1024 * 1024;
/// Deepest nesting of JSON arrays/objects and of XML elements that the readers accept. Our
/// formats need about 8; the limit keeps the recursive parsers far from the stack's end.
inline constexpr int kMaxNestingDepth = 100;
/// Largest magnitude of any number in a model, state or scenario file (SI units). Products of
/// a few such numbers (momenta, energies, accelerations) stay far inside double precision.
inline constexpr double kMaxMagnitude = 1e15;
/// Largest distance of a vehicle from the world origin in a state (m). The dynamics are
/// computed about the world origin: a body at distance d loses about d x 1e-16 of relative
/// precision in its velocities, so 1e8 m still leaves 1e-8.
inline constexpr double kMaxPositionMagnitude = 1e8;
/// Text safe to print on one line (see printableText in core/model/names.hpp).
inline std::string printable(const std::string& s, size_t max_bytes = 200) {
  return printableText(s, max_bytes);
}

/// Throws ModelError("<source>: <element>: invalid name '...': <problem>") unless the name is
/// valid.
void checkName(const std::string& source, const std::string& element, const std::string& name);

/// Throws ModelError("<source>: <element>: <problem>") when the JSON text nests arrays/objects
/// deeper than kMaxNestingDepth (element = "line L, column C" of the first too-deep bracket).
/// Runs before the recursive parser, which would otherwise overflow the stack.
void checkJsonNesting(const std::string& text, const std::string& source);

/// The same for XML elements (comments, CDATA, processing instructions and declarations
/// skipped).
void checkXmlNesting(const std::string& text, const std::string& source);

}  // namespace vms::io
