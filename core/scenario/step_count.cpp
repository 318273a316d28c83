#include "core/scenario/step_count.hpp"

#include <cmath>
#include <cstdio>

namespace vms {

std::string stepCountProblem(double duration, double dt) {
  if (!std::isfinite(duration) || duration < 0.0)
    return "the duration must be a finite number >= 0";
  if (!std::isfinite(dt) || !(dt > 0.0)) return "the time step must be a finite number > 0";
  const double steps = std::ceil(duration / dt - 1e-9);
  if (!(steps <= kMaxStepCount)) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "duration %g s in steps of %g s is %.3g steps; at most %.0e steps are allowed "
                  "(the input limit)",
                  duration, dt, steps, kMaxStepCount);
    return buf;
  }
  return "";
}

long stepCount(double duration, double dt) {
  const double steps = std::ceil(duration / dt - 1e-9);
  return steps > 0.0 ? static_cast<long>(steps) : 0L;
}

}  // namespace vms
