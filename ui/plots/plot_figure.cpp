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
// Tick labels relative to an offset once the magnitude exceeds the span this many times.
constexpr double kOffsetAbove = 1e4;
constexpr int kNoteColumns = 46;

/// What a graph stores for a value: log panes cannot show v <= 0 (nor can anything show
/// non-finite values): NaN, which QCustomPlot draws as a gap.
double drawable(double v, bool log) {
  if (!std::isfinite(v)) return kNaN;
  if (log && v <= 0.0) return kNaN;
  return v;
}

/// A legend entry that is not a plottable: a line sample in a pen and a label (the keys of a
/// factored legend, PaneSpec::legend_keys).
class KeyLegendItem : public QCPAbstractLegendItem {
 public:
  KeyLegendItem(QCPLegend* legend, const QPen& pen, const QString& text)
      : QCPAbstractLegendItem(legend), pen_(pen), text_(text) {}
  const QString& text() const { return text_; }

 protected:
  void draw(QCPPainter* painter) override {
    painter->setFont(mFont);
    painter->setPen(QPen(mTextColor));
    const QSize icon = mParentLegend->iconSize();
    const QRect text_rect =
        painter->fontMetrics().boundingRect(0, 0, 0, icon.height(), Qt::TextDontClip, text_);
    const int h = std::max(text_rect.height(), icon.height());
    const int text_x = mRect.x() + icon.width() + mParentLegend->iconTextPadding();
    painter->drawText(text_x, mRect.y(), text_rect.width(), h, Qt::TextDontClip, text_);
    const double y = mRect.y() + 0.5 * h;
    painter->setPen(pen_);
    painter->drawLine(QLineF(mRect.x(), y, mRect.x() + icon.width(), y));
  }
  QSize minimumOuterSizeHint() const override {
    const QSize icon = mParentLegend->iconSize();
    const QFontMetrics metrics(mFont);
    const QRect text_rect = metrics.boundingRect(0, 0, 0, icon.height(), Qt::TextDontClip, text_);
    return QSize(icon.width() + mParentLegend->iconTextPadding() + text_rect.width() +
                     mMargins.left() + mMargins.right(),
                 std::max(text_rect.height(), icon.height()) + mMargins.top() + mMargins.bottom());
  }

 private:
  QPen pen_;
  QString text_;
};

/// Linear ticks labelled relative to an offset (the offset goes into the axis label): a
/// quantity that varies by 1e-7 around 0.6577 shows ticks 0, 2e-7, 4e-7 instead of ten-digit
/// numbers that differ in the last digit.
class OffsetTicker : public QCPAxisTicker {
 public:
  double offset = 0.0;

 protected:
  QString getTickLabel(double tick, const QLocale& locale, QChar format, int precision) override {
    double v = tick - offset;
    // Round-off of the subtraction: a tick at the offset is 0, not 1e-17.
    if (std::abs(v) < 1e-12 * std::max(std::abs(tick), std::abs(offset))) v = 0.0;
    return QCPAxisTicker::getTickLabel(v, locale, format, precision);
  }
};

QString formatOffset(double offset, int digits) {
  return QString::number(offset, 'g', std::clamp(digits, 3, 15));
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
  title_ = title;

  auto* margins = new QCPMarginGroup(plot_);
  const int panes = static_cast<int>(spec_.panes.size());
  for (int p = 0; p < panes; ++p) {
    const PaneSpec& pane = spec_.panes[p];
    // A legend row above each pane (entries wrap to the width: never cut), then the pane.
    auto* legend = new QCPLegend;
    addLegendRow(plot_, 2 * p + 1, legend);
    plot_->plotLayout()->setRowStretchFactor(2 * p + 1, 0.001);
    legend->setLayer(QStringLiteral("legend"));
    styleLegend(legend);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, false);
    legend->setWrap(1);
    legend->setColumnSpacing(10);
    legend->setMargins(QMargins(2, 0, 2, 0));
    legend->setVisible(!pane.series.empty());
    legends_.push_back(legend);

    auto* rect = new QCPAxisRect(plot_, true);
    plot_->plotLayout()->addElement(2 * p + 2, 0, rect);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    const bool bottom = p == panes - 1;
    styleAxis(x, bottom ? spec_.x_label : QString());
    x->setTickLabels(bottom);
    styleAxis(y, axisLabel(pane.name, pane.unit));
    setLogScale(y, pane.log);
    if (!pane.log) {
      y->setTicker(QSharedPointer<QCPAxisTicker>(new OffsetTicker));
      y->setNumberFormat(QStringLiteral("gb"));
    }
    x->setNumberFormat(QStringLiteral("g"));
    rects_.push_back(rect);

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
      QPen pen = seriesPen(s.color, s.style);
      pen.setWidthF(s.width);
      plottable->setPen(pen);
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

    auto* note = new QCPItemText(plot_);
    note->setClipAxisRect(rect);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setAxisRect(rect);
    note->position->setCoords(0.5, 0.5);
    note->setPositionAlignment(Qt::AlignCenter);
    note->setTextAlignment(Qt::AlignCenter);
    note->setFont(plotFont(8));
    note->setColor(QColor(90, 90, 90));
    note->setBrush(QColor(255, 255, 255, 235));
    note->setPadding(QMargins(6, 4, 6, 4));
    note->setVisible(false);
    notes_.push_back(note);
  }
  offsets_.assign(panes, 0.0);
  QObject::connect(plot_, &QCustomPlot::beforeReplot, plot_,
                   [this] { layoutLegends(plot_->viewport().width()); });
  pane_range_.resize(panes);
  clearData();
}

