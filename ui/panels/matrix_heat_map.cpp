#include "ui/panels/matrix_heat_map.hpp"

#include <qcustomplot.h>

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/plots/plot_style.hpp"

namespace vms::ui {

MatrixHeatMap::MatrixHeatMap(QWidget* parent)
    : QWidget(parent),
      plot_(new QCustomPlot(this)),
      value_(new QLabel(this)),
      copy_(new QPushButton(tr("Copy as CSV"), this)) {
  setObjectName("matrixHeatMap");
  plot_->setObjectName("matrixHeatMapPlot");
  copy_->setObjectName("copyCsvButton");
  value_->setObjectName("matrixValueLabel");
  applyPlotStyle(plot_);
  map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  QCPColorGradient gradient;  // blue (negative) - white (zero) - red (positive)
  gradient.clearColorStops();
  gradient.setColorStopAt(0.0, QColor(33, 80, 170));
  gradient.setColorStopAt(0.5, QColor(255, 255, 255));
  gradient.setColorStopAt(1.0, QColor(190, 30, 40));
  map_->setGradient(gradient);
  map_->setInterpolate(false);
  auto* scale = new QCPColorScale(plot_);
  plot_->plotLayout()->addElement(0, 1, scale);
  scale->setType(QCPAxis::atRight);
  map_->setColorScale(scale);  // takes the scale's gradient: set ours after
  map_->setGradient(gradient);
  plot_->yAxis->setRangeReversed(true);  // row 0 at the top, as the matrix is written
  styleAxis(plot_->xAxis, tr("column"));
  styleAxis(plot_->yAxis, tr("row"));
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {  // rows and columns are integers
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    axis->setTicker(ticker);
    axis->grid()->setVisible(false);
  }
  plot_->setMinimumHeight(180);
  plot_->setMouseTracking(true);
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) { hover(e->pos()); });
  connect(copy_, &QPushButton::clicked, this, &MatrixHeatMap::copyCsv);

  auto* row = new QHBoxLayout;
  row->addWidget(value_, 1);
  row->addWidget(copy_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_, 1);
  layout->addLayout(row);
  setMatrix(MatX(), QString());
}

void MatrixHeatMap::setMatrix(const MatX& value, const QString& title) {
  matrix_ = value;
  title_ = title;
  const int rows = static_cast<int>(value.rows()), cols = static_cast<int>(value.cols());
  copy_->setEnabled(value.size() > 0);
  if (value.size() == 0) {
    map_->data()->clear();
    value_->setText(title.isEmpty() ? tr("No matrix") : title + tr(": empty"));
    plot_->replot();
    return;
  }
  map_->data()->setSize(cols, rows);
  map_->data()->setRange(QCPRange(0, std::max(cols - 1, 1)), QCPRange(0, std::max(rows - 1, 1)));
  if (cols == 1) map_->data()->setKeyRange(QCPRange(0, 0));
  if (rows == 1) map_->data()->setValueRange(QCPRange(0, 0));
  double largest = 0.0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const double v = value(r, c);
      map_->data()->setCell(c, r, v);
      if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
    }
  if (largest == 0.0) largest = 1.0;
  map_->setDataRange(QCPRange(-largest, largest));  // zero is white
  plot_->xAxis->setRange(-0.5, cols - 0.5);
  plot_->yAxis->setRange(-0.5, rows - 0.5);
  value_->setText(QString("%1: %2 × %3 (hover for values)").arg(title).arg(rows).arg(cols));
  plot_->replot();
}

QString MatrixHeatMap::cellText(int row, int column) const {
  if (row < 0 || column < 0 || row >= matrix_.rows() || column >= matrix_.cols()) return {};
  return QString("%1(%2, %3) = %4")
      .arg(title_)
      .arg(row)
      .arg(column)
      .arg(matrix_(row, column), 0, 'g', 12);
}

void MatrixHeatMap::hover(const QPointF& pos) {
  if (matrix_.size() == 0) return;
  const double key = plot_->xAxis->pixelToCoord(pos.x());
  const double value = plot_->yAxis->pixelToCoord(pos.y());
  const QString text =
      cellText(static_cast<int>(std::lround(value)), static_cast<int>(std::lround(key)));
  if (text.isEmpty()) return;
  value_->setText(text);
  plot_->setToolTip(text);
}

QString MatrixHeatMap::csv() const {
  QString out;
  for (int r = 0; r < matrix_.rows(); ++r) {
    for (int c = 0; c < matrix_.cols(); ++c) {
      if (c > 0) out += ',';
      out += QString::number(matrix_(r, c), 'g', 17);
    }
    out += '\n';
  }
  return out;
}

void MatrixHeatMap::copyCsv() const {
  if (QClipboard* clipboard = QGuiApplication::clipboard()) clipboard->setText(csv());
}

}  // namespace vms::ui
