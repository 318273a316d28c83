#include "ui/app/docks/plots_dock.hpp"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSpinBox>
#include <limits>
#include <memory>
#include <optional>

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/contract/workbench_panel.hpp"
#include "ui/app/window/settings_keys.hpp"
#include "ui/app/window/window_text.hpp"
#include "ui/document/model_document.hpp"
#include "ui/plots/plot_panel.hpp"

namespace vms::ui {

namespace {

struct PlotInfo {
  PlotKind kind;
  const char* key;
  const char* label;
};

const PlotInfo kPlots[] = {
    {PlotKind::Momentum, "momentum", "&Momentum (total, vehicle, arm)"},
    {PlotKind::MomentumDrift, "momentumDrift", "Momentum &drift (log)"},
    {PlotKind::BaseReaction, "baseReaction", "&Base reaction"},
    {PlotKind::Manipulability, "manipulability", "Ma&nipulability"},
    {PlotKind::Energy, "energy", "&Energy"},
    {PlotKind::JointAngles, "jointAngles", "Joint &angles"},
    {PlotKind::JointRates, "jointRates", "Joint &rates"},
    {PlotKind::JointTorques, "jointTorques", "Joint &torques"},
};

class PlotsDock : public WorkbenchPanel, public PlotsServer {
 public:
  explicit PlotsDock(WorkbenchContext& context)
      : context_(&context), plots_(new PlotPanel(context.window())) {}
  ~PlotsDock() override { context_->servePlots(nullptr); }
  QWidget* widget() const override { return plots_; }
  void bind(WorkbenchContext& context) override { context.servePlots(this); }

  void showPlots(const std::vector<PlotKind>& kinds) override { plots_->setVisiblePlots(kinds); }
  bool showFigurePlot(const QStringList& quantities) override {
    // The built-in plots shown before the first figure come back with the next document.
    if (!*shown_before_figures_) {
      *shown_before_figures_ = plots_->visiblePlots();
      QObject::connect(
          context_->document(), &ModelDocument::opened, plots_,
          [plots = plots_, shown_before = shown_before_figures_] {
            plots->removeCustomPlots();
            plots->setVisiblePlots(**shown_before);
            shown_before->reset();
          },
          Qt::SingleShotConnection);
    }
    plots_->setVisiblePlots({});
    plots_->removeCustomPlots();
    return plots_->addCustomPlot(quantities);
  }
  PlotsShown plotsShown() const override { return {plots_->plotCount(), plots_->pointsReceived()}; }

  void addMenus(QMenuBar* bar, QMenu* exports) override {
    createPlotsMenu(bar);
    exports->addAction(
        trMainWindow("All &Plots (PNG, SVG, PDF)…"), plots_, [plots = plots_, context = context_] {
          PlotExportSize size;
          if (!askPlotExportSize(context->window(), size)) return;
          const QString dir = QFileDialog::getExistingDirectory(
              context->window(), trMainWindow("Folder for the plots"), context->exportDirectory());
          if (dir.isEmpty()) return;
          context->setExportDirectory(dir);
          exportPlots(*plots, *context, dir, {"png", "svg", "pdf"}, nullptr, size);
        });
  }
  void scenarioLoaded(const Scenario& scenario, const ScenarioOrigin&) override {
    plots_->setScenario(scenario);
  }
  void appendFrames(const std::vector<SimFrame>& frames) override { plots_->appendFrames(frames); }
  void cleared() override {
    plots_->clear();
    plots_->setCursorTime(std::numeric_limits<double>::quiet_NaN());
  }
  void scrubbed(double t) override { plots_->setCursorTime(t); }

