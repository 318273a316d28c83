#include "ui/app/window/seed_figures.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <exception>

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/app/window/window_text.hpp"

namespace vms::ui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

QString seedFigurePresetFile(const QString& models_dir) {
  if (models_dir.isEmpty()) return {};
  const QString file = QDir(models_dir).absoluteFilePath("seed004_figures.json");
  return QFile::exists(file) ? file : QString();
}

QString figurePresetMarkdown(const FigurePreset& preset, const QString& source,
                             const QString& note) {
  QString text = "## " + q(preset.title) + "\n\n";
  text += (preset.caption_verbatim ? trMainWindow("**Caption** (the paper's): ")
                                   : trMainWindow("**Caption** (written from the paper's text; the "
                                                  "caption itself is not in our copy): ")) +
          q(preset.caption) + "\n\n";
  text += trMainWindow("**What to observe.** ") + q(preset.observe) + "\n\n";
  text += trMainWindow("*Source:* ") + source + "\n\n---\n\n" + note;
  return text;
}

bool showFigurePreset(MainWindow& window, const FigurePreset& preset, const QString& source,
                      QString* error) {
  const QString scenario = q(preset.scenario);
  if (!window.openFile(scenario, error)) return false;
  QStringList ids;
  for (const std::string& id : preset.quantities) ids << q(id);
  WorkbenchContext* context = window.context();
  QString problem;
  if (!context->showFigurePlot(ids, &problem)) {
    if (error) *error = q(preset.id) + ": " + problem;
    return false;
  }
  // In front of the docks it is tabbed with: the caption is what the entry is for.
  context->explain(figurePresetMarkdown(preset, source, ExampleCatalog::explanation(scenario)),
                   QFileInfo(scenario).absolutePath());
  return true;
}

void addSeedFiguresMenu(QMenu* examples, MainWindow* window, const QString& models_dir) {
  const QString file = seedFigurePresetFile(models_dir);
  if (file.isEmpty()) return;
  QMenu* menu = examples->addMenu(trMainWindow("Seed &figures"));
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
