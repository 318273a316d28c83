// Without an X window of its own (Qt's offscreen platform) the view renders offscreen and
// grabImage still shows the model; without any X display it draws nothing, says so once, and
// the process survives (VTK's X11 window would abort it).
#include <QProcess>

#include "test_program.hpp"
#include "test_view3d_support.hpp"

using namespace vms;
using namespace vms::test;

class TestView3dOffscreen : public QObject {
  Q_OBJECT
 private slots:
  void offscreenPlatformStillRenders() {
    QCOMPARE(QGuiApplication::platformName(), QString("offscreen"));
    if (qEnvironmentVariableIsEmpty("DISPLAY")) QSKIP("needs an X display (run under xvfb-run)");
    const Model model = loadExample("models/seed004_spatial.vms.json");
    ui::SceneView view;
    view.resize(400, 300);
    view.show();
    view.setModel(model, sourcePath("models"));
    view.showFrame(frameFor(model, State::neutral(model)));
    const QImage image = view.grabImage();
    QCOMPARE(image.size(), QSize(400, 300));
    qInfo("offscreen image: luminance variance %.1f", luminanceVariance(image));
    QVERIFY(luminanceVariance(image) > 50.0);
    QCOMPARE(view.pickBody(view.projectToWidget(model.com[0]).toPoint()), 0);
  }

  void noDisplayDoesNotAbort() {
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.insert("VMS_VIEW3D_NO_DISPLAY_CHILD", "1");
    child.setProcessEnvironment(env);
    child.start(testProgram(), testProgramArguments({"noDisplayChild"}));
    QVERIFY(child.waitForFinished(60000));
    const QString out = QString::fromLocal8Bit(child.readAllStandardOutput());
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QVERIFY2(child.exitCode() == 0, qPrintable(out));
    QVERIFY2(out.contains("PASS   : TestView3dOffscreen::noDisplayChild()"), qPrintable(out));
  }

  void noDisplayChild() {
    if (!qEnvironmentVariableIsSet("VMS_VIEW3D_NO_DISPLAY_CHILD"))
      QSKIP("run by noDisplayDoesNotAbort");
    const Model model = loadExample("models/seed004_spatial.vms.json");
    ui::SceneView view;
    QSignalSpy messages(&view, &ui::SceneView::message);
    view.resize(400, 300);
    view.show();
    view.setModel(model, sourcePath("models"));
    view.showFrame(frameFor(model, State::neutral(model)));
    QVERIFY(view.grabImage().isNull());
    QVERIFY(view.grabImage().isNull());
    QCOMPARE(messages.count(), 1);
    QVERIFY(messages.at(0).at(0).toString().contains("DISPLAY"));
    QCOMPARE(view.framesRendered(), 0L);
    QString error;
    QVERIFY(!view.saveScreenshot(QDir::temp().filePath("never.png"), &error));
  }
};

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  TestView3dOffscreen test;
  return QTest::qExec(&test, argc, argv);
}
#include "test_view3d_offscreen.moc"
