// The Scenario panel (initial state, environment, maneuvering mode, controllers and
// trajectories, all editable with validation, saved as *.scenario.json that `vms run`
// reproduces exactly), on seed 004's spatial example:
//  - run settings, gravity, the initial state (joint, vehicle pose and velocity) and the
//    controllers are edited through the panel, one undo step each; the run the window loads
//    uses them (the toolbar's dt follows an edit of the file's dt);
//  - refused values (a negative dt, an unknown controller type, a zero quaternion, a joint that
//    does not exist) change nothing and the message names the key;
//  - saved as a .scenario.json, `vms run` on the file gives the app's own trajectory bit for
//    bit at every instant it writes;
//  - undoing every edit gives the opened scenario's text exactly;
//  - actuators and environment as the file writes them (seed 003's wheels), with the file's
//    checks (no thrusters in rotation-floating mode, a wheel needs its spin inertia);
//  - a bare model: its first edit gives it a scenario of its own, in place.
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QScreen>
#include <QUndoStack>
#include <cmath>

#include "core/scenario/scenario_json.hpp"
#include "core/scenario/scenario_keys.hpp"
#include "test_app_support.hpp"
#include "text_csv.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/scenario_panel.hpp"

using namespace vms;
using namespace vms::test;

namespace {

// Joint 2 to 0.4 rad over 1.5 s (quintic), computed torque with K_P = 4, K_D = 4.
const char* kControllers = R"([{"type": "computed_torque",
  "trajectory": {"type": "quintic", "target": [0, 0.4, 0, 0, 0, 0], "duration": 1.5},
  "gains": {"kp": 4, "kd": 4}}])";

}  // namespace

