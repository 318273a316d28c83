#include "ui/panels/property_inspector.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <functional>
#include <vector>

#include "ui/document/description_edits.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/number_text.hpp"
#include "ui/document/qt_strings.hpp"
#include "ui/panels/link_shape_editor.hpp"
#include "ui/panels/message_label.hpp"
#include "ui/panels/system_mass_text.hpp"

namespace vms::ui {

namespace {

constexpr const auto& kBaseTypes = kAllBaseTypes;

/// The line edits of one property, committed together.
struct FieldGroup {
  bool link = true;
  int property = 0;  // LinkProperty or JointProperty
  std::vector<QLineEdit*> fields;
  std::vector<QString> shown;  // text last set by the program (unchanged fields commit nothing)
};

}  // namespace

struct PropertyInspector::Impl {
  PropertyInspector* self = nullptr;
  ModelDocument* document = nullptr;
  int link = -1, joint = -1;
  QLabel* title = nullptr;
  MessageLabel* problem = nullptr;
  QStackedWidget* pages = nullptr;
  QLabel* empty_page = nullptr;
  QWidget* link_page = nullptr;
  QWidget* joint_page = nullptr;
  QLabel* joint_type = nullptr;
  QCheckBox* limits = nullptr;
  QComboBox* base_type = nullptr;
  QLabel* base_type_label = nullptr;
  std::vector<FieldGroup> groups;
  LinkShapeEditor* shapes = nullptr;  // added: the link's shapes, "Compute from shapes"
  QLabel* system_mass = nullptr;      // added: total mass and system CoM, live

  QLineEdit* newField(const QString& name, FieldGroup& group) {
    auto* edit = new QLineEdit;
    edit->setObjectName(name);
    edit->setMinimumWidth(60);
    group.fields.push_back(edit);
    group.shown.emplace_back();
    return edit;
  }

  /// One form row of `names.size()` fields for a property.
  void addRow(QFormLayout* form, const QString& label, bool is_link, int property,
              const QStringList& names) {
    FieldGroup group;
    group.link = is_link;
    group.property = property;
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const QString& n : names) layout->addWidget(newField(n, group));
    form->addRow(label, row);
    groups.push_back(group);
  }

  void build() {
    // Scrolled: the fields need more height than a docked column has beside the model tree,
    // and without a scroll area the inspector's minimum height squeezed the tree to three rows.
    auto* outer = new QVBoxLayout(self);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea;
    scroll->setObjectName("propertyScroll");
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget;
    scroll->setWidget(content);
    outer->addWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    title = new QLabel;
    title->setObjectName("title");
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    problem = new MessageLabel;
    problem->setObjectName("problem");
    problem->setStyleSheet("QLabel { color: #c0392b; }");
    problem->hide();
    pages = new QStackedWidget;
    empty_page = new QLabel(tr("Select a link or joint in the model tree."));
    empty_page->setWordWrap(true);
    empty_page->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    pages->addWidget(empty_page);

    link_page = new QWidget;
    auto* lf = new QFormLayout(link_page);
    base_type_label = new QLabel(tr("Vehicle type"));
    base_type = new QComboBox;
    base_type->setObjectName("baseType");
    for (BaseType t : kBaseTypes) base_type->addItem(qstr(toString(t)));
    lf->addRow(base_type_label, base_type);
    addRow(lf, tr("Mass (kg)"), true, int(LinkProperty::Mass), {"mass"});
    addRow(lf, tr("CoM (m)"), true, int(LinkProperty::CenterOfMass), {"com.x", "com.y", "com.z"});
    // Inertia: one property of six entries, shown on two rows (diagonal, products).
    FieldGroup inertia;
    inertia.link = true;
    inertia.property = int(LinkProperty::Inertia);
    for (int r = 0; r < 2; ++r) {
      auto* row = new QWidget;
      auto* h = new QHBoxLayout(row);
      h->setContentsMargins(0, 0, 0, 0);
      const QStringList names = r == 0 ? QStringList{"inertia.ixx", "inertia.iyy", "inertia.izz"}
                                       : QStringList{"inertia.ixy", "inertia.ixz", "inertia.iyz"};
      for (const QString& n : names) h->addWidget(newField(n, inertia));
      lf->addRow(r == 0 ? tr("Ixx Iyy Izz") : tr("Ixy Ixz Iyz"), row);
    }
    groups.push_back(inertia);
    shapes = new LinkShapeEditor(document);
    lf->addRow(shapes);
    pages->addWidget(link_page);

    joint_page = new QWidget;
    auto* jf = new QFormLayout(joint_page);
    joint_type = new QLabel;
    joint_type->setObjectName("jointType");
    jf->addRow(tr("Type"), joint_type);
    addRow(jf, tr("Axis"), false, int(JointProperty::Axis), {"axis.x", "axis.y", "axis.z"});
    addRow(jf, tr("Origin xyz (m)"), false, int(JointProperty::OriginXyz),
           {"origin.x", "origin.y", "origin.z"});
    addRow(jf, tr("Origin rpy (rad)"), false, int(JointProperty::OriginRpy),
           {"origin.roll", "origin.pitch", "origin.yaw"});
    limits = new QCheckBox(tr("position limits apply"));
    limits->setObjectName("limits");
    jf->addRow(tr("Limits"), limits);
    addRow(jf, tr("Lower"), false, int(JointProperty::Lower), {"lower"});
    addRow(jf, tr("Upper"), false, int(JointProperty::Upper), {"upper"});
    addRow(jf, tr("Effort (0: ∞)"), false, int(JointProperty::Effort), {"effort"});
    addRow(jf, tr("Velocity (0: ∞)"), false, int(JointProperty::Velocity), {"velocity"});
    addRow(jf, tr("Damping"), false, int(JointProperty::Damping), {"damping"});
    pages->addWidget(joint_page);

    // The problem of a refused edit goes below the fields: shown above them it pushed every
    // field down, and the next click landed in the wrong one.
    layout->addWidget(title);
    system_mass = new QLabel;
    system_mass->setObjectName("systemMass");
    system_mass->setWordWrap(true);
    system_mass->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(system_mass);
    layout->addWidget(pages);
    layout->addWidget(problem);
    layout->addStretch(1);

    for (size_t g = 0; g < groups.size(); ++g)
      for (QLineEdit* f : groups[g].fields)
        connect(f, &QLineEdit::editingFinished, self, [this, g] { commit(g); });
    connect(limits, &QCheckBox::toggled, self, [this](bool on) { commitLimits(on); });
    connect(base_type, &QComboBox::activated, self, [this](int i) { commitBaseType(i); });
    connect(shapes, &LinkShapeEditor::problem, self,
            [this](const QString& text) { showProblem(text); });
  }

