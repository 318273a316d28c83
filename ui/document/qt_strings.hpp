#pragma once
// The core's std::string text (names, messages) as Qt shows it.
#include <QString>
#include <string>

namespace vms::ui {

inline QString qstr(const std::string& s) { return QString::fromStdString(s); }

}  // namespace vms::ui
