#pragma once
// The reference grid's spacing (world_reference.hpp), in a header without VTK so that tests and
// other modules can use the rule.
namespace vms::ui {

/// The grid spacing for a model of characteristic length `size` (m): 1, 2 or 5 times a power
/// of ten, the largest not above size / 5 (a size that is not positive and finite counts as
/// 1 m).
double gridSpacing(double size);

}  // namespace vms::ui
