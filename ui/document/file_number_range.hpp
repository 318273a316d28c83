#pragma once
// The file readers' range for numbers, applied to edits: a value the readers would refuse
// could be saved (and autosaved) but never opened again. The reason is the readers' own.
#include <cmath>
#include <string>

#include "core/io/input_checks.hpp"
#include "core/io/number_format.hpp"

namespace vms::ui {

/// Empty if `x` is within the range of numbers in model, state and scenario files
/// (io::kMaxMagnitude), else why not, as the readers say it.
inline std::string fileRangeProblem(double x) {
  if (!(std::abs(x) > io::kMaxMagnitude)) return {};
  return io::formatDouble(x) +
         " is out of range (numbers in model, state and scenario files are at most 1e15 in "
         "magnitude)";
}

}  // namespace vms::ui
