// Pictures out of the 3D view: PNG/JPG screenshots that load back as the view, glTF that
// parses with meshes and nodes, an Ogg Theora video of the frames shown while recording, MP4
// through ffmpeg or a clear error without it, and a framesRendered counter that counts.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "test_view3d_support.hpp"

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
    view->showFrame(frameFor(model, state, sequence));
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
    for (int i = 0; i < 20; ++i) s.showPose(0.05 * i, i);
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
      for (int i = 0; i < 10; ++i) s.showPose(0.05 * i, i);
      QVERIFY2(s.view->stopRecording(&error), qPrintable(error));
      QVERIFY(QFileInfo(path).size() > 1000);
    }
    QVERIFY(!s.view->startRecording(dir.filePath("run.avi"), 25, &error));
  }
};

QTEST_MAIN(TestView3dExports)
#include "test_view3d_exports.moc"
