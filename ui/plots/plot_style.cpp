#include "ui/plots/plot_style.hpp"

#include <qcustomplot.h>

namespace vms::ui {

QColor seriesColor(int index) {
  // Okabe & Ito (2008), black last; distinguishable with the common colour-vision deficiencies.
  static const QColor kPalette[] = {
      QColor(0, 114, 178),    // blue
      QColor(213, 94, 0),     // vermillion
      QColor(0, 158, 115),    // bluish green
      QColor(204, 121, 167),  // reddish purple
      QColor(230, 159, 0),    // orange
      QColor(86, 180, 233),   // sky blue
      QColor(120, 120, 120),  // grey (instead of yellow, unreadable on white)
      QColor(0, 0, 0),        // black
  };
  constexpr int n = sizeof(kPalette) / sizeof(kPalette[0]);
  return kPalette[((index % n) + n) % n];
}

QPen seriesPen(int color_index, Qt::PenStyle style) {
  QPen pen(seriesColor(color_index));
  pen.setWidthF(1.5);
  pen.setStyle(style);
  return pen;
}

QFont plotFont(int point_size) {
  QFont font(QStringLiteral("DejaVu Sans"));
  font.setStyleHint(QFont::SansSerif);
  font.setPointSize(point_size);
  return font;
}

void applyPlotStyle(QCustomPlot* plot) {
  plot->setBackground(Qt::white);
  plot->setAntialiasedElements(QCP::aeAll);
  plot->setNotAntialiasedElements(QCP::aePlottables);
  plot->setPlottingHint(QCP::phFastPolylines, true);
  plot->setAutoAddPlottableToLegend(false);
  if (plot->legend) plot->legend->setVisible(false);
  plot->setFont(plotFont());
  plot->setNoAntialiasingOnDrag(true);
}

AntialiasedExport::AntialiasedExport(QCustomPlot* plot)
    : plot_(plot),
      antialiased_(plot->antialiasedElements()),
      not_antialiased_(plot->notAntialiasedElements()) {
  plot_->setNotAntialiasedElements(QCP::aeNone);
  plot_->setAntialiasedElements(QCP::aeAll);
}

AntialiasedExport::~AntialiasedExport() {
  plot_->setAntialiasedElements(QCP::AntialiasedElements(antialiased_));
  plot_->setNotAntialiasedElements(QCP::AntialiasedElements(not_antialiased_));
}

void styleAxis(QCPAxis* axis, const QString& label) {
  axis->setLabel(label);
  axis->setLabelFont(plotFont(9));
  axis->setTickLabelFont(plotFont(8));
  axis->setBasePen(QPen(QColor(90, 90, 90), 1));
  axis->setTickPen(QPen(QColor(90, 90, 90), 1));
  axis->setSubTickPen(QPen(QColor(90, 90, 90), 1));
  axis->grid()->setPen(QPen(QColor(225, 225, 225), 1, Qt::SolidLine));
  axis->grid()->setSubGridPen(QPen(QColor(242, 242, 242), 1, Qt::DotLine));
  axis->grid()->setZeroLinePen(QPen(QColor(190, 190, 190), 1));
}

void setLogScale(QCPAxis* axis, bool log) {
  if (log) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("eb"));  // 1e-12 as 1·10^-12
    axis->setNumberPrecision(0);
    axis->grid()->setSubGridVisible(true);
    axis->grid()->setZeroLinePen(Qt::NoPen);
  } else {
    axis->setScaleType(QCPAxis::stLinear);
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(QStringLiteral("gb"));
    axis->setNumberPrecision(4);
    axis->grid()->setSubGridVisible(false);
  }
}

void styleLegend(QCPLegend* legend) {
  legend->setFont(plotFont(8));
  legend->setBrush(QColor(255, 255, 255, 230));
  legend->setBorderPen(QPen(QColor(200, 200, 200)));
  legend->setIconSize(18, 8);
  legend->setRowSpacing(0);
  legend->setMargins(QMargins(4, 2, 4, 2));
}

QCPLayoutGrid* addLegendRow(QCustomPlot* plot, int row_index, QCPLegend* legend) {
  auto* row = new QCPLayoutGrid;
  plot->plotLayout()->addElement(row_index, 0, row);  // first: the legend then gets the plot
  row->addElement(0, 0, legend);
  row->addElement(0, 1, new QCPLayoutElement(plot));
  row->setColumnStretchFactor(0, 0.001);
  row->setColumnSpacing(0);
  return row;
}

void placeLegendAbove(QCustomPlot* plot) {
  QCPLegend* legend = plot->legend;
  if (!legend || !plot->axisRect()) return;
  QCPLayoutGrid* layout = plot->plotLayout();
  if (QCPLayoutInset* inset = plot->axisRect()->insetLayout()) inset->take(legend);
  layout->insertRow(0);
  addLegendRow(plot, 0, legend);
  layout->setRowStretchFactor(0, 0.001);  // as tall as its entries
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  legend->setWrap(4);
  legend->setBorderPen(Qt::NoPen);
  legend->setMargins(QMargins(4, 2, 4, 0));
}

}  // namespace vms::ui
