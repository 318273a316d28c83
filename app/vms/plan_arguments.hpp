#pragma once
// Argument helpers shared by the `vms plan` commands.
#include <filesystem>
#include <string>
#include <vector>

namespace vms::cli {

/// `text` split at commas (empty parts kept, for the caller to report).
inline std::vector<std::string> splitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

/// `file` as the scenario written at `out` names it: relative to the scenario's folder.
inline std::string relativeTo(const std::string& out, const std::string& file) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::absolute(fs::path(out)).parent_path();
  return fs::absolute(fs::path(file))
      .lexically_normal()
      .lexically_relative(folder)
      .generic_string();
}

}  // namespace vms::cli
