#pragma once
// "Turn the vehicle…" (Teach panel): turns a free-floating vehicle by a rotation vector with
// its joints alone. The turn is entered in degrees (rotation vector X, Y, Z in the vehicle's
// body frame), the joints to loop are checked (by default the first two arm joints for a
// vehicle that turns about one axis, the first three otherwise). "Plan" runs planAttitudeTurn
// (core/analysis/attitude_loop_planner.hpp) from the paused run's state at rest; a reached
// plan becomes the open document's scenario (attitudePlanScenario, plan_scenario_opening.hpp)
// and the dialog closes; a refusal (the planner's reason: a fixed, translating or wheeled
// vehicle, a moving state, ...) or a turn out of reach (with the nearest reachable turn) is
// shown in the dialog and opens nothing.
#include <QDialog>
#include <vector>

#include "core/scenario/scenario.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace vms::ui {

class ModelDocument;

class TurnVehicleDialog : public QDialog {
  Q_OBJECT
 public:
  TurnVehicleDialog(ModelDocument* document, QWidget* parent = nullptr);

  /// Plans from `state` of `scenario` (paused: whether the run is paused); rebuilds the joint
  /// choice when the model's joints changed.
  void setStart(const Scenario& scenario, const State& state, bool paused);

  /// The turn (rotation vector, rad): the boxes show it in degrees.
  void setTurn(const Vec3& radians);
  Vec3 turn() const;
  /// Checks exactly the joints named.
  void setJoints(const QStringList& names);
  QStringList joints() const;
  /// Plans and, when the turn is reached, opens the plan as the document's scenario and
  /// accepts the dialog. False (with message()) otherwise.
  bool plan();
  /// What the last plan said (the refusal or the result).
  QString message() const;

 signals:
  /// A plan was opened; `summary` says what it does (for the log).
  void planned(const QString& summary);

 private:
  void showMessage(const QString& text);

  ModelDocument* document_;
  Scenario scenario_;
  State state_;
  bool paused_ = false;
  QDoubleSpinBox* turn_[3];
  QWidget* joints_widget_;
  std::vector<QCheckBox*> joint_boxes_;
  std::vector<int> joint_indices_;
  QLabel* message_;
  QPushButton* plan_button_;
};

}  // namespace vms::ui
