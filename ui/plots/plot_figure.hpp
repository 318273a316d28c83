#pragma once
// Builds a PlotSpec into a QCustomPlot and feeds it: a title row, one axis rect per pane
// (aligned left margins, shared time range, tick labels on the bottom pane only), a legend to
// the right of each pane, a vertical time cursor. Data comes as columns (one time column, one
// value column per series, in spec order); appends are incremental (QCPGraph::addData with
// sorted keys) and the axis ranges are tracked as data arrives, so no pass over old points.
#include <QVector>
#include <vector>

#include "ui/plots/plot_spec.hpp"

class QCustomPlot;
class QCPAbstractPlottable;
class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPLegend;

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

  /// Mouse drag and wheel zoom (time axes stay in step across panes). Once the user moves a
  /// view, it stops following the data (rescale() leaves it) until a double click or
  /// setFollowData(true).
  void enableInteraction();
  void setFollowData(bool follow);
  bool followsData() const { return follow_; }

  /// Vertical line at t on every pane; NaN hides it.
  void setCursorTime(double t);
  double cursorTime() const { return cursor_t_; }
  bool cursorVisible() const;

 private:
  void updateVisibility();

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
  std::vector<Range> pane_range_;
  Range time_range_;
  double cursor_t_;
  bool follow_ = true;     // rescale() fits the data
  bool internal_ = false;  // ranges being set by this class, not by the user
};

}  // namespace vms::ui
