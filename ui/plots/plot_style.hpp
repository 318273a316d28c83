#pragma once
// The look shared by the live plots and `vms plot`: white background, light grid, a
// colour-blind-safe palette (Okabe & Ito), one font size, log axes with decade ticks.
#include <QColor>
#include <QFont>
#include <QPen>

class QCustomPlot;
class QCPAxis;
class QCPLegend;
class QCPLayoutGrid;

namespace vms::ui {

/// Colour `index` of the palette (cycles).
QColor seriesColor(int index);
/// Pen for a series: palette colour, `style` (solid/dash/dot), 1.5 px (cosmetic).
QPen seriesPen(int color_index, Qt::PenStyle style = Qt::SolidLine);

QFont plotFont(int point_size = 9);

/// Background, fonts, no default legend; live plots draw their lines without antialiasing
/// (4x cheaper; exports switch it on, see AntialiasedExport).
void applyPlotStyle(QCustomPlot* plot);

/// Antialiasing of everything for the lifetime of the object (vector and PNG exports).
class AntialiasedExport {
 public:
  explicit AntialiasedExport(QCustomPlot* plot);
  ~AntialiasedExport();
  AntialiasedExport(const AntialiasedExport&) = delete;
  AntialiasedExport& operator=(const AntialiasedExport&) = delete;

 private:
  QCustomPlot* plot_;
  int antialiased_, not_antialiased_;
};
/// Axis fonts, grid pens, label.
void styleAxis(QCPAxis* axis, const QString& label);
/// Logarithmic scale with decade ticks ("1e-12"), or back to linear.
void setLogScale(QCPAxis* axis, bool log);
void styleLegend(QCPLegend* legend);
/// Puts into cell (`row`, 0) of the plot's layout a grid with `legend` at its left, at its
/// natural width, and an empty element taking the rest. Put a legend in a layout row only this
/// way: a grid is never wider than its elements allow, and an empty legend allows no more than
/// its margins, which would squash every axis rect in the same column to its minimum width.
QCPLayoutGrid* addLegendRow(QCustomPlot* plot, int row, QCPLegend* legend);
/// Moves the plot's legend out of the axis rect into a row above it, its entries side by side
/// (wrapping), so that it never covers the curves.
void placeLegendAbove(QCustomPlot* plot);

}  // namespace vms::ui
