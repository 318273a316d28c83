#pragma once
// Teach mode: one slider per arm joint (reaction wheels excluded). While the simulation is
// paused, moving a slider poses the arm through SimulationController::setJointPositions, with
// the vehicle reacting as the free-floating system would (checkbox) or held in place; the 3D
// view, ellipsoids and plots follow from the published frame.
#include <QWidget>
#include <vector>

#include "core/scenario/scenario.hpp"
#include "ui/sim/sim_frame.hpp"

class QCheckBox;
class QLabel;
class QSlider;
class QVBoxLayout;

namespace vms::ui {

class SimulationController;

class TeachPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TeachPanel(SimulationController* controller, QWidget* parent = nullptr);
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
  /// Whether posing moves the vehicle: checked and possible for the vehicle type (a fixed
  /// vehicle cannot move; on wheels the reaction is not a function of the pose).
  bool vehicleReacts() const;
  void setVehicleReacts(bool reacts);
  /// The "vehicle reacts" box's text, tooltip and whether it can be checked (tests).
  const QCheckBox* vehicleReactsBox() const { return vehicle_reacts_; }

 signals:
  void message(const QString& text);

 private:
  void describeVehicleReaction(BaseType type);

  struct Row {
    int joint = 0;
    double lower = 0.0, upper = 0.0;
    bool angular = true;
    QSlider* slider = nullptr;
    QLabel* value = nullptr;
  };
  static constexpr int kSteps = 2000;
  double valueOf(const Row& row, int position) const;
  int positionOf(const Row& row, double value) const;
  void updateLabel(Row& row, double value);
  void sliderMoved(std::size_t row, int position);

  SimulationController* controller_;
  QCheckBox* vehicle_reacts_;
  QLabel* hint_;
  QWidget* rows_widget_ = nullptr;
  QVBoxLayout* layout_;
  std::vector<Row> rows_;
  VecX q_;
  bool editable_ = false;
};

}  // namespace vms::ui