 private:
  void createPlotsMenu(QMenuBar* bar) {
    QMenu* menu = bar->addMenu(trMainWindow("&Plots"));
    QSettings settings;
    const QStringList defaults = {"momentum", "momentumDrift", "baseReaction"};
    const QStringList shown = settings.value(settings_keys::kVisiblePlots, defaults).toStringList();
    auto apply = [plots = plots_, menu] {
      std::vector<PlotKind> kinds;
      QStringList keys;
      for (QAction* action : menu->actions())
        if (action->isCheckable() && action->isChecked()) {
          kinds.push_back(PlotKind(action->data().toInt()));
          keys << action->objectName();
        }
      plots->setVisiblePlots(kinds);
      QSettings().setValue(settings_keys::kVisiblePlots, keys);
    };
    for (const PlotInfo& info : kPlots) {
      QAction* action = menu->addAction(trMainWindow(info.label));
      action->setCheckable(true);
      action->setObjectName(info.key);
      action->setData(int(info.kind));
      action->setChecked(shown.contains(info.key));
      QObject::connect(action, &QAction::toggled, plots_, apply);
    }
    apply();
    menu->addSeparator();
    menu->addAction(trMainWindow("&Custom plot…"), plots_, [plots = plots_, context = context_] {
      bool ok = false;
      const QString text = QInputDialog::getText(context->window(), trMainWindow("Custom plot"),
                                                 trMainWindow("Quantity ids, separated by commas:"),
                                                 QLineEdit::Normal, QString(), &ok);
      if (!ok || text.trimmed().isEmpty()) return;
      QStringList ids;
      for (const QString& id : text.split(',', Qt::SkipEmptyParts)) ids << id.trimmed();
      if (plots->addCustomPlot(ids))
        context->info(trMainWindow("custom plot: %1").arg(ids.join(", ")));
      else
        context->problem(trMainWindow("Custom plot"),
                         trMainWindow("unknown quantity among: %1").arg(ids.join(", ")));
    });
  }

  WorkbenchContext* context_;
  PlotPanel* plots_;
  // The built-in plots shown before the first figure, while a figure is shown.
  std::shared_ptr<std::optional<std::vector<PlotKind>>> shown_before_figures_ =
      std::make_shared<std::optional<std::vector<PlotKind>>>();
};

}  // namespace

std::unique_ptr<WorkbenchPanel> plotsDock(WorkbenchContext& context) {
  return std::make_unique<PlotsDock>(context);
}

bool askPlotExportSize(QWidget* parent, PlotExportSize& size) {
  QSettings settings;
  QDialog dialog(parent);
  dialog.setWindowTitle(trMainWindow("Plot figure size"));
  auto* form = new QFormLayout(&dialog);
  auto spin = [&dialog](int value) {
    auto* box = new QSpinBox(&dialog);
    box->setRange(200, 8000);
    box->setSuffix(trMainWindow(" px"));
    box->setValue(value);
    return box;
  };
  QSpinBox* width = spin(settings.value("plots/exportWidth", size.pixels.width()).toInt());
  QSpinBox* height = spin(settings.value("plots/exportHeight", size.pixels.height()).toInt());
  auto* scale = new QComboBox(&dialog);
  for (double s : {1.0, 1.5, 2.0, 3.0, 4.0}) scale->addItem(QStringLiteral("%1×").arg(s), s);
  const int at = scale->findData(settings.value("plots/exportScale", size.scale).toDouble());
  scale->setCurrentIndex(at >= 0 ? at : 2);
  scale->setToolTip(trMainWindow(
      "Fonts and lines this many times their on-screen size: 2× at 1600 px lays the figure "
      "out on 800 px (192 dpi)"));
  form->addRow(trMainWindow("Width:"), width);
  form->addRow(trMainWindow("Height:"), height);
  form->addRow(trMainWindow("Scale (DPI):"), scale);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return false;
  size.pixels = QSize(width->value(), height->value());
  size.scale = scale->currentData().toDouble();
  settings.setValue("plots/exportWidth", size.pixels.width());
  settings.setValue("plots/exportHeight", size.pixels.height());
  settings.setValue("plots/exportScale", size.scale);
  return true;
}

QStringList exportPlots(const PlotPanel& plots, WorkbenchContext& context, const QString& dir,
                        const QStringList& extensions, QString* error, PlotExportSize size) {
  QString message;
  QDir().mkpath(dir);
  const QStringList files = plots.exportAll(dir, extensions, size.pixels, size.scale, &message);
  if (!message.isEmpty()) {
    if (error) *error = message;
    context.problem(trMainWindow("Plot export failed"), message);
  }
  if (!files.isEmpty())
    context.info(trMainWindow("plots: %1 files → %2").arg(files.size()).arg(dir));
  return files;
}

}  // namespace vms::ui