QCPGraph* PlotFigure::graph(int index) const { return qobject_cast<QCPGraph*>(plottables_[index]); }

void PlotFigure::updateVisibility() {
  for (int p = 0; p < paneCount(); ++p) legends_[p]->clearItems();
  for (int i = 0; i < graphCount(); ++i) plottables_[i]->setVisible(live_[i]);
  for (int p = 0; p < paneCount(); ++p) {
    const PaneSpec& pane = spec_.panes[p];
    if (pane.legend_keys.empty()) {
      for (int i = 0; i < graphCount(); ++i)
        if (live_[i] && graph_pane_[i] == p) plottables_[i]->addToLegend(legends_[p]);
      continue;
    }
    // Factored legend: a key while some drawn series of the pane has its colour (component)
    // or, for a key without colour, its line style (part).
    int first = 0;
    for (int i = 0; i < graphCount() && graph_pane_[i] < p; ++i) first = i + 1;
    for (const SeriesSpec& key : pane.legend_keys) {
      bool used = false;
      for (size_t k = 0; k < pane.series.size(); ++k) {
        const SeriesSpec& s = pane.series[k];
        if (live_[first + static_cast<int>(k)] &&
            (key.color >= 0 ? s.color == key.color : s.style == key.style))
          used = true;
      }
      if (!used) continue;
      QPen pen = key.color >= 0 ? seriesPen(key.color, key.style) : QPen(QColor(60, 60, 60));
      pen.setStyle(key.style);
      pen.setWidthF(key.width);
      legends_[p]->addItem(new KeyLegendItem(legends_[p], pen, key.label));
    }
  }
  for (int p = 0; p < paneCount(); ++p) {
    // Room under each entry for the underscores of column names: they sit at the bottom of
    // the font's descent, and an entry draws clipped to its own rectangle.
    const int below = QFontMetrics(legends_[p]->font()).descent();
    for (int i = 0; i < legends_[p]->itemCount(); ++i)
      if (QCPAbstractLegendItem* item = legends_[p]->item(i))
        item->setMargins(QMargins(0, 0, 0, below));
    legends_[p]->setVisible(legendEntries(p) > 0);
  }
  legend_width_ = -1;  // re-wrap
  updateEmptyNotes();
}

void PlotFigure::layoutLegends(int width) {
  if (width <= 0 || width == legend_width_) return;
  legend_width_ = width;
  // The title: broken into lines at spaces where it is wider than the plot (never cut).
  const QFontMetrics title_metrics(title_->font());
  const int room = width - 12;
  QStringList lines;
  for (const QString& word : spec_.title.split(' ')) {
    if (!lines.isEmpty() && title_metrics.horizontalAdvance(lines.back() + ' ' + word) <= room)
      lines.back() += ' ' + word;
    else
      lines << word;
  }
  title_->setText(lines.join('\n'));
  for (QCPLegend* legend : legends_) {
    int widest = 1;
    int entries = 0;
    for (int i = 0; i < legend->itemCount(); ++i)  // (cells of a wrapped grid may be empty)
      if (QCPAbstractLegendItem* item = legend->item(i)) {
        widest = std::max(widest, item->minimumOuterSizeHint().width());
        ++entries;
      }
    const int room = width - legend->margins().left() - legend->margins().right() - 8;
    const int columns =
        std::max(1, (room + legend->columnSpacing()) / (widest + legend->columnSpacing()));
    legend->setWrap(std::min(columns, std::max(1, entries)));
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // re-arranges the entries
  }
}

