// The application shell's helpers and persistence: the speed ladder, frame statistics, the
// example catalogue (models/<name>.md before the scenario's comment), recent files, overlay
// and layout persistence across windows, resetting the layout while the toolbar's extension
// opens, and closing with unsaved edits (Cancel keeps the window and the edits).
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <ctime>

#include "test_app_support.hpp"
#include "ui/app/bars/speed_ladder.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/measurement/frame_statistics.hpp"
#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/help_browser.hpp"
#include "ui/app/window/recent_files.hpp"
#include "ui/app/window/settings_keys.hpp"
#include "ui/app/window/start_page.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/property_inspector.hpp"

using namespace vms;
using namespace vms::test;

namespace {

/// CPU time of the calling (GUI) thread in ms: what the window's own work cost, whatever else
/// the machine runs.
qint64 threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

}  // namespace

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

  /// Window > Reset layout while the toolbar's extension (the >> button) is opening: the
  /// layout's animation of the toolbar must not outlive the state it restores (it crashed).
  void resetLayoutWhileTheToolbarExpands() {
    auto window = shownWindow();
    window->resize(700, 700);
    QString error;
    QVERIFY2(window->openFile(sourcePath("models/seed004_planar_one_joint.scenario.json"), &error),
             qPrintable(error));
    QTest::qWait(100);
    auto* toolbar = window->findChild<QToolBar*>("simulationToolbar");
    QVERIFY(toolbar);
    auto* extension = toolbar->findChild<QToolButton*>("qt_toolbar_ext_button");
    QVERIFY(extension && extension->isVisible());
    for (int delay_ms : {0, 20, 80, 150}) {
      QTest::mouseClick(extension, Qt::LeftButton, {}, extension->rect().center());
      QTest::qWait(delay_ms);
      window->resetLayout();
      QTest::qWait(400);
    }
    QVERIFY(toolbar->isVisible());
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

  // Undo/Redo are in the Edit menu, and their shortcuts reach the document even while the
  // cursor is in the field just edited, committing the field first.
  void undoFromAFocusedField() {
    const QString model = dir_.filePath("undo.vms.json");
    QVERIFY(QFile::copy(sourcePath("models/seed004_spatial.vms.json"), model));
    auto window = shownWindow();
    QString error;
    QVERIFY2(window->openFile(model, &error), qPrintable(error));
    QMenu* edit = nullptr;
    for (QAction* a : window->menuBar()->actions()) {
      if (a->text() == "&Edit") edit = a->menu();
      if (a->text() == "&File")
        for (QAction* f : a->menu()->actions()) QVERIFY(!f->text().contains("Undo"));
    }
    QVERIFY(edit && edit->actions().contains(window->undoAction()));
    QVERIFY(!window->undoAction()->isEnabled());  // nothing to undo yet

    auto* inspector = window->panelWidget<ui::PropertyInspector>();
    QVERIFY(inspector);
    inspector->showLink(2);
    auto* mass = inspector->findChild<QLineEdit*>("mass");
    const double before = window->document()->description().links[2].inertial.mass;
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    mass->setFocus();
    QVERIFY(waitUntil([&] { return mass->hasFocus(); }, 2000));
    mass->selectAll();
    QTest::keyClicks(mass, "51");
    QTest::keyClick(mass, Qt::Key_Return);
    QCOMPARE(window->document()->description().links[2].inertial.mass, 51.0);
    QVERIFY(window->undoAction()->isEnabled());

    QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier);  // cursor still in the field
    QCOMPARE(window->document()->description().links[2].inertial.mass, before);
    QCOMPARE(mass->text().toDouble(), before);
    QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(window->document()->description().links[2].inertial.mass, 51.0);
    QCOMPARE(mass->text().toDouble(), 51.0);

    // Typed but not committed: Ctrl+Z commits it and undoes it, the field shows 51 again.
    mass->selectAll();
    QTest::keyClicks(mass, "77");
    QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window->document()->description().links[2].inertial.mass, 51.0);
    QCOMPARE(mass->text().toDouble(), 51.0);
    window->document()->undoStack()->undo();
    QVERIFY(!window->document()->isModified());
  }

  // The shortcuts list holds every shortcut (Ctrl+Z, Ctrl+Shift+Z, Ctrl+0 and Ctrl+Q included:
  // it is made from the actions themselves), About shows the version, the docs are reachable.
  void helpListsEveryShortcutTheVersionAndTheDocs() {
    QCoreApplication::setApplicationVersion("9.8.7");
    auto window = shownWindow();
    const QString keys = window->shortcutsText();
    for (const char* key :
         {"Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+0", "Ctrl+Q", "Ctrl+O", "Ctrl+S", "Ctrl+E", "Space"})
      QVERIFY2(keys.contains(QLatin1String(key)), qPrintable(QString(key) + " in\n" + keys));
    QVERIFY2(window->aboutText().contains("9.8.7"), qPrintable(window->aboutText()));
    window->showDocumentation();
    ui::HelpBrowser* help = window->helpBrowser();
    QVERIFY(help && help->isVisible());
    QVERIFY(help->pageList()->count() >= 5);  // README and docs/*.md
    QCOMPARE(help->pageList()->item(0)->text(), QString("README.md"));
    QVERIFY(help->showPage("workbench.md"));
    QVERIFY2(help->browser()->toPlainText().contains("Add a panel"),
             qPrintable(help->browser()->toPlainText().left(200)));
    // Every page shows without freezing the window (the slowest, errata.md's table, takes about
    // 0.3 s): the README and solvers.md took 2-4 s and 1-1.4 s each when QTextBrowser parsed
    // them into its displayed document. Timed in the GUI thread's CPU time (this test may run
    // beside others), in wall time for the log.
    QString slowest;
    qint64 slowest_cpu_ms = -1, slowest_wall_ms = -1;
    for (int i = 0; i < help->pageList()->count(); ++i) {
      const qint64 cpu_start = threadCpuMs();
      QElapsedTimer wall;
      wall.start();
      help->pageList()->setCurrentRow(i);
      QCoreApplication::processEvents();
      const qint64 cpu = threadCpuMs() - cpu_start;
      if (cpu > slowest_cpu_ms) {
        slowest_cpu_ms = cpu;
        slowest_wall_ms = wall.elapsed();
        slowest = help->pageList()->item(i)->text();
      }
    }
    qInfo("slowest of %d pages: %s, %lld ms of GUI-thread CPU (%lld ms wall)",
          help->pageList()->count(), qPrintable(slowest), slowest_cpu_ms, slowest_wall_ms);
    QVERIFY2(slowest_cpu_ms < 800,
             qPrintable(slowest + " took " + QString::number(slowest_cpu_ms) + " ms"));
    // Links between pages, relative to the page shown, select the page they name.
    QVERIFY(help->showPage("README.md"));
    QVERIFY(help->browser()->toPlainText().contains("VMS Workbench"));
    help->followLink(QUrl("docs/solvers.md"));
    QCOMPARE(help->pageList()->currentItem()->text(), QString("solvers.md"));
    QCOMPARE(QFileInfo(help->currentPage()).fileName(), QString("solvers.md"));
    QVERIFY(help->browser()->toPlainText().contains("lagrange-poincare"));
    help->followLink(QUrl("extending.md"));
    QCOMPARE(help->pageList()->currentItem()->text(), QString("extending.md"));
    help->followLink(QUrl("../README.md"));
    QCOMPARE(help->pageList()->currentItem()->text(), QString("README.md"));
    help->followLink(QUrl("#building"));  // an anchor of the page: it stays
    QCOMPARE(help->pageList()->currentItem()->text(), QString("README.md"));
    help->close();
  }

  // Ctrl+E does nothing without a model (no file name asked for); export dialogs start in the
  // user's folders, never in the app's models folder.
  void exportsNeedAModelAndStartInTheUsersFolders() {
    auto window = shownWindow();
    QVERIFY(!window->trajectoryExportAction()->isEnabled());
    QString error;
    QVERIFY2(window->openFile(sourcePath("models/seed004_planar.vms.json"), &error),
             qPrintable(error));
    QVERIFY(window->trajectoryExportAction()->isEnabled());
    QSettings().remove(ui::settings_keys::kLastExportDirectory);
    const QString start = window->context()->exportDirectory();
    QVERIFY2(start != ui::ExampleCatalog::modelsDirectory(), qPrintable(start));
    QVERIFY(QDir(start).exists());
    window->context()->setExportDirectory(dir_.path());
    QCOMPARE(window->context()->exportDirectory(), dir_.path());
  }

  // The window shows a start page (open, recent files, the examples by their notes' titles)
  // until a document is open.
  void startPageUntilADocumentIsOpen() {
    auto window = shownWindow();
    QCOMPARE(window->centralView(), static_cast<QWidget*>(window->startPage()));
    QListWidget* examples = window->startPage()->exampleList();
    QCOMPARE(examples->count(), int(ui::ExampleCatalog::examples().size()));
    QListWidgetItem* one_joint = nullptr;
    for (int i = 0; i < examples->count(); ++i)
      if (examples->item(i)
              ->data(Qt::UserRole)
              .toString()
              .endsWith("seed004_planar_one_joint.scenario.json"))
        one_joint = examples->item(i);
    QVERIFY(one_joint);
    QVERIFY2(one_joint->text().startsWith("Seed 004: one joint at a time"),
             qPrintable(one_joint->text()));
    // One click opens it (titles wrap; no double-click needed).
    QVERIFY(examples->wordWrap());
    examples->scrollToItem(one_joint);
    const QRect row = examples->visualItemRect(one_joint);
    QTest::mouseClick(examples->viewport(), Qt::LeftButton, Qt::NoModifier, row.center());
    QVERIFY(window->document()->isOpen());
    QCOMPARE(window->centralView(), static_cast<QWidget*>(window->sceneView()));
    QVERIFY(window->document()->path().endsWith("seed004_planar_one_joint.scenario.json"));
    QCOMPARE(window->startPage()->recentList()->item(0)->data(Qt::UserRole).toString(),
             QFileInfo(window->document()->path()).absoluteFilePath());
  }

  // The shipped examples are read-only: Ctrl+S or saving into their folder is refused with the
  // reason, and the file is untouched.
  void shippedExamplesAreReadOnly() {
    const QString example = sourcePath("models/seed004_planar.vms.json");
    QVERIFY(ui::MainWindow::isShippedExample(example));
    QVERIFY(!ui::MainWindow::isShippedExample(dir_.filePath("copy.vms.json")));
    const QByteArray before = [&] {
      QFile f(example);
      return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    auto window = shownWindow();
    window->setDialogs(false);
    QString error;
    QVERIFY2(window->openFile(example, &error), qPrintable(error));
    VecX mass(1);
    mass << 77.0;
    QVERIFY(window->document()->setLinkProperty(0, ui::LinkProperty::Mass, mass, &error));
    QVERIFY(!window->saveTo(example, &error));
    QVERIFY2(error.contains("read-only"), qPrintable(error));
    QFile f(example);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    QVERIFY(window->document()->isModified());  // nothing lost either
    QVERIFY2(window->saveTo(dir_.filePath("copy.vms.json"), &error), qPrintable(error));
    QVERIFY(!window->document()->isModified());
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
    // The last session's file: a normal start would open it, and ask right away to save or
    // discard the restored edits. startSession opens nothing after a restore.
    QSettings().setValue(ui::settings_keys::kLastSession,
                         sourcePath("models/seed004_planar.vms.json"));
    {
      DialogCloser closer(/*accept=*/true);  // "Restore them?" -> Yes
      window->startSession(QString());
      QCOMPARE(closer.closed(), 1);  // the recovery question only
      QVERIFY(closer.text().contains("Recover", Qt::CaseInsensitive));
      // It names the document, not the autosave file.
      QVERIFY2(closer.text().contains(QDir::toNativeSeparators(model)), qPrintable(closer.text()));
      QVERIFY2(!closer.text().contains(autosave_.path()), qPrintable(closer.text()));
      // It says what restoring changes, before restoring.
      QVERIFY2(closer.text().contains("mass: 1700 → 321"), qPrintable(closer.text()));
    }
    QCOMPARE(window->document()->path(), model);
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