  void showProblem(const QString& text) {
    problem->setMessage(text);
    problem->setVisible(!text.isEmpty());
    if (!text.isEmpty()) emit self->message(text);
  }

  bool groupVisible(const FieldGroup& g) const { return g.link ? (link >= 0) : (joint >= 0); }

  VecX currentValue(const FieldGroup& g) const {
    const ModelDescription& d = document->description();
    return g.link ? linkPropertyValue(d, link, LinkProperty(g.property))
                  : jointPropertyValue(d, joint, JointProperty(g.property));
  }

  void fill(FieldGroup& g) {
    const VecX v = currentValue(g);
    const double scale = v.size() > 0 ? v.cwiseAbs().maxCoeff() : 0.0;
    for (size_t i = 0; i < g.fields.size(); ++i) {
      // Shown at a precision that means something; untouched, the exact value is kept.
      g.shown[i] = displayNumberText(v[static_cast<Eigen::Index>(i)], scale);
      const QSignalBlocker block(g.fields[i]);
      g.fields[i]->setText(g.shown[i]);
      g.fields[i]->setCursorPosition(0);
    }
  }

  /// Shows what is selected, with the document's current values.
  void refresh() {
    const bool open = document && document->isOpen();
    const ModelDescription* d = open ? &document->description() : nullptr;
    if (!d || link >= static_cast<int>(d->links.size())) link = -1;
    if (!d || joint >= static_cast<int>(d->joints.size())) joint = -1;
    if (link >= 0) {
      const LinkDescription& l = d->links[link];
      title->setText(tr("Link '%1'").arg(qstr(l.name)));
      const bool vehicle = document->scenario().model.body_names.at(0) == l.name;
      base_type->setVisible(vehicle);
      base_type_label->setVisible(vehicle);
      const QSignalBlocker block(base_type);
      base_type->setCurrentIndex(static_cast<int>(d->base_type));
      pages->setCurrentWidget(link_page);
    } else if (joint >= 0) {
      const JointDescription& j = d->joints[joint];
      title->setText(tr("Joint '%1'").arg(qstr(j.name)));
      joint_type->setText(
          tr("%1, '%2' → '%3'").arg(toString(j.kind), qstr(j.parent), qstr(j.child)));
      const QSignalBlocker block(limits);
      limits->setChecked(j.has_limits);
      limits->setEnabled(j.kind == JointKind::Revolute || j.kind == JointKind::Prismatic);
      pages->setCurrentWidget(joint_page);
    } else {
      if (title->text().isEmpty() || !empty_page->property("keepTitle").toBool()) title->clear();
      pages->setCurrentWidget(empty_page);
    }
    for (FieldGroup& g : groups)
      if (groupVisible(g)) fill(g);
    shapes->setLink(link);
    system_mass->setText(open ? systemMassText(document->scenario()) : QString());
    system_mass->setVisible(open);
  }

