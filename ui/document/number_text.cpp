#include "ui/document/number_text.hpp"

#include <cmath>

#include "core/io/number_format.hpp"

namespace vms::ui {

QString numberText(double x) { return QString::fromStdString(io::formatDouble(x)); }

QString displayNumberText(double x, double scale) {
  if (!std::isfinite(x)) return numberText(x);
  if (x != 0.0 && std::abs(x) < 1e-12 * std::abs(scale)) return QStringLiteral("0");
  const QString exact = numberText(x);
  const QString short_form = QString::number(x, 'g', 10);
  return short_form.size() < exact.size() ? short_form : exact;
}

std::optional<double> parseNumberText(const QString& text) {
  bool ok = false;
  const double x = text.trimmed().toDouble(&ok);  // C locale, like the model files
  if (!ok || !std::isfinite(x)) return std::nullopt;
  return x;
}

}  // namespace vms::ui
