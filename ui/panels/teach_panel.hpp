#pragma once
// Teach mode: one slider and one number box (degrees or metres, fine steps; the two in sync)
// per arm joint (reaction wheels excluded). While the simulation is paused, moving a slider or
// entering a number poses the arm through SimulationController::setJointPositions, with the
// vehicle reacting as the free-floating system would (checkbox) or held in place; the 3D
// view, ellipsoids and plots follow from the published frame, and the panel itself shows the
// manipulability of Jm and J*, their ratio, the vehicle attitude and the system CoM with a
// plot of them over the poses (TeachLiveView). "Hold pose" (on by default): the joint
// controllers then hold the posed angles when the simulation plays, instead of pulling the
// arm back to their scenario references. Two planners start from the paused pose at rest:
// "Turn the vehicle…" (TurnVehicleDialog) and "Reach without turning…"
// (ReachWithoutTurningDialog); each opens its plan as the document's scenario.
#include <QWidget>
#include <vector>

#include "core/scenario/scenario.hpp"
#include "ui/sim/sim_frame.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSlider;
class QVBoxLayout;

namespace vms::ui {

class ModelDocument;
class ReachWithoutTurningDialog;
class SimulationController;
class TeachLiveView;
class TurnVehicleDialog;

class TeachPanel : public QWidget {
  Q_OBJECT
 public:
  /// `document`: where the planners open their plans (nullptr: the planner buttons are hidden).
  TeachPanel(ModelDocument* document, SimulationController* controller, QWidget* parent = nullptr);
  /// Rebuilds the sliders for a scenario's model (its wheels are left out).
  void setScenario(const Scenario& scenario);
  void clear();
  /// Enables the sliders (teach mode works only while paused).
  void setEditable(bool editable);
  /// Follows the shown frame (sliders the user is dragging are left alone).
  void showFrame(const SimFrame& frame);

  int sliderCount() const { return int(rows_.size()); }
  int sliderJoint(int row) const { return rows_[std::size_t(row)].joint; }
  /// Moves slider `row` to joint position `value` as a user would (tests).
  void setSliderPosition(int row, double value);
  /// The number box of row `row` (degrees for a revolute joint, metres for a prismatic one).
  QDoubleSpinBox* valueBox(int row) const { return rows_[std::size_t(row)].box; }
  /// Whether the joint controllers hold the pose when played (Simulator::holdJointPositions).
  bool holdPose() const;
  void setHoldPose(bool hold);
  const QCheckBox* holdPoseBox() const { return hold_pose_; }
  TeachLiveView* liveView() const { return live_; }
  /// Whether posing moves the vehicle: checked and possible for the vehicle type (a fixed
  /// vehicle cannot move; on wheels the reaction is not a function of the pose).
  bool vehicleReacts() const;
  void setVehicleReacts(bool reacts);
  /// The "vehicle reacts" box's text, tooltip and whether it can be checked (tests).
  const QCheckBox* vehicleReactsBox() const { return vehicle_reacts_; }
  /// Whether the arm is posed: from the first pose until the run leaves it (leavePose).
  bool isPosing() const { return posing_; }
  /// The run leaves the pose: it plays on from it, or is reset or loaded again.
  void leavePose();

  /// "Turn the vehicle…": shows the dialog (window-modal) set to start from the shown state;
  /// returned for tests, which may drive it without its event loop.
  TurnVehicleDialog* openTurnDialog();
  /// "Reach without turning…": the same for the least-disturbance path.
  ReachWithoutTurningDialog* openReachDialog();
  const QPushButton* turnButton() const { return turn_button_; }
  const QPushButton* reachButton() const { return reach_button_; }

 signals:
  void message(const QString& text);
  /// isPosing() changed.
  void posingChanged(bool posing);

 private:
  void describeVehicleReaction(BaseType type);

  struct Row {
    int joint = 0;
    double lower = 0.0, upper = 0.0;
    bool angular = true;
    QSlider* slider = nullptr;
    QDoubleSpinBox* box = nullptr;
    double unit = 1.0;  // joint value per shown value (pi/180 for degrees)
  };
  static constexpr int kSteps = 20000;
  double valueOf(const Row& row, int position) const;
  int positionOf(const Row& row, double value) const;
  void showValue(Row& row, double value);  // box (and slider unless it is held) at `value`
  void sliderMoved(std::size_t row, int position);
  void boxChanged(std::size_t row, double shown);
  void pose();

  ModelDocument* document_;
  SimulationController* controller_;
  QPushButton* turn_button_;
  QPushButton* reach_button_;
  TurnVehicleDialog* turn_dialog_ = nullptr;
  ReachWithoutTurningDialog* reach_dialog_ = nullptr;
  State shown_state_;  // the shown frame's state (where the planners start)
  QCheckBox* vehicle_reacts_;
  QCheckBox* hold_pose_;
  TeachLiveView* live_;
  bool posed_ = false;   // a pose was made since the scenario was loaded
  bool posing_ = false;  // isPosing()
  QLabel* hint_;
  QWidget* rows_widget_ = nullptr;  // the joint rows, inside rows_scroll_
  QScrollArea* rows_scroll_ = nullptr;
  QVBoxLayout* layout_;
  std::vector<Row> rows_;
  VecX q_;
  bool editable_ = false;
};

}  // namespace vms::ui
