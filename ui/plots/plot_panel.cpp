#include "ui/plots/plot_panel.hpp"

#include <qcustomplot.h>

#include <QDir>
#include <QElapsedTimer>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "ui/plots/plot_export.hpp"
#include "ui/plots/plot_figure.hpp"
#include "ui/plots/plot_panel_toolbar.hpp"
#include "ui/plots/quantity_history.hpp"

namespace vms::ui {

namespace {

constexpr int kTitleHeight = 40;
constexpr int kPaneHeight = 170;
// Live plots redraw at most kDefaultRefreshHz times a second however fast frames arrive
// (a full redraw of three plots costs 15-35 ms on a loaded 2-core machine: the UI thread must
// keep time for the 3D view); the last frames are always drawn (a timer catches up). Cursor
// moves redraw only the cursor layer, at once.
constexpr double kDefaultRefreshHz = 10.0;

}  // namespace

struct PlotPanel::Impl {
  struct Shown {
    QCustomPlot* widget = nullptr;
    std::unique_ptr<PlotFigure> figure;
    std::vector<const std::vector<double>*> columns;  // history column of each series
    QString slug;
  };

  QuantityHistory history;
  std::vector<PlotKind> kinds = {PlotKind::Momentum, PlotKind::MomentumDrift,
                                 PlotKind::BaseReaction};
  std::vector<QStringList> custom;  // quantity ids of each user plot
  std::vector<Shown> shown;
  QWidget* container = nullptr;
  QVBoxLayout* plots_layout = nullptr;
  double cursor = std::numeric_limits<double>::quiet_NaN();
  QTimer replot_timer;
  QElapsedTimer since_replot;
  int replot_interval_ms = static_cast<int>(1000.0 / kDefaultRefreshHz);

  void bindColumns(Shown& s) {
    s.columns.clear();
    for (const QString& id : s.figure->spec().seriesIds()) {
      const int i = history.registry().indexOf(id);
      s.columns.push_back(i < 0 ? nullptr : &history.values(i));
    }
  }

  void reload(Shown& s) {
    bindColumns(s);
    s.figure->clearData();
    s.figure->appendRows(history.time(), s.columns, 0);
    s.figure->rescale();
  }

  void addShown(PlotSpec spec) {
    Shown s;
    s.widget = new QCustomPlot(container);
    const int panes = std::max<int>(1, static_cast<int>(spec.panes.size()));
    s.widget->setMinimumHeight(kTitleHeight + panes * kPaneHeight);
    s.slug = spec.slug;
    s.figure = std::make_unique<PlotFigure>(s.widget, std::move(spec));
    s.figure->enableInteraction();
    s.figure->setCursorTime(cursor);
    reload(s);
    plots_layout->addWidget(s.widget);
    shown.push_back(std::move(s));
  }

  void rebuild() {
    for (Shown& s : shown) delete s.widget;
    shown.clear();
    for (PlotKind k : kinds) addShown(builtInPlotSpec(k, history.registry()));
    // User plots whose quantities the model no longer has are dropped.
    std::vector<QStringList> kept;
    int n = 0;
    for (const QStringList& ids : custom) {
      auto spec = customPlotSpec(ids, history.registry());
      if (!spec) continue;
      spec->slug = QStringLiteral("custom_%1").arg(++n);
      kept.push_back(ids);
      addShown(std::move(*spec));
    }
    custom = kept;
  }

  /// Requests a redraw of the shown plots (throttled, see kDefaultRefreshHz).
  void replot() {
    if (replot_timer.isActive()) return;
    const qint64 elapsed = since_replot.isValid() ? since_replot.elapsed() : replot_interval_ms;
    replot_timer.start(std::max<int>(0, replot_interval_ms - static_cast<int>(elapsed)));
  }

  /// Plots on screen: shown and not scrolled out of view.
  static bool onScreen(const Shown& s) {
    return s.widget->isVisible() && !s.widget->visibleRegion().isEmpty();
  }

  void replotNow() {
    since_replot.start();
    for (Shown& s : shown)
      if (onScreen(s)) s.widget->replot(QCustomPlot::rpQueuedRefresh);
  }
};

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent), impl_(std::make_unique<Impl>()) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(createPlotPanelToolBar(this));
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  impl_->container = new QWidget(scroll);
  impl_->plots_layout = new QVBoxLayout(impl_->container);
  impl_->plots_layout->setContentsMargins(0, 0, 0, 0);
  impl_->plots_layout->setSpacing(4);
  scroll->setWidget(impl_->container);
  layout->addWidget(scroll, 1);
  // Plots scrolled into view may have missed redraws.
  connect(scroll->verticalScrollBar(), &QScrollBar::valueChanged, this,
          [this] { impl_->replot(); });
  impl_->replot_timer.setSingleShot(true);
  connect(&impl_->replot_timer, &QTimer::timeout, this, [this] { impl_->replotNow(); });
  impl_->rebuild();
}

