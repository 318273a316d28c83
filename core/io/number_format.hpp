#pragma once
// Numbers as text the way every file format of the workbench writes them: the shortest text
// that reads back to the same double, independent of the C locale. Public: the desktop app
// shows numbers exactly as the files it saves will hold them.
#include <string>

namespace vms::io {

/// Shortest text that reads back to exactly the same double (std::to_chars; never depends on
/// the C locale, unlike printf, which matters once Qt has called setlocale()).
std::string formatDouble(double x);

}  // namespace vms::io
