// Bad input never crashes the application nor touches the open session: a malformed scenario,
// a broken URDF, a missing file, an unknown model inside a scenario and a non-physical model
// each give a dialog naming the problem, and the open example keeps running as before.
#include <QFile>

#include "test_app_support.hpp"
#include "ui/model/model_document.hpp"
#include "ui/panels/log_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppBadFiles : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, dir_;
  std::unique_ptr<ui::MainWindow> window_;
  QString good_;

  QString write(const QString& name, const QByteArray& text) {
    const QString path = dir_.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) file.write(text);
    return path;
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_bad_files", autosave_.path());
    window_ = shownWindow();
    good_ = sourcePath("models/seed004_spatial_one_joint.scenario.json");
    QString error;
    QVERIFY2(window_->openFile(good_, &error), qPrintable(error));
    QVERIFY(runFor(*window_, 0.3));
  }

  void badFileGivesDialog_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("malformed json") << write("broken.scenario.json", "{\"name\": \"x\", ");
    QTest::newRow("bad urdf") << write("broken.urdf", "<robot name=\"r\"><link name=\"a\">");
    QTest::newRow("urdf without links") << write("empty.urdf", "<robot name=\"r\"></robot>");
    QTest::newRow("missing file") << dir_.filePath("does_not_exist.scenario.json");
    QTest::newRow("scenario with missing model")
        << write("nomodel.scenario.json",
                 "{\"model\": \"nowhere.vms.json\", \"duration\": 1, \"dt\": 0.01}");
    QTest::newRow("negative mass")
        << write("negative.urdf",
                 "<robot name=\"r\"><link name=\"base\"><inertial><mass value=\"-1\"/>"
                 "<inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/>"
                 "</inertial></link></robot>");
    QTest::newRow("not a model") << write("picture.png", "\x89PNG\r\n\x1a\n garbage");
  }

  void badFileGivesDialog() {
    QFETCH(QString, path);
    const double t_before = shownTime(*window_);
    const long history_before = long(window_->controller()->history().size());
    const std::string name_before = window_->controller()->scenario().name;
    DialogCloser closer;
    QString error;
    QVERIFY(!window_->openFile(path, &error));
    QCOMPARE(closer.closed(), 1);
    const QString file_name = QFileInfo(path).fileName();
    QVERIFY2(error.contains(file_name), qPrintable(error));
    QVERIFY2(closer.text().contains(file_name), qPrintable(closer.text()));
    QVERIFY(window_->logPanel()->text().contains(file_name));
    // The session is untouched.
    QCOMPARE(window_->document()->path(), good_);
    QCOMPARE(window_->controller()->scenario().name, name_before);
    QCOMPARE(long(window_->controller()->history().size()), history_before);
    QCOMPARE(shownTime(*window_), t_before);
  }

  void sessionStillRuns() {
    const double t = shownTime(*window_);
    QVERIFY(runFor(*window_, t + 0.3));
    QVERIFY(shownTime(*window_) >= t + 0.3);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppBadFiles)
#include "test_app_bad_files.moc"
