#include "ui/plots/plot_figure.hpp"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/plots/plot_style.hpp"

namespace vms::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMinRelativeSpan = 1e-9;

/// What a graph stores for a value: log panes cannot show v <= 0 (nor can anything show
/// non-finite values): NaN, which QCustomPlot draws as a gap.
double drawable(double v, bool log) {
  if (!std::isfinite(v)) return kNaN;
  if (log && v <= 0.0) return kNaN;
  return v;
}

}  // namespace

void PlotFigure::Range::reset() {
  lo = kInf;
  hi = -kInf;
}

void PlotFigure::Range::include(double v) {
  if (!std::isfinite(v)) return;
  if (v < lo) lo = v;
  if (v > hi) hi = v;
}

PlotFigure::PlotFigure(QCustomPlot* plot, PlotSpec spec)
    : plot_(plot), spec_(std::move(spec)), cursor_t_(kNaN) {
  plot_->clearItems();
  plot_->clearPlottables();
  applyPlotStyle(plot_);
  plot_->plotLayout()->clear();  // removes the default axis rect (and its legend)
  plot_->plotLayout()->setRowSpacing(2);
  if (!plot_->layer(kCursorLayer)) {
    plot_->addLayer(kCursorLayer, plot_->layer(QStringLiteral("overlay")), QCustomPlot::limBelow);
    plot_->layer(kCursorLayer)->setMode(QCPLayer::lmBuffered);
  }

  auto* title = new QCPTextElement(plot_, spec_.title, plotFont(10));
  title->setFont([] {
    QFont f = plotFont(10);
    f.setBold(true);
    return f;
  }());
  plot_->plotLayout()->addElement(0, 0, title);

  auto* margins = new QCPMarginGroup(plot_);
  const int panes = static_cast<int>(spec_.panes.size());
  for (int p = 0; p < panes; ++p) {
    const PaneSpec& pane = spec_.panes[p];
    auto* rect = new QCPAxisRect(plot_, true);
    plot_->plotLayout()->addElement(p + 1, 0, rect);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    const bool bottom = p == panes - 1;
    styleAxis(x, bottom ? spec_.x_label : QString());
    x->setTickLabels(bottom);
    styleAxis(y, axisLabel(pane.name, pane.unit));
    setLogScale(y, pane.log);
    x->setNumberFormat(QStringLiteral("g"));
    rects_.push_back(rect);

    // The legend at the top of a sub-grid whose second row (an empty element) takes the
    // rest of the height, so that the legend keeps its natural size.
    auto* side = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(p + 1, 1, side);
    auto* legend = new QCPLegend;
    side->addElement(0, 0, legend);
    side->addElement(1, 0, new QCPLayoutElement(plot_));
    side->setRowStretchFactor(0, 0.001);
    side->setRowSpacing(0);
    side->setMargins(QMargins(2, 6, 6, 2));
    legend->setLayer(QStringLiteral("legend"));
    styleLegend(legend);
    legend->setVisible(!pane.series.empty());
    legends_.push_back(legend);

    for (const SeriesSpec& s : pane.series) {
      QCPAbstractPlottable* plottable = nullptr;
      if (spec_.parametric) {
        plottable = new QCPCurve(x, y);
      } else {
        QCPGraph* g = plot_->addGraph(x, y);
        g->setAdaptiveSampling(true);
        plottable = g;
      }
      plottable->setName(s.label);
      plottable->setPen(seriesPen(s.color, s.style));
      plottable->addToLegend(legend);
      plottables_.push_back(plottable);
      graph_pane_.push_back(p);
    }

    auto* cursor = new QCPItemStraightLine(plot_);
    cursor->setLayer(kCursorLayer);
    cursor->setClipAxisRect(rect);
    cursor->point1->setAxes(x, y);
    cursor->point2->setAxes(x, y);
    cursor->setPen(QPen(QColor(220, 0, 0), 1.5, Qt::SolidLine));  // not in the palette
    cursor->setVisible(false);
    cursors_.push_back(cursor);
  }
  if (panes > 0) plot_->plotLayout()->setColumnStretchFactor(1, 0.001);
  pane_range_.resize(panes);
  clearData();
}

QCPGraph* PlotFigure::graph(int index) const { return qobject_cast<QCPGraph*>(plottables_[index]); }

void PlotFigure::updateVisibility() {
  for (int p = 0; p < paneCount(); ++p) legends_[p]->clearItems();
  for (int i = 0; i < graphCount(); ++i) {
    plottables_[i]->setVisible(live_[i]);
    if (live_[i]) plottables_[i]->addToLegend(legends_[graph_pane_[i]]);
  }
  for (QCPLegend* legend : legends_) legend->setVisible(legend->itemCount() > 0);
}

void PlotFigure::enableInteraction() {
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  for (int p = 0; p < paneCount(); ++p) {
    rects_[p]->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    rects_[p]->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    QCPAxis* x = rects_[p]->axis(QCPAxis::atBottom);
    QObject::connect(x, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot_,
                     [this, p](const QCPRange& range) {
                       if (internal_) return;
                       follow_ = false;
                       internal_ = true;  // the other panes follow this time range
                       for (int q = 0; q < paneCount(); ++q)
                         if (q != p) rects_[q]->axis(QCPAxis::atBottom)->setRange(range);
                       internal_ = false;
                     });
    QObject::connect(rects_[p]->axis(QCPAxis::atLeft),
                     qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot_,
                     [this](const QCPRange&) {
                       if (!internal_) follow_ = false;
                     });
  }
  QObject::connect(plot_, &QCustomPlot::mouseDoubleClick, plot_, [this] {
    setFollowData(true);
    plot_->replot();
  });
}

