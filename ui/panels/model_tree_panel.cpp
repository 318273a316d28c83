#include "ui/panels/model_tree_panel.hpp"

#include <QHeaderView>
#include <QSignalBlocker>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <functional>
#include <set>

#include "ui/document/model_document.hpp"
#include "ui/document/qt_strings.hpp"

namespace vms::ui {

namespace {

QString axisText(const Vec3& a) {
  return QStringLiteral("axis (%1, %2, %3)")
      .arg(a.x(), 0, 'g', 6)
      .arg(a.y(), 0, 'g', 6)
      .arg(a.z(), 0, 'g', 6);
}

}  // namespace

struct ModelTreePanel::Impl {
  ModelTreePanel* self = nullptr;
  ModelDocument* document = nullptr;
  QTreeWidget* tree = nullptr;
  bool quiet = false;  // selection changes made by the program emit nothing

  QTreeWidgetItem* addRow(QTreeWidgetItem* parent, RowKind kind, int index, int body, int joint,
                          const QString& name, const QString& type, const QString& details) {
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree);
    item->setText(0, name);
    item->setText(1, type);
    item->setText(2, details);
    item->setData(0, KindRole, static_cast<int>(kind));
    item->setData(0, DescriptionIndexRole, index);
    item->setData(0, BodyRole, body);
    item->setData(0, JointIndexRole, joint);
    item->setToolTip(0, type + (details.isEmpty() ? QString() : " — " + details));
    return item;
  }

