#include "arguments.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace vms::cli {

Arguments::Arguments(int argc, char** argv, int first, const std::set<std::string>& value_options,
                     const std::set<std::string>& flag_options) {
  for (int i = first; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) == 0 && a.size() > 2) {
      std::string name = a.substr(2), value;
      if (const auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        if (!value_options.count(name)) throw UsageError("option --" + name + " takes no value");
      } else if (value_options.count(name)) {
        if (i + 1 >= argc) throw UsageError("option --" + name + " needs a value");
        value = argv[++i];
      } else if (!flag_options.count(name)) {
        throw UsageError("unknown option --" + name);
      }
      if (values_.count(name)) throw UsageError("option --" + name + " given twice");
      values_[name] = value;
    } else {
      positional_.push_back(a);
    }
  }
}

std::optional<std::string> Arguments::get(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Arguments::required(const std::string& name) const {
  const auto v = get(name);
  if (!v) throw UsageError("missing required option --" + name);
  return *v;
}

double Arguments::number(const std::string& name, double fallback) const {
  const auto v = get(name);
  if (!v) return fallback;
  char* end = nullptr;
  const double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || !std::isfinite(x))
    throw UsageError("option --" + name + ": '" + *v + "' is not a finite number");
  return x;
}

long Arguments::integer(const std::string& name, long fallback) const {
  const auto v = get(name);
  if (!v) return fallback;
  char* end = nullptr;
  errno = 0;
  const long x = std::strtol(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno == ERANGE)
    throw UsageError("option --" + name + ": '" + *v + "' is not an integer in range");
  return x;
}

}  // namespace vms::cli
