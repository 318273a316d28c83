#include "ui/model/number_text.hpp"

#include <cmath>

#include "core/io/io_util.hpp"

namespace vms::ui {

QString numberText(double x) { return QString::fromStdString(io::formatDouble(x)); }

std::optional<double> parseNumberText(const QString& text) {
  bool ok = false;
  const double x = text.trimmed().toDouble(&ok);  // C locale, like the model files
  if (!ok || !std::isfinite(x)) return std::nullopt;
  return x;
}

}  // namespace vms::ui
