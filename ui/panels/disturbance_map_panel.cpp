#include "ui/panels/disturbance_map_panel.hpp"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ui/panels/message_label.hpp"
#include "ui/plots/disturbance_map_plot.hpp"
#include "ui/sim/simulation_controller.hpp"

namespace vms::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
/// The path keeps at most this many frames (the oldest half goes when it is full).
constexpr std::size_t kMaxPathFrames = 200000;

}  // namespace

DisturbanceMapPanel::DisturbanceMapPanel(SimulationController* controller, QWidget* parent)
    : QWidget(parent),
      controller_(controller),
      first_(new QComboBox(this)),
      second_(new QComboBox(this)),
      grid_(new QSpinBox(this)),
      refusal_(new MessageLabel(this)),
      status_(new MessageLabel(this)),
      plot_(new QCustomPlot(this)) {
  first_->setObjectName("dmap_joint_i");
  second_->setObjectName("dmap_joint_j");
  // Long joint names do not widen the dock.
  for (QComboBox* box : {first_, second_}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(6);
  }
  first_->setToolTip(tr("The joint along the horizontal axis"));
  second_->setToolTip(tr("The joint along the vertical axis"));
  grid_->setObjectName("dmap_grid");
  grid_->setRange(2, 201);
  grid_->setValue(kDefaultGrid);
  grid_->setKeyboardTracking(false);
  grid_->setToolTip(tr("Grid points along each joint's range (its limits, or one turn)"));
  refusal_->setObjectName("dmap_refusal");
  status_->setObjectName("dmap_status");
  plot_->setObjectName("dmap_plot");
  plot_->setMinimumSize(240, 200);
  plot_->setToolTip(
      tr("Colour: the curvature of the mechanical connection, the vehicle's net turn per "
         "joint-space area enclosed by a small loop. Segments: the joint-pair direction that "
         "turns the vehicle least. Click (while paused) to pose the two joints there."));
  figure_ = std::make_unique<DisturbanceMapPlot>(plot_);

  auto* choosers = new QHBoxLayout;
  choosers->setContentsMargins(0, 0, 0, 0);
  choosers->addWidget(new QLabel(tr("Joints"), this));
  choosers->addWidget(first_, 1);
  choosers->addWidget(second_, 1);
  choosers->addWidget(new QLabel(tr("Grid"), this));
  choosers->addWidget(grid_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(choosers);
  layout->addWidget(refusal_);
  layout->addWidget(plot_, 1);
  layout->addWidget(status_);

  connect(first_, &QComboBox::currentIndexChanged, this, [this] {
    // One joint on both axes: the other chooser takes the joint this one had.
    if (first_->currentIndex() == second_->currentIndex() && has_map_) {
      const int previous =
          int(std::find(joints_.begin(), joints_.end(), map_.joint_i) - joints_.begin());
      QSignalBlocker block(second_);
      second_->setCurrentIndex(previous);
    }
    jointsChosen();
  });
  connect(second_, &QComboBox::currentIndexChanged, this, [this] {
    if (first_->currentIndex() == second_->currentIndex() && has_map_) {
      const int previous =
          int(std::find(joints_.begin(), joints_.end(), map_.joint_j) - joints_.begin());
      QSignalBlocker block(first_);
      first_->setCurrentIndex(previous);
    }
    jointsChosen();
  });
  connect(grid_, &QSpinBox::valueChanged, this, [this] {
    map_stale_ = true;
    refresh();
  });
  connect(plot_, &QCustomPlot::mousePress, this, &DisturbanceMapPanel::mapClicked);
  clear();
}

DisturbanceMapPanel::~DisturbanceMapPanel() = default;

void DisturbanceMapPanel::clear() {
  has_model_ = false;
  has_map_ = false;
  refused_ = false;
  joints_.clear();
  path_q_.clear();
  {
    QSignalBlocker a(first_), b(second_);
    first_->clear();
    second_->clear();
  }
  figure_->clear();
  refusal_->hide();
  setStatus(tr("No model open."));
  replot();
}

void DisturbanceMapPanel::setScenario(const Scenario& scenario) {
  clear();
  model_ = scenario.model;
  has_model_ = true;
  std::vector<bool> is_wheel(std::size_t(model_.njoints), false);
  for (const ReactionWheelSpec& wheel : scenario.reaction_wheels) {
    const int j = model_.jointIndex(wheel.name);
    if (j >= 0) is_wheel[std::size_t(j)] = true;
  }
  {
    QSignalBlocker a(first_), b(second_);
    for (int j = 0; j < model_.njoints; ++j) {
      if (is_wheel[std::size_t(j)]) continue;
      joints_.push_back(j);
      const QString name = QString::fromStdString(model_.joint_names[std::size_t(j)]);
      first_->addItem(name, j);
      second_->addItem(name, j);
    }
    if (joints_.size() >= 2) {
      first_->setCurrentIndex(0);
      second_->setCurrentIndex(1);
    }
  }
  state_ = scenario.initial_state;
  map_stale_ = true;
  if (joints_.size() < 2) {
    refuse(tr("Disturbance map: the model has %1 arm joint(s); the map needs two.")
               .arg(joints_.size()));
    return;
  }
  refresh();
}

void DisturbanceMapPanel::chooseJoints(int i, int j) {
  const int a = first_->findData(i), b = second_->findData(j);
  if (a < 0 || b < 0 || i == j) return;
  {
    QSignalBlocker block(first_), block2(second_);
    first_->setCurrentIndex(a);
    second_->setCurrentIndex(b);
  }
  jointsChosen();
}

void DisturbanceMapPanel::setGrid(int grid) { grid_->setValue(grid); }

void DisturbanceMapPanel::jointsChosen() {
  map_stale_ = true;
  refresh();
}

void DisturbanceMapPanel::refuse(const QString& reason) {
  refused_ = true;
  has_map_ = false;
  figure_->clear();
  refusal_->setMessage(reason);
  refusal_->show();
  plot_->hide();
  setStatus(QString());
  status_->hide();
}

QString DisturbanceMapPanel::refusal() const { return refused_ ? refusal_->message() : QString(); }

QString DisturbanceMapPanel::status() const { return status_->message(); }

void DisturbanceMapPanel::setStatus(const QString& text) {
  status_->setMessage(text);
  status_->setVisible(!text.isEmpty());
}

bool DisturbanceMapPanel::otherJointsMoved() const {
  if (!has_map_ || map_state_.q.size() != state_.q.size()) return true;
  for (int k = 0; k < state_.q.size(); ++k) {
    if (k == map_.joint_i || k == map_.joint_j) continue;
    if (!(std::abs(state_.q[k] - map_state_.q[k]) <= kOtherJointsTolerance)) return true;
  }
  return false;
}

void DisturbanceMapPanel::refresh() {
  if (!has_model_ || joints_.size() < 2 || !isVisible()) return;
  if (!map_stale_ && (refused_ || !otherJointsMoved())) return;
  compute();
}

void DisturbanceMapPanel::compute() {
  const int i = first_->currentData().toInt(), j = second_->currentData().toInt();
  if (i == j || state_.q.size() != model_.njoints) return;
  QElapsedTimer clock;
  clock.start();
  try {
    map_ = disturbanceMap(model_, state_, i, j, grid_->value());
  } catch (const std::invalid_argument& e) {
    map_stale_ = false;
    refuse(QString::fromStdString(e.what()));
    return;
  }
  last_compute_ms_ = double(clock.nsecsElapsed()) * 1e-6;
  ++computations_;
  has_map_ = true;
  refused_ = false;
  map_state_ = state_;
  map_stale_ = false;
  since_compute_.restart();
  refusal_->hide();
  plot_->show();
  figure_->showMap(model_, map_);
  redrawPath();
  updateMarker();
  setRunState(paused_, running_);  // the status line
  replot();
}

double DisturbanceMapPanel::shownPosition(int joint, double q) const {
  return shownJointPosition(model_, joint, q);
}

void DisturbanceMapPanel::redrawPath() {
  figure_->clearPath();
  path_last_ = Eigen::Vector2d::Constant(kNaN);
  if (!has_map_) return;
  const std::size_t n = std::size_t(model_.njoints);
  for (std::size_t f = 0; f + n <= path_q_.size(); f += n) addPathPoint(&path_q_[f]);
}

void DisturbanceMapPanel::addPathPoint(const double* q) {
  const Eigen::Vector2d p(shownPosition(map_.joint_i, q[map_.joint_i]),
                          shownPosition(map_.joint_j, q[map_.joint_j]));
  // A joint wrapped from +pi to -pi: the path breaks instead of crossing the map.
  if (!std::isnan(path_last_[0]) && (p - path_last_).cwiseAbs().maxCoeff() > M_PI)
    figure_->appendToPath(kNaN, kNaN);
  figure_->appendToPath(p[0], p[1]);
  path_last_ = p;
}

void DisturbanceMapPanel::updateMarker() {
  if (!has_map_ || state_.q.size() != model_.njoints) return;
  figure_->setMarker(shownPosition(map_.joint_i, state_.q[map_.joint_i]),
                     shownPosition(map_.joint_j, state_.q[map_.joint_j]));
}

void DisturbanceMapPanel::clearPath() {
  path_q_.clear();
  figure_->clearPath();
  replot();
}

void DisturbanceMapPanel::appendFrames(const std::vector<SimFrame>& frames) {
  if (!has_model_) return;
  const std::size_t n = std::size_t(model_.njoints);
  for (const SimFrame& frame : frames) {
    const VecX& q = frame.snapshot.state.q;
    if (q.size() != model_.njoints) continue;
    path_q_.insert(path_q_.end(), q.data(), q.data() + n);
    if (has_map_) addPathPoint(q.data());
  }
  if (path_q_.size() > kMaxPathFrames * n) {
    path_q_.erase(path_q_.begin(), path_q_.begin() + std::ptrdiff_t(kMaxPathFrames / 2 * n));
    redrawPath();
  }
  replot();
}

void DisturbanceMapPanel::showFrame(const SimFrame& frame) {
  if (!has_model_ || frame.snapshot.state.q.size() != model_.njoints) return;
  state_ = frame.snapshot.state;
  if (has_map_ && otherJointsMoved() &&
      (!running_ || !since_compute_.isValid() || since_compute_.elapsed() >= kRecomputeInterval))
    refresh();
  updateMarker();
  replot();
}

void DisturbanceMapPanel::setRunState(bool paused, bool running) {
  paused_ = paused;
  running_ = running;
  if (!running_) refresh();  // the other joints where the run stopped
  if (!has_map_) return;
  const QString a = QString::fromStdString(model_.joint_names[std::size_t(map_.joint_i)]);
  const QString b = QString::fromStdString(model_.joint_names[std::size_t(map_.joint_j)]);
  const QString computed = tr("%1 × %1 grid in %2 ms, the other joints as shown.")
                               .arg(map_.grid)
                               .arg(last_compute_ms_, 0, 'f', 1);
  setStatus(paused_ ? tr("%1 Click the map to pose %2 and %3 there.").arg(computed, a, b)
                    : tr("%1 A click poses the arm while the simulation is paused.").arg(computed));
}

void DisturbanceMapPanel::mapClicked(QMouseEvent* event) {
  if (!has_map_ || event->button() != Qt::LeftButton) return;
  const QPointF at = event->position();
  if (!plot_->axisRect()->rect().contains(at.toPoint())) return;
  if (!paused_) {
    setStatus(
        tr("Pause the simulation to pose the arm by clicking the map: posing works only "
           "while paused, as in the Teach panel."));
    return;
  }
  const int i = map_.joint_i, j = map_.joint_j;
  const Eigen::Vector2d ri = disturbanceMapRange(model_, i), rj = disturbanceMapRange(model_, j);
  const double x = std::clamp(plot_->xAxis->pixelToCoord(at.x()), ri[0], ri[1]);
  const double y = std::clamp(plot_->yAxis->pixelToCoord(at.y()), rj[0], rj[1]);
  VecX q = state_.q;
  // An unlimited revolute joint goes to the clicked angle the short way round.
  q[i] = jointWraps(model_, i) ? q[i] + std::remainder(x - q[i], 2 * M_PI) : x;
  q[j] = jointWraps(model_, j) ? q[j] + std::remainder(y - q[j], 2 * M_PI) : y;
  controller_->setJointPositions(q, /*vehicle_reacts=*/true, /*hold_pose=*/true);
  const QString a = QString::fromStdString(model_.joint_names[std::size_t(i)]);
  const QString b = QString::fromStdString(model_.joint_names[std::size_t(j)]);
  setStatus(tr("Posed %1 = %2 %3, %4 = %5 %6 (the vehicle reacting; held there on Play).")
                .arg(a)
                .arg(x, 0, 'f', 3)
                .arg(jointUnit(model_, i))
                .arg(b)
                .arg(y, 0, 'f', 3)
                .arg(jointUnit(model_, j)));
  emit message(tr("Disturbance map: posed %1 and %2 at (%3, %4)")
                   .arg(a, b)
                   .arg(x, 0, 'g', 6)
                   .arg(y, 0, 'g', 6));
}

void DisturbanceMapPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  refresh();
  replot();
}

void DisturbanceMapPanel::replot() {
  if (isVisible()) plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace vms::ui
