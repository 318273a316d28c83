// Drafts: an invalid model can still be saved as a draft and reopened. Seed 004's spatial arm with
// three faults that only compiling finds (link2's mass -5 kg, a second parent joint of link4 from
// the vehicle, a link attached to nothing):
//  - opening it refuses with compileModel's message; the error dialog offers "Open as draft";
//  - the draft: the bar over the 3D view counts the problems, the tree marks exactly the three
//    items with their reasons, the stand-in is drawn (6 joints), play and step are off;
//  - edits of a draft are accepted (one problem fixed: two left; undo: three again);
//  - Save writes it as it is (the command line still refuses it, with the same message), and
//    reopening the saved file gives the draft again, without a question;
//  - a recovery copy of an edited draft restores a draft;
//  - fixing the rest through the tree's Delete (the loop joint alone, then the loose link)
//    ends the draft: the run plays, the saved file opens strictly again;
//  - in a model that compiles, a refused edit marks its item in the tree with the reason;
//  - a scenario file around it whose controller names a missing joint: a draft with both the
//    model's and the scenario's problems, saved and reopened as one.
// With VMS_SCREENSHOT_DIR set (scripts/screenshots.sh) the draft is saved as editing-7-draft.png.
#include <QAction>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QTreeWidget>
#include <QUndoStack>

#include "core/io/model_io.hpp"
#include "core/io/vms_json.hpp"
#include "test_app_support.hpp"
#include "ui/app/bars/draft_bar.hpp"
#include "ui/app/bars/simulation_toolbar.hpp"
#include "ui/document/model_document.hpp"
#include "ui/panels/model_tree_panel.hpp"
#include "ui/panels/structure_actions.hpp"

using namespace vms;
using namespace vms::ui;

namespace {

/// Seed 004's spatial arm with the three faults (written as .vms.json links and joints).
QByteArray brokenArm() {
  ModelDescription d =
      loadModelDescription(test::sourcePath("models/seed004_spatial.urdf").toStdString());
  d.name = "arm_draft";
  for (auto& l : d.links)
    if (l.name == "link2") l.inertial.mass = -5.0;
  JointDescription loop;
  for (const auto& j : d.joints)
    if (j.child == "link4") loop = j;
  loop.name = "joint_loop";
  loop.parent = "base";
  d.joints.push_back(loop);
  LinkDescription spare;
  spare.name = "spare";
  spare.inertial.mass = 1.0;
  spare.inertial.inertia = 0.1 * Mat3::Identity();
  d.links.push_back(spare);
  return QByteArray::fromStdString(writeVmsJson(d));
}

/// The tree's rows that carry a problem: "<kind>:<name>" -> the reason.
QMap<QString, QString> markedRows(QTreeWidget* tree) {
  QMap<QString, QString> out;
  for (QTreeWidgetItemIterator it(tree); *it; ++it) {
    const QString problem = (*it)->data(0, ModelTreePanel::ProblemRole).toString();
    if (problem.isEmpty()) continue;
    const int kind = (*it)->data(0, ModelTreePanel::KindRole).toInt();
    const QString prefix = kind == int(ModelTreePanel::RowKind::Joint)   ? "joint:"
                           : kind == int(ModelTreePanel::RowKind::Frame) ? "frame:"
                                                                         : "link:";
    out.insert(prefix + (*it)->text(0), problem);
  }
  return out;
}

int linkIndex(const ModelDocument& doc, const std::string& name) {
  for (size_t i = 0; i < doc.description().links.size(); ++i)
    if (doc.description().links[i].name == name) return int(i);
  return -1;
}

/// `vms benchmark FILE` (reads and compiles the model): exit code and what it printed.
std::pair<int, QString> commandLineRead(const QString& file) {
  QProcess vms;
  vms.start(VMS_CLI_PATH, {"benchmark", file, "--iterations", "100"});
  vms.waitForFinished(60000);
  return {vms.exitCode(),
          QString::fromUtf8(vms.readAllStandardOutput() + vms.readAllStandardError())};
}

}  // namespace

