#include "ui/panels/turn_vehicle_dialog.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>
#include <stdexcept>

#include "core/analysis/attitude_loop_planner.hpp"
#include "core/scenario/attitude_plan_scenario.hpp"
#include "ui/document/number_text.hpp"
#include "ui/panels/plan_scenario_opening.hpp"

namespace vms::ui {

namespace {

QString vectorText(const Vec3& v, double unit, int digits) {
  return QString("(%1, %2, %3)")
      .arg(v.x() / unit, 0, 'g', digits)
      .arg(v.y() / unit, 0, 'g', digits)
      .arg(v.z() / unit, 0, 'g', digits);
}

}  // namespace

TurnVehicleDialog::TurnVehicleDialog(ModelDocument* document, QWidget* parent)
    : QDialog(parent),
      document_(document),
      joints_widget_(new QWidget(this)),
      message_(new QLabel(this)),
      plan_button_(new QPushButton(tr("Plan and open"), this)) {
  setObjectName("turn_vehicle_dialog");
  setWindowTitle(tr("Turn the vehicle"));
  setMinimumWidth(480);
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
      tr("Turns the free-floating vehicle with its joints alone: loops of the chosen joints "
         "around the current pose, after which the joints are back where they are now and the "
         "vehicle has turned by the rotation vector below (vehicle body frame). The plan opens "
         "as the document's scenario (Undo brings the previous one back): press Play."),
      this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* form = new QFormLayout;
  const char* names[3] = {"turn_x", "turn_y", "turn_z"};
  const QString labels[3] = {tr("Turn about x"), tr("Turn about y"), tr("Turn about z")};
  for (int k = 0; k < 3; ++k) {
    turn_[k] = new QDoubleSpinBox(this);
    turn_[k]->setObjectName(names[k]);
    turn_[k]->setRange(-3600.0, 3600.0);
    turn_[k]->setDecimals(6);
    turn_[k]->setSingleStep(1.0);
    turn_[k]->setSuffix(QString(QChar(0x00B0)));
    form->addRow(labels[k], turn_[k]);
  }
  layout->addLayout(form);
  auto* joints_label = new QLabel(tr("Joints to loop (at least two):"), this);
  layout->addWidget(joints_label);
  new QGridLayout(joints_widget_);
  layout->addWidget(joints_widget_);
  message_->setObjectName("turn_message");
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(message_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  plan_button_->setObjectName("turn_plan");
  plan_button_->setDefault(true);
  buttons->addButton(plan_button_, QDialogButtonBox::ActionRole);
  connect(plan_button_, &QPushButton::clicked, this, [this] { plan(); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

void TurnVehicleDialog::setStart(const Scenario& scenario, const State& state, bool paused) {
  const bool same_joints = scenario.model.joint_names == scenario_.model.joint_names &&
                           !joint_boxes_.empty() && armJoints(scenario) == joint_indices_;
  scenario_ = scenario;
  state_ = state;
  paused_ = paused;
  showMessage(planStartProblem(scenario_, state_, paused_));
  if (same_joints) return;
  for (QCheckBox* box : joint_boxes_) delete box;
  joint_boxes_.clear();
  joint_indices_ = armJoints(scenario);
  auto* grid = static_cast<QGridLayout*>(joints_widget_->layout());
  // Turning about one axis takes one pair; any axis takes the pairs of three joints.
  const int about_axes = int(twistMask(scenario.model.base_type).tail<3>().sum());
  const int checked = about_axes > 1 ? 3 : 2;
  for (std::size_t k = 0; k < joint_indices_.size(); ++k) {
    const std::string& name = scenario.model.joint_names[std::size_t(joint_indices_[k])];
    auto* box = new QCheckBox(QString::fromStdString(name), joints_widget_);
    box->setObjectName(QString::fromStdString("turn_joint_" + name));
    box->setChecked(int(k) < checked);
    grid->addWidget(box, int(k) / 4, int(k) % 4);
    joint_boxes_.push_back(box);
  }
}

void TurnVehicleDialog::setTurn(const Vec3& radians) {
  for (int k = 0; k < 3; ++k) turn_[k]->setValue(radians[k] / kDegree);
}

Vec3 TurnVehicleDialog::turn() const {
  return Vec3(turn_[0]->value(), turn_[1]->value(), turn_[2]->value()) * kDegree;
}

void TurnVehicleDialog::setJoints(const QStringList& names) {
  for (QCheckBox* box : joint_boxes_) box->setChecked(names.contains(box->text()));
}

QStringList TurnVehicleDialog::joints() const {
  QStringList names;
  for (QCheckBox* box : joint_boxes_)
    if (box->isChecked()) names << box->text();
  return names;
}

QString TurnVehicleDialog::message() const { return message_->text(); }

void TurnVehicleDialog::showMessage(const QString& text) {
  message_->setText(text);
  if (isVisible()) adjustSize();  // the wrapped lines keep their room
}

bool TurnVehicleDialog::plan() {
  if (const QString problem = planStartProblem(scenario_, state_, paused_); !problem.isEmpty()) {
    showMessage(problem);
    return false;
  }
  const Model& model = scenario_.model;
  std::vector<int> joints;
  QStringList names;
  for (std::size_t k = 0; k < joint_boxes_.size(); ++k)
    if (joint_boxes_[k]->isChecked()) {
      joints.push_back(joint_indices_[k]);
      names << joint_boxes_[k]->text();
    }
  const Vec3 target = turn();
  AttitudeLoopPlan result;
  {
    QApplication::setOverrideCursor(Qt::WaitCursor);
    struct RestoreCursor {
      ~RestoreCursor() { QApplication::restoreOverrideCursor(); }
    } restore;
    try {
      if (joints.size() < 2)
        throw std::invalid_argument("check at least two joints: a loop moves a pair of them");
      result = planAttitudeTurn(model, state_, joints, target);
    } catch (const std::invalid_argument& e) {
      showMessage(tr("Cannot plan: %1.").arg(QString::fromStdString(e.what())));
      return false;
    }
  }
  if (!result.reached) {
    QString reason = QString::fromStdString(result.message);
    while (reason.endsWith('.')) reason.chop(1);
    showMessage(tr("The turn %1° is out of reach of joints %2: %3. Nothing was opened.")
                    .arg(vectorText(target, kDegree, 6), names.join(", "), reason));
    return false;
  }
  const AttitudePlanTiming timing;
  ScenarioDescription scenario = attitudePlanScenario(
      model, result, ModelReference{}, restingStateReference(scenario_, state_), timing);
  const QString summary =
      tr("Turn the vehicle by %1 rad (vehicle frame) with joints %2: %3 x %4 loop(s), %5 legs, "
         "%6 s, largest excursion %7 rad; the path's net turn is %8 rad from the target")
          .arg(vectorText(target, 1.0, 6), names.join(", "))
          .arg(result.repeats)
          .arg(result.loops.size())
          .arg(result.corners.size() - 1)
          .arg(scenario.duration - timing.hold)
          .arg(result.max_excursion, 0, 'g', 4)
          .arg(result.error, 0, 'g', 3);
  scenario.comment =
      (tr("Planned in the Teach panel (Turn the vehicle…): ") + summary + ".").toStdString();
  QString error;
  if (!openPlanScenario(document_, std::move(scenario), tr("Turn the vehicle"), &error)) {
    showMessage(tr("The plan cannot be opened: %1").arg(error));
    return false;
  }
  showMessage(summary + ".");
  emit planned(summary + tr(": press Play to run it"));
  accept();
  return true;
}

}  // namespace vms::ui
