#pragma once
// Internal helpers of core/io: locale-independent number text, file access, error prefixes.
// Not part of the public API.
#include <string>
#include <vector>

#include "core/io/input_checks.hpp"
#include "core/model/model_error.hpp"
#include "core/spatial/se3.hpp"

namespace vms::io {

/// Shortest text that reads back to exactly the same double (std::to_chars; never depends on
/// the C locale, unlike printf, which matters once Qt has called setlocale()).
std::string formatDouble(double x);

/// Numbers separated by white space (URDF: commas are not separators), locale-independent
/// (std::from_chars). Accepts a leading '+'. Returns false on anything that is not a number
/// (NaN/Inf text parses: check finiteness).
bool parseDoubles(const std::string& text, std::vector<double>* out);

/// Whole file as text. Throws ModelError "<path>: <problem>" when the file cannot be opened, is
/// not a regular file (a directory, a device such as /dev/zero, a pipe), is larger than
/// kMaxInputFileBytes, or when the path is empty.
std::string readTextFile(const std::string& path);

/// Writes text atomically enough for our use (truncate + write). Throws ModelError.
void writeTextFile(const std::string& path, const std::string& text);

bool endsWith(const std::string& s, const std::string& suffix);

/// "'name'" (printable: a name can never break an error message over two lines)
inline std::string quote(const std::string& s) { return "'" + printable(s) + "'"; }

/// Throws ModelError("<source>: <element>: <problem>").
[[noreturn]] void fail(const std::string& source, const std::string& element,
                       const std::string& problem);

/// Elementary rotations, exact (0 / +-1 entries) at multiples of 90 degrees.
Mat3 rotX(double angle);
Mat3 rotY(double angle);
Mat3 rotZ(double angle);

/// URDF convention: R = Rz(yaw) Ry(pitch) Rx(roll).
Mat3 rpyToRotation(const Vec3& rpy);
Vec3 rotationToRpy(const Mat3& R);

}  // namespace vms::io