int PlotFigure::legendEntries(int pane) const {
  int n = 0;
  for (int i = 0; i < legends_[pane]->itemCount(); ++i) n += legends_[pane]->item(i) != nullptr;
  return n;
}

void PlotFigure::updateEmptyNotes() {
  notes_shown_ = false;
  for (int p = 0; p < paneCount(); ++p) {
    const QString reason = emptyReason(p);
    notes_[p]->setText(reason);
    notes_[p]->setVisible(!reason.isEmpty());
    notes_shown_ = notes_shown_ || !reason.isEmpty();
  }
}

QString PlotFigure::emptyReason(int p) const {
  if (rows_ == 0 || p < 0 || p >= paneCount()) return {};
  const PaneSpec& pane = spec_.panes[p];
  if (pane.series.empty()) return pane.empty_hint;
  QStringList zero, undefined, negative;
  int k = 0;
  for (int i = 0; i < graphCount(); ++i) {
    if (graph_pane_[i] != p) continue;
    const QString& label = pane.series[static_cast<size_t>(k++)].label;
    if (live_[i] && drawn_[i]) return {};  // something is drawn
    if (!finite_[i])
      undefined << label;
    else if (!nonzero_[i])
      zero << label;
    else
      negative << label;  // a log pane: values <= 0 only
  }
  QStringList paragraphs{QStringLiteral("Nothing to draw after %1 frames:").arg(rows_)};
  if (!zero.isEmpty())
    paragraphs << QStringLiteral("%1 %2 0 at every frame.")
                      .arg(zero.join(", "), zero.size() > 1 ? "are" : "is");
  if (!negative.isEmpty())
    paragraphs
        << QStringLiteral("%1: no positive value for the log axis.").arg(negative.join(", "));
  if (!undefined.isEmpty())
    paragraphs << QStringLiteral("%1 %2 undefined (NaN) at every frame.")
                      .arg(undefined.join(", "), undefined.size() > 1 ? "are" : "is");
  if (!pane.empty_hint.isEmpty()) paragraphs << pane.empty_hint;
  // Wrapped to kNoteColumns characters a line (QCPItemText does not wrap; ~300 px at 8 pt,
  // inside a pane of a dock-wide plot).
  QStringList lines;
  for (const QString& paragraph : paragraphs) {
    QString line;
    for (const QString& word : paragraph.split(' ', Qt::SkipEmptyParts)) {
      if (!line.isEmpty() && line.size() + 1 + word.size() > kNoteColumns) {
        lines << line;
        line.clear();
      }
      line += (line.isEmpty() ? "" : " ") + word;
    }
    if (!line.isEmpty()) lines << line;
  }
  return lines.join('\n');
}

