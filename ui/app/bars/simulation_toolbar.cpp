#include "ui/app/bars/simulation_toolbar.hpp"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QStyle>
#include <algorithm>

#include "core/analysis/end_effector_analysis.hpp"
#include "core/integrators/integrator_entry.hpp"
#include "core/solvers/rooted_solver.hpp"
#include "core/solvers/solver_entry.hpp"

namespace vms::ui {

namespace {

QComboBox* makeCombo(const QString& tip, QWidget* parent) {
  auto* combo = new QComboBox(parent);
  combo->setToolTip(tip);
  combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  return combo;
}

// What a user gets from a solver or integrator: its registry entry's summary.
QString methodSummary(const QString& name) {
  const std::string n = name.toStdString();
  if (const SolverEntry* e = solverRegistry().find(n)) return QString::fromStdString(e->summary);
  if (const IntegratorEntry* e = integratorRegistry().find(n))
    return QString::fromStdString(e->summary);
  return {};
}

QString rootTip() {
  return QObject::tr(
      "Root of the base-invariant solver's recursions (seed 002): any link; the motion and the "
      "vehicle/joint coordinates are the same whichever link is the root");
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

  solver_ =
      makeCombo(tr("How the accelerations are computed. Every method gives the same motion (they "
                   "agree to 1e-9); they differ in cost and in the intermediate quantities "
                   "they show. aba, the articulated-body algorithm, is the fastest."),
                this);
  for (const std::string& name : solverNames()) solver_->addItem(QString::fromStdString(name));
  addWidget(new QLabel(tr(" Solver "), this));
  addWidget(solver_);
  root_ = makeCombo(rootTip(), this);
  addWidget(new QLabel(tr(" Root "), this));
  addWidget(root_);
  integrator_ =
      makeCombo(tr("How the motion is stepped in time. All keep the vehicle's attitude a true "
                   "rotation; rk4 is the accurate default, euler the simplest."),
                this);
  for (const std::string& name : integratorNames())
    integrator_->addItem(QString::fromStdString(name));
  addWidget(new QLabel(tr(" Integrator "), this));
  addWidget(integrator_);
  dt_ = new QDoubleSpinBox(this);
  dt_->setDecimals(5);
  // Any value may be typed; one above kMaxTimeStep is refused with a message (it used to be
  // clamped silently).
  dt_->setRange(1e-5, 1e6);
  dt_->setSingleStep(0.001);
  dt_->setSuffix(" s");
  dt_->setKeyboardTracking(false);
  dt_->setToolTip(tr("Time step dt of the integrator (%1 s to %2 s). Kept when the model is "
                     "edited.")
                      .arg(1e-5)
                      .arg(kMaxTimeStep));
  addWidget(new QLabel(tr(" dt "), this));
  addWidget(dt_);
  mode_ = makeCombo(tr("Maneuvering mode (seed 004): what the vehicle's actuators may do"), this);
  for (ManeuveringMode m : kModes)
    mode_->addItem(QString::fromLatin1(maneuveringModeName(m)), int(m));
  addWidget(new QLabel(tr(" Mode "), this));
  addWidget(mode_);
  analysis_ = makeCombo(tr("Analysis frame: where the manipulability of Jm and J*, the "
                           "ellipsoids and the Teach panel's numbers are taken (any link or "
                           "frame of the model)"),
                        this);
  analysis_->setObjectName("analysisFrameSelector");
  addWidget(new QLabel(tr(" Analysis "), this));
  addWidget(analysis_);

  connect(play_pause_, &QAction::triggered, this, &SimulationToolbar::playPauseRequested);
  connect(step_, &QAction::triggered, this, &SimulationToolbar::stepRequested);
  connect(reset_, &QAction::triggered, this, &SimulationToolbar::resetRequested);
  connect(slower_, &QAction::triggered, this, [this] { changeSpeed(false); });
  connect(faster_, &QAction::triggered, this, [this] { changeSpeed(true); });
  connect(solver_, &QComboBox::textActivated, this, [this](const QString& name) {
    controller_->setSolver(name.toStdString());
    emit message(tr("solver: %1").arg(name));
    syncRootSelector();  // a root applies to base-invariant only
  });
  connect(root_, &QComboBox::activated, this, [this](int index) {
    controller_->setRoot(root_->itemData(index).toString().toStdString());
    emit message(tr("root: %1").arg(root_->itemText(index)));
    syncRootSelector();  // shows the root in effect if it was refused
  });
  connect(integrator_, &QComboBox::textActivated, this, [this](const QString& name) {
    controller_->setIntegrator(name.toStdString());
    emit message(tr("integrator: %1").arg(name));
  });
  connect(dt_, &QDoubleSpinBox::valueChanged, this, [this](double dt) {
    if (!controller_->hasSimulation() || dt == controller_->scenario().dt) return;
    if (dt > kMaxTimeStep) {
      emit refused(tr("time step %1 s refused: the largest the workbench takes is %2 s; "
                      "dt stays %3 s")
                       .arg(dt)
                       .arg(kMaxTimeStep)
                       .arg(controller_->scenario().dt));
      QSignalBlocker block(dt_);
      dt_->setValue(controller_->scenario().dt);
      return;
    }
    controller_->setTimeStep(dt);
    emit message(tr("time step: %1 s").arg(dt));
  });
  connect(mode_, &QComboBox::activated, this, [this](int index) {
    controller_->setManeuveringMode(ManeuveringMode(mode_->itemData(index).toInt()));
    emit message(tr("maneuvering mode: %1").arg(mode_->itemText(index)));
  });
  connect(analysis_, &QComboBox::activated, this, [this](int index) {
    controller_->setAnalysisFrame(analysis_->itemData(index).toInt());
    emit message(tr("analysis frame: %1").arg(analysis_->itemText(index)));
  });
  setRealTimeFactor(1.0);
  syncRootSelector();
  syncAnalysisSelector();
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
  greyOutUnsupported(solver_, &solverSupportProblem, s.model.base_type);
  syncRootSelector();
  syncAnalysisSelector();
  select(integrator_, QString::fromStdString(s.integrator));
  greyOutUnsupported(integrator_, &integratorSupportProblem, s.model.base_type);
  {
    QSignalBlocker block(mode_);
    mode_->setCurrentIndex(mode_->findData(int(s.mode)));
  }
  // A fixed vehicle has no maneuvering mode: the selector says so instead of "floating".
  vehicle_moves_ = s.model.base_dof > 0;
  mode_->setToolTip(vehicle_moves_ ? tr("Maneuvering mode (seed 004): what the vehicle's "
                                        "actuators may do")
                                   : tr("The vehicle is fixed: no maneuvering mode applies."));
  mode_->setEnabled(vehicle_moves_ && controller_->runState() != RunState::Empty);
  QSignalBlocker block(dt_);
  dt_->setValue(s.dt);
}

// A solver or integrator that does not handle the model's vehicle type stays listed, greyed
// out, with the reason as its tooltip (it is never swapped for another one silently).
void SimulationToolbar::greyOutUnsupported(QComboBox* combo,
                                           std::string (*problemOf)(const std::string&, BaseType),
                                           BaseType base) {
  auto* items = qobject_cast<QStandardItemModel*>(combo->model());
  if (!items) return;
  for (int i = 0; i < combo->count(); ++i) {
    QStandardItem* item = items->item(i);
    const std::string problem = problemOf(item->text().toStdString(), base);
    item->setEnabled(problem.empty());
    item->setToolTip(problem.empty() ? methodSummary(item->text())
                                     : QString::fromStdString(problem));
  }
}

void SimulationToolbar::syncAnalysisSelector() {
  QSignalBlocker block(analysis_);
  if (!controller_->hasSimulation()) {
    analysis_->clear();
    analysis_frames_.clear();
    analysis_->setEnabled(false);
    return;
  }
  const Scenario& s = controller_->scenario();
  const Model& model = s.model;
  QStringList frames;
  for (const Frame& f : model.frames) frames << QString::fromStdString(f.name);
  if (analysis_->count() == 0 || frames != analysis_frames_) {
    analysis_->clear();
    const int ee = s.analysis ? s.analysis->end_effector_frame : defaultEndEffectorFrame(model);
    analysis_->addItem(ee >= 0 ? tr("default (%1)").arg(frames[ee]) : tr("default (none)"), -1);
    for (int f = 0; f < frames.size(); ++f) analysis_->addItem(frames[f], f);
    analysis_frames_ = frames;
  }
  analysis_->setCurrentIndex(std::max(analysis_->findData(controller_->analysisFrame()), 0));
  analysis_->setEnabled(model.njoints > 0);
}

void SimulationToolbar::syncRootSelector() {
  QSignalBlocker block(root_);
  if (!controller_->hasSimulation()) {
    root_->clear();
    root_links_.clear();
    root_problem_ = tr("no simulation loaded");
    root_->setEnabled(false);
    return;
  }
  const Scenario& s = controller_->scenario();
  const Model& model = s.model;
  QStringList links;
  for (std::size_t b = 1; b < model.body_names.size(); ++b)
    links << QString::fromStdString(model.body_names[b]);
  if (root_->count() == 0 || links != root_links_) {
    root_->clear();
    root_->addItem(tr("vehicle (model's own)"), QString());
    for (const QString& link : links) root_->addItem(link, link);
    root_links_ = links;
  }
  // The scenario's root (a link, fused link or frame) shows as the link whose body carries it.
  const int body = s.root.empty() ? 0 : rootBodyOfLink(model, s.root);
  const int index =
      body > 0 ? root_->findData(QString::fromStdString(model.body_names[std::size_t(body)])) : 0;
  root_->setCurrentIndex(std::max(index, 0));
  // The vehicle's reason first: choosing base-invariant would not help there.
  std::string problem = solverSupportProblem(rootedSolverName(), model.base_type);
  if (problem.empty() && s.solver != rootedSolverName())
    problem = "a root applies to the " + rootedSolverName() + " solver only (choose it as Solver)";
  root_problem_ = QString::fromStdString(problem);
  root_->setToolTip(root_problem_.isEmpty() ? rootTip() : root_problem_);
  root_->setEnabled(root_problem_.isEmpty());
}

void SimulationToolbar::setBlocked(const QString& reason) {
  if (reason == blocked_) return;
  if (blocked_.isEmpty()) {
    play_tip_ = play_pause_->toolTip();
    step_tip_ = step_->toolTip();
  }
  blocked_ = reason;
  play_pause_->setToolTip(blocked_.isEmpty() ? play_tip_ : blocked_);
  step_->setToolTip(blocked_.isEmpty() ? step_tip_ : blocked_);
  showRunState(controller_->runState());
}

void SimulationToolbar::showRunState(RunState state) {
  const bool loaded = state != RunState::Empty;
  const bool running = state == RunState::Running;
  play_pause_->setText(running ? tr("Pause") : tr("Play"));
  play_pause_->setIcon(
      style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  play_pause_->setEnabled(loaded && blocked_.isEmpty() && state != RunState::Finished);
  step_->setEnabled(loaded && blocked_.isEmpty() && !running && state != RunState::Finished);
  reset_->setEnabled(loaded);
  for (QWidget* w : {static_cast<QWidget*>(solver_), static_cast<QWidget*>(integrator_),
                     static_cast<QWidget*>(dt_)})
    w->setEnabled(loaded);
  mode_->setEnabled(loaded && vehicle_moves_);
  root_->setEnabled(loaded && controller_->hasSimulation() && root_problem_.isEmpty());
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
