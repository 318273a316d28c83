#pragma once
// The strict JSON readers' toolkit: typed access with key paths in error messages,
// unknown-key detection, and a compact pretty printer. Public: every JSON format is read with
// it, in core/io (.vms.json, STATE files), core/scenario (scenario files) and `vms sweep`
// (parameter grids), so that their messages have one form.
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/io/error_messages.hpp"
#include "core/io/number_format.hpp"
#include "core/io/text_files.hpp"
#include "core/spatial/se3.hpp"

namespace vms::io {

using Json = nlohmann::ordered_json;  // keeps key order when writing

/// Parses JSON text; syntax errors become "<source>: line L, column C: invalid JSON (...)".
Json parseJsonText(const std::string& text, const std::string& source);

/// "a.b" / "a[3]" path building; the empty path is the top level.
std::string childPath(const std::string& path, const std::string& key);
std::string indexPath(const std::string& path, size_t index);

/// Type name for messages ("a string", "an array of 2 elements", ...).
std::string describeJson(const Json& j);

/// A JSON object being read: every key must be consumed (or is reported as unknown by
/// finish()). Errors name the key path.
class ObjectReader {
 public:
  ObjectReader(const Json& j, std::string path, std::string source);

  const std::string& path() const { return path_; }
  const std::string& source() const { return source_; }
  std::string keyPath(const std::string& key) const { return childPath(path_, key); }

  bool has(const std::string& key) const;
  /// The value (marked as used) or nullptr.
  const Json* get(const std::string& key);
  const Json& require(const std::string& key);

  double number(const std::string& key, double fallback);
  double requireNumber(const std::string& key);
  /// A finite number of any magnitude: for values that are only compared with others, never
  /// multiplied (joint limits, effort and velocity limits, where 1e300 means "no limit").
  double limitNumber(const std::string& key, double fallback);
  double requireLimitNumber(const std::string& key);
  std::string string(const std::string& key, const std::string& fallback);
  std::string requireString(const std::string& key);
  Vec3 vec3(const std::string& key, const Vec3& fallback);

  /// Rejects keys not consumed so far: "<path>.<key>: unknown key (expected one of: ...)".
  /// "comment" is always allowed.
  void finish(const std::vector<std::string>& allowed_for_message = {}) const;

  [[noreturn]] void failAt(const std::string& key, const std::string& problem) const;
  [[noreturn]] void failHere(const std::string& problem) const;

 private:
  const Json& j_;
  std::string path_;
  std::string source_;
  std::set<std::string> used_;
};

/// Value readers for a JSON value at `path`.
/// A finite number of magnitude <= kMaxMagnitude.
double readNumber(const Json& j, const std::string& path, const std::string& source);
/// A finite number of any magnitude (see ObjectReader::limitNumber).
double readLimitNumber(const Json& j, const std::string& path, const std::string& source);
std::vector<double> readNumbers(const Json& j, size_t n, const std::string& path,
                                const std::string& source);  // n = 0: any length
Vec3 readVec3(const Json& j, const std::string& path, const std::string& source);
Mat3 readMat3(const Json& j, const std::string& path, const std::string& source);

/// JSON text: objects one key per line, arrays of numbers/strings (and arrays of such arrays,
/// e.g. 3x3 matrices) on one line. Numbers are written by nlohmann (shortest round trip).
std::string prettyJson(const Json& j);

/// A JSON number from a double, normalised so that an integral value is still a float
/// (nlohmann writes 10.0 as "10.0", which reads back as the same double).
inline Json jnum(double x) { return Json(x); }
Json jvec(const Vec3& v);
Json jmat(const Mat3& m);

}  // namespace vms::io
