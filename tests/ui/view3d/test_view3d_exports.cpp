// Pictures out of the 3D view: PNG/JPG screenshots that load back as the view, at 2x and 4x
// the view's pixels (the same picture, sharper), glTF that parses with meshes and nodes named
// after the links, an Ogg Theora video of the frames shown while recording, MP4 (H.264,
// checked with ffprobe) through ffmpeg or a clear error without it, and a framesRendered
// counter that counts.
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScreen>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "test_view3d_support.hpp"
#include "ui/view3d/video_clock.hpp"
#include "ui/view3d/x11_sync.hpp"

using namespace vms;
using namespace vms::test;

namespace {

struct Scene {
  Model model = loadExample("models/seed004_spatial.vms.json");
  std::unique_ptr<ui::SceneView> view = shownView(640, 480);
  Scene() {
    view->setModel(model, sourcePath("models"));
    view->showFrame(frameFor(model, State::neutral(model)));
  }
  void showPose(double t, long sequence) {
    State state = State::neutral(model);
    for (int k = 0; k < model.njoints; ++k) state.q(k) = 0.8 * std::sin(2.0 * t + k);
    ui::SimFrame frame = frameFor(model, state, sequence);
    frame.snapshot.time = t;
    view->showFrame(frame);
  }
};

}  // namespace

class TestView3dExports : public QObject {
  Q_OBJECT
 private slots:
  void screenshotsLoadBack() {
    Scene s;
    QTemporaryDir dir;
    const QImage shown = s.view->grabImage();
    QString error;
    QVERIFY2(s.view->saveScreenshot(dir.filePath("shot.png"), &error), qPrintable(error));
    QImage png(dir.filePath("shot.png"));
    QCOMPARE(png.size(), QSize(640, 480));
    QCOMPARE(differingPixels(png.convertToFormat(QImage::Format_RGB888), shown, 0), 0);
    QVERIFY(luminanceVariance(png) > 50.0);
    QVERIFY2(s.view->saveScreenshot(dir.filePath("shot.jpg"), &error), qPrintable(error));
    QImage jpg(dir.filePath("shot.jpg"));
    QCOMPARE(jpg.size(), QSize(640, 480));
    QVERIFY(differingPixels(jpg.convertToFormat(QImage::Format_RGB888), shown, 60) <
            640 * 480 / 100);
    QVERIFY(!s.view->saveScreenshot(dir.filePath("shot.bmpx"), &error));
    QVERIFY(error.contains(".png"));
    QVERIFY(!s.view->saveScreenshot("/no/such/folder/shot.png", &error));
  }

