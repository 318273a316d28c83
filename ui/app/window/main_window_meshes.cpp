// MainWindow: mesh files. The missing-mesh bar above the 3D view and its "Locate folder…"
// (the folders are remembered per model file in the settings and handed to the mesh resolver,
// ui/view3d/mesh_loader.hpp), and Export > URDF with meshes (core/io/urdf_export.hpp).
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>
#include <QVariantMap>

#include "core/io/mesh_files.hpp"
#include "core/io/urdf_export.hpp"
#include "ui/app/bars/missing_mesh_bar.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/app/window/settings_keys.hpp"
#include "ui/document/model_document.hpp"
#include "ui/view3d/mesh_search_folders.hpp"

namespace vms::ui {

namespace {

/// The settings key of a document: its absolute path (empty for an untitled document).
QString documentKey(const ModelDocument& document) {
  return document.path().isEmpty() ? QString() : QFileInfo(document.path()).absoluteFilePath();
}

std::vector<std::string> standardStrings(const QStringList& list) {
  std::vector<std::string> out;
  for (const QString& s : list) out.push_back(s.toStdString());
  return out;
}

}  // namespace

QStringList MainWindow::meshFolders() const {
  return meshSearchFolders(document_->modelDirectory());
}

void MainWindow::restoreMeshFolders() {
  const QString key = documentKey(*document_);
  QStringList folders;
  if (!key.isEmpty())
    folders = QSettings().value(settings_keys::kMeshFolders).toMap().value(key).toStringList();
  // Folders from earlier sessions for this model folder (another model in it) stay too.
  QStringList merged = meshSearchFolders(document_->modelDirectory());
  for (const QString& f : folders)
    if (!merged.contains(f)) merged << f;
  setMeshSearchFolders(document_->modelDirectory(), merged);
}

void MainWindow::refreshMissingMeshes() {
  if (!document_->isOpen()) {
    mesh_bar_->showMissing({});
    return;
  }
  mesh_bar_->showMissing(missingMeshes(document_->description(),
                                       document_->modelDirectory().toStdString(),
                                       standardStrings(meshFolders())));
}

bool MainWindow::useMeshFolder(const QString& folder, QString* error) {
  const QFileInfo info(folder);
  if (!document_->isOpen() || !info.isDir()) {
    const QString message =
        !document_->isOpen() ? tr("no model open") : tr("%1: not a folder").arg(folder);
    if (error) *error = message;
    context_->error(message);
    return false;
  }
  const std::size_t before =
      missingMeshes(document_->description(), document_->modelDirectory().toStdString(),
                    standardStrings(meshFolders()))
          .size();
  if (before == 0) {
    context_->info(tr("meshes: every mesh file of the model is found already"));
    return true;
  }
  const QString absolute = QDir::cleanPath(info.absoluteFilePath());
  QStringList folders = meshFolders();
  if (!folders.contains(absolute)) folders << absolute;
  setMeshSearchFolders(document_->modelDirectory(), folders);
  const std::size_t after =
      missingMeshes(document_->description(), document_->modelDirectory().toStdString(),
                    standardStrings(folders))
          .size();
  if (after == before) {  // nothing found there: do not remember a wrong folder
    folders.removeAll(absolute);
    setMeshSearchFolders(document_->modelDirectory(), folders);
    const QString message =
        tr("%1: none of the %2 missing mesh files is in this folder or below it")
            .arg(absolute)
            .arg(before);
    if (error) *error = message;
    context_->warning(message);
    statusBar()->showMessage(message, 15000);
    return false;
  }
  if (const QString key = documentKey(*document_); !key.isEmpty()) {
    QSettings settings;
    QVariantMap map = settings.value(settings_keys::kMeshFolders).toMap();
    QStringList remembered = map.value(key).toStringList();
    if (!remembered.contains(absolute)) remembered << absolute;
    map.insert(key, remembered);
    settings.setValue(settings_keys::kMeshFolders, map);
  }
  // Redraw with the meshes; the simulation and its time stay as they are.
  if (controller_->hasSimulation())
    scene_->setModel(controller_->scenario().model, document_->modelDirectory());
  refreshMissingMeshes();
  const QString message = tr("meshes: %1 of %2 missing files found in %3")
                              .arg(before - after)
                              .arg(before)
                              .arg(absolute);
  context_->info(message);
  statusBar()->showMessage(message, 10000);
  return true;
}

void MainWindow::locateMeshFolder() {
  const QString start =
      meshFolders().isEmpty() ? document_->modelDirectory() : meshFolders().constLast();
  const QString folder =
      QFileDialog::getExistingDirectory(this, tr("Locate the folder with the meshes"), start);
  if (!folder.isEmpty()) useMeshFolder(folder);
}

bool MainWindow::exportUrdfWithMeshes(const QString& path, QString* error) {
  QString message;
  if (!document_->isOpen()) {
    message = tr("nothing to export: no model open");
  } else {
    try {
      ModelDescription d = document_->description();
      if (controller_->hasSimulation()) d.base_type = controller_->scenario().model.base_type;
      UrdfExportOptions options;
      options.mesh_search_dirs = standardStrings(meshFolders());
      const UrdfExportResult result = vms::exportUrdfWithMeshes(
          d, document_->modelDirectory().toStdString(), path.toStdString(), options);
      context_->info(result.copies.empty() ? tr("URDF (no meshes) → %1").arg(path)
                                           : tr("URDF → %1, %2 mesh files copied to %3")
                                                 .arg(path)
                                                 .arg(result.copies.size())
                                                 .arg(QString::fromStdString(result.mesh_folder)));
      return true;
    } catch (const std::exception& e) {
      message = QString::fromUtf8(e.what());
    }
  }
  if (error) *error = message;
  showProblem(tr("URDF export failed"), message);
  return false;
}

}  // namespace vms::ui
