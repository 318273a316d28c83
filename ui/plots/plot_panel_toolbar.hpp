#pragma once
// The panel's own small tool bar: a user plot of chosen quantities (quantity_picker_dialog.hpp)
// and removing the user plots. Which built-in plots are shown and exporting them belong to the
// main window's menus (PlotPanel::setVisiblePlots, exportAll).
class QWidget;

namespace vms::ui {

class PlotPanel;

QWidget* createPlotPanelToolBar(PlotPanel* panel);

}  // namespace vms::ui
