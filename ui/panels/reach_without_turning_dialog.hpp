#pragma once
// "Reach without turning…" (Teach panel): least-disturbance point-to-point motion. Target
// angles of the arm joints (degrees, or metres for a prismatic joint) are prefilled with the
// current ones; "Plan" runs planLeastDisturbancePath (core/analysis/least_disturbance_path.hpp)
// from the paused run's state at rest, shows how much the straight line in joint space would
// turn the vehicle and how much the planned path does, and opens the path as the document's
// scenario (pathScenario, plan_scenario_opening.hpp), closing the dialog. A refusal (the
// planner's reason, a moving state), a path that does not remove the turn or one that leaves
// a joint's limits is shown in the dialog and opens nothing.
#include <QDialog>
#include <vector>

#include "core/scenario/scenario.hpp"

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace vms::ui {

class ModelDocument;

class ReachWithoutTurningDialog : public QDialog {
  Q_OBJECT
 public:
  ReachWithoutTurningDialog(ModelDocument* document, QWidget* parent = nullptr);

  /// Plans from `state` of `scenario` (paused: whether the run is paused); the target boxes
  /// are set to the state's joint positions.
  void setStart(const Scenario& scenario, const State& state, bool paused);

  /// The target joint positions (model joint order; wheels stay where they are).
  void setTarget(const VecX& q);
  VecX target() const;
  /// Plans and, when the path removes the turn within the joint limits, opens it as the
  /// document's scenario and accepts the dialog. False (with message()) otherwise.
  bool plan();
  QString message() const;
  /// The last plan's net vehicle turns (rad): the straight line's and the path's.
  double straightTurn() const { return straight_turn_; }
  double pathTurn() const { return path_turn_; }

 signals:
  void planned(const QString& summary);

 private:
  void showMessage(const QString& text);

  ModelDocument* document_;
  Scenario scenario_;
  State state_;
  bool paused_ = false;
  QWidget* targets_widget_;
  std::vector<QDoubleSpinBox*> boxes_;
  std::vector<int> box_joints_;
  std::vector<double> units_;
  QLabel* message_;
  QPushButton* plan_button_;
  double straight_turn_ = 0.0, path_turn_ = 0.0;
};

}  // namespace vms::ui
