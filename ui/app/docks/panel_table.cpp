// The table of the workbench's docks. Adding a dock: one entry here; the adapter that puts the
// view behind the WorkbenchPanel contract lives with the panel (panel_adapters.cpp,
// plots_dock.cpp).
#include <QCoreApplication>

#include "ui/app/contract/workbench_panel.hpp"
#include "ui/app/docks/disturbance_map_dock.hpp"
#include "ui/app/docks/formulations_dock.hpp"
#include "ui/app/docks/panel_adapters.hpp"
#include "ui/app/docks/plots_dock.hpp"

namespace vms::ui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("vms::ui::MainWindow", text); }
}  // namespace

std::vector<PanelSpec> workbenchPanels() {
  // clang-format off
  // id, title, area, factory, dock to share tabs with, initial size, column share
  // (workbench_panel.hpp)
  return {
      // Two fifths of the left column for the tree (left to itself it shrank to three rows).
      {"modelTreeDock", tr("Model"), Qt::LeftDockWidgetArea, modelTreeDock, {}, 440, 280},
      {"propertyInspectorDock", tr("Properties"), Qt::LeftDockWidgetArea, propertyInspectorDock,
       {}, 0, 420},
      {"explanationDock", tr("Explanation"), Qt::LeftDockWidgetArea, explanationDock,
       "propertyInspectorDock", 0},
      {"scenarioDock", tr("Scenario"), Qt::LeftDockWidgetArea, scenarioDock,
       "propertyInspectorDock", 0},
      // Wide enough for the Formulations table and the Study table's columns.
      {"plotsDock", tr("Plots"), Qt::RightDockWidgetArea, plotsDock, {}, 520},
      {"teachDock", tr("Teach"), Qt::RightDockWidgetArea, teachDock, "plotsDock", 0},
      {"formulationsDock", tr("Formulations"), Qt::RightDockWidgetArea, formulationsDock,
       "plotsDock", 0},
      {"studyDock", tr("Study"), Qt::RightDockWidgetArea, studyDock, "plotsDock", 0},
      {"disturbanceMapDock", tr("Disturbance Map"), Qt::RightDockWidgetArea, disturbanceMapDock,
       "plotsDock", 0},
      {"logDock", tr("Log"), Qt::BottomDockWidgetArea, logDock, {}, 80},
  };
  // clang-format on
}

}  // namespace vms::ui