  void rebuild() {
    // Keep the selection by kind and name.
    QString selected_name;
    int selected_kind = -1;
    if (auto* item = tree->currentItem()) {
      selected_name = item->text(0);
      selected_kind = item->data(0, KindRole).toInt();
    }
    const QSignalBlocker block(tree);
    tree->clear();
    if (!document->isOpen()) return;
    const Scenario& scenario = document->scenario();
    const Model& model = scenario.model;
    // A draft's model is drawn from a stand-in (problems neutralised, unattached links left
    // out): the tree shows the description as written.
    const bool draft = document->isDraft();
    const ModelDescription& d = draft ? document->description() : model.description;
    std::set<std::string> wheels;
    for (const auto& w : scenario.reaction_wheels) wheels.insert(w.name);
    const int editable_links = static_cast<int>(document->description().links.size());
    const int editable_joints = static_cast<int>(document->description().joints.size());

    auto bodyOfLink = [&](const std::string& name) {
      const int f = model.frameIndex(name);
      return f >= 0 ? model.frames[f].body : draft ? -1 : 0;
    };
    std::vector<char> placed(d.links.size(), 0);  // a loop or second parent is shown once
    auto linkIndex = [&](const std::string& name) {
      for (size_t i = 0; i < d.links.size(); ++i)
        if (d.links[i].name == name) return static_cast<int>(i);
      return -1;
    };
    auto addLink = [&](QTreeWidgetItem* parent, int link) {
      const std::string& name = d.links[link].name;
      const int body = bodyOfLink(name);
      placed[size_t(link)] = 1;
      QString type = body == 0 && model.body_names[0] == name
                         ? QStringLiteral("vehicle (%1)").arg(qstr(toString(model.base_type)))
                         : QStringLiteral("link");
      QString details = QStringLiteral("%1 kg").arg(d.links[link].inertial.mass, 0, 'g', 6);
      if (wheels.count(name)) type = QStringLiteral("reaction wheel");
      if (body < 0)
        details += QStringLiteral(", not drawn (draft)");
      else if (model.body_names[body] != name)
        details += QStringLiteral(", fused into body '%1'").arg(qstr(model.body_names[body]));
      else
        details += QStringLiteral(", body %1").arg(body);
      if (link >= editable_links) details += QStringLiteral(" (from the scenario)");
      return addRow(parent, RowKind::Link, link, body, -1, qstr(name), type, details);
    };

    std::vector<char> shown_joint(d.joints.size(), 0), shown_frame(d.frames.size(), 0);
    auto addFrame = [&](QTreeWidgetItem* item, size_t f) {
      const FrameDescription& fd = d.frames[f];
      shown_frame[f] = 1;
      addRow(item, RowKind::Frame, static_cast<int>(f), bodyOfLink(fd.link), -1, qstr(fd.name),
             QStringLiteral("frame"),
             QStringLiteral("on '%1', at (%2, %3, %4)")
                 .arg(qstr(fd.link))
                 .arg(fd.origin.p.x(), 0, 'g', 6)
                 .arg(fd.origin.p.y(), 0, 'g', 6)
                 .arg(fd.origin.p.z(), 0, 'g', 6));
    };
    std::function<void(QTreeWidgetItem*, int)> addChildren;
    // A joint row and the subtree of its child (a link already shown, or one that does not
    // exist, is named only: a draft may have loops and dangling references).
    auto addJoint = [&](QTreeWidgetItem* item, size_t j) {
      const JointDescription& jd = d.joints[j];
      shown_joint[j] = 1;
      const int child = linkIndex(jd.child);
      const int k = model.jointIndex(jd.name);
      const int body = k >= 0 ? model.joint_body[k] : bodyOfLink(jd.child);
      QString type = QStringLiteral("%1 joint").arg(toString(jd.kind));
      if (wheels.count(jd.name)) type = QStringLiteral("reaction wheel joint");
      QString details =
          jd.kind == JointKind::Fixed ? QStringLiteral("fused") : axisText(jd.axis.normalized());
      if (jd.kind != JointKind::Fixed && jd.has_limits && jd.kind != JointKind::Continuous)
        details += QStringLiteral(", [%1, %2]").arg(jd.lower, 0, 'g', 6).arg(jd.upper, 0, 'g', 6);
      if (static_cast<int>(j) >= editable_joints) details += QStringLiteral(" (from the scenario)");
      if (child < 0)
        details += QStringLiteral(", no link '%1'").arg(qstr(jd.child));
      else if (placed[size_t(child)])
        details += QStringLiteral(", its child '%1' is shown elsewhere").arg(qstr(jd.child));
      auto* joint_item =
          addRow(item, RowKind::Joint, static_cast<int>(j), body, k, qstr(jd.name), type, details);
      if (child >= 0 && !placed[size_t(child)]) addChildren(addLink(joint_item, child), child);
    };
    addChildren = [&](QTreeWidgetItem* item, int link) {
      const std::string& name = d.links[link].name;
      for (size_t j = 0; j < d.joints.size(); ++j)
        if (d.joints[j].parent == name && !shown_joint[j]) addJoint(item, j);
      for (size_t f = 0; f < d.frames.size(); ++f)
        if (d.frames[f].link == name && !shown_frame[f]) addFrame(item, f);
    };
    int root = linkIndex(model.body_names.empty() ? std::string() : model.body_names[0]);
    if (root < 0 && !d.links.empty()) root = 0;
    if (root < 0) return;
    auto* root_item = addLink(nullptr, root);
    addChildren(root_item, root);
    // A draft's items that do not hang from the root follow it: joints from a link that does
    // not exist (with their subtrees), then other trees and loops.
    for (size_t j = 0; j < d.joints.size(); ++j)
      if (!shown_joint[j] && linkIndex(d.joints[j].parent) < 0) addJoint(nullptr, j);
    for (size_t i = 0; i < d.links.size(); ++i)
      if (!placed[i]) addChildren(addLink(nullptr, static_cast<int>(i)), static_cast<int>(i));
    for (size_t j = 0; j < d.joints.size(); ++j)
      if (!shown_joint[j]) addJoint(nullptr, j);
    for (size_t f = 0; f < d.frames.size(); ++f)
      if (!shown_frame[f]) addFrame(nullptr, f);
    if (draft) markProblems(root_item);
    tree->expandAll();
    for (int c = 0; c < 3; ++c) tree->resizeColumnToContents(c);

    if (selected_kind >= 0) {
      for (QTreeWidgetItemIterator it(tree); *it; ++it)
        if ((*it)->text(0) == selected_name && (*it)->data(0, KindRole).toInt() == selected_kind) {
          select(*it);
          break;
        }
    }
  }

  /// Marks a row: a warning icon, the reason in its tooltip and in ProblemRole.
  static void mark(QTreeWidgetItem* item, const QString& message) {
    QString all = item->data(0, ProblemRole).toString();
    if (all.split('\n').contains(message)) return;
    all += (all.isEmpty() ? QString() : QStringLiteral("\n")) + message;
    item->setData(0, ProblemRole, all);
    item->setIcon(0, item->treeWidget()->style()->standardIcon(QStyle::SP_MessageBoxWarning));
    item->setForeground(0, QBrush(QColor(190, 30, 30)));
    for (int c = 0; c < 3; ++c) item->setToolTip(c, all);
  }

  /// The row of a problem's item (an added mass: its link's row); null if none is shown.
  QTreeWidgetItem* rowOf(ModelItem item, int index, const QString& name) const {
    if (item == ModelItem::Model || index < 0) return nullptr;
    const RowKind kind = item == ModelItem::Joint   ? RowKind::Joint
                         : item == ModelItem::Frame ? RowKind::Frame
                                                    : RowKind::Link;
    for (QTreeWidgetItemIterator it(tree); *it; ++it) {
      if ((*it)->data(0, KindRole).toInt() != static_cast<int>(kind)) continue;
      if (item == ModelItem::AddedMass ? (*it)->text(0) == name
                                       : (*it)->data(0, DescriptionIndexRole).toInt() == index)
        return *it;
    }
    return nullptr;
  }

