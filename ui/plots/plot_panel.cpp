#include "ui/plots/plot_panel.hpp"

#include <qcustomplot.h>

#include <QDir>
#include <QElapsedTimer>
#include <QPointer>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <cmath>
#include <limits>

#include "ui/plots/plot_export.hpp"
#include "ui/plots/plot_figure.hpp"
#include "ui/plots/plot_panel_toolbar.hpp"
#include "ui/plots/quantity_history.hpp"

namespace vms::ui {

namespace {

constexpr int kTitleHeight = 40;
constexpr int kMinPaneHeight = 60;  // the panel's plot area may not shrink below this
// Exports: 1600 x 1000 pixels laid out at 800 x 500 (2x), like `vms plot`'s figures.
constexpr int kExportWidth = 1600, kExportHeight = 1000;
constexpr double kExportScale = 2.0;
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
  QTabWidget* tabs = nullptr;
  QObject* wheel_filter = nullptr;
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
    s.widget = new QCustomPlot(tabs);
    const int panes = std::max<int>(1, static_cast<int>(spec.panes.size()));
    s.widget->setMinimumHeight(kTitleHeight + panes * kMinPaneHeight);
    s.widget->installEventFilter(wheel_filter);
    s.slug = spec.slug;
    const QString tab = spec.tab.isEmpty() ? spec.title : spec.tab;
    const QString title = spec.title;
    s.figure = std::make_unique<PlotFigure>(s.widget, std::move(spec));
    s.figure->enableInteraction();
    s.figure->setCursorTime(cursor);
    reload(s);
    tabs->setTabToolTip(tabs->addTab(s.widget, tab), title);
    shown.push_back(std::move(s));
  }

  /// The shown plots leave the tabs at once and are deleted once control returns to the event
  /// loop: a rebuild can run while one of them is receiving an event (a click that moved the
  /// focus out of a field whose commit reloads the run), and its figure, which the plot's
  /// signals reach, lives as long as it does.
  void retireShown() {
    struct Retired : QObject {
      std::vector<std::pair<QPointer<QCustomPlot>, std::unique_ptr<PlotFigure>>> plots;
      ~Retired() override {
        for (auto& [widget, figure] : plots) delete widget.data();
      }
    };
    auto* retired = new Retired;
    for (Shown& s : shown) {
      tabs->removeTab(tabs->indexOf(s.widget));
      s.widget->hide();
      retired->plots.emplace_back(s.widget, std::move(s.figure));
    }
    shown.clear();
    retired->deleteLater();
  }

  void rebuild() {
    const int current = tabs->currentIndex();
    retireShown();
    for (PlotKind k : kinds) addShown(builtInPlotSpec(k, history.registry()));
    for (PlotSpec& spec : scenarioPlotSpecs(history.registry())) addShown(std::move(spec));
    // User plots whose quantities the model no longer has are dropped.
    std::vector<QStringList> kept;
    int n = 0;
    for (const QStringList& ids : custom) {
      auto spec = customPlotSpec(ids, history.registry());
      if (!spec) continue;
      spec->slug = QStringLiteral("custom_%1").arg(++n);
      spec->tab = QStringLiteral("Custom %1").arg(n);
      kept.push_back(ids);
      addShown(std::move(*spec));
    }
    custom = kept;
    if (current >= 0 && current < tabs->count()) tabs->setCurrentIndex(current);
  }

  /// Ctrl + wheel over a plot: zooms the time axes of all plots together, about the time
  /// under the mouse (each wheel notch 15%).
  void zoomAll(QCustomPlot* over, const QWheelEvent* event) {
    PlotFigure* figure = nullptr;
    for (Shown& s : shown)
      if (s.widget == over) figure = s.figure.get();
    if (!figure || figure->paneCount() == 0) return;
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) return;
    const double factor = std::pow(0.85, steps);
    const double center =
        figure->pane(0)->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x());
    const QCPRange r = figure->pane(0)->axis(QCPAxis::atBottom)->range();
    const double lo = center + (r.lower - center) * factor;
    const double hi = center + (r.upper - center) * factor;
    for (Shown& s : shown) s.figure->setTimeRange(lo, hi);
    replotNow();
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
  // One plot per tab, each with the panel's whole height: every plot legible at the
  // default window size without scrolling (stacked, the panes were too small to read).
  impl_->tabs = new QTabWidget(this);
  impl_->tabs->setDocumentMode(true);
  impl_->tabs->setUsesScrollButtons(true);
  impl_->tabs->setElideMode(Qt::ElideRight);
  impl_->tabs->tabBar()->setExpanding(false);
  layout->addWidget(impl_->tabs, 1);
  impl_->wheel_filter = this;
  // A plot brought to the front may have missed redraws.
  connect(impl_->tabs, &QTabWidget::currentChanged, this, [this] { impl_->replot(); });
  impl_->replot_timer.setSingleShot(true);
  connect(&impl_->replot_timer, &QTimer::timeout, this, [this] { impl_->replotNow(); });
  impl_->rebuild();
}

