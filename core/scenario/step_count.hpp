#pragma once
// How many integration steps a run of `duration` seconds at step `dt` takes, and the limit on
// that number (README "Input limits"): a duration/dt pair that overflows or would run for
// years is an input error, not a run that silently does nothing.
#include <string>

namespace vms {

/// The most integration steps one run (`vms simulate`, `vms run`, a scenario) may take.
inline constexpr double kMaxStepCount = 1e9;

/// "" when `duration` (>= 0) can be run in steps of `dt`; otherwise why not: not finite, dt not
/// > 0, or more than kMaxStepCount steps.
std::string stepCountProblem(double duration, double dt);

/// Steps of dt that cover `duration`, the last one shortened to land on it:
/// ceil(duration / dt - 1e-9), at least 0. Requires stepCountProblem(duration, dt) == "".
long stepCount(double duration, double dt);

}  // namespace vms
