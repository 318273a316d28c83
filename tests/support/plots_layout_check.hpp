#pragma once
// Checks that every shown plot of a PlotPanel is legible as laid out: the title and every
// legend entry lie inside the plot widget, each at least as large as its text needs (not cut),
// every pane keeps a readable height and its y axis label fits along it. Shared by the plots and
// app tests.
#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFontMetrics>
#include <QString>
#include <algorithm>

#include "ui/plots/plot_figure.hpp"
#include "ui/plots/plot_panel.hpp"

namespace vms::ui::test {

inline bool inside(const QRect& inner, const QRect& outer) { return outer.contains(inner, false); }

/// Every legend entry and the title of every shown plot lie inside the plot widget, each at
/// least as large as it needs (not cut).
inline QString layoutProblem(ui::PlotPanel& panel) {
  for (int i = 0; i < panel.plotCount(); ++i) {
    panel.setCurrentPlot(i);
    QCustomPlot* plot = panel.plot(i);
    plot->replot();
    const QRect area = plot->rect();
    auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
    if (!title) return QString("plot %1: no title").arg(i);
    const QFontMetrics title_metrics(title->font());
    int title_width = 0;
    for (const QString& line : title->text().split('\n'))
      title_width = std::max(title_width, title_metrics.horizontalAdvance(line));
    if (!inside(title->outerRect(), area) || title_width > title->rect().width() ||
        title->text().simplified() != panel.plotTitle(i).simplified())
      return QString("plot %1: title '%2' cut (%3 px in %4 px)")
          .arg(i)
          .arg(title->text())
          .arg(title_width)
          .arg(title->rect().width());
    ui::PlotFigure* figure = panel.figure(i);
    for (int p = 0; p < figure->paneCount(); ++p) {
      QCPLegend* legend = figure->legend(p);
      if (!legend->visible()) continue;
      if (!inside(legend->outerRect(), area))
        return QString("plot %1 pane %2: legend outside").arg(i).arg(p);
      for (int k = 0; k < legend->itemCount(); ++k) {
        QCPAbstractLegendItem* item = legend->item(k);
        if (!item) continue;  // an empty cell of the wrapped grid
        const QSize need = item->minimumOuterSizeHint();
        if (!inside(item->outerRect(), area) || item->outerRect().width() < need.width())
          return QString("plot %1 pane %2: legend entry %3 cut (%4 px of %5)")
              .arg(i)
              .arg(p)
              .arg(k)
              .arg(item->outerRect().width())
              .arg(need.width());
      }
      // The y axis label (drawn vertically) no longer than its pane: it would spill over.
      QCPAxis* y = figure->pane(p)->axis(QCPAxis::atLeft);
      const int label = QFontMetrics(y->labelFont()).horizontalAdvance(y->label());
      if (label > figure->pane(p)->outerRect().height())
        return QString("plot %1 pane %2: y label '%3' (%4 px) longer than the pane (%5 px)")
            .arg(i)
            .arg(p)
            .arg(y->label())
            .arg(label)
            .arg(figure->pane(p)->outerRect().height());
      if (figure->pane(p)->rect().height() < 50)
        return QString("plot %1 pane %2: only %3 px high")
            .arg(i)
            .arg(p)
            .arg(figure->pane(p)->rect().height());
    }
  }
  return {};
}

}  // namespace vms::ui::test
