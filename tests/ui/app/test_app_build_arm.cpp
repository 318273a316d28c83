// Building an arm end to end, through the window's actions only: File > New (empty vehicle), then a
// 3-link revolute arm built with the model tree's actions (Insert = add child link, the context
// menu, F2 = rename, Ctrl+D = duplicate, Delete) and values typed into the property
// inspector's fields. Every step is snapshotted (model and scenario text); undoing everything
// returns the empty vehicle exactly, redoing returns each snapshot exactly. The arm is saved,
// reopened (the same description), and simulated. A Delete key typed in a field never deletes
// a link. VMS_SCREENSHOT_DIR (optional): the tree with its context menu open, as PNG.
#include <QContextMenuEvent>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QScreen>
#include <QStatusBar>
#include <QTreeWidget>
#include <QUndoStack>

#include "core/io/vms_json.hpp"
#include "core/scenario/scenario_json.hpp"
#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/panels/property_inspector.hpp"
#include "ui/panels/structure_actions.hpp"

using namespace vms;
using namespace vms::ui;
using RowKind = ModelTreePanel::RowKind;

namespace {

std::string documentText(const ModelDocument& doc) {
  return writeVmsJson(doc.description()) + "\n---\n" + writeScenarioJson(doc.scenarioDescription());
}

/// Answers the next QInputDialog (text or item) with `value` as soon as it appears.
void answerNextInputDialog(const QString& value) {
  auto* timer = new QTimer;
  QObject::connect(timer, &QTimer::timeout, [timer, value] {
    auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
    if (!dialog) return;
    timer->stop();
    timer->deleteLater();
    if (!value.isEmpty()) dialog->setTextValue(value);  // empty: keep the first item
    dialog->accept();
  });
  timer->start(20);
}

}  // namespace