  /// Each item a draft's problem names (the model's own problems on the root row).
  void markProblems(QTreeWidgetItem* root_item) {
    for (const ModelProblem& p : document->modelProblems()) {
      QTreeWidgetItem* row = rowOf(p.item, p.index, qstr(p.name));
      mark(row ? row : root_item, qstr(p.message));
    }
  }

  void select(QTreeWidgetItem* item) {
    quiet = true;
    tree->setCurrentItem(item);
    if (!item) tree->clearSelection();
    quiet = false;
  }

  void onCurrentChanged(QTreeWidgetItem* item) {
    if (quiet || !item) return;
    const auto kind = static_cast<RowKind>(item->data(0, KindRole).toInt());
    const int index = item->data(0, DescriptionIndexRole).toInt();
    const int body = item->data(0, BodyRole).toInt();
    const int joint = item->data(0, JointIndexRole).toInt();
    emit self->bodySelected(body);
    if (kind == RowKind::Link) {
      const bool editable = index < static_cast<int>(document->description().links.size());
      emit self->linkSelected(editable ? index : -1);
    } else if (kind == RowKind::Joint) {
      const bool editable = index < static_cast<int>(document->description().joints.size());
      if (joint >= 0) emit self->jointSelected(joint);
      emit self->descriptionJointSelected(editable ? index : -1);
    }
  }
};

ModelTreePanel::ModelTreePanel(ModelDocument* document, QWidget* parent)
    : QWidget(parent), impl_(std::make_unique<Impl>()) {
  impl_->self = this;
  impl_->document = document;
  impl_->tree = new QTreeWidget(this);
  impl_->tree->setObjectName("modelTree");
  impl_->tree->setColumnCount(3);
  impl_->tree->setHeaderLabels({tr("Name"), tr("Type"), tr("Details")});
  impl_->tree->setSelectionMode(QAbstractItemView::SingleSelection);
  impl_->tree->setUniformRowHeights(true);
  impl_->tree->setIndentation(12);  // a 7-link chain nests 14 levels deep
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(impl_->tree);
  connect(impl_->tree, &QTreeWidget::currentItemChanged, this,
          [this](QTreeWidgetItem* item) { impl_->onCurrentChanged(item); });
  if (document) {
    connect(document, &ModelDocument::opened, this, [this] {
      impl_->tree->setCurrentItem(nullptr);
      impl_->rebuild();
    });
    connect(document, &ModelDocument::modelChanged, this, [this] { impl_->rebuild(); });
    // A refused edit marks its item until the next change rebuilds the tree.
    connect(document, &ModelDocument::editRefused, this,
            [this](int item, int index, const QString& message) {
              const auto kind = static_cast<ModelItem>(item);
              const QString name =
                  kind == ModelItem::AddedMass && index >= 0 &&
                          index < static_cast<int>(impl_->document->description().added_mass.size())
                      ? qstr(impl_->document->description().added_mass[size_t(index)].link)
                      : QString();
              if (QTreeWidgetItem* row = impl_->rowOf(kind, index, name)) Impl::mark(row, message);
            });
    impl_->rebuild();
  }
}

ModelTreePanel::~ModelTreePanel() = default;

QTreeWidget* ModelTreePanel::treeWidget() const { return impl_->tree; }

void ModelTreePanel::setSelectedBody(int body) {
  if (body < 0 || !impl_->document || !impl_->document->isOpen()) {
    impl_->select(nullptr);
    return;
  }
  const Model& model = impl_->document->scenario().model;
  if (body >= model.nbodies) return;
  const QString name = qstr(model.body_names[body]);
  for (QTreeWidgetItemIterator it(impl_->tree); *it; ++it)
    if ((*it)->data(0, KindRole).toInt() == static_cast<int>(RowKind::Link) &&
        (*it)->text(0) == name) {
      impl_->select(*it);
      impl_->tree->scrollToItem(*it);
      return;
    }
}

bool ModelTreePanel::selectItem(RowKind kind, const QString& name) {
  for (QTreeWidgetItemIterator it(impl_->tree); *it; ++it)
    if ((*it)->data(0, KindRole).toInt() == static_cast<int>(kind) && (*it)->text(0) == name) {
      impl_->tree->setCurrentItem(*it);
      impl_->tree->scrollToItem(*it);
      return true;
    }
  return false;
}

}  // namespace vms::ui
