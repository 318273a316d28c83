#pragma once
// What a plot shows, independent of where the data comes from: a title, panes stacked on a
// shared time axis (one per unit, each with its own y axis, linear or log) and the series of
// each pane with their colour and line style. Built-in plots and user plots are specs over
// quantity ids (quantities.hpp); `vms plot` builds one from CSV columns.
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "ui/plots/plot_kind.hpp"
#include "ui/plots/quantities.hpp"

namespace vms::ui {

struct SeriesSpec {
  QString id;     // quantity id or CSV column
  QString label;  // legend text
  int color = 0;  // palette index (plot_style.hpp)
  Qt::PenStyle style = Qt::SolidLine;
  double width = 1.5;  // pen width (px)
};

struct PaneSpec {
  QString name;  // y axis name; the label is "name (unit)"
  QString unit;
  bool log = false;  // log y axis: values <= 0 are not drawn
  std::vector<SeriesSpec> series;
  /// A factored legend: instead of one entry per series, these keys (label + pen). A key
  /// with a colour (>= 0) stands for the series of that colour (a component), one with
  /// colour -1 for the series of that line style (a part); a key is listed while a series it
  /// stands for is drawn. Empty: one entry per series.
  std::vector<SeriesSpec> legend_keys;
  /// Shown in the pane, after the facts, when it has nothing to draw (why that can be).
  QString empty_hint;
};

struct PlotSpec {
  QString title;
  QString slug;  // file name stem for exports
  QString tab;   // short name (the panel's tab)
  QString x_label = QStringLiteral("t (s)");
  /// The x data is not ordered (e.g. one coordinate against another): curves joined in row
  /// order (QCPCurve) instead of graphs over sorted keys.
  bool parametric = false;
  /// Series that have been exactly 0 (or undrawable) all along are left out of the plot and
  /// the legend until they move: a planar system's out-of-plane momenta, an absent
  /// controller's torques. For the built-in plots; user plots show what was asked for.
  bool hide_silent_series = false;
  std::vector<PaneSpec> panes;
  int seriesCount() const;
  QStringList seriesIds() const;  // every pane's series, in order
};

std::vector<PlotKind> allPlotKinds();
QString plotKindTitle(PlotKind kind);
QString plotKindSlug(PlotKind kind);
QString plotKindTab(PlotKind kind);  // short: "Momentum", "Drift", ...

/// The spec of a built-in plot for the quantities of `registry` (joint plots list its joints).
PlotSpec builtInPlotSpec(PlotKind kind, const QuantityRegistry& registry);

/// A plot of the given quantities, one pane per unit (in the order of first appearance); a
/// pane of drifts only (drift_P, drift_L) is logarithmic.
/// Empty if `ids` is empty or names a quantity `registry` does not have (listed in *unknown).
std::optional<PlotSpec> customPlotSpec(const QStringList& ids, const QuantityRegistry& registry,
                                       QStringList* unknown = nullptr);

/// The plots a scenario brings with it, shown after the built-in ones while its quantities exist:
/// a reaction_null_space controller's "Null space" plot (how much of the end-effector task the
/// null-space rates miss, the vehicle rate the commanded rates cause, whether the
/// least-disturbance rates are in use).
std::vector<PlotSpec> scenarioPlotSpecs(const QuantityRegistry& registry);

}  // namespace vms::ui
