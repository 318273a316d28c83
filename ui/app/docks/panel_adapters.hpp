#pragma once
// Factories that put each view class (ui/panels, ui/view3d; they include nothing of ui/app)
// behind the WorkbenchPanel contract: each adapter overrides the contract calls its view needs
// and, in bind(), connects the view to the WorkbenchContext (messages to the log, selections
// to and from the other views). The panel table (panel_table.cpp) names the dock factories;
// the plots dock is in plots_dock.hpp.
#include <memory>

namespace vms::ui {

class SceneView;
class WorkbenchContext;
class WorkbenchPanel;

/// The 3D view (the window's central widget, not a dock).
std::unique_ptr<WorkbenchPanel> sceneViewPanel(SceneView* scene);

std::unique_ptr<WorkbenchPanel> modelTreeDock(WorkbenchContext& context);
std::unique_ptr<WorkbenchPanel> propertyInspectorDock(WorkbenchContext& context);
std::unique_ptr<WorkbenchPanel> scenarioDock(WorkbenchContext& context);
std::unique_ptr<WorkbenchPanel> studyDock(WorkbenchContext& context);
std::unique_ptr<WorkbenchPanel> explanationDock(WorkbenchContext& context);
std::unique_ptr<WorkbenchPanel> teachDock(WorkbenchContext& context);
std::unique_ptr<WorkbenchPanel> logDock(WorkbenchContext& context);

}  // namespace vms::ui
