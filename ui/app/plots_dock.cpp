#include "ui/app/plots_dock.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <limits>

#include "ui/app/settings_keys.hpp"
#include "ui/app/workbench_context.hpp"
#include "ui/app/workbench_panel.hpp"
#include "ui/plots/plot_panel.hpp"

namespace vms::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("vms::ui::MainWindow", text); }

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

class PlotsDock : public WorkbenchPanel {
 public:
  explicit PlotsDock(WorkbenchContext& context)
      : context_(&context), plots_(new PlotPanel(context.window())) {}
  QWidget* widget() const override { return plots_; }

  void addMenus(QMenuBar* bar, QMenu* exports) override {
    createPlotsMenu(bar);
    exports->addAction(
        tr("All &Plots (PNG, SVG, PDF)…"), plots_, [plots = plots_, context = context_] {
          const QString dir = QFileDialog::getExistingDirectory(
              context->window(), tr("Folder for the plots"), context->exportDirectory());
          if (dir.isEmpty()) return;
          context->setExportDirectory(dir);
          exportPlots(*plots, *context, dir, {"png", "svg", "pdf"});
        });
  }
  void scenarioLoaded(const Scenario& scenario, const ScenarioSource&) override {
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
    QMenu* menu = bar->addMenu(tr("&Plots"));
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
      QAction* action = menu->addAction(tr(info.label));
      action->setCheckable(true);
      action->setObjectName(info.key);
      action->setData(int(info.kind));
      action->setChecked(shown.contains(info.key));
      QObject::connect(action, &QAction::toggled, plots_, apply);
    }
    apply();
    menu->addSeparator();
    menu->addAction(tr("&Custom plot…"), plots_, [plots = plots_, context = context_] {
      bool ok = false;
      const QString text = QInputDialog::getText(context->window(), tr("Custom plot"),
                                                 tr("Quantity ids, separated by commas:"),
                                                 QLineEdit::Normal, QString(), &ok);
      if (!ok || text.trimmed().isEmpty()) return;
      QStringList ids;
      for (const QString& id : text.split(',', Qt::SkipEmptyParts)) ids << id.trimmed();
      if (plots->addCustomPlot(ids))
        context->info(tr("custom plot: %1").arg(ids.join(", ")));
      else
        context->problem(tr("Custom plot"), tr("unknown quantity among: %1").arg(ids.join(", ")));
    });
  }

  WorkbenchContext* context_;
  PlotPanel* plots_;
};

}  // namespace

std::unique_ptr<WorkbenchPanel> plotsDock(WorkbenchContext& context) {
  return std::make_unique<PlotsDock>(context);
}

QStringList exportPlots(const PlotPanel& plots, WorkbenchContext& context, const QString& dir,
                        const QStringList& extensions, QString* error) {
  QString message;
  QDir().mkpath(dir);
  const QStringList files = plots.exportAll(dir, extensions, &message);
  if (!message.isEmpty()) {
    if (error) *error = message;
    context.problem(tr("Plot export failed"), message);
  }
  if (!files.isEmpty()) context.info(tr("plots: %1 files → %2").arg(files.size()).arg(dir));
  return files;
}

}  // namespace vms::ui
