#pragma once
// Batch figures from trajectory CSV files (`vms plot`): chosen columns against t (or another
// column), with the live plots' styling (plot_style.hpp) and layout (plot_figure.hpp): one
// pane per unit (units from the column names, csvColumnUnit), saved as PNG, SVG or PDF.
// Needs a QApplication (the offscreen platform is enough).
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

#include "ui/plots/csv_table.hpp"
#include "ui/plots/plot_export.hpp"
#include "ui/plots/plot_spec.hpp"

namespace vms::ui {

struct CsvPlotOptions {
  QStringList y;  // columns to plot
  QString x = QStringLiteral("t");
  QString title;                                    // empty: "<y columns> vs <x>"
  bool log_y = false;                               // values <= 0 are then not drawn
  QSize size = QSize(kFigureWidth, kFigureHeight);  // PNG pixels (the panel's export default)
  double scale = kFigureScale;  // laid out at size / scale: 2 = a 2x (192 dpi) figure
};

/// The spec for `options` over `table`; empty with *error naming the unknown column (and
/// listing the available ones) or an empty y list.
std::optional<PlotSpec> csvPlotSpec(const CsvTable& table, const CsvPlotOptions& options,
                                    QString* error);

/// The default figure height for `panes` panes: max(400, 60 + 200 panes) pixels.
int autoHeight(int panes);

/// Renders and saves to `path` (.png, .svg or .pdf). False with *error set otherwise.
bool renderCsvPlot(const CsvTable& table, const CsvPlotOptions& options, const QString& path,
                   QString* error);

}  // namespace vms::ui
