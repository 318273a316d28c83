// The panel contract of the main window (ui/app/contract/workbench_panel.hpp): the window shows one
// dock per entry of the panel table and nothing else; a panel registered through the same table (a
// recording test panel, no edit of MainWindow) gets the loaded scenario, then cleared, then
// frames, in that order, from the one fan-out point, again after a reset and after an accepted
// edit; it gets the run state and the scrubbed time, adds its own menu and export action, and
// through the WorkbenchContext it bound to it logs to the log panel and follows the selection
// the other panels make. MainWindow names no panel, and no panel of ui/panels (nor plots,
// view3d, sim, model) includes the app layer.
#include <QDirIterator>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QTreeWidget>
#include <QUndoStack>

#include "test_app_support.hpp"
#include "ui/app/contract/workbench_context.hpp"
#include "ui/app/contract/workbench_panel.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/explanation_panel.hpp"
#include "ui/panels/log_panel.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/panels/property_inspector.hpp"
#include "ui/panels/teach_panel.hpp"
#include "ui/plots/plot_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

struct Event {
  QString kind;  // scenario, cleared, frame, append
  double time = 0.0;
  bool opened = false;
};

/// What the recording panel got besides scenarios and frames.
struct Calls {
  int binds = 0;
  std::vector<ui::RunState> states;
  std::vector<double> scrubs;
  std::vector<int> picks;                   // WorkbenchContext::bodyPicked
  std::vector<std::pair<int, int>> joints;  // jointSelected: body, description joint
  QMenu* menu = nullptr;                    // its own menu (addMenus)
  QAction* export_action = nullptr;         // its entry in the Export menu
  ui::WorkbenchContext* context = nullptr;
};

