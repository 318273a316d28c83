// The panel contract of the main window (ui/app/workbench_panel.hpp): the window shows one dock
// per entry of the panel table and nothing else; a panel registered through the same table (a
// recording test panel) gets the loaded scenario, then cleared, then frames, in that order,
// from the one fan-out point, again after a reset and after an accepted edit; and no panel of
// ui/panels includes the app layer.
#include <QDirIterator>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QUndoStack>

#include "test_app_support.hpp"
#include "ui/app/workbench_panel.hpp"
#include "ui/model/model_document.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

struct Event {
  QString kind;  // scenario, cleared, frame, append
  double time = 0.0;
  bool opened = false;
};

class RecordingPanel : public ui::WorkbenchPanel {
 public:
  RecordingPanel(QWidget* parent, std::vector<Event>* events)
      : label_(new QLabel("recorder", parent)), events_(events) {}
  QWidget* widget() const override { return label_; }
  void scenarioLoaded(const Scenario& scenario, const ui::ScenarioSource& source) override {
    QVERIFY(scenario.model.nbodies > 0);
    events_->push_back({"scenario", 0.0, source.opened});
  }
  void showFrame(const ui::SimFrame& frame) override {
    events_->push_back({"frame", frame.snapshot.time});
  }
  void appendFrames(const std::vector<ui::SimFrame>& frames) override {
    for (const ui::SimFrame& f : frames) events_->push_back({"append", f.snapshot.time});
  }
  void cleared() override { events_->push_back({"cleared"}); }

 private:
  QLabel* label_;
  std::vector<Event>* events_;
};

int count(const std::vector<Event>& events, const QString& kind) {
  return int(
      std::count_if(events.begin(), events.end(), [&](const Event& e) { return e.kind == kind; }));
}

/// Checks the order of one load or reset: [scenario] cleared, then frames only, with the
/// appended (history) frames in time order from the start.
void checkSequence(const std::vector<Event>& events, bool with_scenario, bool opened) {
  QVERIFY(!events.empty());
  std::size_t i = 0;
  if (with_scenario) {
    QCOMPARE(events[0].kind, QString("scenario"));
    QCOMPARE(events[0].opened, opened);
    i = 1;
  }
  QVERIFY(events.size() > i);
  QCOMPARE(events[i].kind, QString("cleared"));
  double last_append = -1.0;
  for (++i; i < events.size(); ++i) {
    QVERIFY2(events[i].kind == "frame" || events[i].kind == "append", qPrintable(events[i].kind));
    if (events[i].kind == "append") {
      QVERIFY(events[i].time >= last_append);
      last_append = events[i].time;
    }
  }
  QVERIFY(count(events, "frame") > 0);
  QVERIFY(count(events, "append") > 0);
}

}  // namespace

class TestAppPanels : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;

 private slots:
  void initTestCase() { isolateSettings("test_app_panels", autosave_.path()); }

  void oneDockPerTableEntry() {
    const std::vector<ui::PanelSpec> table = ui::workbenchPanels();
    ui::MainWindow window;
    const QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
    QCOMPARE(docks.size(), int(table.size()));
    // The 3D view, then the docks in table order.
    QCOMPARE(window.panels().size(), table.size() + 1);
    QCOMPARE(window.panels()[0]->widget(), static_cast<QWidget*>(window.sceneView()));
    QStringList window_menu;
    for (QAction* menu : window.menuBar()->actions())
      if (menu->text() == "&Window")
        for (QAction* action : menu->menu()->actions()) window_menu << action->text();
    for (std::size_t i = 0; i < table.size(); ++i) {
      auto* dock = window.findChild<QDockWidget*>(table[i].id);
      QVERIFY2(dock, qPrintable(table[i].id));
      QCOMPARE(dock->windowTitle(), table[i].title);
      QCOMPARE(window.dockWidgetArea(dock), table[i].area);
      QCOMPARE(dock->widget(), window.panels()[i + 1]->widget());
      QVERIFY2(window_menu.contains(table[i].title), qPrintable(table[i].title));
    }
    // The typed accessors find their docks' widgets.
    QVERIFY(window.plotPanel() && window.logPanel() && window.teachPanel());
    QVERIFY(window.explanationPanel() && window.modelTree() && window.propertyInspector());
  }

  void aRegisteredPanelGetsScenarioAndFramesInOrder() {
    std::vector<Event> events;
    std::vector<ui::PanelSpec> table = ui::workbenchPanels();
    const std::size_t docks = table.size();
    table.push_back({"recorderDock", "Recorder", Qt::BottomDockWidgetArea,
                     [&events](const ui::PanelContext& context) {
                       return std::make_unique<RecordingPanel>(context.parent, &events);
                     },
                     "logDock"});
    ui::MainWindow window(nullptr, table);
    window.setDialogs(false);
    window.resize(1200, 850);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.findChildren<QDockWidget*>().size(), int(docks + 1));
    auto* recorder = window.findChild<QDockWidget*>("recorderDock");
    QVERIFY(recorder && qobject_cast<QLabel*>(recorder->widget()));
    QVERIFY(
        window.tabifiedDockWidgets(recorder).contains(window.findChild<QDockWidget*>("logDock")));
    QTest::qWait(100);
    QCOMPARE(count(events, "frame") + count(events, "append"), 0);  // nothing loaded yet

    // Opened: scenario (opened), cleared, then frames.
    QString error;
    QVERIFY2(window.openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
             qPrintable(error));
    QVERIFY(runFor(window, 0.3));
    checkSequence(events, true, true);
    QCOMPARE(count(events, "scenario"), 1);
    // The recorder saw the frame the window shows, and the same history as the plots.
    const double shown = window.framePump()->lastFrame().snapshot.time;
    auto last_frame = std::find_if(events.rbegin(), events.rend(),
                                   [](const Event& e) { return e.kind == "frame"; });
    QCOMPARE(last_frame->time, shown);
    QVERIFY(window.plotPanel()->pointsReceived() > 0);

    // Reset: cleared, then frames from t = 0 again.
    events.clear();
    window.resetSimulation();
    QVERIFY(runFor(window, 0.1));
    checkSequence(events, false, false);
    auto first_append = std::find_if(events.begin(), events.end(),
                                     [](const Event& e) { return e.kind == "append"; });
    QCOMPARE(first_append->time, 0.0);

    // An accepted edit reloads the scenario (not opened): scenario, cleared, frames.
    events.clear();
    ui::ModelDocument* document = window.document();
    VecX mass(1);
    mass << document->description().links[0].inertial.mass * 1.5;
    QVERIFY2(document->setLinkProperty(0, ui::LinkProperty::Mass, mass, &error), qPrintable(error));
    QVERIFY(runFor(window, 0.1));
    checkSequence(events, true, false);

    // Reload (opened again): scenario (opened), cleared, frames.
    document->undoStack()->undo();
    QVERIFY(!document->isModified());
    events.clear();
    QVERIFY2(window.openFile(document->path(), &error), qPrintable(error));
    QVERIFY(runFor(window, 0.1));
    checkSequence(events, true, true);
  }

  void panelsDoNotIncludeTheAppLayer() {
    for (const char* dir : {"ui/panels", "ui/plots", "ui/view3d", "ui/sim", "ui/model"}) {
      QDirIterator it(sourcePath(dir), {"*.hpp", "*.cpp"}, QDir::Files);
      while (it.hasNext()) {
        QFile file(it.next());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY2(!file.readAll().contains("#include \"ui/app/"), qPrintable(file.fileName()));
      }
    }
  }
};

QTEST_MAIN(TestAppPanels)
#include "test_app_panels.moc"
