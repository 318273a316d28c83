// Every example opens in the main window and runs: each models/*.scenario.json and each model
// file (*.vms.json, *.urdf) is opened through the File path, played for a simulated second as
// fast as possible, and must feed the plots, render the 3D view with the model visible, and
// list itself in the Examples menu with an explanation.
#include <QMenu>

#include "test_app_support.hpp"
#include "ui/app/window/example_catalog.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/explanation_panel.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppExamples : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_examples", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void examplesMenuListsEveryScenario() {
    const QStringList files =
        QDir(sourcePath("models")).entryList({"*.scenario.json"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 3);
    QStringList listed;
    for (QAction* action : window_->examplesMenu()->actions())
      if (!action->data().toString().isEmpty())
        listed << QFileInfo(action->data().toString()).fileName();
    for (const QString& f : files) QVERIFY2(listed.contains(f), qPrintable(f));
  }

  void runs_data() {
    QTest::addColumn<QString>("file");
    const QDir models(sourcePath("models"));
    for (const QString& f :
         models.entryList({"*.scenario.json", "*.vms.json", "*.urdf"}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(f)) << models.absoluteFilePath(f);
  }

  void runs() {
    QFETCH(QString, file);
    QString error;
    QVERIFY2(window_->openFile(file, &error), qPrintable(error));
    QCOMPARE(window_->document()->path(), file);
    QVERIFY(window_->controller()->hasSimulation());
    const long rendered_before = window_->sceneView()->framesRendered();
    QVERIFY(runFor(*window_, 1.0));
    const ui::RunState state = window_->controller()->runState();
    QVERIFY2(state != ui::RunState::Diverged, "diverged");
    QVERIFY2(shownTime(*window_) >= 1.0 || state == ui::RunState::Finished,
             qPrintable(QString("simulated %1 s").arg(shownTime(*window_))));
    QVERIFY2(
        window_->panelWidget<ui::PlotPanel>()->pointsReceived() >= 10,
        qPrintable(
            QString("points %1").arg(window_->panelWidget<ui::PlotPanel>()->pointsReceived())));
    QVERIFY(window_->panelWidget<ui::PlotPanel>()->plotCount() >= 1);
    QVERIFY(window_->sceneView()->framesRendered() > rendered_before);
    const QImage image = window_->sceneView()->grabImage();
    QVERIFY(!image.isNull());
    QVERIFY2(rowsWithContent(image) > image.height() / 20,
             qPrintable(QString("rows with content: %1 of %2")
                            .arg(rowsWithContent(image))
                            .arg(image.height())));
    // The explanation panel names the example (its .md note or its comment).
    if (file.endsWith(".scenario.json")) QVERIFY(!ui::ExampleCatalog::explanation(file).isEmpty());
    QVERIFY(!window_->panelWidget<ui::ExplanationPanel>()->plainText().isEmpty());
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppExamples)
#include "test_app_examples.moc"
