#pragma once
// The plots dock (ui/plots PlotPanel behind the WorkbenchPanel contract): the history of the
// run, a cursor at the scrubbed time, its own Plots menu (which plots are shown, persisted;
// custom plots) and the Export menu's "All Plots" entry.
#include <QSize>
#include <QString>
#include <QStringList>
#include <memory>

#include "ui/plots/plot_export.hpp"

class QWidget;

namespace vms::ui {

class PlotPanel;
class WorkbenchContext;
class WorkbenchPanel;

/// The panel-table factory.
std::unique_ptr<WorkbenchPanel> plotsDock(WorkbenchContext& context);

/// Figure size of plot exports: PNG pixels, laid out at pixels / scale (ui/plots/plot_export).
struct PlotExportSize {
  QSize pixels{kFigureWidth, kFigureHeight};  // the defaults `vms plot` uses too
  double scale = kFigureScale;
};

/// Asks for the figure size (starting from the last one used, persisted); false if cancelled.
bool askPlotExportSize(QWidget* parent, PlotExportSize& size);

/// Saves every shown plot into `dir` (created if missing) in each of `extensions` ("png",
/// "svg", "pdf") at `size`; returns the files written. Failures go to `error` and, as a
/// problem, to the window (context.problem); the count written goes to the log.
QStringList exportPlots(const PlotPanel& plots, WorkbenchContext& context, const QString& dir,
                        const QStringList& extensions, QString* error = nullptr,
                        PlotExportSize size = {});

}  // namespace vms::ui