void PlotFigure::setFollowData(bool follow) {
  follow_ = follow;
  rescale();
}

void PlotFigure::clearData() {
  follow_ = true;
  rows_ = 0;
  live_.assign(plottables_.size(), spec_.hide_silent_series ? 0 : 1);
  updateVisibility();
  for (QCPAbstractPlottable* p : plottables_) {
    if (auto* g = qobject_cast<QCPGraph*>(p)) g->data()->clear();
    if (auto* c = qobject_cast<QCPCurve*>(p)) c->data()->clear();
  }
  for (auto& r : pane_range_) r.reset();
  time_range_.reset();
  rescale();
}

void PlotFigure::appendRows(const std::vector<double>& time,
                            const std::vector<const std::vector<double>*>& columns, int from) {
  const int to = static_cast<int>(time.size());
  if (from >= to) return;
  for (int i = from; i < to; ++i) time_range_.include(time[i]);
  const int n = to - from;
  QVector<double> keys(time.begin() + from, time.end());
  QVector<double> values(n), order;
  if (spec_.parametric) {
    order.resize(n);
    for (int i = 0; i < n; ++i) order[i] = rows_ + i;
  }
  rows_ += n;
  bool woke = false;
  for (int gi = 0; gi < graphCount(); ++gi) {
    const std::vector<double>* column =
        gi < static_cast<int>(columns.size()) ? columns[gi] : nullptr;
    if (!column || static_cast<int>(column->size()) < to) continue;
    const int p = graph_pane_[gi];
    const bool log = spec_.panes[p].log;
    Range& range = pane_range_[p];
    for (int i = 0; i < n; ++i) {
      values[i] = drawable((*column)[from + i], log);
      range.include(values[i]);
    }
    if (!live_[gi]) {
      for (int i = 0; i < n && !live_[gi]; ++i)
        live_[gi] = !std::isnan(values[i]) && values[i] != 0.0;
      woke = woke || live_[gi];
    }
    if (auto* c = qobject_cast<QCPCurve*>(plottables_[gi]))
      c->addData(order, keys, values, true);
    else if (n == 1)
      graph(gi)->addData(keys[0], values[0]);
    else
      graph(gi)->addData(keys, values, true);
  }
  if (woke) updateVisibility();
}

void PlotFigure::rescale() {
  if (!follow_) return;
  internal_ = true;
  double t0 = 0.0, t1 = 1.0;
  if (!time_range_.empty()) {
    t0 = time_range_.lo;
    t1 = time_range_.hi;
    if (t1 <= t0) t1 = t0 + std::max(1e-9, std::abs(t0) * 1e-6);
  }
  for (int p = 0; p < paneCount(); ++p) {
    rects_[p]->axis(QCPAxis::atBottom)->setRange(t0, t1);
    const Range& r = pane_range_[p];
    QCPAxis* y = rects_[p]->axis(QCPAxis::atLeft);
    if (spec_.panes[p].log) {
      if (r.empty()) {
        y->setRange(1e-16, 1e-12);
      } else {
        double lo = std::pow(10.0, std::floor(std::log10(r.lo)));
        double hi = std::pow(10.0, std::ceil(std::log10(r.hi)));
        if (hi <= lo) hi = lo * 10.0;
        y->setRange(lo, hi);
      }
    } else if (r.empty()) {
      y->setRange(-1.0, 1.0);
      y->setNumberPrecision(4);
    } else {
      // A span below 1e-9 of the magnitude is round-off (a conserved quantity): shown flat,
      // centred, instead of zooming into the noise (the drift plot shows it on a log scale).
      const double magnitude = std::max(std::abs(r.lo), std::abs(r.hi));
      const double span = std::max(r.hi - r.lo, kMinRelativeSpan * magnitude);
      const double mid = 0.5 * (r.lo + r.hi);
      const double half = span > 0 ? 0.55 * span : 1.0;
      y->setRange(mid - half, mid + half);
      // Enough significant digits that neighbouring tick labels differ.
      const int digits = span > 0 && magnitude > 0
                             ? static_cast<int>(std::ceil(std::log10(magnitude / span))) + 2
                             : 4;
      y->setNumberPrecision(std::clamp(digits, 4, 12));
    }
  }
  internal_ = false;
}

void PlotFigure::setCursorTime(double t) {
  cursor_t_ = t;
  const bool show = std::isfinite(t);
  for (QCPItemStraightLine* c : cursors_) {
    c->setVisible(show);
    if (show) {
      c->point1->setCoords(t, 1.0);
      c->point2->setCoords(t, 10.0);  // positive: valid on log axes too
    }
  }
}

bool PlotFigure::cursorVisible() const { return !cursors_.empty() && cursors_.front()->visible(); }

}  // namespace vms::ui
