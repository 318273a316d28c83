// Large models keep the window on the screen (a row per joint in the Teach panel without
// scrolling would make a 100-body chain's window 2423 px tall on a 1024 px screen). With the
// 100-body chain and the 98-body humanoid-size tree with meshes (tests/data/scale), the window
// stays within the screen, and both run. Their frame times are measured with --report (README).
#include <QGuiApplication>
#include <QScreen>
#include <QSlider>

#include "test_app_support.hpp"
#include "ui/panels/teach_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppScale : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;

 private slots:
  void initTestCase() { isolateSettings("test_app_scale", autosave_.path()); }

  void largeModelsKeepTheWindowOnTheScreen_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("bodies");
    QTest::newRow("100-body chain") << "tests/data/scale/chain100.urdf" << 100;
    QTest::newRow("98-body humanoid with meshes") << "tests/data/scale/humanoid100.urdf" << 98;
  }

  void largeModelsKeepTheWindowOnTheScreen() {
    QFETCH(QString, file);
    QFETCH(int, bodies);
    auto window = shownWindow();
    window->setDialogs(false);
    QString error;
    QVERIFY2(window->openFile(sourcePath(file), &error), qPrintable(error));
    QCOMPARE(window->controller()->scenario().model.nbodies, bodies);
    QTest::qWait(200);  // layouts settle
    const QRect screen = window->screen()->availableGeometry();
    const QRect frame = window->frameGeometry();
    qInfo("%s: window %d x %d on a %d x %d screen", qPrintable(file), frame.width(), frame.height(),
          screen.width(), screen.height());
    QVERIFY2(frame.height() <= screen.height() && frame.width() <= screen.width(),
             qPrintable(QStringLiteral("%1 x %2").arg(frame.width()).arg(frame.height())));
    // Every joint still has its row (scrolling, not dropped).
    auto* teach = window->panelWidget<ui::TeachPanel>();
    QVERIFY(teach);
    QCOMPARE(int(teach->findChildren<QSlider*>().size()), bodies - 1);
    QVERIFY(runFor(*window, 0.2, 1.0));
  }
};

QTEST_MAIN(TestAppScale)
#include "test_app_scale.moc"
