#pragma once
// Numbers as the editors show them: the shortest text that reads back to the same double
// (locale independent), and the reverse.
#include <QString>
#include <optional>

namespace vms::ui {

QString numberText(double x);
/// The number in `text` (surrounding blanks allowed), or nothing if it is not one finite number.
std::optional<double> parseNumberText(const QString& text);

}  // namespace vms::ui
