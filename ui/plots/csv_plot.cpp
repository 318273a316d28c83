#include "ui/plots/csv_plot.hpp"

#include <qcustomplot.h>

#include <algorithm>

#include "ui/plots/plot_export.hpp"
#include "ui/plots/plot_figure.hpp"

namespace vms::ui {

namespace {

bool nonDecreasing(const std::vector<double>& v) {
  for (size_t i = 1; i < v.size(); ++i)
    if (!(v[i] >= v[i - 1])) return false;
  return true;
}

QString unknownColumn(const CsvTable& table, const QString& name) {
  return QString("unknown column '%1' (available: %2)").arg(name, table.columns.join(", "));
}

}  // namespace

std::optional<PlotSpec> csvPlotSpec(const CsvTable& table, const CsvPlotOptions& options,
                                    QString* error) {
  if (options.y.isEmpty()) {
    if (error) *error = QStringLiteral("no columns to plot");
    return std::nullopt;
  }
  const int xi = table.indexOf(options.x);
  if (xi < 0) {
    if (error) *error = unknownColumn(table, options.x);
    return std::nullopt;
  }
  PlotSpec spec;
  spec.title = options.title.isEmpty() ? options.y.join(", ") + " vs " + options.x : options.title;
  spec.slug = QStringLiteral("plot");
  spec.x_label = axisLabel(options.x, csvColumnUnit(options.x));
  spec.parametric = !nonDecreasing(table.data[xi]);
  int color = 0;
  for (const QString& column : options.y) {
    if (table.indexOf(column) < 0) {
      if (error) *error = unknownColumn(table, column);
      return std::nullopt;
    }
    const QString unit = csvColumnUnit(column);
    PaneSpec* pane = nullptr;
    for (auto& p : spec.panes)
      if (p.unit == unit) pane = &p;
    if (!pane) {
      spec.panes.push_back({QString(), unit, options.log_y, {}, {}, {}});
      pane = &spec.panes.back();
    }
    pane->series.push_back({column, column, color++, Qt::SolidLine});
  }
  // The legend names the series; the axis names the column only when it is alone, else the
  // label is just the unit (long lists of names do not fit a pane's height).
  for (auto& p : spec.panes) {
    if (p.series.size() == 1)
      p.name = p.series.front().id;
    else if (p.unit.isEmpty())
      p.name = QStringLiteral("value");
    else
      p.name = p.unit, p.unit.clear();
  }
  return spec;
}

int autoHeight(int panes) { return std::max(400, 60 + 200 * panes); }

bool renderCsvPlot(const CsvTable& table, const CsvPlotOptions& options, const QString& path,
                   QString* error) {
  auto spec = csvPlotSpec(table, options, error);
  if (!spec) return false;
  QSize size = options.size;
  const double scale = options.scale > 0.0 ? options.scale : 1.0;
  if (size.height() <= 0)
    size.setHeight(int(scale * autoHeight(static_cast<int>(spec->panes.size()))));
  QCustomPlot plot;
  plot.resize(size / scale);
  PlotFigure figure(&plot, *spec);
  std::vector<const std::vector<double>*> columns;
  for (const QString& id : spec->seriesIds()) columns.push_back(&table.data[table.indexOf(id)]);
  figure.appendRows(table.data[table.indexOf(options.x)], columns, 0);
  figure.rescale();
  return savePlot(&plot, path, size, error, scale);
}

}  // namespace vms::ui