class TestAppDrafts : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::unique_ptr<MainWindow> window_;
  QTreeWidget* tree_ = nullptr;
  StructureActions* actions_ = nullptr;
  QString broken_, saved_;
  QStringList first_problems_;

  ModelDocument* doc() const { return window_->document(); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    test::isolateSettings("test_app_drafts", dir_.filePath("autosave"));
    window_ = test::shownWindow();
    window_->setDialogs(false);
    window_->move(0, 0);
    tree_ = window_->panelWidget<ModelTreePanel>()->treeWidget();
    actions_ = window_->findChild<StructureActions*>();
    QVERIFY(tree_ && actions_);
    broken_ = test::writeFileIn(dir_, "arm_draft.vms.json", brokenArm());
    saved_ = dir_.filePath("saved_draft.vms.json");
  }

  void strictOpenRefuses() {
    QString error;
    QVERIFY(!window_->openFile(broken_, &error));
    QVERIFY2(error.contains("link 'link2': mass is negative"), qPrintable(error));
    QVERIFY(!doc()->isOpen());
    const auto [code, text] = commandLineRead(broken_);
    QVERIFY(code != 0);
    QVERIFY2(text.contains("link 'link2': mass is negative"), qPrintable(text));
  }

  // The error dialog of a file that reads but does not compile has "Open as draft".
  void errorDialogOffersDraft() {
    window_->setDialogs(true);
    QStringList buttons;
    QTimer clicker;
    connect(&clicker, &QTimer::timeout, this, [&] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      clicker.stop();
      for (QAbstractButton* b : box->buttons()) buttons << b->text();
      for (QAbstractButton* b : box->buttons())
        if (b->text() == "Open as draft") return b->click();
      box->reject();
    });
    clicker.start(50);
    QString error;
    const bool opened = window_->openFile(broken_, &error);
    window_->setDialogs(false);
    QVERIFY2(buttons.contains("Open as draft"), qPrintable(buttons.join(", ")));
    QVERIFY(!buttons.contains("Repair and open"));  // a negative mass is no inertia to balance
    QVERIFY2(opened, qPrintable(error));
    QVERIFY(doc()->isDraft());
  }

  void draftIsMarked() {
    first_problems_ = doc()->problemMessages();
    QCOMPARE(first_problems_.size(), 3);
    QVERIFY(first_problems_[0].startsWith("link 'link2': mass is negative"));
    QVERIFY2(first_problems_[1].startsWith("joint 'joint_loop': link 'link4' already has parent "
                                           "joint 'joint4' (kinematic loop)"),
             qPrintable(first_problems_[1]));
    QVERIFY(first_problems_[2].startsWith("link 'spare': not connected to the root link 'base'"));

    QVERIFY(window_->draftBar()->isVisible());
    QVERIFY2(window_->draftBar()->text().startsWith("Draft: 3 problems to fix"),
             qPrintable(window_->draftBar()->text()));
    QVERIFY(window_->draftBar()->toolTip().contains("link 'spare'"));
    QVERIFY2(window_->windowTitle().startsWith("arm_draft (draft)"),
             qPrintable(window_->windowTitle()));

    const QMap<QString, QString> marked = markedRows(tree_);
    QCOMPARE(marked.keys(), QStringList({"joint:joint_loop", "link:link2", "link:spare"}));
    QCOMPARE(marked["link:link2"], first_problems_[0]);
    QCOMPARE(marked["joint:joint_loop"], first_problems_[1]);
    QVERIFY(test::treeRow(tree_, ModelTreePanel::RowKind::Link, "link2")
                ->toolTip(0)
                .contains("negative"));
    // The description as written is in the tree: the loop joint names its child as shown
    // elsewhere, the loose link is a row of its own, not drawn.
    QTreeWidgetItem* loop = test::treeRow(tree_, ModelTreePanel::RowKind::Joint, "joint_loop");
    QVERIFY(loop->text(2).contains("its child 'link4' is shown elsewhere"));
    QCOMPARE(loop->childCount(), 0);
    QTreeWidgetItem* spare = test::treeRow(tree_, ModelTreePanel::RowKind::Link, "spare");
    QVERIFY(!spare->parent());
    QCOMPARE(spare->data(0, ModelTreePanel::BodyRole).toInt(), -1);

    // Drawn from the stand-in: the arm's 6 joints, link2 with |m|.
    QCOMPARE(doc()->scenario().model.njoints, 6);
    QCOMPARE(doc()->scenario().model.mass[2], 5.0);

    if (const QByteArray shots = qgetenv("VMS_SCREENSHOT_DIR"); !shots.isEmpty()) {
      tree_->setCurrentItem(test::treeRow(tree_, ModelTreePanel::RowKind::Link, "link2"));
      QTest::qWait(400);
      const QRect r = window_->frameGeometry();
      QVERIFY(QGuiApplication::primaryScreen()
                  ->grabWindow(0, r.x(), r.y(), r.width(), r.height())
                  .save(QString(shots) + "/editing-7-draft.png"));
    }
  }

  void simulationStaysOff() {
    QVERIFY(!window_->simulationToolbar()->playPauseAction()->isEnabled());
    QVERIFY(!window_->simulationToolbar()->stepAction()->isEnabled());
    QVERIFY(window_->simulationToolbar()->playPauseAction()->toolTip().contains("draft"));
    window_->play();
    window_->stepOnce();
    QTest::qWait(300);
    QVERIFY(window_->controller()->runState() != RunState::Running);
    QVERIFY(test::shownTime(*window_) <= 0.0);
  }

  // An edit of a draft is taken even though the model still does not compile.
  void editsKeepTheDraftUntilFixed() {
    const int link2 = linkIndex(*doc(), "link2");
    QString error;
    QVERIFY2(doc()->setLinkProperty(link2, LinkProperty::Mass, VecX::Constant(1, 5.0), &error),
             qPrintable(error));
    QVERIFY(doc()->isDraft());
    QCOMPARE(doc()->problemMessages(), first_problems_.mid(1));
    QVERIFY(window_->draftBar()->text().startsWith("Draft: 2 problems"));
    QVERIFY(!markedRows(tree_).contains("link:link2"));
    doc()->undoStack()->undo();
    QCOMPARE(doc()->problemMessages(), first_problems_);
    QVERIFY(markedRows(tree_).contains("link:link2"));
    doc()->undoStack()->redo();
    QCOMPARE(doc()->problemMessages().size(), 2);
  }

  void saveAndReopenTheDraft() {
    QString error;
    QVERIFY2(window_->saveTo(saved_, &error), qPrintable(error));
    QVERIFY(!doc()->isModified());
    const ModelDescription written = loadModelDescription(saved_.toStdString());
    QCOMPARE(writeVmsJson(written), writeVmsJson(doc()->description()));
    const auto [code, text] = commandLineRead(saved_);  // the command line stays strict
    QVERIFY(code != 0);
    QVERIFY2(text.contains("joint 'joint_loop'"), qPrintable(text));

    QVERIFY(window_->openFile(test::sourcePath("models/seed004_spatial.vms.json"), &error));
    QVERIFY(!doc()->isDraft());
    QVERIFY(!window_->draftBar()->isVisible());
    QVERIFY(window_->simulationToolbar()->playPauseAction()->isEnabled());
    // Saved as a draft here: reopening gives the draft, without a question (dialogs are off:
    // a refusal would fail here).
    QVERIFY2(window_->openFile(saved_, &error), qPrintable(error));
    QVERIFY(doc()->isDraft());
    QCOMPARE(doc()->problemMessages(), first_problems_.mid(1));
    QCOMPARE(doc()->description().links[size_t(linkIndex(*doc(), "link2"))].inertial.mass, 5.0);
  }

  // A recovery copy of an edited draft (left by a document that did not close cleanly)
  // restores a draft.
  void recoveryOfADraftIsADraft() {
    const QString autosave = dir_.filePath("recovery-test");
    QString error;
    {
      ModelDocument crashed;
      crashed.setAutosaveDirectory(autosave);
      QVERIFY2(crashed.openAsDraft(saved_, &error), qPrintable(error));
      QVERIFY(crashed.setBaseType(BaseType::Planar, &error));
      QVERIFY(crashed.isDraft());
      QVERIFY2(crashed.writeAutosave(&error), qPrintable(error));
    }  // destroyed without discarding its copy
    const auto recovery = ModelDocument::findRecovery(autosave);
    QVERIFY(recovery);
    ModelDocument restored;
    restored.setAutosaveDirectory(autosave);
    QVERIFY2(restored.restoreRecovery(*recovery, &error), qPrintable(error));
    QVERIFY(restored.isDraft());
    QVERIFY(restored.isModified());
    QVERIFY(restored.description().base_type == BaseType::Planar);
    QCOMPARE(restored.problemMessages(), first_problems_.mid(1));
    restored.discardAutosave();
  }

  // The tree's Delete on the loop joint's row deletes that joint alone; on the loose link it
  // deletes the link. Then the model compiles: no draft, the run plays.
  void fixingItEndsTheDraft() {
    tree_->setCurrentItem(test::treeRow(tree_, ModelTreePanel::RowKind::Joint, "joint_loop"));
    QVERIFY(actions_->deleteAction()->isEnabled());
    QCOMPARE(actions_->deleteAction()->text(), QString("&Delete joint 'joint_loop'"));
    actions_->deleteAction()->trigger();
    QVERIFY(linkIndex(*doc(), "link4") >= 0);
    QCOMPARE(doc()->problemMessages().size(), 1);
    tree_->setCurrentItem(test::treeRow(tree_, ModelTreePanel::RowKind::Link, "spare"));
    QVERIFY(actions_->deleteAction()->isEnabled());
    QCOMPARE(actions_->deleteAction()->text(), QString("&Delete link 'spare'"));
    actions_->deleteAction()->trigger();
    QVERIFY(!doc()->isDraft());
    QVERIFY(markedRows(tree_).isEmpty());
    QVERIFY(!window_->draftBar()->isVisible());
    QVERIFY(!window_->windowTitle().contains("(draft)"));
    QCOMPARE(doc()->scenario().model.njoints, 6);
    QVERIFY(window_->simulationToolbar()->playPauseAction()->isEnabled());
    QVERIFY(test::runFor(*window_, 0.5));
    QVERIFY(test::shownTime(*window_) >= 0.45);
    // The vehicle is not deletable (it is the root, not a loose link).
    tree_->setCurrentItem(test::treeRow(tree_, ModelTreePanel::RowKind::Link, "base"));
    QVERIFY(!actions_->deleteAction()->isEnabled());

    QString error;
    QVERIFY2(window_->saveTo(saved_, &error), qPrintable(error));
    QCOMPARE(commandLineRead(saved_).first, 0);
    ModelDocument strict;
    QVERIFY2(strict.open(saved_, &error), qPrintable(error));
    QVERIFY(!strict.isDraft());
  }

  // In a model that compiles an edit that would break it is refused; the tree marks the item
  // with the reason until the next change.
  void refusedEditMarksItsItem() {
    QVERIFY(!doc()->isDraft());
    const int link2 = linkIndex(*doc(), "link2");
    QString error;
    QVERIFY(!doc()->setLinkProperty(link2, LinkProperty::Mass, VecX::Constant(1, -1.0), &error));
    QVERIFY(!doc()->isDraft());
    QMap<QString, QString> marked = markedRows(tree_);
    QCOMPARE(marked.keys(), QStringList({"link:link2"}));
    QCOMPARE(marked["link:link2"], error);
    int joint3 = -1;
    for (size_t j = 0; j < doc()->description().joints.size(); ++j)
      if (doc()->description().joints[j].name == "joint3") joint3 = int(j);
    const double upper = doc()->description().joints[size_t(joint3)].upper;
    QVERIFY(!doc()->setJointProperty(joint3, JointProperty::Lower, VecX::Constant(1, upper + 1.0),
                                     &error));
    QVERIFY2(error.contains("joint 'joint3': lower limit exceeds upper limit"), qPrintable(error));
    marked = markedRows(tree_);
    QCOMPARE(marked.keys(), QStringList({"joint:joint3", "link:link2"}));
    QCOMPARE(marked["joint:joint3"], error);
    QVERIFY(doc()->setLinkProperty(link2, LinkProperty::Mass, VecX::Constant(1, 6.0), &error));
    QVERIFY(markedRows(tree_).isEmpty());
    doc()->undoStack()->undo();
    QVERIFY(!doc()->isModified());
  }

  // A scenario file around the broken model, whose controller names a joint the model lacks:
  // a draft with the model's problems and the scenario's; saved and reopened, still both.
  void scenarioFileDraft() {
    const QString scenario = test::writeFileIn(
        dir_, "arm_draft.scenario.json",
        R"({"name": "arm_draft", "model": "arm_draft.vms.json", "mode": "floating",
            "controllers": [{"type": "computed_torque", "joints": ["joint1", "ghost"],
                             "gains": {"kp": 1, "kd": 1}}],
            "duration": 1, "dt": 0.01})");
    QString error;
    QVERIFY(!ModelDocument().open(scenario, &error));
    QVERIFY2(window_->openAsDraft(scenario, &error), qPrintable(error));
    QVERIFY(doc()->isDraft());
    QStringList problems = doc()->problemMessages();
    QCOMPARE(problems.size(), 4);
    QCOMPARE(problems.mid(0, 3), first_problems_);
    QVERIFY2(problems[3].contains("ghost") && problems[3].contains("arm_draft.scenario.json"),
             qPrintable(problems[3]));
    QVERIFY(window_->draftBar()->text().startsWith("Draft: 4 problems"));
    const QString saved = dir_.filePath("saved_draft.scenario.json");
    QVERIFY2(window_->saveTo(saved, &error), qPrintable(error));
    QVERIFY(window_->openFile(test::sourcePath("models/seed004_spatial.vms.json"), &error));
    QVERIFY2(window_->openFile(saved, &error), qPrintable(error));  // reopens as a draft
    QVERIFY(doc()->isDraft());
    problems = doc()->problemMessages();
    QCOMPARE(problems.size(), 4);
    QCOMPARE(problems.mid(0, 3), first_problems_);
    QVERIFY(problems[3].contains("ghost"));
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestAppDrafts)
#include "test_app_drafts.moc"