class TestAppScenarioPanel : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_, out_;
  std::unique_ptr<ui::MainWindow> window_;

 private slots:
  void initTestCase() {
    isolateSettings("test_app_scenario_panel", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void editSaveAndRunAsTheCommandLine() {
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    QVERIFY(panel);
    QVERIFY(panel->editable());
    ui::ModelDocument* doc = window_->document();
    const std::string opened = writeScenarioJson(doc->scenarioDescription());
    const int steps = doc->undoStack()->count();

    QVERIFY2(panel->setText("scenario.duration", "2"), qPrintable(panel->problemText()));
    QVERIFY2(panel->setText("scenario.dt", "0.005"), qPrintable(panel->problemText()));
    QVERIFY2(panel->setText("scenario.outputEvery", "4"), qPrintable(panel->problemText()));
    QVERIFY2(panel->setText("scenario.gravity.z", "-1.62"), qPrintable(panel->problemText()));
    QVERIFY2(panel->setJoint(0, "0.3", "0.05"), qPrintable(panel->problemText()));
    QVERIFY2(panel->setText("scenario.basePosition.x", "0.5"), qPrintable(panel->problemText()));
    QVERIFY2(panel->setText("scenario.baseAngularVelocity.z", "0.01"),
             qPrintable(panel->problemText()));
    QVERIFY2(panel->setText("scenario.baseOrientation.z", "0.2"), qPrintable(panel->problemText()));
    QVERIFY2(panel->applyControllersJson(kControllers), qPrintable(panel->problemText()));
    QVERIFY2(panel->setChoice("scenario.integrator", "rk45"), qPrintable(panel->problemText()));
    QCOMPARE(doc->undoStack()->count(), steps + 10);

    // What the window runs: the file's new settings (the toolbar follows the edited dt).
    const Scenario& s = window_->controller()->scenario();
    QCOMPARE(s.dt, 0.005);
    QCOMPARE(s.duration, 2.0);
    QCOMPARE(s.integrator, std::string("rk45"));
    QCOMPARE(s.initial_state.q[0], 0.3);
    QCOMPARE(s.initial_state.qd[0], 0.05);
    QCOMPARE(s.initial_state.base_position.x(), 0.5);
    const Quat q = s.initial_state.base_orientation;
    QVERIFY(std::abs(q.norm() - 1.0) < 1e-15);  // normalised: the state stays on the group
    QVERIFY(std::abs(q.z() / q.w() - 0.2) < 1e-15);
    QCOMPARE(s.model.description.gravity, Vec3(0, 0, -1.62));

    // Refusals change nothing and name the key.
    const std::string edited = writeScenarioJson(doc->scenarioDescription());
    QVERIFY(!panel->setText("scenario.dt", "-1"));
    QVERIFY2(panel->problemText().contains("dt"), qPrintable(panel->problemText()));
    QVERIFY(!panel->applyControllersJson(R"([{"type": "nope"}])"));
    QVERIFY2(panel->problemText().contains("controllers[0]"), qPrintable(panel->problemText()));
    QVERIFY(!panel->applyControllersJson("[{"));
    QVERIFY(!panel->setText("scenario.baseOrientation.w", "abc"));
    QVERIFY(!panel->setJoint(99, "0", "0"));
    QVERIFY(!panel->setText("scenario.meanMotion", "0.001"));  // not a gravity-gradient scenario
    QCOMPARE(writeScenarioJson(doc->scenarioDescription()), edited);
    QCOMPARE(doc->undoStack()->count(), steps + 10);

    // Saved; the app's run to the end equals `vms run` of the saved file, bit for bit.
    const QString saved = out_.filePath("edited.scenario.json");
    QVERIFY2(window_->saveTo(saved, &error), qPrintable(error));
    window_->simulationToolbar()->setRealTimeFactor(0.0);
    window_->play();
    QVERIFY(waitUntil([&] { return window_->controller()->runState() == ui::RunState::Finished; },
                      300000));
    const QString exported = out_.filePath("desktop.csv");
    QVERIFY2(window_->exportTrajectory(exported, &error), qPrintable(error));
    QProcess vms;
    vms.start(VMS_CLI_PATH, {"run", saved, "--out", out_.filePath("cli")});
    QVERIFY(vms.waitForFinished(300000));
    QVERIFY2(vms.exitCode() == 0, vms.readAllStandardError().constData());
    const TextCsv cli = readTextCsv(out_.filePath("cli/trajectory.csv"));
    const TextCsv app = readTextCsv(exported);
    QCOMPARE(app.columns, cli.columns);
    QVERIFY(cli.rows.size() > 50);
    QHash<QString, int> app_row_at;
    for (int i = 0; i < int(app.rows.size()); ++i) app_row_at.insert(app.rows[i][0], i);
    for (const QStringList& row : cli.rows) {
      const auto it = app_row_at.constFind(row[0]);
      QVERIFY2(it != app_row_at.constEnd(), qPrintable("no exported row at t = " + row[0]));
      QCOMPARE(app.rows[size_t(*it)], row);
    }
    // The edits took effect in that run: joint 2 went to the quintic's 0.4 rad.
    const int q2 = int(cli.columns.indexOf("q:joint2"));
    QVERIFY(q2 > 0);
    QVERIFY(std::abs(cli.rows.back()[q2].toDouble() - 0.4) < 0.05);

    // Undo every edit: the opened scenario exactly.
    for (int k = 0; k < 10; ++k) doc->undoStack()->undo();
    QCOMPARE(writeScenarioJson(doc->scenarioDescription()), opened);
    QCOMPARE(window_->controller()->scenario().dt, 0.01);
    for (int k = 0; k < 10; ++k) doc->undoStack()->redo();
    QCOMPARE(writeScenarioJson(doc->scenarioDescription()), edited);
    QVERIFY(!doc->isModified());  // the saved state again
  }

  // The panel's run fields and JSON sections are the rows of the scenario key table
  // (core/scenario/scenario_keys.hpp): a field per row with a line or choice editor, with the
  // row's tooltip and choices; a refused value gives the row's message, as `vms run` would.
  void fieldsAreTheKeyTablesRows() {
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    QVERIFY(panel && panel->editable());
    ui::ModelDocument* doc = window_->document();
    const std::string opened = writeScenarioJson(doc->scenarioDescription());
    QStringList sections;
    int fields = 0;
    for (const ScenarioKey& k : scenarioKeys()) {
      const QString name = QString("scenario.") + k.field;
      if (k.editor == ScenarioKey::Editor::Line) {
        auto* line = panel->findChild<QLineEdit*>(name);
        QVERIFY2(line, qPrintable(name));
        QCOMPARE(line->toolTip(), QString::fromUtf8(k.tip));
        ++fields;
      } else if (k.editor == ScenarioKey::Editor::Choice) {
        auto* combo = panel->findChild<QComboBox*>(name);
        QVERIFY2(combo, qPrintable(name));
        QStringList items, choices;
        for (int i = 0; i < combo->count(); ++i) items << combo->itemText(i);
        for (const std::string& c : k.choices()) choices << QString::fromStdString(c);
        QCOMPARE(items, choices);
        const auto value = k.get(doc->scenarioDescription());
        QCOMPARE(combo->currentText(), QString::fromStdString(std::get<std::string>(*value)));
        ++fields;
      } else if (k.editor == ScenarioKey::Editor::JsonSection) {
        sections << k.name;
      }
    }
    QCOMPARE(fields, 7);
    auto* section = panel->findChild<QComboBox*>("scenario.section");
    QVERIFY(section);
    QStringList shown;
    for (int i = 0; i < section->count(); ++i) shown << section->itemData(i).toString();
    QCOMPARE(shown, sections);
    // One check, one message: the row's.
    const ScenarioKey* every = findScenarioKey("output_every");
    for (const char* text : {"0", "1.5", "2e9"}) {
      QVERIFY(!panel->setText("scenario.outputEvery", text));
      QCOMPARE(panel->problemText(),
               QString::fromStdString("output_every: " + every->problem(std::stod(text))));
    }
    QVERIFY(!panel->setChoice("scenario.integrator", "nope"));
    QVERIFY2(panel->problemText().contains("unknown integrator 'nope' (available: rk4"),
             qPrintable(panel->problemText()));
    QCOMPARE(writeScenarioJson(doc->scenarioDescription()), opened);
  }

  void actuatorsAndEnvironmentAsJson() {
    // seed 003's inspection spacecraft: its three wheels edited as the file writes them.
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed003_inspection.scenario.json"), &error),
             qPrintable(error));
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    ui::ModelDocument* doc = window_->document();
    const std::string opened = writeScenarioJson(doc->scenarioDescription());
    const char* wheels = R"({"reaction_wheels": [
      {"name": "wheel_x", "axis": [1, 0, 0], "spin_inertia": 0.08, "max_torque": 2.5},
      {"name": "wheel_y", "axis": [0, 1, 0], "spin_inertia": 0.08, "max_torque": 2.5},
      {"name": "wheel_z", "axis": [0, 0, 1], "spin_inertia": 0.1, "max_torque": 2.5}]})";
    QVERIFY2(panel->applySectionJson("actuators", wheels), qPrintable(panel->problemText()));
    const Scenario& s = window_->controller()->scenario();
    QCOMPARE(int(s.reaction_wheels.size()), 3);
    QCOMPARE(s.reaction_wheels[0].max_torque, 2.5);
    QCOMPARE(s.reaction_wheels[2].spin_inertia, 0.1);
    // The file's checks apply: thrusters are not allowed in this rotation-floating mode, a
    // wheel needs its spin inertia, JSON must be JSON; nothing changes then.
    const std::string edited = writeScenarioJson(doc->scenarioDescription());
    QVERIFY(
        !panel->applySectionJson("actuators", R"({"thrusters": [{"name": "t", "position": [0, 0, 0],
                         "direction": [1, 0, 0], "max_force": 1}]})"));
    QVERIFY2(panel->problemText().contains("thrusters"), qPrintable(panel->problemText()));
    QVERIFY(!panel->applySectionJson("actuators",
                                     R"({"reaction_wheels": [{"name": "w", "axis": [1, 0, 0]}]})"));
    QVERIFY2(panel->problemText().contains("spin_inertia"), qPrintable(panel->problemText()));
    QVERIFY(!panel->applySectionJson("environment", "{\"gravity\": [0, 0,"));
    QVERIFY2(panel->problemText().contains("malformed JSON"), qPrintable(panel->problemText()));
    QCOMPARE(writeScenarioJson(doc->scenarioDescription()), edited);
    // The environment: lunar gravity.
    QVERIFY2(panel->applySectionJson("environment", R"({"gravity": [0, 0, -1.62]})"),
             qPrintable(panel->problemText()));
    QCOMPARE(window_->controller()->scenario().model.description.gravity, Vec3(0, 0, -1.62));
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QCOMPARE(writeScenarioJson(doc->scenarioDescription()), opened);
    doc->undoStack()->setClean();  // nothing to save: the next open asks no question
  }

  // A refusal quoting a long entry (300 or 600 characters, no spaces) wraps or is cut inside
  // its panel: the main window keeps its width, also after valid input and another file.
  void longRefusalNeverWidensTheWindow() {
    QString error;
    QVERIFY2(
        window_->openFile(sourcePath("models/seed004_spatial_one_joint.scenario.json"), &error),
        qPrintable(error));
    QTest::qWait(50);
    const QSize before = window_->size();
    const QRect screen = window_->screen()->availableGeometry();
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    QVERIFY(panel && panel->editable());
    for (int n : {300, 600}) {
      QVERIFY(!panel->setText("scenario.duration", QString(n, 'x')));
      QVERIFY(panel->problemText().contains("not a number"));
      QTest::qWait(50);
      QVERIFY2(window_->width() <= before.width() && window_->width() <= screen.width(),
               qPrintable(QString("%1 characters: the window is %2 px wide (was %3)")
                              .arg(n)
                              .arg(window_->width())
                              .arg(before.width())));
      auto* status = panel->findChild<QLabel*>("scenario.status");
      QVERIFY(status && status->isVisible());
      QVERIFY2(status->width() <= panel->width(), qPrintable(QString::number(status->width())));
    }
    QVERIFY2(panel->setText("scenario.duration", "3"), qPrintable(panel->problemText()));
    QTest::qWait(50);
    QCOMPARE(window_->size(), before);
    window_->document()->undoStack()->undo();
    QVERIFY(!window_->document()->isModified());
  }

  // A bare model's scenario is edited in place: the first edit gives it a scenario of its own
  // (floating, at rest, the default duration) as one undo step, the edit is a second; undoing
  // both gives the bare model back. A refused first edit leaves it bare.
  void bareModelGetsAScenarioOfItsOwn() {
    QString error;
    QVERIFY2(window_->openFile(sourcePath("models/seed004_spatial.vms.json"), &error),
             qPrintable(error));
    ui::ModelDocument* doc = window_->document();
    auto* panel = window_->panelWidget<ui::ScenarioPanel>();
    QVERIFY(panel->editable());
    QVERIFY(!doc->isScenarioFile());
    QVERIFY(std::isinf(window_->controller()->scenario().duration));  // runs until paused
    auto* duration = panel->findChild<QLineEdit*>("scenario.duration");
    QVERIFY(duration && duration->text().isEmpty());

    QVERIFY(!panel->setText("scenario.duration", "-1"));  // refused: stays bare
    QVERIFY(!doc->isScenarioFile());
    QCOMPARE(doc->undoStack()->index(), 0);
    QVERIFY(!doc->isModified());

    QVERIFY2(panel->setText("scenario.duration", "5"), qPrintable(panel->problemText()));
    QVERIFY(doc->isScenarioFile());
    QCOMPARE(doc->undoStack()->index(), 2);
    QCOMPARE(window_->controller()->scenario().duration, 5.0);
    QVERIFY2(panel->setText("scenario.gravity.z", "-1.62"), qPrintable(panel->problemText()));
    QCOMPARE(window_->controller()->scenario().model.gravity.z(), -1.62);
    // Saved, it is a scenario file that `vms run` takes, with the model inline.
    const QString saved = out_.filePath("bare_with_scenario.scenario.json");
    QVERIFY2(window_->saveTo(saved, &error), qPrintable(error));
    QProcess vms;
    vms.start(VMS_CLI_PATH, {"run", saved, "--out", out_.filePath("bare_run")});
    QVERIFY(vms.waitForFinished(120000));
    QVERIFY2(vms.exitCode() == 0, vms.readAllStandardError().constData());
    // Back to the bare model by undo.
    while (doc->undoStack()->canUndo()) doc->undoStack()->undo();
    QVERIFY(!doc->isScenarioFile());
    QVERIFY(std::isinf(window_->controller()->scenario().duration));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppScenarioPanel)
#include "test_app_scenario_panel.moc"