class RecordingPanel : public ui::WorkbenchPanel {
 public:
  RecordingPanel(QWidget* parent, std::vector<Event>* events, Calls* calls = nullptr)
      : label_(new QLabel("recorder", parent)), events_(events), calls_(calls) {}
  QWidget* widget() const override { return label_; }
  void bind(ui::WorkbenchContext& context) override {
    if (!calls_) return;
    ++calls_->binds;
    calls_->context = &context;
    Calls* calls = calls_;
    QObject::connect(&context, &ui::WorkbenchContext::bodyPicked, label_,
                     [calls](int body) { calls->picks.push_back(body); });
    QObject::connect(&context, &ui::WorkbenchContext::jointSelected, label_,
                     [calls](int body, int joint) {
                       calls->joints.push_back({body, joint});
                     });
  }
  void addMenus(QMenuBar* bar, QMenu* exports) override {
    if (!calls_) return;
    calls_->menu = bar->addMenu("&Recorder");
    calls_->export_action = exports->addAction("Recorded events…");
  }
  void runStateChanged(ui::RunState state) override {
    if (calls_) calls_->states.push_back(state);
  }
  void scrubbed(double t) override {
    if (calls_) calls_->scrubs.push_back(t);
  }
  void scenarioLoaded(const Scenario& scenario, const ui::ScenarioOrigin& source) override {
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
  Calls* calls_;
};

QStringList menuTitles(const QMainWindow& window) {
  QStringList titles;
  for (QAction* menu : window.menuBar()->actions()) titles << menu->text();
  return titles;
}

QMenu* menuNamed(const QMainWindow& window, const QString& title) {
  for (QAction* menu : window.menuBar()->actions())
    if (menu->text() == title) return menu->menu();
  return nullptr;
}

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
    // The generic accessor finds each dock's widget.
    QVERIFY(window.panelWidget<ui::PlotPanel>() && window.panelWidget<ui::LogPanel>());
    QVERIFY(window.panelWidget<ui::TeachPanel>() && window.panelWidget<ui::ExplanationPanel>());
    QVERIFY(window.panelWidget<ui::ModelTreePanel>() &&
            window.panelWidget<ui::PropertyInspector>());
    // The plots dock brings its menu (between View and Export) and its export action.
    QCOMPARE(menuTitles(window), QStringList({"&File", "&Edit", "E&xamples", "&Simulation", "&View",
                                              "&Plots", "E&xport", "&Window", "&Help"}));
    QStringList exports;
    for (QAction* action : menuNamed(window, "E&xport")->actions()) exports << action->text();
    QCOMPARE(exports.indexOf("All &Plots (PNG, SVG, PDF)…"), 1);
  }

  // An example opens with its explanation in front of the tabs it shares; selecting a link
  // brings the properties to the front.
  void explanationInFrontThenPropertiesOnSelection() {
    auto window = shownWindow();
    window->setDialogs(false);
    QString error;
    QVERIFY2(window->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
             qPrintable(error));
    QTest::qWait(50);
    auto shown = [&](const char* dock) {
      auto* d = window->findChild<QDockWidget*>(dock);
      return d && d->widget() && !d->widget()->visibleRegion().isEmpty();
    };
    QVERIFY(shown("explanationDock"));
    QVERIFY(!shown("propertyInspectorDock"));
    window->context()->selectLink(1);
    QTest::qWait(50);
    QVERIFY(shown("propertyInspectorDock"));
    QVERIFY(!shown("explanationDock"));
  }

  void aRegisteredPanelGetsScenarioAndFramesInOrder() {
    std::vector<Event> events;
    std::vector<ui::PanelSpec> table = ui::workbenchPanels();
    const std::size_t docks = table.size();
    table.push_back({"recorderDock", "Recorder", Qt::BottomDockWidgetArea,
                     [&events](ui::WorkbenchContext& context) {
                       return std::make_unique<RecordingPanel>(context.window(), &events);
                     },
                     "logDock", 0});
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
    QVERIFY(window.panelWidget<ui::PlotPanel>()->pointsReceived() > 0);

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

  void aRegisteredPanelTalksThroughTheContext() {
    std::vector<Event> events;
    Calls calls;
    std::vector<ui::PanelSpec> table = ui::workbenchPanels();
    table.push_back({"recorderDock",
                     "Recorder",
                     Qt::BottomDockWidgetArea,
                     [&events, &calls](ui::WorkbenchContext& context) {
                       return std::make_unique<RecordingPanel>(context.window(), &events, &calls);
                     },
                     {},
                     0});
    ui::MainWindow window(nullptr, table);
    window.setDialogs(false);
    window.resize(1200, 850);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // Bound once, to the window's context; its menu goes before Export, its export action
    // after the plots'.
    QCOMPARE(calls.binds, 1);
    QCOMPARE(calls.context, window.context());
    QCOMPARE(menuTitles(window),
             QStringList({"&File", "&Edit", "E&xamples", "&Simulation", "&View", "&Plots",
                          "&Recorder", "E&xport", "&Window", "&Help"}));
    QVERIFY(calls.menu && calls.export_action);
    QMenu* exports = menuNamed(window, "E&xport");
    QVERIFY(exports->actions().contains(calls.export_action));
    QCOMPARE(exports->actions().indexOf(calls.export_action), 2);

    // Its messages reach the log panel through the context.
    calls.context->warning("a message from the recorder");
    QVERIFY(window.panelWidget<ui::LogPanel>()->text().contains("a message from the recorder"));

    // Run state after the load, then while running and after.
    QString error;
    QVERIFY2(window.openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
             qPrintable(error));
    QVERIFY(!calls.states.empty());
    QCOMPARE(calls.states.back(), window.controller()->runState());
    QVERIFY(runFor(window, 0.2));
    QVERIFY(std::find(calls.states.begin(), calls.states.end(), ui::RunState::Running) !=
            calls.states.end());
    QCOMPARE(calls.states.back(), window.controller()->runState());

    // Scrubbing: the panel is told the time.
    window.pause();
    QTRY_VERIFY(window.controller()->runState() != ui::RunState::Running);
    window.scrubTo(0.05);
    QCOMPARE(calls.scrubs, std::vector<double>{0.05});

    // A body picked in the 3D view reaches every panel: the recorder, the tree, the inspector.
    auto* inspector = window.panelWidget<ui::PropertyInspector>();
    auto* tree = window.panelWidget<ui::ModelTreePanel>()->treeWidget();
    emit window.sceneView()->bodyPicked(1);
    QCOMPARE(calls.picks, std::vector<int>{1});
    QVERIFY(inspector->shownLink() >= 0);
    QCOMPARE(tree->selectedItems().size(), 1);
    QCOMPARE(tree->selectedItems().first()->data(0, ui::ModelTreePanel::BodyRole).toInt(), 1);

    // A joint row chosen in the tree: the recorder gets its body and description joint, and
    // the inspector shows that joint.
    QTreeWidgetItem* joint_row = nullptr;
    for (QTreeWidgetItemIterator it(tree); *it && !joint_row; ++it)
      if ((*it)->data(0, ui::ModelTreePanel::KindRole).toInt() ==
              int(ui::ModelTreePanel::RowKind::Joint) &&
          (*it)->data(0, ui::ModelTreePanel::JointIndexRole).toInt() >= 0)
        joint_row = *it;
    QVERIFY(joint_row);
    tree->setCurrentItem(joint_row);
    QCOMPARE(int(calls.joints.size()), 1);
    QCOMPARE(calls.joints[0].first, joint_row->data(0, ui::ModelTreePanel::BodyRole).toInt());
    QCOMPARE(calls.joints[0].second,
             joint_row->data(0, ui::ModelTreePanel::DescriptionIndexRole).toInt());
    QCOMPARE(inspector->shownJoint(), calls.joints[0].second);
  }

  void mainWindowNamesNoPanel() {
    // Adding a panel touches the panel table, not MainWindow: its sources include no view
    // module's panel header and name no dock class.
    const QStringList names = {"PlotPanel",        "LogPanel",       "TeachPanel",
                               "ExplanationPanel", "ModelTreePanel", "PropertyInspector",
                               "ScenarioPanel",    "StudyPanel",     "DhTableEditor",
                               "plotsDock",        "logDock",        "teachDock",
                               "explanationDock",  "modelTreeDock",  "propertyInspectorDock",
                               "scenarioDock",     "studyDock"};
    QDirIterator it(sourcePath("ui/app/window"), {"main_window*"}, QDir::Files);
    int files = 0;
    while (it.hasNext()) {
      QFile file(it.next());
      QVERIFY(file.open(QIODevice::ReadOnly));
      const QString text = QString::fromUtf8(file.readAll());
      ++files;
      QVERIFY2(!text.contains("#include \"ui/panels/"), qPrintable(file.fileName()));
      QVERIFY2(!text.contains("#include \"ui/plots/"), qPrintable(file.fileName()));
      for (const QString& name : names)
        QVERIFY2(!text.contains(name), qPrintable(file.fileName() + ": " + name));
    }
    QCOMPARE(files, 9);  // .hpp, .cpp, _edit, _exports, _files, _help, _meshes, _view, _workspace
  }

  void panelsDoNotIncludeTheAppLayer() {
    for (const char* dir : {"ui/panels", "ui/plots", "ui/view3d", "ui/sim", "ui/document"}) {
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
