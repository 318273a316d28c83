#include "ui/app/contract/workbench_context.hpp"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QWidget>

#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/settings_keys.hpp"
#include "ui/document/model_document.hpp"
#include "ui/sim/simulation_controller.hpp"

namespace vms::ui {

WorkbenchContext::WorkbenchContext(ModelDocument* document, SimulationController* controller,
                                   QWidget* window)
    : QObject(window), document_(document), controller_(controller), window_(window) {}

QString WorkbenchContext::lastDirectory() const {
  const QString dir = QSettings().value(settings_keys::kLastDirectory).toString();
  if (!dir.isEmpty() && QDir(dir).exists()) return dir;
  const QString models = ExampleCatalog::modelsDirectory();
  return models.isEmpty() ? QDir::homePath() : models;
}

void WorkbenchContext::setLastDirectory(const QString& dir) {
  QSettings().setValue(settings_keys::kLastDirectory, dir);
}

QString WorkbenchContext::exportDirectory() const {
  const QString dir = QSettings().value(settings_keys::kLastExportDirectory).toString();
  if (!dir.isEmpty() && QDir(dir).exists()) return dir;
  const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  return !documents.isEmpty() && QDir(documents).exists() ? documents : QDir::homePath();
}

void WorkbenchContext::setExportDirectory(const QString& dir) {
  QSettings().setValue(settings_keys::kLastExportDirectory, dir);
}

void WorkbenchContext::showPlots(const std::vector<PlotKind>& kinds) {
  if (plots_) plots_->showPlots(kinds);
}

bool WorkbenchContext::showFigurePlot(const QStringList& quantities, QString* error) {
  if (!plots_) {
    if (error) *error = tr("no panel shows plots");
    return false;
  }
  if (plots_->showFigurePlot(quantities)) return true;
  if (error) *error = tr("a quantity is not plottable: %1").arg(quantities.join(", "));
  return false;
}

PlotsShown WorkbenchContext::plotsShown() const {
  return plots_ ? plots_->plotsShown() : PlotsShown{};
}

void WorkbenchContext::selectJoint(int joint) {
  // The tree gives a compiled joint (user order); the inspector edits description joints.
  if (!controller_->hasSimulation()) return;
  const Model& model = controller_->scenario().model;
  if (joint < 0 || joint >= model.njoints) return;
  const std::string& name = model.joint_names[std::size_t(joint)];
  const auto& joints = document_->description().joints;
  int description_joint = -1;
  for (std::size_t i = 0; i < joints.size(); ++i)
    if (joints[i].name == name) description_joint = int(i);
  emit jointSelected(model.joint_body[std::size_t(joint)], description_joint);
}

}  // namespace vms::ui
