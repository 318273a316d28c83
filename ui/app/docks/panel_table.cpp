// The table of the workbench's docks. Adding a dock: one entry here; the adapter that puts the
// view behind the WorkbenchPanel contract lives with the panel (panel_adapters.cpp,
// plots_dock.cpp).
#include <QCoreApplication>

#include "ui/app/contract/workbench_panel.hpp"
#include "ui/app/docks/disturbance_map_dock.hpp"
#include "ui/app/docks/formulations_dock.hpp"
#include "ui/app/docks/panel_adapters.hpp"
#include "ui/app/docks/plots_dock.hpp"
#include "ui/app/window/window_text.hpp"

namespace vms::ui {

std::vector<PanelSpec> workbenchPanels() {
  // clang-format off
  // id, title, area, factory, dock to share tabs with, initial size, column share
  // (workbench_panel.hpp)
  return {
      // Two fifths of the left column for the tree (left to itself it shrank to three rows).
      {"modelTreeDock", trMainWindow("Model"), Qt::LeftDockWidgetArea, modelTreeDock, {}, 440, 280},
      {"propertyInspectorDock", trMainWindow("Properties"), Qt::LeftDockWidgetArea, propertyInspectorDock,
       {}, 0, 420},
      {"explanationDock", trMainWindow("Explanation"), Qt::LeftDockWidgetArea, explanationDock,
       "propertyInspectorDock", 0},
      {"scenarioDock", trMainWindow("Scenario"), Qt::LeftDockWidgetArea, scenarioDock,
       "propertyInspectorDock", 0},
      // Wide enough for the Formulations table and the Study table's columns.
      {"plotsDock", trMainWindow("Plots"), Qt::RightDockWidgetArea, plotsDock, {}, 520},
      {"teachDock", trMainWindow("Teach"), Qt::RightDockWidgetArea, teachDock, "plotsDock", 0},
      {"formulationsDock", trMainWindow("Formulations"), Qt::RightDockWidgetArea, formulationsDock,
       "plotsDock", 0},
      {"studyDock", trMainWindow("Study"), Qt::RightDockWidgetArea, studyDock, "plotsDock", 0},
      {"disturbanceMapDock", trMainWindow("Disturbance Map"), Qt::RightDockWidgetArea, disturbanceMapDock,
       "plotsDock", 0},
      {"logDock", trMainWindow("Log"), Qt::BottomDockWidgetArea, logDock, {}, 80},
  };
  // clang-format on
}

}  // namespace vms::ui
