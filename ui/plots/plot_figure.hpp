#pragma once
// Builds a PlotSpec into a QCustomPlot and feeds it: a title row, one axis rect per pane
// (aligned left margins, shared time range, tick labels on the bottom pane only), a legend in
// a row above each pane (entries wrap to the plot's width, so they are never cut), a vertical
// time cursor, and a note in a pane that has nothing to draw saying why. A quantity that
// barely varies is labelled as offset + small ticks; a series of one point draws a dot. Data comes
// as columns (one time column, one value column per series, in spec order); appends are incremental
// (QCPGraph::addData with sorted keys) and the axis ranges are tracked as data arrives, so no pass
// over old points.
#include <QVector>
#include <vector>

#include "ui/plots/plot_spec.hpp"

class QCustomPlot;
class QCPAbstractPlottable;
class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLegend;
class QCPTextElement;

namespace vms::ui {

class PlotFigure {
 public:
  /// The layer of the time cursor: buffered on its own, so moving the cursor redraws only
  /// it (QCPLayer::replot), not the data.
  static constexpr const char* kCursorLayer = "cursor";

  /// Lays `plot` out for `spec` (anything it showed before is removed).
  PlotFigure(QCustomPlot* plot, PlotSpec spec);

  QCustomPlot* plot() const { return plot_; }
  const PlotSpec& spec() const { return spec_; }
  int paneCount() const { return static_cast<int>(rects_.size()); }
  QCPAxisRect* pane(int index) const { return rects_[index]; }
  /// Plottable of series `index` (all panes, spec order): a QCPGraph, or a QCPCurve for a
  /// parametric spec.
  QCPAbstractPlottable* plottable(int index) const { return plottables_[index]; }
  /// The graph of series `index` (null for a parametric spec).
  QCPGraph* graph(int index) const;
  int graphCount() const { return static_cast<int>(plottables_.size()); }

  /// False for a series hidden because it has been silent so far (hide_silent_series).
  bool seriesShown(int index) const { return live_[index] != 0; }

  /// Drops all data.
  void clearData();
  /// Appends rows [from, time.size()) of `time` and of each series column (columns[i] is the
  /// data of series i; a null column draws nothing). Keys must not decrease unless the spec
  /// is parametric.
  void appendRows(const std::vector<double>& time,
                  const std::vector<const std::vector<double>*>& columns, int from);
  /// Sets the axis ranges from the data seen (with margins; log panes by whole decades),
  /// unless the user has moved the view (followsData()).
  void rescale();

  /// Mouse drag (time axes stay in step across panes); the wheel is left to the panel (it
  /// zooms with Ctrl, see zoomTime). Once the user moves a view, it stops following the data
  /// (rescale() leaves it) until a double click or setFollowData(true).
  void enableInteraction();
  /// Zooms every pane's time axis by `factor` (< 1: in) about time `center`; stops following.
  void zoomTime(double factor, double center);
  /// Sets every pane's time range (stops following the data).
  void setTimeRange(double lo, double hi);

  /// Lays the legend entries out in as many columns as fit in `width` pixels (the plot's
  /// width; done before each replot, and by exports for their own size); breaks a title
  /// wider than that into lines.
  void layoutLegends(int width);
  QCPLegend* legend(int pane) const { return legends_[pane]; }
  /// Entries in pane `pane`'s legend (QCPLegend::itemCount counts the empty cells too).
  int legendEntries(int pane) const;
  /// Pane `p`'s note when it has nothing to draw; empty when it draws something.
  QString emptyReason(int pane) const;
  /// The value subtracted from pane `p`'s tick labels (shown in the axis label), 0 if none.
  double tickOffset(int pane) const { return offsets_[pane]; }
  void setFollowData(bool follow);
  bool followsData() const { return follow_; }

  /// Vertical line at t on every pane; NaN hides it.
  void setCursorTime(double t);
  double cursorTime() const { return cursor_t_; }
  bool cursorVisible() const;

 private:
  void updateVisibility();
  void updateEmptyNotes();
  void setTickOffset(int pane, double offset, int digits);

  struct Range {
    double lo, hi;
    void reset();
    void include(double v);
    bool empty() const { return !(lo <= hi); }
  };

  QCustomPlot* plot_;
  PlotSpec spec_;
  std::vector<QCPAxisRect*> rects_;
  std::vector<QCPAbstractPlottable*> plottables_;
  std::vector<int> graph_pane_;  // pane of each plottable
  int rows_ = 0;                 // rows appended (the curves' sort key)
  std::vector<QCPItemStraightLine*> cursors_;
  std::vector<QCPLegend*> legends_;  // per pane
  std::vector<char> live_;           // per series: drawn (see hide_silent_series)
  std::vector<char> finite_;         // per series: some finite value seen
  std::vector<char> nonzero_;        // per series: some finite value other than 0 seen
  std::vector<char> drawn_;          // per series: some drawable value seen
  std::vector<QCPItemText*> notes_;  // per pane: why it is empty
  std::vector<double> offsets_;      // per pane: tick label offset
  int legend_width_ = -1;
  bool notes_shown_ = false;
  QCPTextElement* title_ = nullptr;
  std::vector<Range> pane_range_;
  Range time_range_;
  double cursor_t_;
  bool follow_ = true;     // rescale() fits the data
  bool internal_ = false;  // ranges being set by this class, not by the user
};

}  // namespace vms::ui
