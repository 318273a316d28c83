// Exports from the main window after a run of the seed 004 spatial example: the trajectory
// CSV has the interfaces-doc columns and one row per history frame with consistent values;
// every plot is written as PNG (loads, not blank), SVG (well-formed XML with an <svg> root)
// and PDF (%PDF header) at the requested size; the 3D screenshot shows the model, also at 2x;
// the glTF scene is JSON; a video of a live run lasts as long as the simulated time it shows
// (frames stamped by simulated time, not one per frame shown), with an indicator in the status
// bar, and on a finished run replays it from the start (MP4 checked with ffprobe when ffmpeg
// is installed).
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QProcess>
#include <QStandardPaths>
#include <QXmlStreamReader>

#include "test_app_support.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/docks/plots_dock.hpp"
#include "ui/app/exports/video_recording.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// ffprobe's `entries` of the first video stream of `path` (frames counted), one CSV line;
/// empty when ffprobe does not answer within 30 s.
QString probeVideo(const QString& path, const QString& entries) {
  QProcess probe;
  probe.start(QStandardPaths::findExecutable("ffprobe"),
              {"-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
               "stream=" + entries, "-of", "csv=p=0", path});
  if (!probe.waitForFinished(30000)) return {};
  return QString::fromUtf8(probe.readAllStandardOutput()).trimmed();
}

}  // namespace

