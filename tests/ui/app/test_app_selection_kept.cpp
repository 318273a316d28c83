// The selection survives edits: a link selected in the model tree stays selected in the tree
// and highlighted in the 3D view (by name: the body may be renumbered) after a property edit, a
// structural edit and their undo, each of which reloads the model. Opening another file
// selects nothing.
#include <QTreeWidget>
#include <QUndoStack>

#include "test_app_support.hpp"
#include "ui/document/model_document.hpp"
#include "ui/view3d/scene_view.hpp"

using namespace vms;
using namespace vms::test;

class TestAppSelectionKept : public QObject {
  Q_OBJECT
  QTemporaryDir autosave_;
  std::unique_ptr<ui::MainWindow> window_;

  /// Whether `name` is the tree's current link row and the 3D view's highlighted body.
  QString selectionProblem(const QString& name) const {
    const Model& model = window_->document()->scenario().model;
    const int body = model.bodyIndex(name.toStdString());
    const int shown = window_->sceneView()->selectedBody();
    if (body < 0 || shown != body)
      return QString("3D view highlights body %1, '%2' is body %3").arg(shown).arg(name).arg(body);
    const QTreeWidgetItem* row =
        window_->findChild<ui::ModelTreePanel*>()->treeWidget()->currentItem();
    if (!row || row->text(0) != name)
      return QString("tree row '%1', expected '%2'").arg(row ? row->text(0) : "none", name);
    return {};
  }

 private slots:
  void initTestCase() {
    isolateSettings("test_app_selection_kept", autosave_.path());
    window_ = shownWindow();
    window_->setDialogs(false);
  }

  void selectionSurvivesEdits() {
    const QString problem = openShowingFirstFrame(*window_, "models/seed004_spatial.vms.json");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    ui::ModelDocument* doc = window_->document();
    auto* tree = window_->findChild<ui::ModelTreePanel*>();
    QVERIFY(tree);
    const Model& model = doc->scenario().model;
    const QString name = QString::fromStdString(model.body_names[size_t(model.nbodies - 1)]);
    const QString vehicle = QString::fromStdString(model.body_names[0]);
    QVERIFY(tree->selectItem(ui::ModelTreePanel::RowKind::Link, name));
    QVERIFY2(selectionProblem(name).isEmpty(), qPrintable(selectionProblem(name)));

    int link = -1;
    for (size_t i = 0; i < doc->description().links.size(); ++i)
      if (doc->description().links[i].name == name.toStdString()) link = int(i);
    QVERIFY(link >= 0);
    QString error;
    VecX mass(1);
    mass << 3.25;
    QVERIFY2(doc->setLinkProperty(link, ui::LinkProperty::Mass, mass, &error), qPrintable(error));
    QVERIFY2(selectionProblem(name).isEmpty(), qPrintable(selectionProblem(name)));
    QVERIFY2(doc->addChildLink(vehicle, JointKind::Revolute, nullptr, &error), qPrintable(error));
    QCOMPARE(doc->scenario().model.nbodies, model.nbodies + 1);
    QVERIFY2(selectionProblem(name).isEmpty(), qPrintable(selectionProblem(name)));
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QVERIFY(!doc->isModified());
    QVERIFY2(selectionProblem(name).isEmpty(), qPrintable(selectionProblem(name)));

    const QString other = openShowingFirstFrame(*window_, "models/seed004_planar.urdf");
    QVERIFY2(other.isEmpty(), qPrintable(other));
    QCOMPARE(window_->sceneView()->selectedBody(), -1);
  }
};

QTEST_MAIN(TestAppSelectionKept)
#include "test_app_selection_kept.moc"
