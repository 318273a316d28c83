#pragma once
// The Formulations dock (ui/panels FormulationsPanel behind the WorkbenchPanel contract): the
// seed formulations and the printed errata next to aba on the shown frames.
#include <memory>

namespace vms::ui {

class WorkbenchContext;
class WorkbenchPanel;

/// The panel-table factory.
std::unique_ptr<WorkbenchPanel> formulationsDock(WorkbenchContext& context);

}  // namespace vms::ui
