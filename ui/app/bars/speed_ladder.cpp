#include "ui/app/bars/speed_ladder.hpp"

#include <cmath>

namespace vms::ui {

SpeedLadder::SpeedLadder()
    : factors_{0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 0.0} {
  setFactor(1.0);
}

void SpeedLadder::setFactor(double factor) {
  if (factor <= 0.0) {
    index_ = factors_.size() - 1;
    return;
  }
  std::size_t best = 0;
  for (std::size_t i = 0; i + 1 < factors_.size(); ++i)
    if (std::abs(std::log(factors_[i] / factor)) < std::abs(std::log(factors_[best] / factor)))
      best = i;
  index_ = best;
}

bool SpeedLadder::faster() {
  if (index_ + 1 >= factors_.size()) return false;
  ++index_;
  return true;
}

bool SpeedLadder::slower() {
  if (index_ == 0) return false;
  --index_;
  return true;
}

QString SpeedLadder::label(double factor) {
  if (factor <= 0.0) return QStringLiteral("max");
  return QString::number(factor, 'g', 3) + QChar(0x00D7);
}

}  // namespace vms::ui
