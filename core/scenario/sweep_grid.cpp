#include "core/scenario/sweep_grid.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace vms {

namespace {

SweepParameterError parameterError(const std::string& text, const std::string& problem) {
  return SweepParameterError(text, problem);
}

bool parseDouble(const std::string& s, double* x) {
  char* end = nullptr;
  errno = 0;
  *x = std::strtod(s.c_str(), &end);
  return !s.empty() && *end == '\0' && errno != ERANGE && std::isfinite(*x);
}

std::string escapeToken(const std::string& t) {
  std::string out;
  for (char c : t) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

// The tokens of a JSON pointer (RFC 6901), unescaped; false if it is not one.
bool pointerTokens(const std::string& pointer, std::vector<std::string>* tokens) {
  try {
    (void)io::Json::json_pointer(pointer);  // validates the syntax and the escapes
  } catch (const std::exception&) {
    return false;
  }
  for (std::size_t start = 1; start <= pointer.size();) {
    std::size_t end = pointer.find('/', start);
    if (end == std::string::npos) end = pointer.size();
    std::string token;
    for (std::size_t i = start; i < end; ++i) {
      if (pointer[i] == '~') {
        token += pointer[i + 1] == '0' ? '~' : '/';
        ++i;
      } else {
        token += pointer[i];
      }
    }
    tokens->push_back(token);
    start = end + 1;
  }
  return true;
}

std::string keyList(const io::Json& object) {
  std::string keys;
  for (auto it = object.begin(); it != object.end(); ++it)
    keys += (keys.empty() ? "" : ", ") + it.key();
  return keys;
}

// One step down from `node` (at `at`) by `token`; SweepParameterError naming what is there.
const io::Json& child(const std::string& text, const io::Json& node, const std::string& at,
                      const std::string& token) {
  const std::string where = at.empty() ? "the scenario" : at;
  if (node.is_object()) {
    const auto it = node.find(token);
    if (it == node.end())
      throw parameterError(text,
                           where + " has no key '" + token + "' (keys: " + keyList(node) + ")");
    return *it;
  }
  if (node.is_array()) {
    char* end = nullptr;
    const unsigned long i = std::strtoul(token.c_str(), &end, 10);
    if (token.empty() || *end != '\0' || token[0] == '-' || (token.size() > 1 && token[0] == '0') ||
        i >= node.size())
      throw parameterError(
          text, where + " is " + io::describeJson(node) + ", has no element '" + token + "'");
    return node[i];
  }
  throw parameterError(text, where + " is " + io::describeJson(node) + ", has no '" + token + "'");
}

const char* kPathForms =
    "PATH is a JSON pointer into the scenario with its model inline (/duration, "
    "/model/links/2/mass, /model/joints/1/origin/xyz/0) or link:NAME.FIELD / joint:NAME.FIELD "
    "(link:link2.mass, joint:joint2.origin.x)";

}  // namespace

double SweepParameter::value(long k) const {
  if (!values.empty()) return values[static_cast<std::size_t>(k)];
  if (count <= 1 || k <= 0) return from;
  if (k >= count - 1) return to;
  const double x = from + static_cast<double>(k) * ((to - from) / static_cast<double>(count - 1));
  // Rounded to 15 significant digits: 0.2:0.8:25 gives 0.5, not 0.50000000000000011.
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", x);
  return std::strtod(text, nullptr);
}

SweepParameter parseSweepParameter(const std::string& text) {
  const std::size_t eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0) throw parameterError(text, "expected PATH=FROM:TO:COUNT");
  SweepParameter p;
  p.name = text.substr(0, eq);
  if (p.name.find_first_of(",\"\r\n") != std::string::npos)
    throw parameterError(text,
                         "PATH must not contain a comma, a quote or a line break (it "
                         "names a CSV column)");
  const std::string range = text.substr(eq + 1);
  const std::size_t c1 = range.find(':'),
                    c2 = c1 == std::string::npos ? c1 : range.find(':', c1 + 1);
  if (c2 == std::string::npos || range.find(':', c2 + 1) != std::string::npos)
    throw parameterError(text, "expected FROM:TO:COUNT after '=', got '" + range + "'");
  const std::string from = range.substr(0, c1), to = range.substr(c1 + 1, c2 - c1 - 1),
                    count = range.substr(c2 + 1);
  if (!parseDouble(from, &p.from))
    throw parameterError(text, "FROM '" + from + "' is not a finite number");
  if (!parseDouble(to, &p.to)) throw parameterError(text, "TO '" + to + "' is not a finite number");
  char* end = nullptr;
  errno = 0;
  p.count = std::strtol(count.c_str(), &end, 10);
  if (count.empty() || *end != '\0' || errno == ERANGE || p.count < 1 ||
      p.count > static_cast<long>(SweepGrid::kMaxPoints))
    throw parameterError(text, "COUNT '" + count + "' is not an integer from 1 to " +
                                   std::to_string(SweepGrid::kMaxPoints));
  if (p.count == 1 && p.from != p.to)
    throw parameterError(text, "COUNT 1 needs FROM = TO (one value)");
  if (!std::isfinite(p.to - p.from)) throw parameterError(text, "TO - FROM overflows");
  return p;
}