PlotPanel::~PlotPanel() = default;

bool PlotPanel::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::Wheel) return QWidget::eventFilter(watched, event);
  auto* wheel = static_cast<QWheelEvent*>(event);
  if (wheel->modifiers() & Qt::ControlModifier) {
    impl_->zoomAll(qobject_cast<QCustomPlot*>(watched), wheel);
    wheel->accept();
    return true;
  }
  // Plain wheel: not a zoom; passed on to the parents (a scroll area around the panel).
  wheel->ignore();
  return true;
}

int PlotPanel::currentPlot() const { return impl_->tabs->currentIndex(); }

void PlotPanel::setCurrentPlot(int index) {
  if (index >= 0 && index < plotCount()) impl_->tabs->setCurrentIndex(index);
}

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
  return plot(index) ? QSize(kExportWidth, kExportHeight) : QSize();
}

double PlotPanel::defaultExportScale() { return kExportScale; }

bool PlotPanel::exportPlot(int index, const QString& path, QString* error) const {
  return exportPlot(index, path, exportSize(index), kExportScale, error);
}

bool PlotPanel::exportPlot(int index, const QString& path, QSize size, QString* error) const {
  return exportPlot(index, path, size, 1.0, error);
}

bool PlotPanel::exportPlot(int index, const QString& path, QSize size, double scale,
                           QString* error) const {
  const PlotFigure* shown = figure(index);
  if (!shown) {
    if (error) *error = QStringLiteral("no plot %1 (%2 shown)").arg(index).arg(plotCount());
    return false;
  }
  // Laid out on its own at the figure's size, not the panel's: a plot of its own, fed with the
  // same history, showing the same time span as the panel's (the user's zoom included).
  QCustomPlot offscreen;
  PlotFigure figure(&offscreen, shown->spec());
  std::vector<const std::vector<double>*> columns;
  for (const QString& id : figure.spec().seriesIds()) {
    const int i = impl_->history.registry().indexOf(id);
    columns.push_back(i < 0 ? nullptr : &impl_->history.values(i));
  }
  figure.appendRows(impl_->history.time(), columns, 0);
  figure.rescale();
  if (!shown->followsData() && shown->paneCount() > 0) {
    const QCPRange t = shown->pane(0)->axis(QCPAxis::atBottom)->range();
    figure.setTimeRange(t.lower, t.upper);
    for (int p = 0; p < shown->paneCount() && p < figure.paneCount(); ++p)
      figure.pane(p)
          ->axis(QCPAxis::atLeft)
          ->setRange(shown->pane(p)->axis(QCPAxis::atLeft)->range());
  }
  figure.setCursorTime(impl_->cursor);
  return savePlot(&offscreen, path, size, error, scale);
}

QStringList PlotPanel::exportAll(const QString& dir, const QStringList& extensions,
                                 QString* error) const {
  return exportAll(dir, extensions, QSize(kExportWidth, kExportHeight), kExportScale, error);
}

QStringList PlotPanel::exportAll(const QString& dir, const QStringList& extensions, QSize size,
                                 double scale, QString* error) const {
  QStringList written;
  if (!QDir().mkpath(dir)) {
    if (error) *error = dir + ": cannot create the directory";
    return written;
  }
  for (int i = 0; i < plotCount(); ++i) {
    for (const QString& ext : extensions) {
      const QString path = QDir(dir).filePath(plotSlug(i) + "." + ext.toLower());
      QString e;
      if (exportPlot(i, path, size, scale, &e))
        written << path;
      else if (error && error->isEmpty())
        *error = e;
    }
  }
  return written;
}

}  // namespace vms::ui
