#include "ui/panels/reach_without_turning_dialog.hpp"

#include <QApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>
#include <stdexcept>

#include "core/analysis/least_disturbance_path.hpp"
#include "core/scenario/path_plan_scenario.hpp"
#include "ui/panels/plan_scenario_opening.hpp"

namespace vms::ui {

ReachWithoutTurningDialog::ReachWithoutTurningDialog(ModelDocument* document, QWidget* parent)
    : QDialog(parent),
      document_(document),
      targets_widget_(new QWidget(this)),
      message_(new QLabel(this)),
      plan_button_(new QPushButton(tr("Plan and open"), this)) {
  setObjectName("reach_dialog");
  setWindowTitle(tr("Reach without turning"));
  setMinimumWidth(480);
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
      tr("Moves the arm from its current pose to the target below along a path that leaves "
         "the free-floating vehicle's attitude where it is (the straight line plus a few sine "
         "modes of each joint). The path opens as the document's scenario (Undo brings the "
         "previous one back): press Play."),
      this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  new QFormLayout(targets_widget_);
  layout->addWidget(targets_widget_);
  message_->setObjectName("reach_message");
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(message_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  plan_button_->setObjectName("reach_plan");
  plan_button_->setDefault(true);
  buttons->addButton(plan_button_, QDialogButtonBox::ActionRole);
  connect(plan_button_, &QPushButton::clicked, this, [this] { plan(); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

void ReachWithoutTurningDialog::setStart(const Scenario& scenario, const State& state,
                                         bool paused) {
  scenario_ = scenario;
  state_ = state;
  paused_ = paused;
  showMessage(planStartProblem(scenario_, state_, paused_));
  auto* form = static_cast<QFormLayout*>(targets_widget_->layout());
  while (form->rowCount() > 0) form->removeRow(0);
  boxes_.clear();
  box_joints_ = armJoints(scenario);
  units_.clear();
  const Model& model = scenario.model;
  for (int j : box_joints_) {
    const std::size_t sj = std::size_t(j);
    const bool angular = model.joint_type[std::size_t(model.joint_body[sj])] == JointType::Revolute;
    const double unit = angular ? M_PI / 180.0 : 1.0;
    auto* box = new QDoubleSpinBox(targets_widget_);
    box->setObjectName(QString::fromStdString("reach_" + model.joint_names[sj]));
    box->setDecimals(angular ? 4 : 5);
    box->setSingleStep(angular ? 1.0 : 0.01);
    box->setSuffix(angular ? QString(QChar(0x00B0)) : QString(" m"));
    const bool limited = model.has_limits[sj] && model.upper_limit[j] > model.lower_limit[j];
    box->setRange(limited ? model.lower_limit[j] / unit : (angular ? -3600.0 : -100.0),
                  limited ? model.upper_limit[j] / unit : (angular ? 3600.0 : 100.0));
    box->setValue(state.q.size() > j ? state.q[j] / unit : 0.0);
    form->addRow(QString::fromStdString(model.joint_names[sj]), box);
    boxes_.push_back(box);
    units_.push_back(unit);
  }
}

void ReachWithoutTurningDialog::setTarget(const VecX& q) {
  for (std::size_t k = 0; k < boxes_.size(); ++k)
    if (box_joints_[k] < q.size()) boxes_[k]->setValue(q[box_joints_[k]] / units_[k]);
}

VecX ReachWithoutTurningDialog::target() const {
  VecX q = state_.q;
  for (std::size_t k = 0; k < boxes_.size(); ++k)
    if (box_joints_[k] < q.size()) q[box_joints_[k]] = boxes_[k]->value() * units_[k];
  return q;
}

QString ReachWithoutTurningDialog::message() const { return message_->text(); }

void ReachWithoutTurningDialog::showMessage(const QString& text) {
  message_->setText(text);
  if (isVisible()) adjustSize();  // the wrapped lines keep their room
}

bool ReachWithoutTurningDialog::plan() {
  if (const QString problem = planStartProblem(scenario_, state_, paused_); !problem.isEmpty()) {
    showMessage(problem);
    return false;
  }
  const Model& model = scenario_.model;
  if (isHolonomic(model.base_type) && twistMask(model.base_type).tail<3>().isZero()) {
    showMessage(tr("Cannot plan: a %1 vehicle does not rotate, so every path of the arm "
                   "leaves its attitude as it is: pose the arm with the sliders instead.")
                    .arg(QString::fromStdString(toString(model.base_type))));
    return false;
  }
  LeastDisturbanceOptions options;
  options.joints = box_joints_;  // the wheels keep still
  LeastDisturbancePath path;
  {
    QApplication::setOverrideCursor(Qt::WaitCursor);
    struct RestoreCursor {
      ~RestoreCursor() { QApplication::restoreOverrideCursor(); }
    } restore;
    try {
      path = planLeastDisturbancePath(model, state_, target(), options);
    } catch (const std::invalid_argument& e) {
      showMessage(tr("Cannot plan: %1.").arg(QString::fromStdString(e.what())));
      return false;
    }
  }
  straight_turn_ = path.straight_turn.norm();
  path_turn_ = path.turn.norm();
  const QString turns = tr("the straight line in joint space turns the vehicle %1 rad (%2°); "
                           "the planned path %3 rad")
                            .arg(straight_turn_, 0, 'g', 4)
                            .arg(straight_turn_ * 180.0 / M_PI, 0, 'g', 4)
                            .arg(path_turn_, 0, 'g', 3);
  if (!path.converged) {
    showMessage(tr("No path of %1 sine modes removes the turn (%2). Nothing was opened.")
                    .arg(options.modes)
                    .arg(turns));
    return false;
  }
  if (!path.within_limits) {
    showMessage(tr("The least-disturbance path leaves a joint's limits (%1): choose "
                   "another target. Nothing was opened.")
                    .arg(turns));
    return false;
  }
  const PathTiming timing;
  ScenarioDescription scenario =
      pathScenario(model, path, ModelReference{}, restingStateReference(scenario_, state_), timing);
  const QString summary =
      tr("Reach without turning: %1; %2 s").arg(turns).arg(scenario.duration - timing.hold);
  scenario.comment =
      (tr("Planned in the Teach panel (Reach without turning…): ") + summary + ".").toStdString();
  QString error;
  if (!openPlanScenario(document_, std::move(scenario), tr("Reach without turning"), &error)) {
    showMessage(tr("The path cannot be opened: %1").arg(error));
    return false;
  }
  showMessage(summary + ".");
  emit planned(summary + tr(": press Play to run it"));
  accept();
  return true;
}

}  // namespace vms::ui
