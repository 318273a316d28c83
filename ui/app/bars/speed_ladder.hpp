#pragma once
// The real-time factors the speed buttons step through: slow motion, real time, fast, and
// "max" (0 = as fast as possible, SimulationController's convention).
#include <QString>
#include <vector>

namespace vms::ui {

class SpeedLadder {
 public:
  SpeedLadder();
  double factor() const { return factors_[index_]; }
  /// Selects the rung nearest to `factor` (0 selects "max").
  void setFactor(double factor);
  bool faster();  // false at the top
  bool slower();  // false at the bottom
  bool atMax() const { return factors_[index_] == 0.0; }
  /// "0.1×", "1×", "max".
  static QString label(double factor);

 private:
  std::vector<double> factors_;  // increasing, 0 (max) last
  std::size_t index_ = 0;
};

}  // namespace vms::ui
