#include "ui/panels/dh_table_editor.hpp"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <set>

#include "core/io/dh_table.hpp"
#include "core/io/vms_json.hpp"
#include "ui/document/dh_start.hpp"
#include "ui/document/model_document.hpp"
#include "ui/document/number_text.hpp"
#include "ui/panels/message_label.hpp"

namespace vms::ui {

namespace {

/// The angle in degrees as the file gives it (or converted from radians).
double degrees(double radians, double given_degrees) {
  return std::isfinite(given_degrees) ? given_degrees : radians / kDegree;
}

const char* kHeaders[DhTableEditor::ColumnCount] = {"link",  "joint",     "d (m)", "α (°)", "a (m)",
                                                    "b (m)", "mass (kg)", "Ixx",   "Iyy",   "Izz"};

const char* kTips[DhTableEditor::ColumnCount] = {
    "Link name",
    "Name of the joint before this link (joint i, about z of J_i)",
    "d_i: offset along z of J_i from joint i to the link's CoM frame L_i",
    "α_i: twist about x from J_i to L_i (and to J_i+1), in degrees",
    "a_i: distance along x of L_i from joint i to the link's centre of mass",
    "b_i: distance along x of L_i from the centre of mass to joint i+1",
    "Link mass",
    "Moment of inertia about x of L_i (kg m², about the centre of mass)",
    "Moment of inertia about y of L_i (kg m²)",
    "Moment of inertia about z of L_i (kg m²)"};

const char* kMountLabels[DhTableEditor::MountFieldCount] = {"b₀ x (m)", "b₀ y (m)", "b₀ z (m)",
                                                            "ε (°)",    "ζ (°)",    "η (°)"};

}  // namespace

DhTableEditor::DhTableEditor(ModelDocument* document, QWidget* parent)
    : QDialog(parent), document_(document) {
  setObjectName("dhTableEditor");
  setWindowTitle(tr("DH table"));
  setModal(false);

  auto* mount_box =
      new QGroupBox(tr("Mount of joint 1 on the base: J₁ = J₀ · [Rz(η) Ry(ζ) Rx(ε), b₀]"), this);
  auto* mount_layout = new QHBoxLayout(mount_box);
  for (int f = 0; f < MountFieldCount; ++f) {
    auto* form = new QFormLayout;
    mount_[f] = new QLineEdit(mount_box);
    mount_[f]->setObjectName(QString("dhMount%1").arg(f));
    mount_[f]->setMinimumWidth(70);
    form->addRow(tr(kMountLabels[f]), mount_[f]);
    mount_layout->addLayout(form);
    connect(mount_[f], &QLineEdit::editingFinished, this, [this, f] {
      if (!filling_ && mount_[f]->isModified()) setMountField(MountField(f), mount_[f]->text());
    });
  }

  table_ = new QTableWidget(0, ColumnCount, this);
  table_->setObjectName("dhTable");
  for (int c = 0; c < ColumnCount; ++c) {
    auto* header = new QTableWidgetItem(tr(kHeaders[c]));
    header->setToolTip(tr(kTips[c]));
    table_->setHorizontalHeaderItem(c, header);
  }
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  connect(table_, &QTableWidget::itemChanged, this, &DhTableEditor::onItemChanged);

  add_ = new QPushButton(tr("Add link"), this);
  add_->setToolTip(tr("Append a copy of the last link (new link and joint names)"));
  start_ = new QPushButton(tr("Start a DH table"), this);
  start_->setObjectName("dhStart");
  connect(start_, &QPushButton::clicked, this, [this] { startTable(); });
  remove_ = new QPushButton(tr("Remove last link"), this);
  connect(add_, &QPushButton::clicked, this, [this] { addLink(); });
  connect(remove_, &QPushButton::clicked, this, [this] { removeLastLink(); });
  auto* close = new QPushButton(tr("Close"), this);
  connect(close, &QPushButton::clicked, this, &QDialog::close);
  status_ = new MessageLabel(this);
  status_->setObjectName("dhStatus");

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(start_);
  buttons->addWidget(add_);
  buttons->addWidget(remove_);
  buttons->addStretch(1);
  buttons->addWidget(close);
  auto* layout = new QVBoxLayout(this);
  auto* convention = new QLabel(
      tr("Seed 004's convention: J_i+1 = J_i · A(q_i, d_i, α_i, a_i + b_i), the link's CoM "
         "frame L_i = J_i · A(q_i, d_i, α_i, a_i), A(β, u, γ, w) = Rz(β) Trans(w, 0, u) Rx(γ). "
         "Each change is one undo step; Save keeps the table."),
      this);
  convention->setWordWrap(true);
  layout->addWidget(convention);
  layout->addWidget(mount_box);
  layout->addWidget(table_, 1);
  layout->addWidget(status_);
  layout->addLayout(buttons);
  resize(900, 420);

  connect(document_, &ModelDocument::opened, this, &DhTableEditor::refresh);
  connect(document_, &ModelDocument::modelChanged, this, &DhTableEditor::refresh);
  refresh();
}

bool DhTableEditor::editable() const {
  return document_->isOpen() && document_->description().dh &&
         keepsDhForm(document_->description());
}

QString DhTableEditor::statusText() const { return status_->text(); }

void DhTableEditor::refresh() {
  filling_ = true;
  const bool ok = editable();
  table_->setEnabled(ok);
  add_->setEnabled(ok);
  for (QLineEdit* e : mount_) e->setEnabled(ok);
  const bool can_start = document_->isOpen() && !document_->description().dh;
  start_->setVisible(can_start);
  if (!ok) {
    table_->setRowCount(0);
    for (QLineEdit* e : mount_) e->clear();
    remove_->setEnabled(false);
    std::string why;
    const bool startable = can_start && dhTableOfModel(document_->description(), &why);
    start_->setEnabled(startable);
    start_->setToolTip(startable ? tr("Write the model's chain as a DH table (one undo step)")
                                 : QString::fromStdString(why));
    status_->setText(
        !document_->isOpen() ? tr("No model open.")
        : startable ? tr("This model is not written as a DH table yet. Its vehicle and joints "
                         "can be: 'Start a DH table' writes them as one, to edit here.")
        : can_start ? tr("This model is not written as a DH table and cannot be: %1 (its links "
                         "and joints are edited in the inspector).")
                          .arg(QString::fromStdString(why))
                    : tr("The DH links were edited one by one in the inspector, so the model is "
                         "no longer in DH form: undo those edits to edit the table."));
    filling_ = false;
    return;
  }
  const DhTable& t = *document_->description().dh;
  const double mount[MountFieldCount] = {t.b0.x(),
                                         t.b0.y(),
                                         t.b0.z(),
                                         degrees(t.epsilon, t.epsilon_deg),
                                         degrees(t.zeta, t.zeta_deg),
                                         degrees(t.eta, t.eta_deg)};
  for (int f = 0; f < MountFieldCount; ++f) {
    mount_[f]->setText(numberText(mount[f]));
    mount_[f]->setModified(false);
  }
  table_->setRowCount(int(t.links.size()));
  for (size_t i = 0; i < t.links.size(); ++i) {
    const DhLink& l = t.links[i];
    const QString cells[ColumnCount] = {QString::fromStdString(dhLinkName(t, i)),
                                        QString::fromStdString(dhJointName(t, i)),
                                        numberText(l.d),
                                        numberText(degrees(l.alpha, l.alpha_deg)),
                                        numberText(l.a),
                                        numberText(l.b),
                                        numberText(l.mass),
                                        numberText(l.inertia(0, 0)),
                                        numberText(l.inertia(1, 1)),
                                        numberText(l.inertia(2, 2))};
    for (int c = 0; c < ColumnCount; ++c) {
      QTableWidgetItem* item = table_->item(int(i), c);
      if (!item) {
        item = new QTableWidgetItem;
        table_->setItem(int(i), c, item);
      }
      item->setText(cells[c]);
    }
  }
  remove_->setEnabled(!t.links.empty());
  if (problem_.isEmpty())
    status_->setText(
        tr("%1 links; base '%2'.").arg(t.links.size()).arg(QString::fromStdString(t.base_name)));
  filling_ = false;
}

void DhTableEditor::showProblem(const QString& problem) {
  problem_ = problem;
  status_->setMessage(problem.isEmpty() ? QString() : tr("Refused: %1").arg(problem));
}

bool DhTableEditor::commit(const DhTable& table, const QString& what) {
  QString error;
  if (!document_->setDhTable(table, what, &error)) {
    showProblem(error);
    refresh();  // the cell shows the value in effect again
    return false;
  }
  showProblem(QString());
  refresh();
  return true;
}

void DhTableEditor::onItemChanged(QTableWidgetItem* item) {
  if (filling_ || !item) return;
  setCell(item->row(), Column(item->column()), item->text());
}

bool DhTableEditor::setCell(int row, Column column, const QString& text) {
  if (!editable()) {
    showProblem(tr("the model has no editable DH table"));
    return false;
  }
  DhTable t = *document_->description().dh;
  if (row < 0 || row >= int(t.links.size()) || column < 0 || column >= ColumnCount) {
    showProblem(tr("no such cell"));
    return false;
  }
  DhLink& l = t.links[size_t(row)];
  const QString link = QString::fromStdString(dhLinkName(t, size_t(row)));
  if (column == Name || column == Joint) {
    const QString name = text.trimmed();
    if (name.isEmpty()) {
      showProblem(tr("a name cannot be empty"));
      refresh();
      return false;
    }
    (column == Name ? l.name : l.joint_name) = name.toStdString();
    return commit(t, column == Name ? tr("Rename DH link '%1' to '%2'").arg(link, name)
                                    : tr("Rename DH joint to '%1'").arg(name));
  }
  const std::optional<double> value = parseNumberText(text);
  if (!value) {
    showProblem(tr("'%1' is not a number").arg(text));
    refresh();
    return false;
  }
  switch (column) {
    case D:
      l.d = *value;
      break;
    case AlphaDeg:
      l.alpha_deg = *value;
      l.alpha = *value * kDegree;
      break;
    case A:
      l.a = *value;
      break;
    case B:
      l.b = *value;
      break;
    case Mass:
      l.mass = *value;
      break;
    case Ixx:
    case Iyy:
    case Izz:
      l.inertia(column - Ixx, column - Ixx) = *value;
      break;
    default:
      break;
  }
  return commit(t, tr("Set %1 of DH link '%2' to %3")
                       .arg(QString(kHeaders[column]).section(' ', 0, 0), link, text.trimmed()));
}

bool DhTableEditor::setMountField(MountField field, const QString& text) {
  if (!editable()) {
    showProblem(tr("the model has no editable DH table"));
    return false;
  }
  const std::optional<double> value = parseNumberText(text);
  if (!value || field < 0 || field >= MountFieldCount) {
    showProblem(tr("'%1' is not a number").arg(text));
    refresh();
    return false;
  }
  DhTable t = *document_->description().dh;
  switch (field) {
    case B0x:
    case B0y:
    case B0z:
      t.b0[field - B0x] = *value;
      break;
    case EpsilonDeg:
      t.epsilon_deg = *value;
      t.epsilon = *value * kDegree;
      break;
    case ZetaDeg:
      t.zeta_deg = *value;
      t.zeta = *value * kDegree;
      break;
    case EtaDeg:
      t.eta_deg = *value;
      t.eta = *value * kDegree;
      break;
    default:
      break;
  }
  return commit(t, tr("Set %1 of the DH mount to %2")
                       .arg(QString(kMountLabels[field]).section(' ', 0, 1), text.trimmed()));
}

bool DhTableEditor::addLink() {
  if (!editable()) {
    showProblem(tr("the model has no editable DH table"));
    return false;
  }
  DhTable t = *document_->description().dh;
  if (t.links.empty()) {  // a table started on a vehicle alone
    t.links.push_back(firstDhLink(document_->description()));
    return commit(t, tr("Add DH link '%1'").arg(QString::fromStdString(t.links.back().name)));
  }
  DhLink l = t.links.back();
  // Names not used anywhere in the model.
  std::set<std::string> used;
  for (const LinkDescription& x : document_->description().links) used.insert(x.name);
  for (const JointDescription& x : document_->description().joints) used.insert(x.name);
  for (const FrameDescription& x : document_->description().frames) used.insert(x.name);
  int k = int(t.links.size()) + 1;
  while (used.count("link" + std::to_string(k)) || used.count("joint" + std::to_string(k))) ++k;
  l.name = "link" + std::to_string(k);
  l.joint_name = "joint" + std::to_string(k);
  t.links.push_back(l);
  return commit(t, tr("Add DH link '%1'").arg(QString::fromStdString(l.name)));
}

bool DhTableEditor::removeLastLink() {
  if (!editable()) {
    showProblem(tr("the model has no editable DH table"));
    return false;
  }
  DhTable t = *document_->description().dh;
  if (t.links.empty()) {
    showProblem(tr("the table has no links"));
    return false;
  }
  const QString name = QString::fromStdString(dhLinkName(t, t.links.size() - 1));
  t.links.pop_back();
  return commit(t, tr("Remove DH link '%1'").arg(name));
}

bool DhTableEditor::startTable() {
  if (!document_->isOpen() || document_->description().dh) {
    showProblem(tr("the model has a DH table already"));
    return false;
  }
  std::string why;
  const std::optional<DhTable> table = dhTableOfModel(document_->description(), &why);
  if (!table) {
    showProblem(QString::fromStdString(why));
    return false;
  }
  QString error;
  if (!document_->startDhTable(*table, &error)) {
    showProblem(error);
    refresh();
    return false;
  }
  showProblem(QString());
  refresh();
  return true;
}

}  // namespace vms::ui
