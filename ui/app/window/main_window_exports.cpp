// MainWindow: the panels' menus and the Export menu (trajectory CSV, the panels' exports such as
// the plots, 3D screenshot, video, glTF scene, URDF with meshes: main_window_meshes.cpp).
#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/exports/trajectory_export.hpp"
#include "ui/app/exports/video_recording.hpp"
#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/document/model_document.hpp"

namespace vms::ui {

bool MainWindow::exportTrajectory(const QString& path, QString* error) {
  QString message;
  long rows = -1;
  if (controller_->hasSimulation())
    rows = exportTrajectoryCsv(controller_->history(), controller_->scenario(), path, &message);
  else
    message = tr("nothing to export: no model open");
  if (rows < 0) {
    if (error) *error = message;
    showProblem(tr("Trajectory export failed"), message);
    return false;
  }
  context_->info(tr("trajectory: %1 rows → %2").arg(rows).arg(path));
  return true;
}

bool MainWindow::exportScreenshot(const QString& path, QString* error, int scale) {
  QString message;
  if (!scene_->saveScreenshot(path, &message, scale)) {
    if (error) *error = message;
    showProblem(tr("Screenshot failed"), message);
    return false;
  }
  context_->info(tr("3D screenshot (%1×) → %2").arg(scale).arg(path));
  return true;
}

bool MainWindow::exportGltf(const QString& path, QString* error) {
  QString message;
  if (!scene_->exportGltf(path, &message)) {
    if (error) *error = message;
    showProblem(tr("glTF export failed"), message);
    return false;
  }
  context_->info(tr("3D scene (glTF) → %1").arg(path));
  return true;
}

bool MainWindow::startVideo(const QString& path, QString* error) {
  QString message, what;
  if (!video_->start(path, &what, &message)) {
    if (error) *error = message;
    showProblem(tr("Cannot record video"), message);
    return false;
  }
  if (record_action_) record_action_->setText(tr("Stop &Recording"));
  context_->info(what);
  return true;
}

bool MainWindow::stopVideo(QString* error) {
  QString message;
  const int frames = video_->framesRecorded();
  const double seconds = scene_->recordedVideoSeconds(), skipped = scene_->skippedVideoSeconds();
  const bool ok = video_->stop(&message);
  if (record_action_) record_action_->setText(tr("Record &Video…"));
  if (!ok) {
    if (error) *error = message;
    showProblem(tr("Video recording failed"), message);
    return false;
  }
  context_->info(tr("video: %1 frames, %2 s at %3 fps%4 → %5")
                     .arg(frames)
                     .arg(seconds, 0, 'f', 2)
                     .arg(VideoRecording::kFps)
                     .arg(skipped > 0.0
                              ? tr(" (%1 s skipped: the view fell behind)").arg(skipped, 0, 'f', 1)
                              : QString())
                     .arg(video_->path()));
  return true;
}

void MainWindow::createExportMenu() {
  video_ = new VideoRecording(scene_, controller_, statusBar(), this);
  connect(video_, &VideoRecording::replayFinished, this, [this](bool ok, const QString& message) {
    if (record_action_) record_action_->setText(tr("Record &Video…"));
    if (ok)
      context_->info(message);
    else
      showProblem(tr("Video recording failed"), message);
  });
  auto* menu = new QMenu(tr("E&xport"), this);
  auto suggest = [this](const QString& suffix) {
    const QString stem = document_->isOpen() ? ExampleCatalog::stem(document_->path()) : "vms";
    return QDir(context_->exportDirectory()).absoluteFilePath(stem + suffix);
  };
  auto remember = [this](const QString& file) {
    context_->setExportDirectory(QFileInfo(file).absolutePath());
  };

  QAction* csv = menu->addAction(tr("&Trajectory CSV…"), this, [=] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export trajectory"),
                                                      suggest(".csv"), tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    remember(path);
    exportTrajectory(path);
  });
  csv->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  csv->setEnabled(false);  // until a model is open (Ctrl+E then asks for no file name)
  csv_action_ = csv;
  // The panels' own menus (e.g. Plots) go before Export, their exports after the CSV.
  for (const auto& panel : panels_) panel->addMenus(menuBar(), menu);
  menuBar()->addMenu(menu);
  menu->addSeparator();
  QAction* shot = menu->addAction(tr("3D &Screenshot…"), this, [=] {
    const QSize view = scene_->size() * scene_->devicePixelRatioF();
    QStringList sizes;
    for (int s : {1, 2, 4})
      sizes << tr("%1× (%2 × %3 px)").arg(s).arg(view.width() * s).arg(view.height() * s);
    bool ok = false;
    const QString choice =
        QInputDialog::getItem(this, tr("3D screenshot"), tr("Resolution:"), sizes, 1, false, &ok);
    if (!ok) return;
    const int scale = QList<int>{1, 2, 4}.value(sizes.indexOf(choice), 1);
    const QString path = QFileDialog::getSaveFileName(this, tr("3D screenshot"), suggest(".png"),
                                                      tr("Images (*.png *.jpg)"));
    if (path.isEmpty()) return;
    remember(path);
    exportScreenshot(path, nullptr, scale);
  });
  shot->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
  record_action_ = menu->addAction(tr("Record &Video…"), this, [=] {
    if (scene_->isRecording()) {
      stopVideo();
      return;
    }
    const bool mp4 = VideoRecording::ffmpegAvailable();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Record video"), suggest(VideoRecording::defaultSuffix()),
        mp4 ? tr("MP4, H.264 (*.mp4);;Ogg Theora (*.ogv)")
            : tr("Ogg Theora (*.ogv);;MP4 (needs the ffmpeg program) (*.mp4)"));
    if (path.isEmpty()) return;
    remember(path);
    startVideo(path);
  });
  menu->addAction(tr("3D Scene as &glTF…"), this, [=] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export glTF"), suggest(".gltf"),
                                                      tr("glTF (*.gltf)"));
    if (path.isEmpty()) return;
    remember(path);
    exportGltf(path);
  });
  menu->addSeparator();
  QAction* urdf = menu->addAction(tr("&URDF with Meshes…"), this, [=] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export URDF with meshes"),
                                                      suggest(".urdf"), tr("URDF (*.urdf)"));
    if (path.isEmpty()) return;
    remember(path);
    exportUrdfWithMeshes(path);
  });
  urdf->setObjectName("exportUrdfAction");
  urdf->setEnabled(false);  // until a model is open
  urdf_action_ = urdf;
  urdf->setToolTip(
      tr("The model as URDF with copies of its mesh files in a folder next to it "
         "(NAME_meshes/): one package that ROS tools, MuJoCo and this workbench load"));
}

}  // namespace vms::ui
