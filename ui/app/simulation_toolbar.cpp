#include "ui/app/simulation_toolbar.hpp"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QStyle>

#include "core/integrators/integrator.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms::ui {

namespace {

QComboBox* makeCombo(const QString& tip, QWidget* parent) {
  auto* combo = new QComboBox(parent);
  combo->setToolTip(tip);
  combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  return combo;
}

const ManeuveringMode kModes[] = {ManeuveringMode::Floating, ManeuveringMode::RotationFloating,
                                  ManeuveringMode::RotationFlying,
                                  ManeuveringMode::TranslationFlying, ManeuveringMode::Flying};

}  // namespace

SimulationToolbar::SimulationToolbar(SimulationController* controller, QWidget* parent)
    : QToolBar(tr("Simulation"), parent), controller_(controller) {
  setObjectName("simulationToolbar");
  QStyle* s = style();
  play_pause_ = addAction(s->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
  play_pause_->setShortcut(Qt::Key_Space);
  play_pause_->setToolTip(tr("Play / pause (Space)"));
  step_ = addAction(s->standardIcon(QStyle::SP_MediaSeekForward), tr("Step"));
  step_->setShortcut(Qt::Key_Period);
  step_->setToolTip(tr("Single step of dt (.)"));
  reset_ = addAction(s->standardIcon(QStyle::SP_MediaSkipBackward), tr("Reset"));
  reset_->setShortcut(Qt::Key_Backspace);
  reset_->setToolTip(tr("Back to the initial state, t = 0 (Backspace)"));
  addSeparator();
  slower_ = addAction(s->standardIcon(QStyle::SP_MediaSeekBackward), tr("Slower"));
  slower_->setShortcut(Qt::Key_Minus);
  slower_->setToolTip(tr("Slower (-)"));
  speed_label_ = new QLabel(this);
  speed_label_->setToolTip(tr("Requested real-time factor (measured while running)"));
  speed_label_->setMinimumWidth(110);
  speed_label_->setAlignment(Qt::AlignCenter);
  addWidget(speed_label_);
  faster_ = addAction(s->standardIcon(QStyle::SP_MediaSeekForward), tr("Faster"));
  faster_->setShortcuts({QKeySequence(Qt::Key_Equal), QKeySequence(Qt::Key_Plus)});
  faster_->setToolTip(tr("Faster (=); the top speed is 'max', as fast as possible"));
  for (QAction* a : {play_pause_, step_, reset_, slower_, faster_})
    a->setShortcutContext(Qt::WindowShortcut);
  addSeparator();

  solver_ = makeCombo(tr("Forward-dynamics solver (core registry)"), this);
  for (const std::string& name : solverNames()) solver_->addItem(QString::fromStdString(name));
  addWidget(new QLabel(tr(" Solver "), this));
  addWidget(solver_);
  integrator_ = makeCombo(tr("Integrator on the group (core registry)"), this);
  for (const std::string& name : integratorNames())
    integrator_->addItem(QString::fromStdString(name));
  addWidget(new QLabel(tr(" Integrator "), this));
  addWidget(integrator_);
  dt_ = new QDoubleSpinBox(this);
  dt_->setDecimals(5);
  dt_->setRange(1e-5, 1.0);
  dt_->setSingleStep(0.001);
  dt_->setSuffix(" s");
  dt_->setKeyboardTracking(false);
  dt_->setToolTip(tr("Time step dt"));
  addWidget(new QLabel(tr(" dt "), this));
  addWidget(dt_);
  mode_ = makeCombo(tr("Maneuvering mode (seed 004): what the vehicle's actuators may do"), this);
  for (ManeuveringMode m : kModes)
    mode_->addItem(QString::fromLatin1(maneuveringModeName(m)), int(m));
  addWidget(new QLabel(tr(" Mode "), this));
  addWidget(mode_);

  connect(play_pause_, &QAction::triggered, this, &SimulationToolbar::playPauseRequested);
  connect(step_, &QAction::triggered, this, &SimulationToolbar::stepRequested);
  connect(reset_, &QAction::triggered, this, &SimulationToolbar::resetRequested);
  connect(slower_, &QAction::triggered, this, [this] { changeSpeed(false); });
  connect(faster_, &QAction::triggered, this, [this] { changeSpeed(true); });
  connect(solver_, &QComboBox::textActivated, this, [this](const QString& name) {
    controller_->setSolver(name.toStdString());
    emit message(tr("solver: %1").arg(name));
  });
  connect(integrator_, &QComboBox::textActivated, this, [this](const QString& name) {
    controller_->setIntegrator(name.toStdString());
    emit message(tr("integrator: %1").arg(name));
  });
  connect(dt_, &QDoubleSpinBox::valueChanged, this, [this](double dt) {
    if (!controller_->hasSimulation() || dt == controller_->scenario().dt) return;
    controller_->setTimeStep(dt);
    emit message(tr("time step: %1 s").arg(dt));
  });
  connect(mode_, &QComboBox::activated, this, [this](int index) {
    controller_->setManeuveringMode(ManeuveringMode(mode_->itemData(index).toInt()));
    emit message(tr("maneuvering mode: %1").arg(mode_->itemText(index)));
  });
  setRealTimeFactor(1.0);
  showRunState(RunState::Empty);
}

void SimulationToolbar::syncFromController() {
  speed_.setFactor(controller_->realTimeFactor());
  updateSpeedLabel();
  if (!controller_->hasSimulation()) return;
  const Scenario& s = controller_->scenario();
  auto select = [](QComboBox* combo, const QString& text) {
    QSignalBlocker block(combo);
    int i = combo->findText(text);
    if (i < 0) {  // a name the registry does not list (should not happen): show it anyway
      combo->addItem(text);
      i = combo->count() - 1;
    }
    combo->setCurrentIndex(i);
  };
  select(solver_, QString::fromStdString(s.solver));
  greyOutUnsupportedSolvers(s.model.base_type);
  select(integrator_, QString::fromStdString(s.integrator));
  greyOutUnsupportedIntegrators(s.model.base_type);
  {
    QSignalBlocker block(mode_);
    mode_->setCurrentIndex(mode_->findData(int(s.mode)));
  }
  QSignalBlocker block(dt_);
  dt_->setValue(s.dt);
}

// A solver that does not handle the model's vehicle type stays listed, greyed out, with the
// reason as its tooltip (it is never swapped for another one silently).
void SimulationToolbar::greyOutUnsupportedSolvers(BaseType base) {
  auto* items = qobject_cast<QStandardItemModel*>(solver_->model());
  if (!items) return;
  for (int i = 0; i < solver_->count(); ++i) {
    QStandardItem* item = items->item(i);
    const std::string problem = solverSupportProblem(item->text().toStdString(), base);
    item->setEnabled(problem.empty());
    item->setToolTip(QString::fromStdString(problem));
  }
}

// Likewise for integrators (momentum-rk4 refuses the nonholonomic vehicle).
void SimulationToolbar::greyOutUnsupportedIntegrators(BaseType base) {
  auto* items = qobject_cast<QStandardItemModel*>(integrator_->model());
  if (!items) return;
  for (int i = 0; i < integrator_->count(); ++i) {
    QStandardItem* item = items->item(i);
    const std::string problem = integratorSupportProblem(item->text().toStdString(), base);
    item->setEnabled(problem.empty());
    item->setToolTip(QString::fromStdString(problem));
  }
}

void SimulationToolbar::showRunState(RunState state) {
  const bool loaded = state != RunState::Empty;
  const bool running = state == RunState::Running;
  play_pause_->setText(running ? tr("Pause") : tr("Play"));
  play_pause_->setIcon(
      style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  play_pause_->setEnabled(loaded && state != RunState::Finished);
  step_->setEnabled(loaded && !running && state != RunState::Finished);
  reset_->setEnabled(loaded);
  for (QWidget* w : {static_cast<QWidget*>(solver_), static_cast<QWidget*>(integrator_),
                     static_cast<QWidget*>(dt_), static_cast<QWidget*>(mode_)})
    w->setEnabled(loaded);
  if (!running) measured_ = -1.0;
  updateSpeedLabel();
}

void SimulationToolbar::showMeasuredRate(double measured_factor) {
  measured_ = measured_factor;
  updateSpeedLabel();
}

void SimulationToolbar::setRealTimeFactor(double factor) {
  speed_.setFactor(factor);
  controller_->setRealTimeFactor(speed_.factor());
  updateSpeedLabel();
}

void SimulationToolbar::changeSpeed(bool faster) {
  if (!(faster ? speed_.faster() : speed_.slower())) return;
  controller_->setRealTimeFactor(speed_.factor());
  measured_ = -1.0;
  updateSpeedLabel();
  emit message(tr("real-time factor: %1").arg(SpeedLadder::label(speed_.factor())));
}

void SimulationToolbar::updateSpeedLabel() {
  QString text = tr("speed %1").arg(SpeedLadder::label(speed_.factor()));
  if (measured_ >= 0.0)
    text += QStringLiteral(" (%1%2)").arg(QString::number(measured_, 'g', 3), QChar(0x00D7));
  speed_label_->setText(text);
}

}  // namespace vms::ui
