#include "core/io/json_util.hpp"

#include <cmath>
#include <sstream>

#include "core/io/error_messages.hpp"
#include "core/io/number_format.hpp"

namespace vms::io {

Json parseJsonText(const std::string& text, const std::string& source) {
  checkJsonNesting(text, source);  // before nlohmann's recursive parser and copies
  // Duplicate keys are an error (nlohmann would silently keep one of them).
  std::vector<std::set<std::string>> keys;
  std::string duplicate;
  auto callback = [&](int /*depth*/, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) {
      keys.emplace_back();
    } else if (event == Json::parse_event_t::object_end) {
      if (!keys.empty()) keys.pop_back();
    } else if (event == Json::parse_event_t::key && !keys.empty()) {
      const auto k = parsed.get<std::string>();
      if (!keys.back().insert(k).second && duplicate.empty()) duplicate = k;
    }
    return true;
  };
  try {
    Json j = Json::parse(text, callback);
    if (!duplicate.empty())
      fail(source, "key " + quote(duplicate), "appears twice in the same object");
    return j;
  } catch (const Json::parse_error& e) {
    // nlohmann's message: "[json.exception.parse_error.101] parse error at line 3, column 5:
    // syntax error while parsing ..." -> keep what follows "parse error".
    std::string what = e.what();
    std::string where = "JSON";
    const auto at = what.find(" at line ");
    if (at != std::string::npos) {
      const auto colon = what.find(": ", at);
      where = what.substr(at + 4, colon == std::string::npos ? std::string::npos : colon - at - 4);
      if (colon != std::string::npos) what = what.substr(colon + 2);
    } else {
      const auto p = what.find("] ");
      if (p != std::string::npos) what = what.substr(p + 2);
    }
    for (char& c : what)
      if (c == '\n' || c == '\r') c = ' ';
    fail(source, where, "invalid JSON: " + what);
  } catch (const Json::exception& e) {
    // e.g. out_of_range.406 "number overflow parsing '1e999'"
    std::string what = e.what();
    const auto p = what.find("] ");
    if (p != std::string::npos) what = what.substr(p + 2);
    fail(source, "JSON", "invalid JSON: " + what);
  }
}

std::string childPath(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

std::string indexPath(const std::string& path, size_t index) {
  return (path.empty() ? std::string("(top level)") : path) + "[" + std::to_string(index) + "]";
}

std::string describeJson(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::array:
      return "an array of " + std::to_string(j.size()) + " elements";
    case Json::value_t::object:
      return "an object";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return "a number";
    default:
      return "a value of unsupported type";
  }
}

ObjectReader::ObjectReader(const Json& j, std::string path, std::string source)
    : j_(j), path_(std::move(path)), source_(std::move(source)) {
  if (!j_.is_object())
    fail(source_, path_.empty() ? "(top level)" : path_,
         "expected an object, got " + describeJson(j_));
}

bool ObjectReader::has(const std::string& key) const { return j_.contains(key); }

const Json* ObjectReader::get(const std::string& key) {
  auto it = j_.find(key);
  if (it == j_.end()) return nullptr;
  used_.insert(key);
  return &*it;
}

const Json& ObjectReader::require(const std::string& key) {
  const Json* v = get(key);
  if (!v) fail(source_, keyPath(key), "missing (required)");
  return *v;
}

double ObjectReader::number(const std::string& key, double fallback) {
  const Json* v = get(key);
  return v ? readNumber(*v, keyPath(key), source_) : fallback;
}

double ObjectReader::requireNumber(const std::string& key) {
  return readNumber(require(key), keyPath(key), source_);
}

double ObjectReader::limitNumber(const std::string& key, double fallback) {
  const Json* v = get(key);
  return v ? readLimitNumber(*v, keyPath(key), source_) : fallback;
}

double ObjectReader::requireLimitNumber(const std::string& key) {
  return readLimitNumber(require(key), keyPath(key), source_);
}

std::string ObjectReader::string(const std::string& key, const std::string& fallback) {
  const Json* v = get(key);
  if (!v) return fallback;
  if (!v->is_string()) failAt(key, "expected a string, got " + describeJson(*v));
  return v->get<std::string>();
}

std::string ObjectReader::requireString(const std::string& key) {
  const Json& v = require(key);
  if (!v.is_string()) failAt(key, "expected a string, got " + describeJson(v));
  return v.get<std::string>();
}

Vec3 ObjectReader::vec3(const std::string& key, const Vec3& fallback) {
  const Json* v = get(key);
  return v ? readVec3(*v, keyPath(key), source_) : fallback;
}

void ObjectReader::finish(const std::vector<std::string>& allowed) const {
  for (auto it = j_.begin(); it != j_.end(); ++it) {
    if (used_.count(it.key()) || it.key() == "comment") continue;
    std::string msg = "unknown key";
    if (!allowed.empty()) {
      msg += " (expected one of: ";
      for (size_t i = 0; i < allowed.size(); ++i) msg += (i ? ", " : "") + allowed[i];
      msg += ")";
    }
    fail(source_, keyPath(it.key()), msg);
  }
  if (const auto it = j_.find("comment"); it != j_.end() && !it->is_string())
    fail(source_, keyPath("comment"), "expected a string, got " + describeJson(*it));
}