  void screenshotsAtTwiceAndFourTimesTheViewSize() {
    Scene s;
    QTemporaryDir dir;
    const QImage shown = s.view->grabImage();
    QCOMPARE(shown.size(), QSize(640, 480));
    for (int scale : {2, 4}) {
      QString error;
      const QString path = dir.filePath(QString("shot%1x.png").arg(scale));
      QVERIFY2(s.view->saveScreenshot(path, &error, scale), qPrintable(error));
      const QImage big(path);
      QCOMPARE(big.size(), QSize(640 * scale, 480 * scale));
      // The same picture: scaled back down, it matches the view (edges aside).
      const QImage small = big.scaled(shown.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                               .convertToFormat(QImage::Format_RGB888);
      const int differ = differingPixels(small, shown, 60);
      qInfo("%dx screenshot: %d of %d pixels differ by > 60 from the view", scale, differ,
            640 * 480);
      QVERIFY2(differ < 640 * 480 / 20, qPrintable(QString::number(differ)));
    }
    // The view draws in its own window again afterwards.
    QCOMPARE(s.view->grabImage().size(), QSize(640, 480));
    QCOMPARE(differingPixels(s.view->grabImage(), shown, 0), 0);
  }

  // A screenshot larger than the view renders offscreen and binds the view's window again:
  // the window stays mapped and shows the scene (read back from the X server, not from
  // VTK's buffer), also after the first frame shown since.
  void viewStaysOnScreenAfterLargerScreenshots() {
    Scene s;
    QTemporaryDir dir;
    const QImage shown = s.view->grabImage();
    for (int scale : {2, 4}) {
      QString error;
      QVERIFY2(s.view->saveScreenshot(dir.filePath("big.png"), &error, scale), qPrintable(error));
      QVERIFY2(ui::isNativeWindowMapped(s.view->winId()), qPrintable(QString::number(scale)));
      s.showPose(0.0, 1);
      const QImage now = s.view->grabImage();  // renders into the view's window
      QCoreApplication::processEvents();
      const QImage screen = QGuiApplication::primaryScreen()
                                ->grabWindow(s.view->winId())
                                .toImage()
                                .convertToFormat(QImage::Format_RGB888);
      QCOMPARE(screen.size(), shown.size());
      const int differ = differingPixels(screen, now, 30);
      qInfo("after a %dx screenshot: %d pixels on screen differ from the rendered frame", scale,
            differ);
      QVERIFY2(differ < 640 * 480 / 100, qPrintable(QString::number(differ)));
    }
  }

  // The overlay legend's text scales with the screenshot: at 2x, twice as tall as on screen.
  void legendScalesWithTheScreenshot() {
    Scene s;
    QTemporaryDir dir;
    auto legendHeight = [&](int scale) {
      QString error;
      s.view->setOverlayVisible(ui::Overlay::SystemCenterOfMass, false);
      const QString without = dir.filePath("without.png"), with = dir.filePath("with.png");
      if (!s.view->saveScreenshot(without, &error, scale)) return -1;
      s.view->setOverlayVisible(ui::Overlay::SystemCenterOfMass, true);
      if (!s.view->saveScreenshot(with, &error, scale)) return -1;
      const QImage a = QImage(without).convertToFormat(QImage::Format_RGB888);
      const QImage b = QImage(with).convertToFormat(QImage::Format_RGB888);
      // The legend is in the lower-left corner: rows there that differ (the sphere itself
      // is drawn elsewhere).
      int top = b.height(), bottom = -1;
      for (int y = b.height() / 2; y < b.height(); ++y)
        for (int x = 0; x < b.width() / 3; ++x)
          if (colorDistance(a.pixel(x, y), b.pixel(x, y)) > 60) {
            top = std::min(top, y);
            bottom = std::max(bottom, y);
          }
      return bottom >= top ? bottom - top + 1 : 0;
    };
    const int one = legendHeight(1), two = legendHeight(2);
    qInfo("legend text height: %d px at 1x, %d px at 2x", one, two);
    QVERIFY(one >= 6);
    QVERIFY2(two >= 1.7 * one && two <= 2.3 * one, qPrintable(QString::number(two)));
  }

  void gltfNodesAreNamedAfterLinks() {
    Scene s;
    QTemporaryDir dir;
    QString error;
    QVERIFY2(s.view->exportGltf(dir.filePath("scene.gltf"), &error), qPrintable(error));
    QFile file(dir.filePath("scene.gltf"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QSet<QString> names;
    QStringList all;
    for (const QJsonValue& node : root.value("nodes").toArray()) {
      const QJsonObject n = node.toObject();
      if (!n.contains("mesh")) continue;
      const QString name = n.value("name").toString();
      QVERIFY2(!name.isEmpty(), "a mesh node without a name");
      QVERIFY2(!names.contains(name), qPrintable(name));  // unique
      names.insert(name);
      all << name;
    }
    qInfo("glTF node names: %s", qPrintable(all.join(", ")));
    for (const std::string& link : s.model.body_names)
      QVERIFY2(names.contains(QString::fromStdString(link)), link.c_str());
    for (const QString& name : all) QVERIFY2(!name.startsWith("mesh"), qPrintable(name));
  }

  void gltfParsesWithMeshesAndNodes() {
    Scene s;
    QTemporaryDir dir;
    QString error;
    QVERIFY2(s.view->exportGltf(dir.filePath("scene.gltf"), &error), qPrintable(error));
    QFile file(dir.filePath("scene.gltf"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    QVERIFY2(parse.error == QJsonParseError::NoError, qPrintable(parse.errorString()));
    const QJsonObject root = doc.object();
    const int meshes = root.value("meshes").toArray().size();
    const int nodes = root.value("nodes").toArray().size();
    qInfo("glTF: %d meshes, %d nodes, %lld bytes", meshes, nodes, file.size());
    QVERIFY(meshes >= s.model.nbodies);  // at least one mesh per body
    QVERIFY(nodes >= meshes);
    QVERIFY(root.value("asset").toObject().value("version").toString() == "2.0");
    // Bodies are placed by node matrices (the actors' user matrices): some are not identity.
    int placed = 0;
    for (const QJsonValue& node : root.value("nodes").toArray()) {
      const QJsonArray m = node.toObject().value("matrix").toArray();
      if (m.size() == 16 &&
          (m[12].toDouble() != 0.0 || m[13].toDouble() != 0.0 || m[14].toDouble() != 0.0))
        ++placed;
    }
    qInfo("glTF: %d nodes with a translation", placed);
    QVERIFY(placed >= s.model.nbodies - 1);
    QFile::copy(dir.filePath("scene.gltf"), QDir::temp().filePath("view3d_scene.gltf"));
    QVERIFY(!s.view->exportGltf(dir.filePath("scene.obj"), &error));
  }

  void oggVideoOfTheShownFrames() {
    Scene s;
    QTemporaryDir dir;
    const QString path = dir.filePath("run.ogv");
    QString error;
    QVERIFY(!s.view->isRecording());
    const long rendered_before = s.view->framesRendered();
    QVERIFY2(s.view->startRecording(path, 25, &error), qPrintable(error));
    QVERIFY(s.view->isRecording());
    for (int i = 0; i < 20; ++i) s.showPose(i / 25.0, i);  // one video frame each
    QCOMPARE(s.view->framesRecorded(), 20);
    QVERIFY2(s.view->stopRecording(&error), qPrintable(error));
    QVERIFY(!s.view->isRecording());
    QCOMPARE(s.view->framesRendered() - rendered_before, 20L);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    qInfo(".ogv of 20 frames: %lld bytes", qint64(bytes.size()));
    QVERIFY(bytes.startsWith("OggS"));
    QVERIFY(bytes.contains("theora"));
    QVERIFY(bytes.size() > 10000);
    QVERIFY(!s.view->stopRecording(&error));  // not recording any more
  }

  // Frames are stamped by simulated time: shown faster than the video rate, frames are
  // dropped; slower, repeated; a run shown at 2x real time makes half as long a video.
  void videoClockStampsBySimulatedTime() {
    auto count = [](double rate, double shown_hz, double seconds) {
      ui::VideoClock clock(30.0);
      clock.start(rate);
      int frames = 0;
      const int n = int(std::lround(seconds * shown_hz));
      for (int i = 0; i <= n; ++i) frames += clock.framesFor(0.25 + i / shown_hz);
      return frames == clock.framesWritten() ? frames : -1;
    };
    QCOMPARE(count(1.0, 60.0, 2.0), 61);   // 2 s at 30 fps, both ends
    QCOMPARE(count(1.0, 10.0, 2.0), 61);   // each shown frame three times
    QCOMPARE(count(1.0, 75.0, 2.0), 61);   // not a multiple of the video rate
    QCOMPARE(count(0.5, 60.0, 2.0), 31);   // shown at 2x real time: a 1 s video
    QCOMPARE(count(0.0, 60.0, 2.0), 121);  // a replay: one video frame per shown frame
    ui::VideoClock clock(30.0);
    clock.start(1.0);
    QCOMPARE(clock.framesFor(1.0), 1);
    QCOMPARE(clock.framesFor(1.0), 0);  // paused: nothing new
    QCOMPARE(clock.framesFor(0.0), 1);  // reset or scrubbed back: a cut, one frame
    QCOMPARE(clock.framesFor(0.5), 15);
    QCOMPARE(clock.framesFor(10.0), ui::VideoClock::kMaxCopies);  // no long frozen stretch
    QVERIFY(std::abs(clock.skippedSeconds() - (285.0 - ui::VideoClock::kMaxCopies) / 30.0) < 1e-9);
    QCOMPARE(clock.framesFor(10.1), 3);  // and on from there
    QCOMPARE(clock.framesFor(std::nan("")), 0);
  }

  void mp4NeedsFfmpeg() {
    Scene s;
    QTemporaryDir dir;
    const QString path = dir.filePath("run.mp4");
    QString error;
    if (QStandardPaths::findExecutable("ffmpeg").isEmpty()) {
      QVERIFY(!s.view->startRecording(path, 25, &error));
      qInfo("without ffmpeg: %s", qPrintable(error));
      QVERIFY(error.contains("ffmpeg"));
      QVERIFY(!s.view->isRecording());
    } else {
      QVERIFY2(s.view->startRecording(path, 25, &error), qPrintable(error));
      for (int i = 0; i < 10; ++i) s.showPose(i / 25.0, i);
      QCOMPARE(s.view->framesRecorded(), 10);
      QVERIFY2(s.view->stopRecording(&error), qPrintable(error));
      QVERIFY(QFileInfo(path).size() > 1000);
      // H.264 in MP4, the view's size, one frame per frame shown.
      const QString ffprobe = QStandardPaths::findExecutable("ffprobe");
      QVERIFY2(!ffprobe.isEmpty(), "ffmpeg without ffprobe");
      QProcess probe;
      probe.start(ffprobe,
                  {"-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                   "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path});
      QVERIFY(probe.waitForFinished(30000));
      const QString info = QString::fromUtf8(probe.readAllStandardOutput()).trimmed();
      qInfo("ffprobe: %s", qPrintable(info));
      QCOMPARE(info, QString("h264,640,480,10"));
    }
    QVERIFY(!s.view->startRecording(dir.filePath("run.avi"), 25, &error));
  }
};

QTEST_MAIN(TestView3dExports)
#include "test_view3d_exports.moc"
