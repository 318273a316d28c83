#pragma once
// The Disturbance Map dock (ui/panels DisturbanceMapPanel behind the WorkbenchPanel contract):
// the enhanced disturbance map of two joints with the run's path and the current
// configuration on it; a click poses the arm while paused.
#include <memory>

namespace vms::ui {

class WorkbenchContext;
class WorkbenchPanel;

/// The panel-table factory.
std::unique_ptr<WorkbenchPanel> disturbanceMapDock(WorkbenchContext& context);

}  // namespace vms::ui
