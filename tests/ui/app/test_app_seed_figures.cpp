// Examples → Seed figures: every entry of the submenu (one per preset of
// models/seed004_figures.json) opens the preset's scenario, leaves exactly one plot showing
// exactly the preset's quantities (in its order), fed by the run, and the Explanation panel
// shows the preset's caption and what to observe above the example's note. With
// VMS_SEED_FIGURE_SCREENSHOT=FILE.png the window is saved after the first preset has run
// (docs/screenshots/seed_figure_preset.png).
#include <QMenu>

#include "core/io/figure_presets.hpp"
#include "test_app_support.hpp"
#include "ui/app/measurement/measured_run.hpp"
#include "ui/app/window/example_catalog.hpp"
#include "ui/app/window/seed_figures.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/explanation_panel.hpp"
#include "ui/plots/plot_figure.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

class TestAppSeedFigures : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;
  FigurePresetFile presets_;
  std::vector<ui::PlotKind> shown_before_;  // the built-in plots before any preset

  QMenu* seedFiguresMenu() const {
    return window_->examplesMenu()->findChild<QMenu*>("seedFiguresMenu");
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_seed_figures", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
    shown_before_ = window_->panelWidget<ui::PlotPanel>()->visiblePlots();
    QVERIFY(!shown_before_.empty());
    presets_ = readFigurePresets(sourcePath("models/seed004_figures.json").toStdString());
    QCOMPARE(int(presets_.figures.size()), 8);
  }

  void menuHasOneEntryPerPreset() {
    QMenu* menu = seedFiguresMenu();
    QVERIFY(menu);
    QStringList ids, expected;
    for (QAction* action : menu->actions()) ids << action->data().toString();
    for (const FigurePreset& f : presets_.figures) expected << QString::fromStdString(f.id);
    QCOMPARE(ids, expected);
  }

  void entryLoadsScenarioPlotsAndCaption_data() {
    QTest::addColumn<int>("index");
    for (int k = 0; k < int(presets_.figures.size()); ++k)
      QTest::newRow(presets_.figures[size_t(k)].id.c_str()) << k;
  }

  void entryLoadsScenarioPlotsAndCaption() {
    QFETCH(int, index);
    const FigurePreset& preset = presets_.figures[size_t(index)];
    QAction* action = seedFiguresMenu()->actions().value(index);
    QVERIFY(action);
    action->trigger();
    QCOMPARE(window_->document()->path(), QString::fromStdString(preset.scenario));
    QVERIFY(window_->controller()->hasSimulation());

    auto* plots = window_->panelWidget<ui::PlotPanel>();
    QCOMPARE(plots->plotCount(), 1);
    QStringList expected;
    for (const std::string& q : preset.quantities) expected << QString::fromStdString(q);
    QCOMPARE(plots->figure(0)->spec().seriesIds(), expected);

    auto* explanation = window_->panelWidget<ui::ExplanationPanel>();
    QVERIFY(explanation->isVisible());  // raised in front of the docks tabbed with it
    const QString text = explanation->plainText();
    QVERIFY2(text.contains(QString::fromStdString(preset.caption)), qPrintable(text.left(400)));
    QVERIFY2(text.contains(QString::fromStdString(preset.observe)), qPrintable(text.left(400)));
    // The example's own note follows.
    QVERIFY(text.contains(QStringLiteral("Figures this note quotes")));

    // The plot is fed by the run and keeps the preset's quantities while it runs.
    const double seconds = index == 0 ? 60.0 : 2.0;
    QVERIFY(runFor(*window_, seconds, index == 0 ? 20.0 : 4.0));
    QVERIFY(plots->pointsReceived() >= 10);
    QCOMPARE(plots->plotCount(), 1);
    QCOMPARE(plots->figure(0)->spec().seriesIds(), expected);

    const QString shot = qEnvironmentVariable("VMS_SEED_FIGURE_SCREENSHOT");
    if (index == 0 && !shot.isEmpty()) {
      window_->resize(1400, 900);
      QTest::qWait(300);
      QVERIFY2(ui::MeasuredRun::grabWindow(window_.get()).save(shot), qPrintable(shot));
      window_->resize(1200, 850);
    }
  }

  // After the presets (run in order above), another file gets the built-in plots back.
  void anotherFileRestoresTheBuiltInPlots() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed003_inspection.scenario.json"), &error),
             qPrintable(error));
    auto* plots = window_->panelWidget<ui::PlotPanel>();
    QVERIFY(plots->customPlots().empty());
    QVERIFY(plots->visiblePlots() == shown_before_);
    QCOMPARE(plots->plotCount(), int(shown_before_.size()));
  }

  void markdownSaysWhetherTheCaptionIsThePapers() {
    FigurePreset p;
    p.title = "T";
    p.caption = "C";
    p.observe = "O";
    p.caption_verbatim = true;
    const QString verbatim = ui::figurePresetMarkdown(p, "S", "N");
    p.caption_verbatim = false;
    const QString written = ui::figurePresetMarkdown(p, "S", "N");
    QVERIFY(verbatim.contains("the paper's"));
    QVERIFY(written.contains("written from the paper's text"));
    QVERIFY(verbatim.endsWith("N") && written.endsWith("N"));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppSeedFigures)
#include "test_app_seed_figures.moc"
