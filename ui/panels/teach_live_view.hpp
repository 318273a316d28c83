#pragma once
// The numbers and the small plot of the Teach panel, so that posing shows them without the
// Plots tab: translational manipulability of the fixed-base Jm and of the generalized J*
// (vehicle free), their ratio w(J*)/w(Jm), the vehicle's attitude change since the start
// (angle of the rotation from the initial attitude) and the system centre of mass, all from
// the shown frame (computed in the worker by core/analysis; FrameAnalysis and Snapshot), and a
// plot of w(J*), w(Jm) and the attitude angle against the poses made so far.
#include <QWidget>

#include "ui/sim/sim_frame.hpp"

class QCustomPlot;
class QLabel;

namespace vms::ui {

/// What the view shows (tests compare it with the core functions).
struct TeachLiveValues {
  bool valid = false;
  double manipulability_fixed = 0.0, manipulability_floating = 0.0;
  double ratio = 0.0;              // NaN where undefined
  double attitude_deg = 0.0;       // vehicle attitude change since the start, degrees
  Vec3 system_com = Vec3::Zero();  // m, world
};

class TeachLiveView : public QWidget {
  Q_OBJECT
 public:
  explicit TeachLiveView(QWidget* parent = nullptr);
  void clear();
  /// Shows the frame's numbers; with `record_pose`, also adds them to the plot's pose history
  /// (when the joint positions differ from the last pose recorded).
  void showFrame(const SimFrame& frame, bool record_pose);

  const TeachLiveValues& values() const { return values_; }
  int posesRecorded() const { return poses_; }
  QCustomPlot* plot() const { return plot_; }

 private:
  QLabel *fixed_, *floating_, *ratio_, *attitude_, *com_;
  QCustomPlot* plot_;
  TeachLiveValues values_;
  VecX last_q_;
  int poses_ = 0;
};

}  // namespace vms::ui
