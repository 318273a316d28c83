// MainWindow: View (overlays, camera) and Window menus; layout persistence.
#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>

#include "ui/app/window/main_window.hpp"
#include "ui/app/window/settings_keys.hpp"

namespace vms::ui {

namespace {

struct OverlayInfo {
  Overlay overlay;
  const char* key;
  const char* label;
  bool default_on;
};

const OverlayInfo kOverlays[kOverlayCount] = {
    {Overlay::LinkFrames, "linkFrames", "Link &frames", false},
    {Overlay::CentersOfMass, "centersOfMass", "Link &centres of mass", false},
    {Overlay::JointAxes, "jointAxes", "&Joint axes", true},
    {Overlay::SystemCenterOfMass, "systemCenterOfMass", "&System centre of mass", true},
    {Overlay::MomentumArrows, "momentumArrows", "&Momentum arrows (P, L)", true},
    {Overlay::EndEffectorTrail, "endEffectorTrail", "End-effector &trail", true},
    {Overlay::ManipulabilityFixed, "manipulabilityFixed",
     "Manipulability ellipsoid, fixed base (J&m)", true},
    {Overlay::ManipulabilityFloating, "manipulabilityFloating",
     "Manipulability ellipsoid, free-floating (J&*)", true},
    {Overlay::OperationalInertia, "operationalInertia", "Operational-space &inertia ellipsoid",
     false},
    {Overlay::LinkInertias, "linkInertias", "Operational-space inertia \u039B(k) at every &link",
     false},
    {Overlay::WorldAxes, "worldAxes", "&World axes (x red, y green, z blue)", true},
    {Overlay::Grid, "grid", "Reference &grid (world xy plane)", true},
};

}  // namespace

void MainWindow::setOverlay(Overlay overlay, bool visible) {
  scene_->setOverlayVisible(overlay, visible);
  // Lambda(k) of every link is computed by the worker only while it is drawn.
  if (overlay == Overlay::LinkInertias) controller_->setLinkInertias(visible);
  const OverlayInfo& info = kOverlays[int(overlay)];
  QSettings().setValue(settings_keys::kOverlayPrefix + info.key, visible);
  if (QAction* action = overlay_actions_[int(overlay)]) {
    QSignalBlocker block(action);
    action->setChecked(visible);
  }
}

void MainWindow::setEllipsoidQuantity(EllipsoidQuantity quantity) {
  scene_->setEllipsoidQuantity(quantity);
  QSettings().setValue(settings_keys::kEllipsoidQuantity, int(quantity));
  for (QAction* action : quantity_actions_)
    if (action->data().toInt() == int(quantity)) action->setChecked(true);
}

void MainWindow::setCameraFollow(CameraFollow follow) {
  scene_->setCameraFollow(follow);
  QSettings().setValue(settings_keys::kCameraFollow, int(follow));
  for (QAction* action : follow_actions_)
    if (action->data().toInt() == int(follow)) action->setChecked(true);
  showCameraFollow();
}

// The follow mode in the status bar (it used to be shown nowhere, and a mode chosen for one
// model surprised the next); clicking it offers the modes.
void MainWindow::showCameraFollow() {
  if (!camera_button_) return;
  const CameraFollow follow = scene_->cameraFollow();
  camera_button_->setText(follow == CameraFollow::None      ? tr("Camera: free")
                          : follow == CameraFollow::Vehicle ? tr("Camera: follows the vehicle")
                                                            : tr("Camera: follows the system CoM"));
}

void MainWindow::createViewMenu() {
  QMenu* menu = menuBar()->addMenu(tr("&View"));
  QSettings settings;
  for (const OverlayInfo& info : kOverlays) {
    QAction* action = menu->addAction(tr(info.label));
    action->setCheckable(true);
    const bool on =
        settings.value(settings_keys::kOverlayPrefix + info.key, info.default_on).toBool();
    action->setChecked(on);
    scene_->setOverlayVisible(info.overlay, on);
    if (info.overlay == Overlay::LinkInertias) controller_->setLinkInertias(on);
    connect(action, &QAction::toggled, this,
            [this, overlay = info.overlay](bool visible) { setOverlay(overlay, visible); });
    overlay_actions_[int(info.overlay)] = action;
  }
  QMenu* workspace = menu->addMenu(tr("Reachable &Workspace"));
  workspace->setToolTip(
      tr("Where the end effector can reach, as points coloured by the "
         "manipulability (dark: singular, yellow: best)"));
  workspace->addAction(tr("&Fixed Base"), this,
                       [this] { showReachableWorkspace(WorkspaceVehicle::FixedBase); });
  workspace->addAction(tr("Free-&Floating (system CoM held)"), this,
                       [this] { showReachableWorkspace(WorkspaceVehicle::FreeFloating); });
  workspace->addAction(tr("&Hide"), this, &MainWindow::hideReachableWorkspace);
  QMenu* quantity = menu->addMenu(tr("Jm/J* ellipsoids &show"));
  auto* quantities = new QActionGroup(this);
  const std::pair<EllipsoidQuantity, QString> kinds[] = {
      {EllipsoidQuantity::TranslationalVelocity, tr("&Translational velocity {Jv q\u0307}")},
      {EllipsoidQuantity::RotationalVelocity, tr("&Rotational velocity {J\u03C9 q\u0307}")},
      {EllipsoidQuantity::Force, tr("&Force {F : |Jv\u1D40 F| \u2264 1}")}};
  const int saved_quantity =
      settings
          .value(settings_keys::kEllipsoidQuantity, int(EllipsoidQuantity::TranslationalVelocity))
          .toInt();
  for (const auto& [kind, label] : kinds) {
    QAction* action = quantity->addAction(label);
    action->setCheckable(true);
    action->setData(int(kind));
    action->setChecked(int(kind) == saved_quantity);
    quantities->addAction(action);
    quantity_actions_ << action;
    connect(action, &QAction::triggered, this, [this, kind = kind] { setEllipsoidQuantity(kind); });
  }
  if (saved_quantity >= 0 && saved_quantity <= int(EllipsoidQuantity::Force))
    scene_->setEllipsoidQuantity(EllipsoidQuantity(saved_quantity));
  menu->addSeparator();
  QMenu* follow = menu->addMenu(tr("Camera &follows"));
  auto* group = new QActionGroup(this);
  const std::pair<CameraFollow, QString> follows[] = {
      {CameraFollow::None, tr("&Nothing (free camera)")},
      {CameraFollow::Vehicle, tr("The &vehicle")},
      {CameraFollow::SystemCenterOfMass, tr("The system &centre of mass")}};
  // Default: the system centre of mass. It stays put while the system floats free (the vehicle
  // is then seen moving against the fixed view), and carries the view along when the whole
  // system moves (a rover, an underwater vehicle, thrusters), so the vehicle stays in view.
  const int saved =
      settings.value(settings_keys::kCameraFollow, int(CameraFollow::SystemCenterOfMass)).toInt();
  for (const auto& [mode, label] : follows) {
    QAction* action = follow->addAction(label);
    action->setCheckable(true);
    action->setData(int(mode));
    action->setChecked(int(mode) == saved);
    group->addAction(action);
    follow_actions_ << action;
    connect(action, &QAction::triggered, this, [this, mode = mode] { setCameraFollow(mode); });
  }
  scene_->setCameraFollow(CameraFollow(saved));
  camera_button_ = new QToolButton(this);
  camera_button_->setObjectName("cameraFollowButton");
  camera_button_->setAutoRaise(true);
  camera_button_->setPopupMode(QToolButton::InstantPopup);
  camera_button_->setMenu(follow);
  camera_button_->setToolTip(tr("What the camera follows (View > Camera follows)"));
  statusBar()->addPermanentWidget(camera_button_);
  showCameraFollow();
  QAction* reset =
      menu->addAction(tr("Frame &All (reset camera)"), scene_, &SceneView::resetCamera);
  reset->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_0), QKeySequence(Qt::Key_Home)});
  reset->setObjectName("frameAllAction");
  QAction* frame_selected =
      menu->addAction(tr("Frame &Selected link"), scene_, &SceneView::frameSelected);
  frame_selected->setShortcut(QKeySequence(Qt::Key_F));
  frame_selected->setObjectName("frameSelectedAction");
  frame_selected->setToolTip(tr("Frames the link selected in the model tree or the 3D view"));
  QAction* trail = menu->addAction(tr("Clear &trail"), scene_, &SceneView::clearTrail);
  Q_UNUSED(trail);
}

void MainWindow::createWindowMenu() {
  window_menu_ = menuBar()->addMenu(tr("&Window"));
  for (QDockWidget* dock : findChildren<QDockWidget*>())
    window_menu_->addAction(dock->toggleViewAction());
  for (QToolBar* bar : findChildren<QToolBar*>()) window_menu_->addAction(bar->toggleViewAction());
  window_menu_->addSeparator();
  window_menu_->addAction(tr("Reset &layout"), this, &MainWindow::resetLayout);
}

void MainWindow::resetLayout() { restoreState(default_layout_); }

void MainWindow::restoreLayout() {
  QSettings settings;
  const QByteArray geometry = settings.value(settings_keys::kGeometry).toByteArray();
  if (!geometry.isEmpty()) restoreGeometry(geometry);
  const QByteArray state = settings.value(settings_keys::kWindowState).toByteArray();
  if (!state.isEmpty()) restoreState(state);
}

void MainWindow::saveLayout() {
  QSettings settings;
  settings.setValue(settings_keys::kGeometry, saveGeometry());
  settings.setValue(settings_keys::kWindowState, saveState());
}

}  // namespace vms::ui