PlotPanel::~PlotPanel() = default;

void PlotPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  impl_->replot();  // hidden plots were not redrawn
}

void PlotPanel::setModel(const Model& model) {
  impl_->history.setRegistry(QuantityRegistry(model));
  impl_->rebuild();
}

void PlotPanel::setScenario(const Scenario& scenario) {
  impl_->history.setRegistry(QuantityRegistry(scenario));
  impl_->rebuild();
}

void PlotPanel::appendFrames(const std::vector<SimFrame>& frames) {
  if (frames.empty()) return;
  const int before = impl_->history.size();
  bool decimated = false;
  for (const SimFrame& f : frames) decimated = impl_->history.append(f) || decimated;
  for (Impl::Shown& s : impl_->shown) {
    if (decimated) {
      impl_->reload(s);
    } else {
      s.figure->appendRows(impl_->history.time(), s.columns, before);
      s.figure->rescale();
    }
  }
  impl_->replot();
}

void PlotPanel::clear() {
  impl_->history.clear();
  for (Impl::Shown& s : impl_->shown) impl_->reload(s);
  impl_->replot();
}

void PlotPanel::setCursorTime(double t) {
  impl_->cursor = t;
  for (Impl::Shown& s : impl_->shown) {
    s.figure->setCursorTime(t);
    if (Impl::onScreen(s)) s.widget->layer(PlotFigure::kCursorLayer)->replot();
  }
}

void PlotPanel::setMaxRefreshRate(double hz) {
  impl_->replot_interval_ms = hz > 0 ? std::max(1, static_cast<int>(1000.0 / hz)) : 0;
}

void PlotPanel::setVisiblePlots(const std::vector<PlotKind>& kinds) {
  impl_->kinds = kinds;
  impl_->rebuild();
  impl_->replot();
}

std::vector<PlotKind> PlotPanel::visiblePlots() const { return impl_->kinds; }

bool PlotPanel::addCustomPlot(const QStringList& quantity_ids) {
  if (!customPlotSpec(quantity_ids, impl_->history.registry())) return false;
  impl_->custom.push_back(quantity_ids);
  impl_->rebuild();
  impl_->replot();
  return true;
}

void PlotPanel::removeCustomPlots() {
  impl_->custom.clear();
  impl_->rebuild();
  impl_->replot();
}

std::vector<QStringList> PlotPanel::customPlots() const { return impl_->custom; }

long PlotPanel::pointsReceived() const { return impl_->history.framesReceived(); }

int PlotPanel::plotCount() const { return static_cast<int>(impl_->shown.size()); }

QCustomPlot* PlotPanel::plot(int index) const {
  return index >= 0 && index < plotCount() ? impl_->shown[index].widget : nullptr;
}

PlotFigure* PlotPanel::figure(int index) const {
  return index >= 0 && index < plotCount() ? impl_->shown[index].figure.get() : nullptr;
}

QString PlotPanel::plotTitle(int index) const {
  return figure(index) ? figure(index)->spec().title : QString();
}

QString PlotPanel::plotSlug(int index) const {
  return index >= 0 && index < plotCount() ? impl_->shown[index].slug : QString();
}

const QuantityRegistry& PlotPanel::quantities() const { return impl_->history.registry(); }

QSize PlotPanel::exportSize(int index) const {
  const QCustomPlot* p = plot(index);
  if (!p) return {};
  if (p->isVisible() && p->width() >= 200 && p->height() >= 150) return p->size();
  const int panes = std::max(1, figure(index)->paneCount());
  return {900, kTitleHeight + 200 * panes};
}

bool PlotPanel::exportPlot(int index, const QString& path, QString* error) const {
  return exportPlot(index, path, exportSize(index), error);
}

bool PlotPanel::exportPlot(int index, const QString& path, QSize size, QString* error) const {
  if (!plot(index)) {
    if (error) *error = QStringLiteral("no plot %1 (%2 shown)").arg(index).arg(plotCount());
    return false;
  }
  return savePlot(plot(index), path, size, error);
}

QStringList PlotPanel::exportAll(const QString& dir, const QStringList& extensions,
                                 QString* error) const {
  QStringList written;
  if (!QDir().mkpath(dir)) {
    if (error) *error = dir + ": cannot create the directory";
    return written;
  }
  for (int i = 0; i < plotCount(); ++i) {
    for (const QString& ext : extensions) {
      const QString path = QDir(dir).filePath(plotSlug(i) + "." + ext.toLower());
      QString e;
      if (exportPlot(i, path, &e))
        written << path;
      else if (error && error->isEmpty())
        *error = e;
    }
  }
  return written;
}

}  // namespace vms::ui
