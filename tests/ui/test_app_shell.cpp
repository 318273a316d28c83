// The application shell's helpers and persistence: the speed ladder, frame statistics, the
// example catalogue (models/<name>.md before the scenario's comment), recent files, overlay
// and layout persistence across windows, and closing with unsaved edits (Cancel keeps the
// window and the edits).
#include <QDockWidget>
#include <QFile>

#include "test_app_support.hpp"
#include "ui/app/example_catalog.hpp"
#include "ui/app/frame_statistics.hpp"
#include "ui/app/recent_files.hpp"
#include "ui/app/speed_ladder.hpp"
#include "ui/model/model_document.hpp"

using namespace vms;
using namespace vms::test;

class TestAppShell : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, dir_;

 private slots:
  void initTestCase() { isolateSettings("test_app_shell", autosave_.path()); }

  void speedLadder() {
    ui::SpeedLadder ladder;
    QCOMPARE(ladder.factor(), 1.0);
    QVERIFY(ladder.slower());
    QCOMPARE(ladder.factor(), 0.5);
    while (ladder.slower()) {
    }
    QCOMPARE(ladder.factor(), 0.01);
    while (ladder.faster()) {
    }
    QVERIFY(ladder.atMax());
    QCOMPARE(ladder.factor(), 0.0);
    ladder.setFactor(0.3);
    QCOMPARE(ladder.factor(), 0.25);
    QCOMPARE(ui::SpeedLadder::label(0.0), QString("max"));
    QCOMPARE(ui::SpeedLadder::label(0.1), QString("0.1×"));
  }

  void statistics() {
    ui::SampleStatistics s;
    QCOMPARE(s.median(), 0.0);
    for (int i = 100; i >= 1; --i) s.add(i);
    QCOMPARE(s.median(), 50.0);
    QCOMPARE(s.percentile(99), 99.0);
    QCOMPARE(s.maximum(), 100.0);
  }

  void exampleCatalogue() {
    const QString models = ui::ExampleCatalog::modelsDirectory();
    QCOMPARE(QDir(models).canonicalPath(), QDir(sourcePath("models")).canonicalPath());
    const auto examples = ui::ExampleCatalog::examples(models);
    QVERIFY(examples.size() >= 3);
    QCOMPARE(ui::ExampleCatalog::stem("a/b/seed.scenario.json"), QString("seed"));
    // The comment when there is no note; the note when there is one.
    QFile file(dir_.filePath("demo.scenario.json"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"name\": \"demo\", \"comment\": \"The arm swings; the bus turns back.\"}");
    file.close();
    QVERIFY(ui::ExampleCatalog::explanation(file.fileName()).contains("the bus turns back"));
    QFile note(dir_.filePath("demo.md"));
    QVERIFY(note.open(QIODevice::WriteOnly));
    note.write("# Demo\n\nRead me first.");
    note.close();
    QVERIFY(ui::ExampleCatalog::explanation(file.fileName()).contains("Read me first"));
    QVERIFY(ui::ExampleCatalog::explanation(dir_.filePath("none.urdf")).isEmpty());
  }

  void recentFiles() {
    ui::RecentFiles::clear();
    const auto examples = ui::ExampleCatalog::examples();
    QVERIFY(examples.size() >= 2);
    ui::RecentFiles::add(examples[0].path);
    ui::RecentFiles::add(examples[1].path);
    ui::RecentFiles::add(examples[0].path);
    const QStringList files = ui::RecentFiles::load();
    QCOMPARE(files.size(), 2);
    QCOMPARE(files[0], QFileInfo(examples[0].path).absoluteFilePath());
    ui::RecentFiles::add(dir_.filePath("gone.urdf"));  // missing files are not listed
    QCOMPARE(ui::RecentFiles::load().size(), 2);
  }

  void overlaysAndLayoutPersist() {
    {
      auto window = shownWindow();
      window->setOverlay(ui::Overlay::OperationalInertia, true);
      window->setOverlay(ui::Overlay::EndEffectorTrail, false);
      window->findChild<QDockWidget*>("logDock")->hide();
      window->close();
    }
    auto window = shownWindow();
    QVERIFY(window->sceneView()->overlayVisible(ui::Overlay::OperationalInertia));
    QVERIFY(!window->sceneView()->overlayVisible(ui::Overlay::EndEffectorTrail));
    QVERIFY(!window->findChild<QDockWidget*>("logDock")->isVisible());
    window->resetLayout();
    QVERIFY(window->findChild<QDockWidget*>("logDock")->isVisible());
  }

  void closingWithUnsavedEditsAsks() {
    // A copy: whatever happens, the example in models/ is never written.
    const QString model = dir_.filePath("spatial.vms.json");
    QVERIFY(QFile::copy(sourcePath("models/seed004_spatial.vms.json"), model));
    auto window = shownWindow();
    QString error;
    QVERIFY2(window->openFile(model, &error), qPrintable(error));
    VecX mass(1);
    mass << 123.0;
    QVERIFY2(window->document()->setLinkProperty(0, ui::LinkProperty::Mass, mass, &error),
             qPrintable(error));
    QVERIFY(window->document()->isModified());
    QVERIFY(window->isWindowModified());
    {
      DialogCloser closer;  // rejects: Cancel
      QVERIFY(!window->close());
      QCOMPARE(closer.closed(), 1);
      QVERIFY(closer.text().contains("unsaved", Qt::CaseInsensitive));
    }
    QVERIFY(window->isVisible());
    QVERIFY(window->document()->isModified());
    const QDateTime modified_before = QFileInfo(model).lastModified();
    // Opening another file asks too; Cancel keeps the edited document.
    {
      DialogCloser closer;
      QVERIFY(!window->openFile(sourcePath("models/seed004_planar.vms.json")));
      QCOMPARE(QFileInfo(model).lastModified(), modified_before);
      QCOMPARE(closer.closed(), 1);
    }
    QCOMPARE(window->document()->path(), model);
    QVERIFY(window->document()->isModified());
    // Saving clears the question.
    const QString saved = dir_.filePath("edited.vms.json");
    QVERIFY2(window->saveTo(saved, &error), qPrintable(error));
    QVERIFY(!window->document()->isModified());
    QVERIFY(window->close());
  }

  void autosaveIsOfferedAfterACrash() {
    const QString model = dir_.filePath("crash.vms.json");
    QVERIFY(QFile::copy(sourcePath("models/seed004_spatial.vms.json"), model));
    QString error;
    {
      auto window = shownWindow();
      QVERIFY2(window->openFile(model, &error), qPrintable(error));
      VecX mass(1);
      mass << 321.0;
      QVERIFY(window->document()->setLinkProperty(0, ui::LinkProperty::Mass, mass, &error));
      QVERIFY2(window->document()->writeAutosave(&error), qPrintable(error));  // the timer's call
      // Destroyed without closing: as if the process had been killed.
    }
    QVERIFY(ui::ModelDocument::findRecovery(autosave_.path()).has_value());
    auto window = shownWindow();
    {
      DialogCloser closer(/*accept=*/true);  // "Restore them?" -> Yes
      window->offerRecovery();
      QCOMPARE(closer.closed(), 1);
      QVERIFY(closer.text().contains("Recover", Qt::CaseInsensitive));
    }
    QVERIFY(window->document()->isOpen());
    QVERIFY(window->document()->isModified());
    QCOMPARE(window->document()->description().links[0].inertial.mass, 321.0);
    QVERIFY(window->controller()->hasSimulation());
    window->document()->discardAutosave();
    QVERIFY(!ui::ModelDocument::findRecovery(autosave_.path()).has_value());
  }
};

QTEST_MAIN(TestAppShell)
#include "test_app_shell.moc"
