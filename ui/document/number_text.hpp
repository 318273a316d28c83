#pragma once
// Numbers as the editors show them: the shortest text that reads back to the same double
// (locale independent), and the reverse.
#include <QString>
#include <optional>

namespace vms::ui {

/// One degree in radians: the editors show angles in degrees (the readers' conversion,
/// core/io/vms_json.cpp).
inline constexpr double kDegree = 3.14159265358979323846 / 180.0;

QString numberText(double x);
/// What an editor shows of a value among others of magnitude `scale` (e.g. an inertia tensor's
/// largest entry): at most 10 significant digits (0.00789999999999 shows as 0.0079), and 0 for
/// a value below 1e-12 of the scale (rounding noise). Only for showing: a field left untouched
/// keeps the exact value.
QString displayNumberText(double x, double scale);
/// The number in `text` (surrounding blanks allowed), or nothing if it is not one finite number.
std::optional<double> parseNumberText(const QString& text);

}  // namespace vms::ui