class TestAppExports : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, out_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    QVERIFY(out_.isValid());
    isolateSettings("test_app_exports", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    QVERIFY(runFor(*window_, 1.0));
  }

  void trajectoryCsv() {
    const QString path = out_.filePath("run.csv");
    QString error;
    QVERIFY2(window_->exportTrajectory(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 10);
    const QStringList header = lines.first().split(',');
    const QStringList fixed = {"t",       "base_px", "base_py", "base_pz", "base_qw",
                               "base_qx", "base_qy", "base_qz", "base_vx", "base_vy",
                               "base_vz", "base_wx", "base_wy", "base_wz"};
    QCOMPARE(header.mid(0, fixed.size()), fixed);
    const Model& model = window_->controller()->scenario().model;
    int column = fixed.size();
    for (const std::string& name : model.joint_names)
      QCOMPARE(header[column++], "q:" + QString::fromStdString(name));
    for (const std::string& name : model.joint_names)
      QCOMPARE(header[column++], "qd:" + QString::fromStdString(name));
    for (const char* name : {"Px", "Py", "Pz", "Lx", "Ly", "Lz", "T"})
      QCOMPARE(header[column++], QString(name));
    // One row per history frame, time increasing from 0, unit quaternions, P conserved.
    QCOMPARE(long(lines.size() - 1), long(window_->controller()->history().size()));
    double last_t = -1.0;
    for (int i = 1; i < lines.size(); ++i) {
      const QStringList cells = lines[i].split(',');
      QCOMPARE(cells.size(), header.size());
      const double t = cells[0].toDouble();
      QVERIFY(t > last_t);
      last_t = t;
      double norm2 = 0.0;
      for (int k = 4; k < 8; ++k) norm2 += cells[k].toDouble() * cells[k].toDouble();
      QVERIFY(std::abs(norm2 - 1.0) < 1e-9);
      const int px = header.indexOf("Px");
      for (int k = 0; k < 3; ++k) QVERIFY(std::abs(cells[px + k].toDouble()) < 1e-8);
    }
    QCOMPARE(QString(lines[1].split(',')[0]).toDouble(), 0.0);
    QVERIFY(last_t >= 1.0);
  }

  void plots() {
    const QString dir = out_.filePath("plots");
    QString error;
    const ui::PlotPanel* plot_panel = window_->panelWidget<ui::PlotPanel>();
    QVERIFY(plot_panel);
    const QStringList files =
        ui::exportPlots(*plot_panel, *window_->context(), dir, {"png", "svg", "pdf"}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const int plots = plot_panel->plotCount();
    QVERIFY(plots >= 3);
    QCOMPARE(files.size(), 3 * plots);
    for (const QString& f : files) {
      QVERIFY2(QFileInfo(f).size() > 500, qPrintable(f));
      if (f.endsWith(".png")) {
        QImage image(f);
        QVERIFY2(!image.isNull(), qPrintable(f));
        QVERIFY2(distinctColours(image) > 4, qPrintable(f));
      } else if (f.endsWith(".svg")) {
        QFile file(f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QString root;
        while (!xml.atEnd()) {
          xml.readNext();
          if (xml.isStartElement() && root.isEmpty()) root = xml.name().toString();
        }
        QVERIFY2(!xml.hasError(), qPrintable(f + ": " + xml.errorString()));
        QCOMPARE(root, QString("svg"));
      } else {
        QFile file(f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.read(5), QByteArray("%PDF-"));
      }
    }
  }

  void screenshot() {
    const QString path = out_.filePath("view.png");
    QString error;
    QVERIFY2(window_->exportScreenshot(path, &error), qPrintable(error));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 200 && image.height() >= 150);
    QVERIFY2(luminanceStd(image) > 5.0, "blank screenshot");
    QVERIFY2(rowsWithContent(image) > image.height() / 10, "model not visible");
    const QString big = out_.filePath("view2x.png");
    QVERIFY2(window_->exportScreenshot(big, &error, 2), qPrintable(error));
    QCOMPARE(QImage(big).size(), image.size() * 2);
    QVERIFY2(rowsWithContent(QImage(big)) > image.height() / 5, "model not visible at 2x");
  }

  void gltf() {
    const QString path = out_.filePath("scene.gltf");
    QString error;
    QVERIFY2(window_->exportGltf(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    QVERIFY(doc.isObject());
    QVERIFY(doc.object().contains("meshes") || doc.object().contains("nodes"));
  }

  // 1.5 s of simulation played at real time makes a 1.5 s video (± one frame), however many
  // frames the view rendered meanwhile (about 60 a second).
  void video() {
    const bool mp4 = ui::VideoRecording::ffmpegAvailable();
    const QString path = out_.filePath(mp4 ? "run.mp4" : "run.ogv");
    QString error;
    ui::VideoRecording* video = window_->videoRecording();
    QVERIFY(video && !video->indicator()->isVisible());
    QVERIFY2(window_->startVideo(path, &error), qPrintable(error));
    QVERIFY(video->indicator()->isVisible());
    const long shown_before = window_->framePump()->framesShown();
    // The simulated times of the first and the last frame shown while recording.
    double t0 = -1.0, t1 = -1.0;
    const auto connection = QObject::connect(window_->framePump(), &ui::FramePump::frameShown,
                                             [&](const ui::SimFrame& frame) {
                                               if (t0 < 0.0) t0 = frame.snapshot.time;
                                               t1 = frame.snapshot.time;
                                             });
    const bool reached = runFor(*window_, shownTime(*window_) + 1.5, 1.0);
    QObject::disconnect(connection);
    QVERIFY2(reached, qPrintable(QString("the run showed %1 s").arg(shownTime(*window_))));
    QVERIFY(video->indicator()->text().contains("REC"));
    const int frames = video->framesRecorded();
    const long shown = window_->framePump()->framesShown() - shown_before;
    const double expected = (t1 - t0) * ui::VideoRecording::kFps + 1.0;
    qInfo("%.3f s of simulation shown in %ld frames: %d video frames (expected %.1f)", t1 - t0,
          shown, frames, expected);
    QVERIFY(t1 - t0 >= 1.4);
    QVERIFY2(std::abs(frames - expected) <= 1.0, qPrintable(QString::number(frames)));
    QVERIFY2(window_->stopVideo(&error), qPrintable(error));
    QVERIFY(!video->indicator()->isVisible());
    QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(QString::number(QFileInfo(path).size())));
    if (!mp4) QSKIP("ffmpeg is not installed: the video was written as Ogg Theora");
    const QString info = probeVideo(path, "nb_read_frames,r_frame_rate");
    qInfo("ffprobe of the video: %s", qPrintable(info));
    QCOMPARE(info, QString("%1/1,%2").arg(ui::VideoRecording::kFps).arg(frames));
  }

  void videoOfAFinishedRunReplaysIt() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed000_prismatic_se3.scenario.json"), &error),
             qPrintable(error));
    QVERIFY(runFor(*window_, 10.0, 0.0));
    QCOMPARE(window_->controller()->runState(), ui::RunState::Finished);  // 2 s scenario
    const bool mp4 = ui::VideoRecording::ffmpegAvailable();
    const QString path = out_.filePath(mp4 ? "replay.mp4" : "replay.ogv");
    ui::VideoRecording* video = window_->videoRecording();
    QVERIFY2(window_->startVideo(path, &error), qPrintable(error));
    QVERIFY(video->isReplaying());
    QVERIFY(waitUntil([&] { return !video->isRecording(); }, 120000));
    QVERIFY(!video->indicator()->isVisible());
    QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(QString::number(QFileInfo(path).size())));
    // 2 s at 30 frames a second, both ends included.
    const double duration =
        window_->controller()->history().lastTime() - window_->controller()->history().firstTime();
    const int expected = int(std::ceil(duration * ui::VideoRecording::kFps)) + 1;
    if (!mp4) QSKIP("ffmpeg is not installed: the replay was written as Ogg Theora");
    const QString info = probeVideo(path, "codec_name,nb_read_frames");
    qInfo("ffprobe of the replay: %s (expected %d frames)", qPrintable(info), expected);
    QCOMPARE(info, QString("h264,%1").arg(expected));
  }

  void failedExportLeavesNoCrash() {
    QString error;
    QVERIFY(!window_->exportTrajectory("/nonexistent-dir/x.csv", &error));
    QVERIFY(error.contains("x.csv"));
  }

  // A failed check leaves no recording running into the next test.
  void cleanup() {
    QString error;
    if (window_ && window_->videoRecording() && window_->videoRecording()->isRecording())
      window_->stopVideo(&error);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppExports)
#include "test_app_exports.moc"