  void revert(FieldGroup& g) {
    for (size_t i = 0; i < g.fields.size(); ++i) {
      const QSignalBlocker block(g.fields[i]);
      g.fields[i]->setText(g.shown[i]);
    }
  }

  void commit(size_t index) {
    FieldGroup& g = groups[index];
    if (!groupVisible(g) || !document || !document->isOpen()) return;
    bool changed = false;
    VecX value = currentValue(g);
    for (size_t i = 0; i < g.fields.size(); ++i) {
      const QString text = g.fields[i]->text();
      if (text.trimmed() == g.shown[i]) continue;  // untouched: keep the exact value
      const auto x = parseNumberText(text);
      if (!x) {
        showProblem(tr("'%1' is not a number").arg(text.trimmed()));
        revert(g);
        return;
      }
      value[static_cast<Eigen::Index>(i)] = *x;
      changed = true;
    }
    if (!changed) return;
    QString error;
    const bool ok =
        g.link ? document->setLinkProperty(link, LinkProperty(g.property), value, &error)
               : document->setJointProperty(joint, JointProperty(g.property), value, &error);
    if (!ok) {
      showProblem(error);
      revert(g);
      return;
    }
    showProblem({});
    fill(g);  // also when the edit changed nothing (e.g. the same value typed differently)
  }

  void commitLimits(bool on) {
    if (joint < 0 || !document) return;
    QString error;
    if (!document->setJointProperty(joint, JointProperty::LimitsEnabled, VecX::Constant(1, on),
                                    &error)) {
      showProblem(error);
      const QSignalBlocker block(limits);
      limits->setChecked(!on);
      return;
    }
    showProblem({});
  }

  void commitBaseType(int index) {
    if (link < 0 || !document || index < 0 || index >= 6) return;
    QString error;
    if (!document->setBaseType(kBaseTypes[index], &error)) {
      showProblem(error);
      const QSignalBlocker block(base_type);
      base_type->setCurrentIndex(static_cast<int>(document->description().base_type));
      return;
    }
    showProblem({});
  }
};

PropertyInspector::PropertyInspector(ModelDocument* document, QWidget* parent)
    : QWidget(parent), impl_(std::make_unique<Impl>()) {
  impl_->self = this;
  impl_->document = document;
  impl_->build();
  if (document) {
    connect(document, &ModelDocument::opened, this, [this] {
      impl_->link = impl_->joint = -1;
      impl_->showProblem({});
      impl_->refresh();
    });
    connect(document, &ModelDocument::modelChanged, this, [this] { impl_->refresh(); });
  }
  impl_->refresh();
}

PropertyInspector::~PropertyInspector() = default;

void PropertyInspector::showLink(int link) {
  impl_->link = link;
  impl_->joint = -1;
  impl_->problem->hide();
  impl_->refresh();
}

void PropertyInspector::showJoint(int joint) {
  impl_->joint = joint;
  impl_->link = -1;
  impl_->problem->hide();
  impl_->refresh();
}

void PropertyInspector::showBody(int body) {
  if (!impl_->document || !impl_->document->isOpen()) return showLink(-1);
  const Model& model = impl_->document->scenario().model;
  if (body < 0 || body >= model.nbodies) return showLink(-1);
  const auto& links = impl_->document->description().links;
  for (size_t i = 0; i < links.size(); ++i)
    if (links[i].name == model.body_names[body]) return showLink(static_cast<int>(i));
  // A body the scenario adds (reaction wheel): not editable here.
  showLink(-1);
  impl_->title->setText(tr("'%1': defined by the scenario (reaction wheel), not editable here")
                            .arg(qstr(model.body_names[body])));
}

int PropertyInspector::shownLink() const { return impl_->link; }
int PropertyInspector::shownJoint() const { return impl_->joint; }
QString PropertyInspector::problemText() const {
  return impl_->problem->isVisible() || !impl_->problem->isHidden() ? impl_->problem->text()
                                                                    : QString();
}

}  // namespace vms::ui
