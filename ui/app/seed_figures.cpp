#include "ui/app/seed_figures.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <exception>

#include "ui/app/example_catalog.hpp"
#include "ui/app/main_window.hpp"
#include "ui/model/model_document.hpp"
#include "ui/panels/explanation_panel.hpp"
#include "ui/plots/plot_panel.hpp"

namespace vms::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("vms::ui::MainWindow", text); }

QString q(const std::string& s) { return QString::fromStdString(s); }

/// PlotPanel property: the built-in plots shown before the first preset (QList<int>).
const char* const kSavedPlots = "seedFigureSavedPlots";

}  // namespace

QString seedFigurePresetFile(const QString& models_dir) {
  if (models_dir.isEmpty()) return {};
  const QString file = QDir(models_dir).absoluteFilePath("seed004_figures.json");
  return QFile::exists(file) ? file : QString();
}

QString figurePresetMarkdown(const FigurePreset& preset, const QString& source,
                             const QString& note) {
  QString text = "## " + q(preset.title) + "\n\n";
  text += (preset.caption_verbatim ? tr("**Caption** (the paper's): ")
                                   : tr("**Caption** (written from the paper's text; the "
                                        "caption itself is not in our copy): ")) +
          q(preset.caption) + "\n\n";
  text += tr("**What to observe.** ") + q(preset.observe) + "\n\n";
  text += tr("*Source:* ") + source + "\n\n---\n\n" + note;
  return text;
}

bool showFigurePreset(MainWindow& window, const FigurePreset& preset, const QString& source,
                      QString* error) {
  const QString scenario = q(preset.scenario);
  if (!window.openFile(scenario, error)) return false;
  QStringList ids;
  for (const std::string& id : preset.quantities) ids << q(id);
  if (PlotPanel* plots = window.panelWidget<PlotPanel>()) {
    // The next file opened (other than through a preset) gets the plots back that were
    // shown before the first preset.
    if (!plots->property(kSavedPlots).isValid()) {
      QList<int> kinds;
      for (PlotKind kind : plots->visiblePlots()) kinds << int(kind);
      plots->setProperty(kSavedPlots, QVariant::fromValue(kinds));
      QObject::connect(
          window.document(), &ModelDocument::opened, plots,
          [plots] {
            std::vector<PlotKind> kinds;
            for (int kind : plots->property(kSavedPlots).value<QList<int>>())
              kinds.push_back(PlotKind(kind));
            plots->setProperty(kSavedPlots, QVariant());
            plots->removeCustomPlots();
            plots->setVisiblePlots(kinds);
          },
          Qt::SingleShotConnection);
    }
    plots->setVisiblePlots({});
    plots->removeCustomPlots();
    if (!plots->addCustomPlot(ids)) {
      if (error)
        *error = tr("%1: a quantity is not plottable: %2").arg(q(preset.id), ids.join(", "));
      return false;
    }
  }
  if (ExplanationPanel* explanation = window.panelWidget<ExplanationPanel>()) {
    explanation->showMarkdown(
        figurePresetMarkdown(preset, source, ExampleCatalog::explanation(scenario)),
        QFileInfo(scenario).absolutePath());
    // In front of the docks it is tabbed with: the caption is what the entry is for.
    if (auto* dock = window.findChild<QDockWidget*>("explanationDock")) dock->raise();
  }
  return true;
}

void addSeedFiguresMenu(QMenu* examples, MainWindow* window, const QString& models_dir) {
  const QString file = seedFigurePresetFile(models_dir);
  if (file.isEmpty()) return;
  QMenu* menu = examples->addMenu(tr("Seed &figures"));
  menu->setObjectName("seedFiguresMenu");
  FigurePresetFile presets;
  try {
    presets = readFigurePresets(file.toStdString());
  } catch (const std::exception& e) {
    menu->addAction(QString::fromUtf8(e.what()))->setEnabled(false);
    return;
  }
  for (const FigurePreset& preset : presets.figures) {
    QAction* action = menu->addAction(q(preset.title));
    action->setData(q(preset.id));
    action->setToolTip(q(preset.caption));
    QObject::connect(action, &QAction::triggered, window,
                     [window, preset, source = q(presets.source)] {
                       showFigurePreset(*window, preset, source);
                     });
  }
}

}  // namespace vms::ui
