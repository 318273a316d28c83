#include "ui/panels/teach_panel.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/panels/reach_without_turning_dialog.hpp"
#include "ui/panels/teach_live_view.hpp"
#include "ui/panels/turn_vehicle_dialog.hpp"
#include "ui/sim/simulation_controller.hpp"

namespace vms::ui {

TeachPanel::TeachPanel(ModelDocument* document, SimulationController* controller, QWidget* parent)
    : QWidget(parent),
      document_(document),
      controller_(controller),
      turn_button_(new QPushButton(tr("Turn the vehicle…"), this)),
      reach_button_(new QPushButton(tr("Reach without turning…"), this)),
      vehicle_reacts_(new QCheckBox(tr("Vehicle reacts (free-floating)"), this)),
      hold_pose_(new QCheckBox(tr("Hold pose on Play"), this)),
      live_(new TeachLiveView(this)),
      hint_(new QLabel(this)),
      layout_(new QVBoxLayout(this)) {
  vehicle_reacts_->setChecked(true);
  hold_pose_->setChecked(true);
  hold_pose_->setObjectName("teach_hold_pose");
  hold_pose_->setToolTip(
      tr("Checked: after posing, the joint controllers (computed torque, joint PD) target the "
         "posed angles, so Play starts from the pose and keeps it. Unchecked: they keep the "
         "scenario's references and pull the arm back. Reset restores the scenario."));
  connect(hold_pose_, &QCheckBox::toggled, this, [this](bool) {
    if (posed_ && editable_) pose();
  });
  hint_->setWordWrap(true);
  layout_->setContentsMargins(4, 4, 4, 4);
  layout_->addWidget(vehicle_reacts_);
  layout_->addWidget(hold_pose_);
  layout_->addWidget(hint_);
  turn_button_->setObjectName("teach_turn_vehicle");
  turn_button_->setToolTip(
      tr("Plan loops of the arm joints that turn the free-floating vehicle by a chosen angle "
         "and bring the joints back; the plan opens as the scenario (pause at rest first)"));
  reach_button_->setObjectName("teach_reach_without_turning");
  reach_button_->setToolTip(
      tr("Plan a path of the arm to target joint angles that leaves the vehicle's attitude "
         "where it is; the path opens as the scenario (pause at rest first)"));
  connect(turn_button_, &QPushButton::clicked, this, [this] { openTurnDialog(); });
  connect(reach_button_, &QPushButton::clicked, this, [this] { openReachDialog(); });
  auto* planners = new QHBoxLayout;
  planners->addWidget(turn_button_);
  planners->addWidget(reach_button_);
  planners->addStretch(1);
  layout_->addLayout(planners);
  turn_button_->setVisible(document_ != nullptr);
  reach_button_->setVisible(document_ != nullptr);
  // The joint rows scroll, so that a 100-joint model does not make the panel, and with it the
  // main window, 2400 px tall.
  rows_scroll_ = new QScrollArea(this);
  rows_scroll_->setObjectName("teach_rows");
  rows_scroll_->setWidgetResizable(true);
  rows_scroll_->setFrameShape(QFrame::NoFrame);
  rows_scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  layout_->addWidget(rows_scroll_, 1);
  layout_->addWidget(live_);
  clear();
}

void TeachPanel::clear() {
  // The old rows are deleted once control returns to the event loop, not here: clear() can
  // run while one of them is receiving an event (a click on a slider that moved the focus out
  // of a field whose commit reloads the run). Until then they are hidden and send nothing.
  if (QWidget* old_rows = rows_scroll_->takeWidget()) {
    for (QObject* child : old_rows->findChildren<QObject*>()) child->disconnect(this);
    old_rows->hide();
    old_rows->deleteLater();
  }
  rows_widget_ = nullptr;
  rows_.clear();
  q_.resize(0);
  shown_state_ = State{};
  turn_button_->setEnabled(false);
  reach_button_->setEnabled(false);
  posed_ = false;
  leavePose();
  live_->clear();
  hint_->setText(tr("No model open."));
}

void TeachPanel::leavePose() {
  if (!posing_) return;
  posing_ = false;
  emit posingChanged(false);
}

// What "vehicle reacts" can mean for the vehicle type: nothing for a fixed vehicle, and no
// pose-only reaction on wheels (the reaction depends on how the arm moves, not only where).
void TeachPanel::describeVehicleReaction(BaseType type) {
  if (baseDof(type) == 0) {
    vehicle_reacts_->setText(tr("Vehicle reacts (a fixed vehicle cannot move)"));
    vehicle_reacts_->setToolTip(tr("The vehicle is fixed: posing the arm never moves it."));
    vehicle_reacts_->setEnabled(false);
  } else if (!isHolonomic(type)) {
    vehicle_reacts_->setText(tr("Vehicle reacts (on wheels: held while posing)"));
    vehicle_reacts_->setToolTip(
        tr("A %1 vehicle's reaction to the arm depends on how the arm moves, not only where it "
           "ends: posing holds the vehicle; play the simulation to see the reaction.")
            .arg(QString::fromStdString(toString(type))));
    vehicle_reacts_->setEnabled(false);
  } else {
    vehicle_reacts_->setText(type == BaseType::Free
                                 ? tr("Vehicle reacts (free-floating)")
                                 : tr("Vehicle reacts (floating on its %1 "
                                      "subgroup)")
                                       .arg(QString::fromStdString(toString(type))));
    vehicle_reacts_->setToolTip(
        tr("Checked: the vehicle moves as the floating system would (momentum conserved, "
           "system centre of mass fixed). Unchecked: the vehicle is held in place."));
    vehicle_reacts_->setEnabled(true);
  }
}

void TeachPanel::setScenario(const Scenario& scenario) {
  clear();
  const Model& model = scenario.model;
  describeVehicleReaction(model.base_type);
  std::vector<bool> is_wheel(std::size_t(model.njoints), false);
  for (const ReactionWheelSpec& wheel : scenario.reaction_wheels) {
    const int j = model.jointIndex(wheel.name);
    if (j >= 0) is_wheel[std::size_t(j)] = true;
  }
  rows_widget_ = new QWidget(this);
  auto* form = new QFormLayout(rows_widget_);
  form->setContentsMargins(0, 0, 0, 0);
  for (int j = 0; j < model.njoints; ++j) {
    if (is_wheel[std::size_t(j)]) continue;
    Row row;
    row.joint = j;
    row.angular =
        model.joint_type[std::size_t(model.joint_body[std::size_t(j)])] == JointType::Revolute;
    const bool limited =
        model.has_limits[std::size_t(j)] && model.upper_limit[j] > model.lower_limit[j];
    row.lower = limited ? model.lower_limit[j] : (row.angular ? -M_PI : -1.0);
    row.upper = limited ? model.upper_limit[j] : (row.angular ? M_PI : 1.0);
    row.slider = new QSlider(Qt::Horizontal, rows_widget_);
    row.slider->setRange(0, kSteps);
    row.slider->setObjectName(QString::fromStdString("teach_" + model.joint_names[std::size_t(j)]));
    row.slider->setSingleStep(1);
    row.slider->setPageStep(kSteps / 100);
    row.box = new QDoubleSpinBox(rows_widget_);
    row.box->setObjectName(
        QString::fromStdString("teach_value_" + model.joint_names[std::size_t(j)]));
    row.box->setKeyboardTracking(false);  // a typed number applies on Enter or leaving the box
    row.box->setAccelerated(true);
    row.unit = row.angular ? M_PI / 180.0 : 1.0;
    if (row.angular) {
      row.box->setDecimals(3);
      row.box->setSingleStep(0.1);
      row.box->setSuffix(QString(QChar(0x00B0)));
    } else {
      row.box->setDecimals(4);
      row.box->setSingleStep(0.001);
      row.box->setSuffix(" m");
    }
    // Limited joints: their limits; unlimited revolute joints: ten turns either way (the
    // slider shows the angle wrapped into one turn).
    const bool unlimited_angle = row.angular && !(row.upper - row.lower < 2 * M_PI - 1e-9);
    row.box->setRange((unlimited_angle ? -20 * M_PI : row.lower) / row.unit,
                      (unlimited_angle ? 20 * M_PI : row.upper) / row.unit);
    row.box->setMinimumWidth(92);
    auto* line = new QWidget(rows_widget_);
    auto* h = new QHBoxLayout(line);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(row.slider, 1);
    h->addWidget(row.box);
    form->addRow(QString::fromStdString(model.joint_names[std::size_t(j)]), line);
    const std::size_t index = rows_.size();
    connect(row.slider, &QSlider::valueChanged, this,
            [this, index](int position) { sliderMoved(index, position); });
    connect(row.box, &QDoubleSpinBox::valueChanged, this,
            [this, index](double shown) { boxChanged(index, shown); });
    rows_.push_back(row);
  }
  rows_scroll_->setWidget(rows_widget_);  // after the boxes and the hint
  q_ = scenario.initial_state.q;
  shown_state_ = scenario.initial_state;
  for (Row& row : rows_) showValue(row, q_.size() > row.joint ? q_[row.joint] : 0.0);
  setEditable(editable_);
}

void TeachPanel::setEditable(bool editable) {
  editable_ = editable;
  turn_button_->setEnabled(editable && !rows_.empty());
  reach_button_->setEnabled(editable && !rows_.empty());
  for (Row& row : rows_) {
    row.slider->setEnabled(editable);
    row.box->setEnabled(editable);
  }
  if (rows_.empty())
    hint_->setText(rows_widget_ ? tr("This model has no arm joints.") : tr("No model open."));
  else
    hint_->setText(editable ? tr("Drag a slider or type an angle to pose the arm.")
                            : tr("Pause the simulation to pose the arm."));
}

void TeachPanel::showFrame(const SimFrame& frame) {
  const VecX& q = frame.snapshot.state.q;
  if (q.size() == 0) return;
  q_ = q;
  shown_state_ = frame.snapshot.state;
  for (Row& row : rows_) {
    if (row.joint >= q.size() || row.box->hasFocus()) continue;
    showValue(row, q[row.joint]);
  }
  live_->showFrame(frame, editable_);
}

double TeachPanel::valueOf(const Row& row, int position) const {
  return row.lower + (row.upper - row.lower) * double(position) / kSteps;
}

int TeachPanel::positionOf(const Row& row, double value) const {
  double v = value;
  if (row.angular && !(row.upper - row.lower < 2 * M_PI - 1e-9)) {
    // unlimited: show the angle wrapped into the slider's range
    v = std::remainder(value, 2 * M_PI);
  }
  const double s = (v - row.lower) / (row.upper - row.lower);
  return int(std::lround(std::clamp(s, 0.0, 1.0) * kSteps));
}

void TeachPanel::showValue(Row& row, double value) {
  if (!row.slider->isSliderDown()) {
    QSignalBlocker block(row.slider);
    row.slider->setValue(positionOf(row, value));
  }
  QSignalBlocker block(row.box);
  row.box->setValue(value / row.unit);
}

void TeachPanel::sliderMoved(std::size_t index, int position) {
  Row& row = rows_[index];
  if (!editable_ || row.joint >= q_.size()) return;
  const double value = valueOf(row, position);
  q_[row.joint] = value;
  QSignalBlocker block(row.box);
  row.box->setValue(value / row.unit);
  pose();
}

void TeachPanel::boxChanged(std::size_t index, double shown) {
  Row& row = rows_[index];
  if (!editable_ || row.joint >= q_.size()) return;
  const double value = shown * row.unit;
  q_[row.joint] = value;
  QSignalBlocker block(row.slider);
  row.slider->setValue(positionOf(row, value));
  pose();
}

void TeachPanel::pose() {
  posed_ = true;
  if (!posing_) {
    posing_ = true;
    emit posingChanged(true);
  }
  controller_->setJointPositions(q_, vehicleReacts(), holdPose());
}

TurnVehicleDialog* TeachPanel::openTurnDialog() {
  if (!controller_->hasSimulation()) return nullptr;
  if (!turn_dialog_) {
    turn_dialog_ = new TurnVehicleDialog(document_, this);
    connect(turn_dialog_, &TurnVehicleDialog::planned, this, &TeachPanel::message);
  }
  turn_dialog_->setStart(controller_->scenario(), shown_state_, editable_);
  turn_dialog_->open();
  return turn_dialog_;
}

ReachWithoutTurningDialog* TeachPanel::openReachDialog() {
  if (!controller_->hasSimulation()) return nullptr;
  if (!reach_dialog_) {
    reach_dialog_ = new ReachWithoutTurningDialog(document_, this);
    connect(reach_dialog_, &ReachWithoutTurningDialog::planned, this, &TeachPanel::message);
  }
  reach_dialog_->setStart(controller_->scenario(), shown_state_, editable_);
  reach_dialog_->open();
  return reach_dialog_;
}

bool TeachPanel::holdPose() const { return hold_pose_->isChecked(); }
void TeachPanel::setHoldPose(bool hold) { hold_pose_->setChecked(hold); }

void TeachPanel::setSliderPosition(int row, double value) {
  Row& r = rows_[std::size_t(row)];
  r.slider->setValue(positionOf(r, value));
}

bool TeachPanel::vehicleReacts() const {
  return vehicle_reacts_->isChecked() && vehicle_reacts_->isEnabled();
}
void TeachPanel::setVehicleReacts(bool reacts) { vehicle_reacts_->setChecked(reacts); }

}  // namespace vms::ui