class TestAppBuildArm : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::unique_ptr<MainWindow> window_;
  QTreeWidget* tree_ = nullptr;
  PropertyInspector* inspector_ = nullptr;
  StructureActions* actions_ = nullptr;
  std::vector<std::string> snapshots_;

  /// Clicks the row like a user (the selection signals reach the inspector).
  void click(RowKind kind, const QString& name) {
    QTreeWidgetItem* item = test::treeRow(tree_, kind, name);
    QVERIFY2(item, qPrintable(name));
    tree_->scrollToItem(item);
    QCoreApplication::processEvents();  // the scroll lands before the row's rectangle is read
    const QRect rect = tree_->visualItemRect(item);
    const QPoint at(rect.left() + std::min(rect.width() / 2, 12), rect.center().y());
    QVERIFY2(tree_->viewport()->rect().contains(at), qPrintable(name));
    QTest::mouseClick(tree_->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(tree_->currentItem(), item);
    // Under Xvfb (no window manager) a closed dialog leaves no active window: activate ours.
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    tree_->setFocus();
    QTRY_VERIFY(tree_->hasFocus());
  }

  /// Types `text` into the inspector's field `name` and presses Return.
  void type(const QString& name, const QString& text) {
    auto* edit = inspector_->findChild<QLineEdit*>(name);
    QVERIFY2(edit && edit->isVisible(), qPrintable(name));
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
  }

  void snapshot() { snapshots_.push_back(documentText(*window_->document())); }

  QString current() const {
    return tree_->currentItem() ? tree_->currentItem()->text(0) : QString();
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    test::isolateSettings("test_app_build_arm", dir_.filePath("autosave"));
    window_ = test::shownWindow();
    window_->setDialogs(false);
    // Shortcuts need the focus in the tree: the window must be the active one.
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    tree_ = window_->panelWidget<ModelTreePanel>()->treeWidget();
    inspector_ = window_->panelWidget<PropertyInspector>();
    actions_ = window_->findChild<StructureActions*>();
    QVERIFY(tree_ && inspector_ && actions_);
    // The Edit menu holds the same actions (after Undo / Redo).
    auto* edit = window_->findChild<QMenu*>("editMenu");
    QVERIFY(edit && edit->actions().contains(actions_->deleteAction()) &&
            edit->actions().contains(actions_->renameAction()));
    QCOMPARE(actions_->deleteAction()->shortcut(), QKeySequence(Qt::Key_Delete));
    QCOMPARE(actions_->renameAction()->shortcut(), QKeySequence(Qt::Key_F2));
    QCOMPARE(actions_->duplicateAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_D));
    QCOMPARE(actions_->addChildAction(JointKind::Revolute)->shortcut(),
             QKeySequence(Qt::Key_Insert));
  }

  void newEmptyVehicle() {
    auto* action = window_->findChild<QAction*>("newModelAction");
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::New));
    answerNextInputDialog(QString());  // the first template: empty vehicle
    action->trigger();
    QVERIFY(window_->document()->isOpen());
    QVERIFY(window_->document()->path().isEmpty());  // untitled: Save asks for a name
    QCOMPARE(window_->document()->scenario().model.njoints, 0);
    QCOMPARE(int(window_->document()->description().links.size()), 1);
    snapshot();
    // The vehicle (root) cannot be deleted, duplicated or re-parented.
    click(RowKind::Link, "vehicle");
    QVERIFY(actions_->addChildAction(JointKind::Revolute)->isEnabled());
    QVERIFY(!actions_->deleteAction()->isEnabled());
    QVERIFY(!actions_->duplicateAction()->isEnabled());
    QVERIFY(!actions_->reparentAction()->isEnabled());
    // A bare model has no scenario actuators: those actions are off.
    QVERIFY(!actions_->addWheelAction()->isEnabled());
    QVERIFY(!actions_->addThrusterAction()->isEnabled());
    QVERIFY(!window_->findChild<QMenu*>("deleteThrusterMenu")->menuAction()->isEnabled());
  }

  void buildThreeLinkArm() {
    ModelDocument* doc = window_->document();
    // Insert (tree focused) = add a revolute child; the new link becomes current.
    click(RowKind::Link, "vehicle");
    QTest::keyClick(tree_, Qt::Key_Insert);
    QCOMPARE(current(), QString("link1"));
    snapshot();
    QTest::keyClick(tree_, Qt::Key_Insert);
    QCOMPARE(current(), QString("link2"));
    snapshot();
    // The third through the context menu's Add child link > Revolute joint.
    // A right click on link2's row (the context menu event the viewport receives).
    const QPoint at = tree_->visualItemRect(test::treeRow(tree_, RowKind::Link, "link2")).center();
    QContextMenuEvent right_click(QContextMenuEvent::Mouse, at, tree_->viewport()->mapToGlobal(at));
    QApplication::sendEvent(tree_->viewport(), &right_click);
    auto* menu = tree_->findChild<QMenu*>("modelTreeContextMenu");
    QVERIFY(menu);
    QVERIFY(QTest::qWaitForWindowExposed(menu));
    auto* add_menu = menu->findChild<QMenu*>("addChildLinkMenu");
    QVERIFY(add_menu && add_menu->menuAction()->isEnabled());
    const QByteArray shots = qgetenv("VMS_SCREENSHOT_DIR");
    if (!shots.isEmpty()) {
      menu->setActiveAction(add_menu->menuAction());
      add_menu->popup(menu->geometry().topRight());
      QVERIFY(QTest::qWaitForWindowExposed(add_menu));
      QTest::qWait(200);
      QGuiApplication::primaryScreen()->grabWindow(0).save(QString(shots) +
                                                           "/tree_context_menu.png");
    }
    add_menu->actions().first()->trigger();  // Revolute joint
    menu->close();
    QCOMPARE(current(), QString("link3"));
    snapshot();
    QCOMPARE(doc->scenario().model.njoints, 3);

    // Values typed into the inspector: link2's mass, joint2's axis (a pitch joint).
    click(RowKind::Link, "link2");
    QCOMPARE(inspector_->shownLink(), 2);
    type("mass", "2.5");
    QCOMPARE(doc->description().links[2].inertial.mass, 2.5);
    snapshot();
    click(RowKind::Joint, "joint2");
    type("axis.y", "1");
    snapshot();
    type("axis.z", "0");
    snapshot();
    QCOMPARE(doc->description().joints[1].axis, Vec3(0, 1, 0));
    QCOMPARE(doc->undoStack()->count(), 6);  // 3 links, mass, axis.y, axis.z

    // F2 renames the current row (link3 -> hand); the renamed row stays current.
    click(RowKind::Link, "link3");
    answerNextInputDialog("hand");
    QTest::keyClick(tree_, Qt::Key_F2);
    QCOMPARE(current(), QString("hand"));
    QCOMPARE(doc->description().joints[2].child, std::string("hand"));
    snapshot();
    // A tool frame on the hand (Add frame), renamed.
    actions_->addFrameAction()->trigger();
    QCOMPARE(current(), QString("frame1"));
    snapshot();
    answerNextInputDialog("tool");
    actions_->renameAction()->trigger();
    QCOMPARE(current(), QString("tool"));
    snapshot();

    // Ctrl+D duplicates link2's subtree; Delete removes the copy again (two steps).
    click(RowKind::Link, "link2");
    QTest::keyClick(tree_, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(current(), QString("link2_copy"));
    QCOMPARE(doc->scenario().model.njoints, 5);
    snapshot();
    QTest::keyClick(tree_, Qt::Key_Delete);
    QCOMPARE(doc->scenario().model.njoints, 3);
    QCOMPARE(current(), QString("link1"));  // the deleted link's parent
    snapshot();

    // Ctrl+D again, and Re-parent… moves the copy under the vehicle: the dialog offers the
    // links outside its subtree but its own parent.
    click(RowKind::Link, "link2");
    QTest::keyClick(tree_, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(current(), QString("link2_copy"));
    snapshot();
    const QStringList parents = actions_->validParents();
    QCOMPARE(parents, (QStringList{"vehicle", "link2", "hand"}));
    answerNextInputDialog("vehicle");
    actions_->reparentAction()->trigger();
    QCOMPARE(current(), QString("link2_copy"));
    QCOMPARE(doc->description().joints.back().name, std::string("joint3_copy"));
    for (const auto& j : doc->description().joints)
      if (j.child == "link2_copy") QCOMPARE(j.parent, std::string("vehicle"));
    QCOMPARE(doc->scenario().model.njoints, 5);
    snapshot();
    click(RowKind::Link, "link2_copy");
    QTest::keyClick(tree_, Qt::Key_Delete);
    QCOMPARE(current(), QString("vehicle"));
    QCOMPARE(doc->scenario().model.njoints, 3);
    snapshot();

    // Change joint type ▸ Fixed fuses hand into link2; back to Revolute restores the model.
    click(RowKind::Joint, "joint3");
    QVERIFY(actions_->jointTypeAction(JointKind::Revolute)->isChecked());
    const std::string revolute = documentText(*doc);
    actions_->jointTypeAction(JointKind::Fixed)->trigger();
    QCOMPARE(doc->scenario().model.njoints, 2);
    QCOMPARE(doc->scenario().model.nbodies, 3);
    QCOMPARE(current(), QString("joint3"));
    QVERIFY(actions_->jointTypeAction(JointKind::Fixed)->isChecked());
    snapshot();
    actions_->jointTypeAction(JointKind::Revolute)->trigger();
    QCOMPARE(doc->scenario().model.njoints, 3);
    QCOMPARE(documentText(*doc), revolute);
    snapshot();

    // Delete typed in a field edits the text, never the model.
    click(RowKind::Link, "link1");
    auto* mass = inspector_->findChild<QLineEdit*>("mass");
    mass->setFocus();
    mass->end(false);
    const int steps = doc->undoStack()->count();
    QTest::keyClick(mass, Qt::Key_Delete);
    QTest::keyClick(mass, Qt::Key_Insert);
    QCOMPARE(doc->undoStack()->count(), steps);

    // A refused edit changes nothing: link1 may not move into its own subtree (not offered).
    click(RowKind::Link, "link1");
    QVERIFY(!actions_->validParents().contains("hand"));
    QCOMPARE(actions_->validParents(), QStringList());  // only the vehicle, its parent already
    QVERIFY(!actions_->reparentCurrent("hand"));
    QCOMPARE(doc->undoStack()->count(), steps);

    const Model& m = doc->scenario().model;
    QCOMPARE(m.njoints, 3);
    QCOMPARE(m.nbodies, 4);
    QCOMPARE(int(snapshots_.size()), doc->undoStack()->count() + 1);
    if (const QByteArray shots = qgetenv("VMS_SCREENSHOT_DIR"); !shots.isEmpty()) {
      click(RowKind::Link, "hand");
      QTest::qWait(300);
      QGuiApplication::primaryScreen()->grabWindow(0).save(QString(shots) + "/arm_built.png");
      auto* edit = window_->findChild<QMenu*>("editMenu");
      edit->popup(window_->mapToGlobal(QPoint(40, 25)));
      QVERIFY(QTest::qWaitForWindowExposed(edit));
      QTest::qWait(200);
      QGuiApplication::primaryScreen()->grabWindow(0).save(QString(shots) + "/edit_menu.png");
      edit->close();
    }
  }

  void undoRedoExact() {
    QUndoStack* stack = window_->document()->undoStack();
    const int n = stack->count();
    QCOMPARE(int(snapshots_.size()), n + 1);
    for (int i = n; i-- > 0;) {
      window_->undoAction()->trigger();
      QCOMPARE(documentText(*window_->document()), snapshots_[size_t(i)]);
    }
    QCOMPARE(window_->document()->scenario().model.njoints, 0);
    for (int i = 1; i <= n; ++i) {
      window_->redoAction()->trigger();
      QCOMPARE(documentText(*window_->document()), snapshots_[size_t(i)]);
    }
  }

  void saveReopenSimulate() {
    const QString path = dir_.filePath("arm.vms.json");
    QString error;
    QVERIFY2(window_->saveTo(path, &error), qPrintable(error));
    QVERIFY(!window_->document()->isModified());
    const std::string saved = writeVmsJson(window_->document()->description());
    QVERIFY2(window_->openFile(path, &error), qPrintable(error));
    QCOMPARE(window_->document()->path(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(writeVmsJson(window_->document()->description()), saved);
    const Model& m = window_->document()->scenario().model;
    QCOMPARE(m.njoints, 3);
    QCOMPARE(m.joint_names, (std::vector<std::string>{"joint1", "joint2", "joint3"}));
    QVERIFY(m.frameIndex("tool") >= 0);
    // The reopened document simulates: a push on the joints (inspector-free: the scenario's
    // default is at rest) runs without error.
    QVERIFY(test::runFor(*window_, 0.5, 0.0));
    QVERIFY(window_->controller()->runState() != RunState::Diverged);
    QVERIFY(test::shownTime(*window_) >= 0.5);
  }

  void scenarioActuators() {
    // A scenario file: Add reaction wheel on the vehicle's row, the wheel's row becomes current,
    // Delete removes it again; the document is back to the file's text.
    QString error;
    QVERIFY2(window_->openFile(test::sourcePath("models/seed003_inspection_flying.scenario.json"),
                               &error),
             qPrintable(error));
    ModelDocument* doc = window_->document();
    const std::string original = documentText(*doc);
    const size_t wheels = doc->scenario().reaction_wheels.size();
    click(RowKind::Link, "bus");
    QVERIFY(actions_->addWheelAction()->isEnabled());
    QVERIFY(actions_->addThrusterAction()->isEnabled());
    actions_->addWheelAction()->trigger();
    QCOMPARE(doc->scenario().reaction_wheels.size(), wheels + 1);
    QCOMPARE(current(), QString("wheel1"));
    QVERIFY(actions_->deleteAction()->isEnabled());
    QCOMPARE(actions_->deleteAction()->text(), QString("&Delete reaction wheel 'wheel1'"));
    click(RowKind::Link, "wheel1");
    QTest::keyClick(tree_, Qt::Key_Delete);
    QCOMPARE(doc->scenario().reaction_wheels.size(), wheels);
    QCOMPARE(documentText(*doc), original);
    QCOMPARE(doc->undoStack()->count(), 2);
    doc->undoStack()->setClean();  // nothing to save when the window closes
  }
};

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  TestAppBuildArm test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_app_build_arm.moc"
