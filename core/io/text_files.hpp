#pragma once
// Whole text files in and out, with the input limits (input_checks.hpp) and error messages
// of the file readers ("<path>: <problem>"). Public: the command line and the desktop app read
// and write their own text files (sweep CSVs, run outputs, scenarios) the same way.
#include <string>

namespace vms::io {

/// Whole file as text. Throws ModelError "<path>: <problem>" when the file cannot be opened, is
/// not a regular file (a directory, a device such as /dev/zero, a pipe), is larger than
/// kMaxInputFileBytes, or when the path is empty.
std::string readTextFile(const std::string& path);

/// Writes text atomically enough for our use (truncate + write). Throws ModelError.
void writeTextFile(const std::string& path, const std::string& text);

/// Whether `s` ends with `suffix` (file extensions such as ".vms.json").
bool endsWith(const std::string& s, const std::string& suffix);

}  // namespace vms::io
