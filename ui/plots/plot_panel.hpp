#pragma once
// Live plots (QCustomPlot, Qt 6): a panel of plots fed with SimFrames. Each plot shows a set
// of quantities (ui/plots/quantities.hpp) against time; momentum drift is plotted on a log
// scale. The same styling is used by `vms plot` (ui/plots/csv_plot.hpp) for batch figures.
// Contract owned by the plots module; the app depends on it.
#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/model/model.hpp"
#include "core/scenario/scenario.hpp"
#include "ui/plots/plot_kind.hpp"  // PlotKind: the built-in plots
#include "ui/sim/sim_frame.hpp"

class QCustomPlot;

namespace vms::ui {

class PlotFigure;
class QuantityRegistry;

class PlotPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlotPanel(QWidget* parent = nullptr);
  ~PlotPanel() override;

  /// Resets the plots for a model (joint names for the joint plots).
  void setModel(const Model& model);
  /// The same for a scenario: its thrusters' commands (thrust:<name>) become plottable too.
  void setScenario(const Scenario& scenario);
  /// Appends frames (time-ordered); redraws at most once per call.
  void appendFrames(const std::vector<SimFrame>& frames);
  void clear();
  /// Vertical cursor at time t (scrubbing); NaN hides it.
  void setCursorTime(double t);

  /// Which plots are shown (default: Momentum, MomentumDrift, BaseReaction).
  void setVisiblePlots(const std::vector<PlotKind>& kinds);
  std::vector<PlotKind> visiblePlots() const;
  /// A user plot of quantities by id (quantities.hpp); returns false for unknown ids.
  bool addCustomPlot(const QStringList& quantity_ids);

  /// Points received since the last clear (tests and self-measurement).
  long pointsReceived() const;
  int plotCount() const;               // plots shown
  QCustomPlot* plot(int index) const;  // shown plot by index
  QString plotTitle(int index) const;
  /// Saves shown plot `index` by extension: .png, .svg or .pdf, at the default figure size
  /// (exportSize: 1600 x 1000 pixels at scale 2). Every export is laid out on its own, at its
  /// size, independently of the panel (an offscreen plot fed with the same data).
  bool exportPlot(int index, const QString& path, QString* error = nullptr) const;
  /// Same at `size` pixels laid out at size / scale (savePlot, plot_export.hpp).
  bool exportPlot(int index, const QString& path, QSize size, double scale,
                  QString* error = nullptr) const;
  /// Saves every shown plot as <dir>/<slug>.<ext> for each extension; returns files written.
  QStringList exportAll(const QString& dir, const QStringList& extensions,
                        QString* error = nullptr) const;
  QStringList exportAll(const QString& dir, const QStringList& extensions, QSize size, double scale,
                        QString* error = nullptr) const;
  static double defaultExportScale();

  /// The plots are tabs, one shown at a time at the panel's full height; the index of the
  /// one in front.
  int currentPlot() const;
  void setCurrentPlot(int index);

  // --- additions ---
  /// Same at an explicit size in pixels, scale 1 (PDF/SVG: page / view box).
  bool exportPlot(int index, const QString& path, QSize size, QString* error = nullptr) const;
  /// Full redraws per second at most while frames arrive (default 10; <= 0: every event-loop
  /// turn). Cursor moves are drawn at once regardless (only the cursor layer).
  void setMaxRefreshRate(double hz);
  /// The size exportPlot(index, path) uses (1600 x 1000; empty for no such plot).
  QSize exportSize(int index) const;
  /// Removes the user plots (addCustomPlot); the built-in ones stay.
  void removeCustomPlots();
  /// The quantity ids of each user plot (to persist them).
  std::vector<QStringList> customPlots() const;
  /// The quantities of the current model (ids for addCustomPlot).
  const QuantityRegistry& quantities() const;
  /// The shown plot's layout and data feeder (panes, graphs per series, cursor).
  PlotFigure* figure(int index) const;
  /// Export file stem of shown plot `index` ("momentum", "custom_1", ...).
  QString plotSlug(int index) const;

 protected:
  void showEvent(QShowEvent* event) override;
  /// The wheel over a plot: Ctrl + wheel zooms the time axes of every plot together; the
  /// plain wheel does not zoom (it goes on to the parents).
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
