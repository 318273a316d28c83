#include "ui/panels/structure_actions.hpp"

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QTreeWidget>

#include "ui/document/model_document.hpp"
#include "ui/document/qt_strings.hpp"
#include "ui/document/structure_edits.hpp"
#include "ui/panels/compose_actions.hpp"
#include "ui/panels/model_tree_panel.hpp"

namespace vms::ui {

namespace {

using RowKind = ModelTreePanel::RowKind;

const JointKind kKinds[] = {JointKind::Revolute, JointKind::Prismatic, JointKind::Continuous,
                            JointKind::Fixed};  // menu order

}  // namespace

/// What the tree's current row is, for the actions.
struct StructureActions::Current {
  bool valid = false;  // an editable row of the open document
  RowKind kind = RowKind::Link;
  QString name;   // the row's item
  QString link;   // link row: itself; joint row: its child link; frame row: its link
  QString joint;  // link row: its parent joint ("" for the root); joint row: itself
  JointKind joint_kind = JointKind::Revolute;
  bool root = false;        // the link is the vehicle
  bool loop_joint = false;  // joint row: a second parent joint of its child (a draft's loop)
  QString wheel;            // a reaction wheel's link or joint row (not `valid`: the scenario's)
};

StructureActions::StructureActions(ModelDocument* document, ModelTreePanel* tree,
                                   QWidget* dialog_parent)
    : QObject(tree), document_(document), tree_(tree), dialog_parent_(dialog_parent) {
  auto make = [this](const QString& text, const QString& name) {
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    // Active while the tree has the focus (a field's Delete key never deletes a link).
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    tree_->treeWidget()->addAction(a);
    return a;
  };
  for (JointKind kind : kKinds) {
    const QString type = QString::fromLatin1(toString(kind));
    QAction* a = make(tr("%1 joint").arg(type.left(1).toUpper() + type.mid(1)), "addChild_" + type);
    connect(a, &QAction::triggered, this, [this, kind] { addChild(kind); });
    add_child_[static_cast<int>(kind)] = a;
    QAction* t = make(type.left(1).toUpper() + type.mid(1), "jointType_" + type);
    t->setCheckable(true);
    connect(t, &QAction::triggered, this, [this, kind] { setJointType(kind); });
    joint_type_[static_cast<int>(kind)] = t;
  }
  add_child_[static_cast<int>(JointKind::Revolute)]->setShortcut(QKeySequence(Qt::Key_Insert));
  add_frame_ = make(tr("Add &frame"), "addFrame");
  duplicate_ = make(tr("D&uplicate"), "duplicate");
  duplicate_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
  delete_ = make(tr("&Delete"), "delete");
  delete_->setShortcut(QKeySequence(Qt::Key_Delete));
  rename_ = make(tr("Re&name…"), "rename");
  rename_->setShortcut(QKeySequence(Qt::Key_F2));
  reparent_ = make(tr("Re-&parent…"), "reparent");
  connect(add_frame_, &QAction::triggered, this, [this] { addFrame(); });
  connect(duplicate_, &QAction::triggered, this, [this] { duplicate(); });
  connect(delete_, &QAction::triggered, this, [this] { remove(); });
  connect(rename_, &QAction::triggered, this, [this] { rename(); });
  connect(reparent_, &QAction::triggered, this, [this] { reparent(); });
  add_wheel_ = make(tr("Add reaction &wheel"), "addWheel");
  add_thruster_ = make(tr("Add t&hruster"), "addThruster");
  connect(add_wheel_, &QAction::triggered, this, [this] {
    QString created, error;
    const bool ok = document_->addReactionWheel(&created, &error);
    if (ok) tree_->selectItem(RowKind::Link, created);
    report(ok, error);
  });
  connect(add_thruster_, &QAction::triggered, this, [this] {
    const Current c = current();
    if (!c.valid || c.kind != RowKind::Link) return;
    QString created, error;
    const bool ok = document_->addThruster(c.link, &created, &error);
    if (ok) tree_->selectItem(RowKind::Link, c.link);
    report(ok, error);
  });

  compose_ = new ComposeActions(document_, dialog_parent_, this);
  connect(compose_, &ComposeActions::refused, this, &StructureActions::refused);

  QTreeWidget* t = tree_->treeWidget();
  t->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(t, &QTreeWidget::customContextMenuRequested, this, [this, t](const QPoint& pos) {
    if (QTreeWidgetItem* item = t->itemAt(pos)) t->setCurrentItem(item);
    update();
    auto* menu = new QMenu(t);
    menu->setObjectName("modelTreeContextMenu");
    menu->setAttribute(Qt::WA_DeleteOnClose);
    addTo(menu);
    menu->popup(t->viewport()->mapToGlobal(pos));
  });
  connect(t, &QTreeWidget::currentItemChanged, this, [this] { update(); });
  if (document_) {
    connect(document_, &ModelDocument::modelChanged, this, [this] { update(); });
    connect(document_, &ModelDocument::opened, this, [this] { update(); });
  }
  update();
}

void StructureActions::addTo(QMenu* menu) {
  QMenu* add = menu->addMenu(tr("&Add child link"));
  add->setObjectName("addChildLinkMenu");
  for (JointKind kind : kKinds) add->addAction(add_child_[static_cast<int>(kind)]);
  menu->addAction(add_frame_);
  menu->addAction(duplicate_);
  menu->addAction(delete_);
  menu->addAction(rename_);
  QMenu* type = menu->addMenu(tr("Change joint &type"));
  type->setObjectName("jointTypeMenu");
  for (JointKind kind : kKinds) type->addAction(joint_type_[static_cast<int>(kind)]);
  menu->addAction(reparent_);
  menu->addSeparator();
  menu->addAction(compose_->mountArmAction());
  menu->addAction(compose_->replaceVehicleAction());
  menu->addSeparator();
  menu->addAction(add_wheel_);
  menu->addAction(add_thruster_);
  QMenu* thrusters = menu->addMenu(tr("Delete thruster"));
  thrusters->setObjectName("deleteThrusterMenu");
  connect(thrusters, &QMenu::aboutToShow, this, [this, thrusters] {
    thrusters->clear();
    if (!document_ || !document_->isOpen()) return;
    for (const ThrusterSpec& t : document_->scenarioDescription().thrusters) {
      const QString name = qstr(t.name);
      const QString on = t.link.empty() ? tr("on the vehicle") : tr("on '%1'").arg(qstr(t.link));
      thrusters->addAction(tr("%1 (%2)").arg(name, on), this, [this, name] {
        QString error;
        report(document_->deleteThruster(name, &error), error);
      });
    }
    if (thrusters->isEmpty()) thrusters->addAction(tr("(none)"))->setEnabled(false);
  });
  auto sync_thrusters = [this, thrusters] {
    thrusters->menuAction()->setEnabled(document_ && document_->isScenarioFile() &&
                                        !document_->scenarioDescription().thrusters.empty());
  };
  sync_thrusters();
  if (document_) {
    connect(document_, &ModelDocument::modelChanged, thrusters, sync_thrusters);
    connect(document_, &ModelDocument::opened, thrusters, sync_thrusters);
  }
  // A submenu is usable when one of its actions is.
  auto sync = [add, type, this] {
    add->menuAction()->setEnabled(add_child_[0]->isEnabled());
    type->menuAction()->setEnabled(joint_type_[0]->isEnabled());
  };
  sync();
  connect(add_child_[0], &QAction::changed, add, sync);
  connect(joint_type_[0], &QAction::changed, type, sync);
}

StructureActions::Current StructureActions::current() const {
  Current c;
  if (!document_ || !document_->isOpen()) return c;
  QTreeWidgetItem* item = tree_->treeWidget()->currentItem();
  if (!item) return c;
  const ModelDescription& d = document_->description();
  c.kind = static_cast<RowKind>(item->data(0, ModelTreePanel::KindRole).toInt());
  c.name = item->text(0);
  const std::string name = c.name.toStdString();
  auto parentJointOf = [&](const std::string& link) -> const JointDescription* {
    for (const auto& j : d.joints)
      if (j.child == link) return &j;
    return nullptr;
  };
  switch (c.kind) {
    case RowKind::Link: {
      bool found = false;
      for (const auto& l : d.links) found |= l.name == name;
      if (!found) {  // a reaction wheel's link (the scenario's)
        c.wheel = c.name;
        return c;
      }
      c.link = c.name;
      if (const JointDescription* j = parentJointOf(name)) {
        c.joint = qstr(j->name);
        c.joint_kind = j->kind;
      } else {  // a draft may have links without a parent joint besides the vehicle
        c.root = firstLinkWithoutParent(d) == name;
      }
      break;
    }
    case RowKind::Joint: {
      const JointDescription* j = nullptr;
      for (const auto& jd : d.joints)
        if (jd.name == name) j = &jd;
      if (!j) {  // a reaction wheel's joint
        c.wheel = c.name;
        return c;
      }
      c.joint = c.name;
      c.link = qstr(j->child);
      c.joint_kind = j->kind;
      c.loop_joint = parentJointOf(j->child) != j;
      break;
    }
    case RowKind::Frame: {
      const FrameDescription* f = nullptr;
      for (const auto& fd : d.frames)
        if (fd.name == name) f = &fd;
      if (!f) return c;
      c.link = qstr(f->link);
      break;
    }
  }
  c.valid = true;
  return c;
}

void StructureActions::update() {
  const Current c = current();
  const bool link = c.valid && c.kind == RowKind::Link;
  const bool has_joint = c.valid && c.kind != RowKind::Frame && !c.joint.isEmpty();
  for (QAction* a : add_child_) a->setEnabled(link);
  add_frame_->setEnabled(link);
  const bool open = document_ && document_->isOpen();
  compose_->mountArmAction()->setEnabled(open);
  compose_->replaceVehicleAction()->setEnabled(open);
  compose_->setCurrentLink(c.valid ? c.link : QString());
  duplicate_->setEnabled(has_joint);
  const bool unattached = c.valid && c.kind == RowKind::Link && c.joint.isEmpty() && !c.root;
  delete_->setEnabled(has_joint || unattached || (c.valid && c.kind == RowKind::Frame) ||
                      !c.wheel.isEmpty());
  const bool scenario = document_ && document_->isScenarioFile();
  add_wheel_->setEnabled(scenario && link && c.root);
  add_thruster_->setEnabled(scenario && link);
  rename_->setEnabled(c.valid);
  reparent_->setEnabled(has_joint);
  for (JointKind kind : kKinds) {
    QAction* a = joint_type_[static_cast<int>(kind)];
    a->setEnabled(has_joint);
    a->setChecked(has_joint && c.joint_kind == kind);
  }
  QString what;
  if (!c.wheel.isEmpty())
    what = tr("reaction wheel '%1'").arg(c.wheel);
  else if (c.loop_joint)
    what = tr("joint '%1'").arg(c.name);
  else if (c.valid)
    what = c.kind == RowKind::Frame ? tr("frame '%1'").arg(c.name) : tr("link '%1'").arg(c.link);
  delete_->setText(what.isEmpty() || !delete_->isEnabled() ? tr("&Delete")
                                                           : tr("&Delete %1").arg(what));
}

void StructureActions::report(bool ok, const QString& error) {
  if (!ok) emit refused(error);
}

void StructureActions::addChild(JointKind kind) {
  const Current c = current();
  if (!c.valid || c.kind != RowKind::Link) return;
  QString created, error;
  const bool ok = document_->addChildLink(c.link, kind, &created, &error);
  if (ok) tree_->selectItem(RowKind::Link, created);
  report(ok, error);
}

void StructureActions::addFrame() {
  const Current c = current();
  if (!c.valid || c.kind != RowKind::Link) return;
  QString created, error;
  const bool ok = document_->addFrame(c.link, &created, &error);
  if (ok) tree_->selectItem(RowKind::Frame, created);
  report(ok, error);
}

void StructureActions::duplicate() {
  const Current c = current();
  if (!c.valid || c.joint.isEmpty() || c.kind == RowKind::Frame) return;
  QString created, error;
  const bool ok = document_->duplicateLink(c.link, &created, &error);
  if (ok) tree_->selectItem(RowKind::Link, created);
  report(ok, error);
}

void StructureActions::remove() {
  const Current c = current();
  QString error;
  if (!c.wheel.isEmpty()) {
    const QString root = qstr(rootLinkName(document_->description()));
    const bool ok = document_->deleteReactionWheel(c.wheel, &error);
    if (ok) tree_->selectItem(RowKind::Link, root);
    report(ok, error);
    return;
  }
  if (!c.valid) return;
  bool ok = false;
  QString parent;
  if (c.kind == RowKind::Frame) {
    parent = c.link;
    ok = document_->deleteFrame(c.name, &error);
  } else if (c.loop_joint) {  // the joint alone: its child keeps its first parent joint
    parent = c.link;
    ok = document_->deleteJoint(c.name, &error);
  } else {
    for (const auto& j : document_->description().joints)
      if (qstr(j.name) == c.joint) parent = qstr(j.parent);
    ok = document_->deleteLink(c.link, &error);
  }
  if (ok) tree_->selectItem(RowKind::Link, parent);
  report(ok, error);
}

bool StructureActions::renameCurrent(const QString& new_name) {
  const Current c = current();
  if (!c.valid) return false;
  const StructureItem item = c.kind == RowKind::Link    ? StructureItem::Link
                             : c.kind == RowKind::Joint ? StructureItem::Joint
                                                        : StructureItem::Frame;
  QString error;
  const bool ok = document_->renameItem(item, c.name, new_name, &error);
  if (ok) tree_->selectItem(c.kind, new_name);
  report(ok, error);
  return ok;
}

void StructureActions::rename() {
  const Current c = current();
  if (!c.valid) return;
  bool accepted = false;
  const QString name =
      QInputDialog::getText(dialog_parent_, tr("Rename"), tr("New name of '%1':").arg(c.name),
                            QLineEdit::Normal, c.name, &accepted);
  if (accepted) renameCurrent(name);
}

void StructureActions::setJointType(JointKind kind) {
  const Current c = current();
  if (!c.valid || c.joint.isEmpty()) return;
  QString error;
  const bool ok = document_->setJointKind(c.joint, kind, &error);
  if (ok) tree_->selectItem(c.kind, c.name);
  report(ok, error);
  update();  // the checked type, refused or not
}

QStringList StructureActions::validParents() const {
  const Current c = current();
  QStringList out;
  if (!c.valid || c.joint.isEmpty()) return out;
  QString parent;
  for (const auto& j : document_->description().joints)
    if (qstr(j.name) == c.joint) parent = qstr(j.parent);
  for (const std::string& p : vms::ui::validParents(document_->description(), c.link.toStdString()))
    if (qstr(p) != parent) out << qstr(p);
  return out;
}

bool StructureActions::reparentCurrent(const QString& new_parent) {
  const Current c = current();
  if (!c.valid || c.joint.isEmpty()) return false;
  QString error;
  const bool ok = document_->reparentLink(c.link, new_parent, &error);
  if (ok) tree_->selectItem(RowKind::Link, c.link);
  report(ok, error);
  return ok;
}

void StructureActions::reparent() {
  const Current c = current();
  const QStringList parents = validParents();
  if (parents.isEmpty()) {
    emit refused(tr("link '%1' has no other link it can move under").arg(c.link));
    return;
  }
  bool accepted = false;
  const QString parent = QInputDialog::getItem(
      dialog_parent_, tr("Re-parent"), tr("Move link '%1' (and its subtree) under:").arg(c.link),
      parents, 0, false, &accepted);
  if (accepted && !parent.isEmpty()) reparentCurrent(parent);
}

}  // namespace vms::ui