SweepParameter listedSweepParameter(const std::string& path, std::vector<double> values) {
  if (path.empty()) throw parameterError(path, "empty PATH");
  if (path.find_first_of(",\"\r\n") != std::string::npos)
    throw parameterError(path,
                         "PATH must not contain a comma, a quote or a line break (it names a "
                         "column)");
  if (values.empty()) throw parameterError(path, "no values");
  if (values.size() > SweepGrid::kMaxPoints)
    throw parameterError(path, "more than " + std::to_string(SweepGrid::kMaxPoints) + " values");
  for (double v : values)
    if (!std::isfinite(v)) throw parameterError(path, "a value is not finite");
  SweepParameter p;
  p.name = path;
  p.count = static_cast<long>(values.size());
  p.from = values.front();
  p.to = values.back();
  p.values = std::move(values);
  return p;
}

void resolveSweepParameter(SweepParameter& p, const io::Json& scenario) {
  const std::string& text = p.name;
  std::string pointer;
  const io::Json* node = &scenario;
  if (text[0] == '/') {
    std::vector<std::string> tokens;
    if (!pointerTokens(text, &tokens))
      throw parameterError(text, "not a JSON pointer ('~' must be followed by 0 or 1)");
    for (const std::string& t : tokens) {
      node = &child(text, *node, pointer, t);
      pointer += "/" + escapeToken(t);
    }
  } else {
    const std::size_t colon = text.find(':');
    const std::string kind = colon == std::string::npos ? "" : text.substr(0, colon);
    if (kind != "link" && kind != "joint") throw parameterError(text, kPathForms);
    const std::size_t dot = text.find('.', colon + 1);
    if (dot == std::string::npos || dot + 1 >= text.size())
      throw parameterError(text, "expected " + kind + ":NAME.FIELD");
    const std::string name = text.substr(colon + 1, dot - colon - 1);
    const std::string collection = kind + "s";
    const io::Json& list = child(text, child(text, scenario, "", "model"), "/model", collection);
    pointer = "/model/" + collection;
    std::string names;
    for (std::size_t i = 0; i < list.size() && node == &scenario; ++i) {
      const auto n = list[i].find("name");
      if (n == list[i].end() || !n->is_string()) continue;
      if (*n == name) {
        node = &list[i];
        pointer += "/" + std::to_string(i);
      }
      names += (names.empty() ? "" : ", ") + n->get<std::string>();
    }
    if (node == &scenario)
      throw parameterError(
          text, "the model has no " + kind + " '" + name + "' (" + collection + ": " + names + ")");
    // FIELD: keys separated by dots; x, y, z index a vector (a pose's "xyz").
    for (std::size_t start = dot + 1; start <= text.size();) {
      std::size_t end = text.find('.', start);
      if (end == std::string::npos) end = text.size();
      std::string field = text.substr(start, end - start);
      const bool axis = field == "x" || field == "y" || field == "z";
      if (axis && node->is_object() && !node->contains(field) && node->contains("xyz")) {
        node = &(*node)["xyz"];
        pointer += "/xyz";
      }
      if (axis && node->is_array()) field = std::to_string(field[0] - 'x');
      node = &child(text, *node, pointer, field);
      pointer += "/" + escapeToken(field);
      start = end + 1;
    }
  }
  if (!node->is_number())
    throw parameterError(text, (pointer.empty() ? std::string("the scenario") : pointer) + " is " +
                                   io::describeJson(*node) + ", not a number");
  p.pointer = pointer;
}

SweepGrid::SweepGrid(std::vector<SweepParameter> parameters) : parameters_(std::move(parameters)) {
  for (const SweepParameter& p : parameters_) {
    if (static_cast<std::size_t>(p.count) > kMaxPoints / size_)
      throw SweepParameterError("",
                                "the grid has more than " + std::to_string(kMaxPoints) + " points");
    size_ *= static_cast<std::size_t>(p.count);
  }
}

std::vector<double> SweepGrid::values(std::size_t index) const {
  std::vector<double> v(parameters_.size());
  for (std::size_t k = parameters_.size(); k-- > 0;) {
    const std::size_t n = static_cast<std::size_t>(parameters_[k].count);
    v[k] = parameters_[k].value(static_cast<long>(index % n));
    index /= n;
  }
  return v;
}

io::Json SweepGrid::apply(const io::Json& scenario, std::size_t index) const {
  io::Json j = scenario;
  const std::vector<double> v = values(index);
  for (std::size_t k = 0; k < parameters_.size(); ++k)
    j[io::Json::json_pointer(parameters_[k].pointer)] = v[k];
  return j;
}

}  // namespace vms
