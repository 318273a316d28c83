#pragma once
// Minimal command-line parsing: positional arguments and `--name value` options, checked
// against the options each command accepts so that typos are errors, not silent defaults.
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace vms::cli {

/// A usage error: printed with the command's usage line, exit status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Arguments {
 public:
  /// Parses argv[first..argc). `value_options` take a value; `flag_options` do not.
  Arguments(int argc, char** argv, int first, const std::set<std::string>& value_options,
            const std::set<std::string>& flag_options = {});

  const std::vector<std::string>& positional() const { return positional_; }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> get(const std::string& name) const;
  /// The option's value, or throws UsageError naming it.
  std::string required(const std::string& name) const;
  double number(const std::string& name, double fallback) const;
  long integer(const std::string& name, long fallback) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
};

}  // namespace vms::cli
