#pragma once
// The Disturbance Map panel: the enhanced disturbance map of two chosen joints of the open
// model (core disturbanceMap, drawn by ui/plots DisturbanceMapPlot) at the shown
// configuration of the other joints, with the current configuration as a marker and the
// (q_i, q_j) of the run's published frames as a path, both following the run live. A click on
// the map poses the two joints there while the simulation is paused, as the Teach panel poses
// the arm (SimulationController::setJointPositions: the vehicle reacts as the free-floating
// system would, the joints are held there on Play). The map is recomputed when the model, the
// joint choice, the grid or the other joints (by more than kOtherJointsTolerance) change, and
// only while the panel is visible; while the run plays, at most every kRecomputeInterval ms.
// Fixed and nonholonomic vehicles, mimic joints and models with fewer than two arm joints are
// refused with the core's reason in the panel.
#include <QElapsedTimer>
#include <QWidget>
#include <limits>
#include <memory>
#include <vector>

#include "core/analysis/attitude_disturbance.hpp"
#include "core/scenario/scenario.hpp"
#include "ui/sim/sim_frame.hpp"

class QComboBox;
class QCustomPlot;
class QMouseEvent;
class QSpinBox;

namespace vms::ui {

class DisturbanceMapPlot;
class MessageLabel;
class SimulationController;

class DisturbanceMapPanel : public QWidget {
  Q_OBJECT
 public:
  /// The other joints may move this much (rad or m) before the map is recomputed.
  static constexpr double kOtherJointsTolerance = 1e-6;
  /// While the run plays, the map is recomputed at most this often (ms).
  static constexpr int kRecomputeInterval = 250;
  static constexpr int kDefaultGrid = 31;

  explicit DisturbanceMapPanel(SimulationController* controller, QWidget* parent = nullptr);
  ~DisturbanceMapPanel() override;

  /// The joint choosers list the scenario's arm joints (its reaction wheels are left out).
  void setScenario(const Scenario& scenario);
  /// No model.
  void clear();
  /// The run's path is void (load, reset, resume from a scrubbed time).
  void clearPath();
  /// Frames of the run, in order: their (q_i, q_j) extend the path.
  void appendFrames(const std::vector<SimFrame>& frames);
  /// The shown frame: the marker moves there; the map follows the other joints.
  void showFrame(const SimFrame& frame);
  /// Clicks pose the arm only while paused; `running`: the run plays (recomputes are spaced).
  void setRunState(bool paused, bool running);

  /// Chooses the joints (model joint indices) as the choosers would.
  void chooseJoints(int i, int j);
  void setGrid(int grid);

  /// The drawn map (nullptr: none, e.g. refused).
  const DisturbanceMap* map() const { return has_map_ ? &map_ : nullptr; }
  const DisturbanceMapPlot& figure() const { return *figure_; }
  QCustomPlot* plot() const { return plot_; }
  QComboBox* jointChooser(int which) const { return which == 0 ? first_ : second_; }
  QSpinBox* gridBox() const { return grid_; }
  /// The refusal shown instead of the map ("" when the map is shown).
  QString refusal() const;
  /// The status line under the map.
  QString status() const;
  /// Maps computed since construction, and the last one's wall time (ms).
  int computations() const { return computations_; }
  double lastComputeMilliseconds() const { return last_compute_ms_; }
  /// The configuration the marker and a click start from (the shown frame's).
  const State& state() const { return state_; }
  /// The configuration the drawn map was computed at.
  const State& mapState() const { return map_state_; }

 signals:
  void message(const QString& text);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void refuse(const QString& reason);
  void jointsChosen();
  /// Recomputes now if the map is out of date and the panel is visible.
  void refresh();
  bool otherJointsMoved() const;
  void compute();
  void redrawPath();
  /// Extends the drawn path by the (q_i, q_j) of joint positions `q` (model order).
  void addPathPoint(const double* q);
  void updateMarker();
  void mapClicked(QMouseEvent* event);
  void setStatus(const QString& text);
  /// (q_i, q_j) as drawn: an unlimited revolute joint wrapped into [-pi, pi).
  double shownPosition(int joint, double q) const;
  void replot();

  SimulationController* controller_;
  QComboBox* first_;
  QComboBox* second_;
  QSpinBox* grid_;
  MessageLabel* refusal_;
  MessageLabel* status_;
  QCustomPlot* plot_;
  std::unique_ptr<DisturbanceMapPlot> figure_;

  bool has_model_ = false;
  Model model_;
  std::vector<int> joints_;  // the choosers' joints (model indices)
  State state_;              // the shown configuration
  DisturbanceMap map_;
  bool has_map_ = false;
  State map_state_;        // the configuration the map was computed at
  bool map_stale_ = true;  // the model, joints or grid changed since the map
  bool refused_ = false;
  QElapsedTimer since_compute_;
  int computations_ = 0;
  double last_compute_ms_ = 0.0;
  bool paused_ = false, running_ = false;
  std::vector<double> path_q_;  // every appended frame's joint positions, njoints each
  Eigen::Vector2d path_last_ = Eigen::Vector2d::Constant(std::numeric_limits<double>::quiet_NaN());
};

}  // namespace vms::ui
