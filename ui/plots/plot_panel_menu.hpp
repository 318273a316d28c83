#pragma once
// The panel's "Plots" button: which built-in plots are shown, a user plot of chosen
// quantities (quantity_picker_dialog.hpp), removing user plots, exporting every plot.
class QWidget;

namespace vms::ui {

class PlotPanel;

/// A tool button whose menu drives `panel` (built when it opens, so it is always current).
QWidget* createPlotPanelMenuButton(PlotPanel* panel);

}  // namespace vms::ui