void PlotFigure::enableInteraction() {
  plot_->setInteractions(QCP::iRangeDrag);
  for (int p = 0; p < paneCount(); ++p) {
    rects_[p]->setRangeDrag(Qt::Horizontal | Qt::Vertical);
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

void PlotFigure::zoomTime(double factor, double center) {
  if (rects_.empty() || !(factor > 0)) return;
  const QCPRange r = rects_.front()->axis(QCPAxis::atBottom)->range();
  setTimeRange(center + (r.lower - center) * factor, center + (r.upper - center) * factor);
}

void PlotFigure::setTimeRange(double lo, double hi) {
  if (!(hi > lo)) return;
  follow_ = false;
  internal_ = true;
  for (QCPAxisRect* rect : rects_) rect->axis(QCPAxis::atBottom)->setRange(lo, hi);
  internal_ = false;
}

void PlotFigure::setFollowData(bool follow) {
  follow_ = follow;
  rescale();
}

void PlotFigure::clearData() {
  follow_ = true;
  rows_ = 0;
  live_.assign(plottables_.size(), spec_.hide_silent_series ? 0 : 1);
  finite_.assign(plottables_.size(), 0);
  nonzero_.assign(plottables_.size(), 0);
  drawn_.assign(plottables_.size(), 0);
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
  bool woke = false, news = false;
  for (int gi = 0; gi < graphCount(); ++gi) {
    const std::vector<double>* column =
        gi < static_cast<int>(columns.size()) ? columns[gi] : nullptr;
    if (!column || static_cast<int>(column->size()) < to) continue;
    const int p = graph_pane_[gi];
    const bool log = spec_.panes[p].log;
    Range& range = pane_range_[p];
    for (int i = 0; i < n; ++i) {
      const double raw = (*column)[from + i];
      values[i] = drawable(raw, log);
      range.include(values[i]);
      if (!nonzero_[gi] && std::isfinite(raw)) {
        news = news || !finite_[gi] || raw != 0.0;
        finite_[gi] = 1;
        nonzero_[gi] = raw != 0.0;
      }
      if (!drawn_[gi] && !std::isnan(values[i])) {
        drawn_[gi] = 1;
        news = true;
      }
    }
    if (!live_[gi]) {
      for (int i = 0; i < n && !live_[gi]; ++i)
        live_[gi] = !std::isnan(values[i]) && values[i] != 0.0;
      woke = woke || live_[gi];
    }
    if (auto* c = qobject_cast<QCPCurve*>(plottables_[gi])) {
      c->addData(order, keys, values, true);
    } else {
      QCPGraph* g = graph(gi);
      if (n == 1)
        g->addData(keys[0], values[0]);
      else
        g->addData(keys, values, true);
      // A single point has no line to draw: a dot instead, until there are two.
      const bool dot = g->dataCount() == 1;
      if (dot != (g->scatterStyle().shape() != QCPScatterStyle::ssNone))
        g->setScatterStyle(dot ? QCPScatterStyle(QCPScatterStyle::ssDisc, 7)
                               : QCPScatterStyle(QCPScatterStyle::ssNone));
    }
  }
  if (woke)
    updateVisibility();
  else if (news || rows_ == n || notes_shown_)
    updateEmptyNotes();  // (the note counts the frames)
}

void PlotFigure::rescale() {
  if (!follow_) return;
  internal_ = true;
  double t0 = 0.0, t1 = 1.0;
  if (!time_range_.empty()) {
    t0 = time_range_.lo;
    t1 = time_range_.hi;
    // A single instant (t = 0 before a run): a one-second window, not ticks of 1e-10 s.
    if (t1 <= t0) t1 = t0 + 1.0;
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
      setTickOffset(p, 0.0, 0);
    } else {
      // A span below 1e-9 of the magnitude is round-off (a conserved quantity): shown flat,
      // centred, instead of zooming into the noise (the drift plot shows it on a log scale).
      const double magnitude = std::max(std::abs(r.lo), std::abs(r.hi));
      const double span = std::max(r.hi - r.lo, kMinRelativeSpan * magnitude);
      const double mid = 0.5 * (r.lo + r.hi);
      const double half = span > 0 ? 0.55 * span : 1.0;
      y->setRange(mid - half, mid + half);
      // Ticks that would need more than ~5 significant digits to differ: labelled relative to
      // a round offset near the middle, which goes into the axis label.
      if (span > 0 && magnitude > 0 && magnitude / span > kOffsetAbove) {
        const double step = std::pow(10.0, std::floor(std::log10(span)));
        const int digits = static_cast<int>(std::ceil(std::log10(magnitude / step))) + 1;
        setTickOffset(p, std::round(mid / step) * step, digits);
      } else {
        // Enough significant digits that neighbouring tick labels differ.
        const int digits = span > 0 && magnitude > 0
                               ? static_cast<int>(std::ceil(std::log10(magnitude / span))) + 2
                               : 4;
        setTickOffset(p, 0.0, digits);
      }
    }
  }
  internal_ = false;
}

void PlotFigure::setTickOffset(int p, double offset, int digits) {
  QCPAxis* y = rects_[p]->axis(QCPAxis::atLeft);
  auto ticker = y->ticker().dynamicCast<OffsetTicker>();
  if (!ticker) return;
  ticker->offset = offset;
  offsets_[p] = offset;
  const QString base = axisLabel(spec_.panes[p].name, spec_.panes[p].unit);
  y->setNumberPrecision(offset != 0.0 ? 3 : std::clamp(digits, 4, 8));
  y->setLabel(offset != 0.0 ? QStringLiteral("%1 \u2212 %2").arg(base, formatOffset(offset, digits))
                            : base);
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
