#include "ui/panels/compose_actions.hpp"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <cmath>

#include "ui/document/model_document.hpp"
#include "ui/document/number_text.hpp"

namespace vms::ui {

namespace {

QDoubleSpinBox* spinBox(double range, double step, const QString& suffix, QWidget* parent) {
  auto* box = new QDoubleSpinBox(parent);
  box->setRange(-range, range);
  box->setDecimals(4);
  box->setSingleStep(step);
  box->setSuffix(suffix);
  return box;
}

/// The attachment point, the placement (xyz in m, roll-pitch-yaw in degrees as in URDF) and,
/// for an arm, a name prefix. False when cancelled.
struct PlacementChoice {
  QString link;
  Pose placement;
  QString prefix;
};

bool askPlacement(QWidget* parent, const QString& title, const QString& file,
                  const QStringList& points, const QString& first_point, bool with_prefix,
                  PlacementChoice* out) {
  QDialog dialog(parent);
  dialog.setWindowTitle(title);
  auto* form = new QFormLayout(&dialog);
  form->addRow(QObject::tr("File:"), new QLabel(QFileInfo(file).fileName(), &dialog));
  auto* at = new QComboBox(&dialog);
  at->addItems(points);
  at->setCurrentText(first_point);
  form->addRow(QObject::tr("Attach to (link or frame):"), at);
  QDoubleSpinBox* xyz[3];
  QDoubleSpinBox* rpy[3];
  auto* position = new QHBoxLayout;
  auto* rotation = new QHBoxLayout;
  for (int i = 0; i < 3; ++i) {
    xyz[i] = spinBox(1e3, 0.05, QObject::tr(" m"), &dialog);
    rpy[i] = spinBox(360.0, 15.0, QObject::tr(" °"), &dialog);
    position->addWidget(xyz[i]);
    rotation->addWidget(rpy[i]);
  }
  form->addRow(QObject::tr("Position x, y, z:"), position);
  form->addRow(QObject::tr("Roll, pitch, yaw:"), rotation);
  QLineEdit* prefix = nullptr;
  if (with_prefix) {
    prefix = new QLineEdit(&dialog);
    prefix->setPlaceholderText(QObject::tr("e.g. right_ (needed when names clash)"));
    form->addRow(QObject::tr("Name prefix:"), prefix);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return false;
  out->link = at->currentText();
  out->placement.p = Vec3(xyz[0]->value(), xyz[1]->value(), xyz[2]->value());
  // URDF roll-pitch-yaw: R = Rz(yaw) Ry(pitch) Rx(roll).
  out->placement.R = (Eigen::AngleAxisd(rpy[2]->value() * kDegree, Vec3::UnitZ()) *
                      Eigen::AngleAxisd(rpy[1]->value() * kDegree, Vec3::UnitY()) *
                      Eigen::AngleAxisd(rpy[0]->value() * kDegree, Vec3::UnitX()))
                         .toRotationMatrix();
  out->prefix = prefix ? prefix->text() : QString();
  return true;
}

QStringList attachmentPoints(const ModelDescription& d) {
  QStringList points;
  for (const LinkDescription& l : d.links) points << QString::fromStdString(l.name);
  for (const FrameDescription& f : d.frames) points << QString::fromStdString(f.name);
  return points;
}

const char* kModelFilter = "Models (*.urdf *.vms.json);;All files (*)";

}  // namespace

ComposeActions::ComposeActions(ModelDocument* document, QWidget* dialog_parent, QObject* parent)
    : QObject(parent), document_(document), dialog_parent_(dialog_parent) {
  mount_ = new QAction(tr("&Mount arm…"), this);
  mount_->setObjectName("mountArm");
  mount_->setToolTip(tr("Attach another model file (a URDF arm) to a link or frame of this one"));
  replace_ = new QAction(tr("Replace &vehicle…"), this);
  replace_->setObjectName("replaceVehicle");
  replace_->setToolTip(tr("Put this model's arms on the vehicle of another model file"));
  connect(mount_, &QAction::triggered, this, [this] { askMountArm(); });
  connect(replace_, &QAction::triggered, this, [this] { askReplaceVehicle(); });
}

bool ComposeActions::mountArm(const QString& file, const QString& at, const Pose& placement,
                              const QString& prefix) {
  QString error;
  const bool ok = document_ && document_->mountArm(file, at, placement, prefix, &error);
  if (!ok) emit refused(error.isEmpty() ? tr("no document is open") : error);
  return ok;
}

bool ComposeActions::replaceVehicle(const QString& file, const QString& attach,
                                    const Pose& placement) {
  QString error;
  const bool ok = document_ && document_->replaceVehicle(file, attach, placement, &error);
  if (!ok) emit refused(error.isEmpty() ? tr("no document is open") : error);
  return ok;
}

void ComposeActions::askMountArm() {
  if (!document_ || !document_->isOpen()) return;
  const QString file = QFileDialog::getOpenFileName(dialog_parent_, tr("Mount arm"),
                                                    document_->modelDirectory(), tr(kModelFilter));
  if (file.isEmpty()) return;
  PlacementChoice choice;
  if (!askPlacement(dialog_parent_, tr("Mount arm"), file,
                    attachmentPoints(document_->description()), current_link_, true, &choice))
    return;
  mountArm(file, choice.link, choice.placement, choice.prefix);
}

void ComposeActions::askReplaceVehicle() {
  if (!document_ || !document_->isOpen()) return;
  const QString file = QFileDialog::getOpenFileName(dialog_parent_, tr("Replace vehicle"),
                                                    document_->modelDirectory(), tr(kModelFilter));
  if (file.isEmpty()) return;
  PlacementChoice choice;
  // The new vehicle's links are not known before reading it: its root by default.
  if (!askPlacement(dialog_parent_, tr("Replace vehicle: where the old vehicle frame goes"), file,
                    QStringList{tr("the new vehicle's root")}, QString(), false, &choice))
    return;
  replaceVehicle(file, QString(), choice.placement);
}

}  // namespace vms::ui
