#pragma once
// The simulation toolbar: play/pause (Space), single step, reset, slower/faster with the
// requested and measured real-time factor, and the solver, integrator, time-step and
// maneuvering-mode selectors, and the root selector of the base-invariant solver (seed 002:
// any link of the model as the root of its recursions; enabled for that solver on a free
// vehicle only, otherwise disabled with the reason as its tooltip), and the analysis-frame
// selector (any frame of the model: where the manipulability measures, the ellipsoids and the
// Teach panel's numbers are taken; SimulationController::setAnalysisFrame). Solver and integrator
// names come from the core registries, so new ones appear without UI changes. Run commands are
// emitted (the main window knows about scrubbing); settings go straight to the
// SimulationController.
#include <QToolBar>

#include "ui/app/bars/speed_ladder.hpp"
#include "ui/sim/simulation_controller.hpp"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace vms::ui {

class SimulationToolbar : public QToolBar {
  Q_OBJECT
 public:
  explicit SimulationToolbar(SimulationController* controller, QWidget* parent = nullptr);
  /// The largest time step the dt field takes (s); a larger one is refused with a message.
  static constexpr double kMaxTimeStep = 1.0;

  QAction* playPauseAction() const { return play_pause_; }
  QAction* stepAction() const { return step_; }
  QAction* resetAction() const { return reset_; }
  QAction* slowerAction() const { return slower_; }
  QAction* fasterAction() const { return faster_; }
  QComboBox* solverSelector() const { return solver_; }
  /// "vehicle (model's own)" (data "") first, then the model's other links (data: the name).
  QComboBox* rootSelector() const { return root_; }
  QComboBox* integratorSelector() const { return integrator_; }
  QComboBox* modeSelector() const { return mode_; }
  /// "default (NAME)" (data -1: the scenario's "analysis" frame or the end-effector), then
  /// every frame of the model (data: the frame index).
  QComboBox* analysisFrameSelector() const { return analysis_; }
  QDoubleSpinBox* timeStepField() const { return dt_; }

  /// Shows the loaded scenario's solver, integrator, dt, mode and the controller's speed.
  void syncFromController();
  /// Enables/disables and relabels for a run state.
  void showRunState(RunState state);
  /// Added (drafts): play and step are off while `reason` is not empty (their tooltip says it).
  void setBlocked(const QString& reason);
  /// Refreshes the measured real-time factor next to the requested one.
  void showMeasuredRate(double measured_factor);
  void setRealTimeFactor(double factor);  // also tells the controller

 signals:
  void playPauseRequested();
  void stepRequested();
  void resetRequested();
  void message(const QString& text);
  void refused(const QString& text);  // a setting that was not taken, and why

 private:
  void greyOutUnsupported(QComboBox* combo, std::string (*problemOf)(const std::string&, BaseType),
                          BaseType base);
  /// Lists the loaded model's links, selects the scenario's root and enables the selector
  /// when a root applies (base-invariant solver, free vehicle).
  void syncRootSelector();
  void syncAnalysisSelector();
  void changeSpeed(bool faster);
  void updateSpeedLabel();

  SimulationController* controller_;
  SpeedLadder speed_;
  double measured_ = -1.0;
  QAction *play_pause_, *step_, *reset_, *slower_, *faster_;
  QLabel* speed_label_;
  QComboBox *solver_, *root_, *integrator_, *mode_, *analysis_;
  QStringList analysis_frames_;  // the frames analysis_ lists after its first item
  QStringList root_links_;       // the links root_ lists after its first item
  QString blocked_;              // why the run controls are off ("" when they are not)
  QString play_tip_, step_tip_;  // their tooltips when they are not
  QString root_problem_;         // why no root applies ("" when one does)
  bool vehicle_moves_ = true;    // false for a fixed vehicle: no maneuvering mode applies
  QDoubleSpinBox* dt_;
};

}  // namespace vms::ui