void ObjectReader::failAt(const std::string& key, const std::string& problem) const {
  fail(source_, keyPath(key), problem);
}

void ObjectReader::failHere(const std::string& problem) const {
  fail(source_, path_.empty() ? "(top level)" : path_, problem);
}

double readLimitNumber(const Json& j, const std::string& path, const std::string& source) {
  if (!j.is_number()) fail(source, path, "expected a number, got " + describeJson(j));
  const double v = j.get<double>();
  if (!std::isfinite(v)) fail(source, path, "not a finite number");
  return v;
}

double readNumber(const Json& j, const std::string& path, const std::string& source) {
  const double v = readLimitNumber(j, path, source);
  if (std::abs(v) > kMaxMagnitude)
    fail(source, path,
         formatDouble(v) +
             " is out of range (numbers in model, state and scenario files are at "
             "most 1e15 in magnitude)");
  return v;
}

std::vector<double> readNumbers(const Json& j, size_t n, const std::string& path,
                                const std::string& source) {
  const std::string expected =
      n ? "expected " + std::to_string(n) + (n == 1 ? " number" : " numbers")
        : std::string("expected an array of numbers");
  if (!j.is_array()) fail(source, path, expected + ", got " + describeJson(j));
  if (n && j.size() != n) fail(source, path, expected + ", got " + std::to_string(j.size()));
  std::vector<double> out;
  out.reserve(j.size());
  for (size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_number())
      fail(source, path, expected + ", element " + std::to_string(i) + " is " + describeJson(j[i]));
    out.push_back(readNumber(j[i], path + "[" + std::to_string(i) + "]", source));
  }
  return out;
}

Vec3 readVec3(const Json& j, const std::string& path, const std::string& source) {
  const auto v = readNumbers(j, 3, path, source);
  return Vec3(v[0], v[1], v[2]);
}

Mat3 readMat3(const Json& j, const std::string& path, const std::string& source) {
  if (!j.is_array() || j.size() != 3)
    fail(source, path, "expected a 3x3 matrix (3 rows of 3 numbers), got " + describeJson(j));
  Mat3 m;
  for (int r = 0; r < 3; ++r) {
    const auto row = readNumbers(j[r], 3, path + "[" + std::to_string(r) + "]", source);
    for (int c = 0; c < 3; ++c) m(r, c) = row[c];
  }
  return m;
}

namespace {
bool isScalar(const Json& j) { return !j.is_array() && !j.is_object(); }
bool isFlatArray(const Json& j) {
  if (!j.is_array()) return false;
  for (const auto& e : j)
    if (!isScalar(e)) return false;
  return true;
}
bool isInline(const Json& j) {
  if (isScalar(j) || isFlatArray(j)) return true;
  if (!j.is_array()) return j.is_object() && j.empty();
  for (const auto& e : j)
    if (!isFlatArray(e)) return false;
  return true;
}

void pretty(const Json& j, int indent, std::string* out);

/// A small object of inline values on one line, if it fits in about 110 columns.
bool prettyShortObject(const Json& j, int indent, std::string* out) {
  if (!j.is_object() || j.empty()) return false;
  std::string line = "{";
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!isInline(it.value())) return false;
    if (line.size() > 1) line += ", ";
    line += Json(it.key()).dump() + ": ";
    pretty(it.value(), indent, &line);
  }
  line += "}";
  if (indent + 12 + line.size() > 110) return false;  // 12: room for the key in front
  *out += line;
  return true;
}

void pretty(const Json& j, int indent, std::string* out) {
  if (prettyShortObject(j, indent, out)) return;
  if (isInline(j)) {
    // dump() without indentation writes "[1,2]"; add a space after commas for readability.
    if (j.is_array()) {
      *out += "[";
      for (size_t i = 0; i < j.size(); ++i) {
        if (i) *out += ", ";
        pretty(j[i], indent, out);
      }
      *out += "]";
    } else {
      *out += j.dump();
    }
    return;
  }
  const std::string pad(static_cast<size_t>(indent + 2), ' ');
  if (j.is_object()) {
    *out += "{\n";
    size_t i = 0;
    for (auto it = j.begin(); it != j.end(); ++it, ++i) {
      *out += pad + Json(it.key()).dump() + ": ";
      pretty(it.value(), indent + 2, out);
      *out += i + 1 < j.size() ? ",\n" : "\n";
    }
    *out += std::string(static_cast<size_t>(indent), ' ') + "}";
  } else {
    *out += "[\n";
    for (size_t i = 0; i < j.size(); ++i) {
      *out += pad;
      pretty(j[i], indent + 2, out);
      *out += i + 1 < j.size() ? ",\n" : "\n";
    }
    *out += std::string(static_cast<size_t>(indent), ' ') + "]";
  }
}
}  // namespace

std::string prettyJson(const Json& j) {
  std::string out;
  pretty(j, 0, &out);
  out += "\n";
  return out;
}

Json jvec(const Vec3& v) { return Json::array({v.x(), v.y(), v.z()}); }

Json jmat(const Mat3& m) {
  Json rows = Json::array();
  for (int r = 0; r < 3; ++r) rows.push_back(Json::array({m(r, 0), m(r, 1), m(r, 2)}));
  return rows;
}

}  // namespace vms::io
