#include "ui/view3d/scene_view.hpp"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellPicker.h>
#include <vtkLight.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <QElapsedTimer>
#include <QEvent>
#include <QGuiApplication>
#include <QMouseEvent>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "core/algorithms/kinematics.hpp"
#include "core/analysis/end_effector_analysis.hpp"
#include "core/model/data.hpp"
#include "ui/view3d/camera_controller.hpp"
#include "ui/view3d/ellipsoid_actor.hpp"
#include "ui/view3d/link_geometry.hpp"
#include "ui/view3d/merged_links.hpp"
#include "ui/view3d/model_overlays.hpp"
#include "ui/view3d/overlay_glyphs.hpp"
#include "ui/view3d/overlay_legend.hpp"
#include "ui/view3d/scene_exporters.hpp"
#include "ui/view3d/trail.hpp"
#include "ui/view3d/video_clock.hpp"
#include "ui/view3d/vtk_pose.hpp"
#include "ui/view3d/vtk_window_bridge.hpp"
#include "ui/view3d/workspace_cloud.hpp"
#include "ui/view3d/world_reference.hpp"

namespace vms::ui {
namespace {

constexpr int kClickSlopPx = 4;
const Vec3 kHighlight(1.0, 0.78, 0.05);

}  // namespace

namespace {
double aspectOf(const QWidget* widget) {
  return widget->height() > 0 ? double(widget->width()) / double(widget->height()) : 1.0;
}

/// A force ellipsoid's unbounded axes (+inf radius) drawn at three times its longest bounded
/// one; invalid if no axis is bounded.
Ellipsoid drawableEllipsoid(const Ellipsoid& e) {
  Ellipsoid out = e;
  double longest = 0.0;
  bool unbounded = false;
  for (int i = 0; i < 3; ++i) {
    if (std::isfinite(e.radii[i]))
      longest = std::max(longest, e.radii[i]);
    else
      unbounded = true;
  }
  if (!unbounded) return out;
  if (!(longest > 0.0)) {
    out.valid = false;
    return out;
  }
  for (int i = 0; i < 3; ++i)
    if (!std::isfinite(e.radii[i])) out.radii[i] = 3.0 * longest;
  return out;
}

double largestRadius(const Ellipsoid& e) {
  return e.valid && e.radii.allFinite() ? e.radii.maxCoeff() : 0.0;
}

const char* const kQuantityLegend[3][2] = {
    {"manipulability, fixed base (Jm)", "manipulability, free-floating (J*)"},
    {"rotational velocity ellipsoid, fixed base (Jm)",
     "rotational velocity ellipsoid, free-floating (J*)"},
    {"force ellipsoid, fixed base (Jm)", "force ellipsoid, free-floating (J*)"}};
}  // namespace

struct SceneView::Impl {
  // True while the camera is as frame() left it (no orbit/pan/zoom since): a resize then
  // re-frames the model for the new shape of the view.
  bool camera_as_framed = true;
  WorldReference world;  // axes triad and grid (Overlay::WorldAxes, Overlay::Grid)
  VtkWindowBridge bridge;
  vtkSmartPointer<vtkRenderer> scene = vtkSmartPointer<vtkRenderer>::New();
  vtkSmartPointer<vtkRenderer> markers = vtkSmartPointer<vtkRenderer>::New();
  vtkSmartPointer<vtkCellPicker> picker = vtkSmartPointer<vtkCellPicker>::New();
  CameraController camera{scene};

  bool has_model = false;
  Model model;
  std::unique_ptr<Data> data;  // forward kinematics when a frame carries no body poses
  // The links: drawn merged by material (`links`), except the selected body's parts, drawn
  // by their own actors with the highlight. The parts' actors are also what picking and the
  // glTF export see.
  std::vector<LinkPart> parts;
  MergedLinks links;
  int merged_without = -2;  // the body left out of `links` when it was built (-2: not built)
  QString model_dir;        // for the ghosts' meshes
  struct Ghost {
    std::vector<LinkPart> parts;
    MergedLinks drawn;
  };
  std::vector<Ghost> ghosts;  // errata mode: translucent copies of the links
  bool ghosts_shown = true;   // setGhostsShown
  ModelOverlays overlays;
  OverlayLegend legend;
  EllipsoidActor ellipsoid_fixed, ellipsoid_floating, ellipsoid_inertia;
  EllipsoidScale manipulability_scale, inertia_scale, link_scale;
  EllipsoidQuantity quantity = EllipsoidQuantity::TranslationalVelocity;
  std::vector<EllipsoidActor> link_ellipsoids;  // one per body
  double link_scale_in_legend = -1.0;
  Trail trail;
  WorkspaceCloud workspace;  // setWorkspaceCloud: cleared with the model
  int trail_frame = -1;
  double size = 1.0;
  Vec3 center = Vec3::Zero();

  std::array<bool, kOverlayCount> visible{false, false, false, true,  false,
                                          true,  false, false, false, false};
  CameraFollow follow = CameraFollow::None;
  int selected = -1;
  std::vector<Pose> poses;
  Vec3 system_com = Vec3::Zero();

  QPoint press_position, last_position;
  Qt::MouseButton press_button = Qt::NoButton;
  // A Ctrl + drag pull: the body, the picked point in its frame, the plane the target moves
  // in (through the picked point, facing the camera) and the target; the arrow drawn for it.
  struct Pull {
    bool active = false;
    int body = -1;
    Vec3 point_body = Vec3::Zero();
    Vec3 plane_point = Vec3::Zero(), plane_normal = Vec3::UnitZ();
    Vec3 target = Vec3::Zero();
  } pull;
  GlyphActor pull_arrow;

  /// The pulled point where the body is now drawn.
  Vec3 pulledPoint() const {
    return pull.body >= 0 && size_t(pull.body) < poses.size()
               ? Vec3(poses[size_t(pull.body)].act(pull.point_body))
               : pull.target;
  }
  void placePullArrow() {
    if (!pull_arrow.actor) return;
    const Vec3 from = pulledPoint();
    const Vec3 d = pull.target - from;
    const double length = d.norm();
    pull_arrow.actor->SetVisibility(pull.active && length > 1e-9);
    // As long as the pull; its shaft at least 0.3 % of the model across, however short.
    const double thickness = std::max(std::min(0.4 * size, 2.0 * length), 0.1 * size);
    if (pull.active && length > 1e-9)
      setVtkMatrix(pull_arrow.matrix,
                   rotationWithXAxis(d) * Vec3(length, thickness, thickness).asDiagonal(), from);
  }
  bool dragged = false;

  VideoRecorder recorder;
  VideoClock video_clock;
  long frames_rendered = 0;
  bool no_display_reported = false;

  Impl() {
    bridge.window()->SetNumberOfLayers(2);
    bridge.window()->AddRenderer(scene);
    bridge.window()->AddRenderer(markers);
    scene->SetLayer(0);
    markers->SetLayer(1);
    markers->InteractiveOff();
    markers->SetActiveCamera(scene->GetActiveCamera());
    scene->GradientBackgroundOn();
    scene->SetBackground(0.05, 0.06, 0.08);
    scene->SetBackground2(0.22, 0.25, 0.31);
    // Two lights that move with the camera: a key light from the upper right and a dimmer
    // headlight. (vtkLightKit's five lights cost 2-3x the frame time on llvmpipe.)
    scene->AutomaticLightCreationOff();
    auto key = vtkSmartPointer<vtkLight>::New();
    key->SetLightTypeToCameraLight();
    key->SetPosition(0.8, 1.0, 0.6);  // camera coordinates: right, up, towards the viewer
    key->SetFocalPoint(0.0, 0.0, 0.0);
    key->SetIntensity(0.75);
    scene->AddLight(key);
    auto head = vtkSmartPointer<vtkLight>::New();
    head->SetLightTypeToHeadlight();
    head->SetIntensity(0.6);
    scene->AddLight(head);
    picker->SetTolerance(0.0005);
    picker->PickFromListOn();  // the links' parts (not in the renderer: drawn merged)
    camera.frame(Vec3::Zero(), 2.0);
  }

  void applyVisibility() {
    for (int k = 0; k < kOverlayCount; ++k) {
      overlays.setVisible(Overlay(k), visible[size_t(k)]);
      legend.setVisible(Overlay(k), has_model && visible[size_t(k)]);
    }
    trail.setVisible(visible[size_t(Overlay::EndEffectorTrail)]);
    ellipsoid_fixed.setEnabled(visible[size_t(Overlay::ManipulabilityFixed)]);
    ellipsoid_floating.setEnabled(visible[size_t(Overlay::ManipulabilityFloating)]);
    ellipsoid_inertia.setEnabled(visible[size_t(Overlay::OperationalInertia)]);
    for (EllipsoidActor& e : link_ellipsoids) e.setEnabled(visible[size_t(Overlay::LinkInertias)]);
    world.setAxesVisible(visible[size_t(Overlay::WorldAxes)]);
    world.setGridVisible(visible[size_t(Overlay::Grid)]);
  }

  void showQuantityInLegend() {
    const int q = int(quantity);
    legend.setText(Overlay::ManipulabilityFixed, kQuantityLegend[q][0]);
    legend.setText(Overlay::ManipulabilityFloating, kQuantityLegend[q][1]);
  }

  /// The link ellipsoids' legend names the scale (re-written only when it changes).
  void showLinkScaleInLegend() {
    const double s = link_scale.scale();
    if (s == link_scale_in_legend) return;
    link_scale_in_legend = s;
    char text[160];
    if (s > 0.0)
      std::snprintf(text, sizeof text,
                    "Lambda(k) at every link: radius 1/sqrt(effective mass), 1 kg drawn as %.3g m",
                    s);
    else
      std::snprintf(text, sizeof text, "Lambda(k) at every link: radius 1/sqrt(effective mass)");
    legend.setText(Overlay::LinkInertias, text);
  }

  void applyHighlight() {
    for (LinkPart& part : parts) {
      const bool on = part.body == selected;
      const Vec3 c = on ? Vec3(0.3 * part.color + 0.7 * kHighlight) : part.color;
      vtkProperty* prop = part.actor->GetProperty();
      prop->SetColor(c.x(), c.y(), c.z());
      prop->SetAmbient(on ? 0.45 : 0.12);
      if (on && !scene->HasViewProp(part.actor)) scene->AddActor(part.actor);
      if (!on && scene->HasViewProp(part.actor)) scene->RemoveActor(part.actor);
    }
    if (merged_without != selected) {
      links.build(parts, scene, selected);
      links.place(parts, poses);
      merged_without = selected;
    }
  }

  Vec3 computeSystemCom() const {
    Vec3 sum = Vec3::Zero();
    double mass = 0.0;
    for (int b = 0; b < model.nbodies && size_t(b) < poses.size(); ++b) {
      sum += model.mass[size_t(b)] * poses[size_t(b)].act(model.com[size_t(b)]);
      mass += model.mass[size_t(b)];
    }
    return mass > 0.0 ? Vec3(sum / mass) : (poses.empty() ? Vec3::Zero() : poses[0].p);
  }

  Vec3 vehicleCenter() const { return poses.empty() ? Vec3::Zero() : poses[0].act(model.com[0]); }
  /// The point the camera follows in the pose shown (the system CoM for CameraFollow::None too).
  Vec3 followedPoint() const {
    return follow == CameraFollow::Vehicle ? vehicleCenter() : system_com;
  }

  void placeEverything(const Vec3& linear_momentum, const Vec3& angular_momentum) {
    placeLinkParts(parts, poses);
    links.place(parts, poses);
    system_com = computeSystemCom();
    overlays.update(poses, system_com, linear_momentum, angular_momentum);
  }

  /// The ellipsoids of the last frame's analysis, in the chosen quantity.
  void placeEllipsoids() {
    // The Jm and J* ellipsoids of the chosen quantity, one scale for both.
    const Ellipsoid* shown[2] = {&last_analysis.velocity_ellipsoid_fixed,
                                 &last_analysis.velocity_ellipsoid_floating};
    if (quantity == EllipsoidQuantity::RotationalVelocity) {
      shown[0] = &last_analysis.rotation_ellipsoid_fixed;
      shown[1] = &last_analysis.rotation_ellipsoid_floating;
    } else if (quantity == EllipsoidQuantity::Force) {
      shown[0] = &last_analysis.force_ellipsoid_fixed;
      shown[1] = &last_analysis.force_ellipsoid_floating;
    }
    const Ellipsoid fixed = drawableEllipsoid(*shown[0]), floating = drawableEllipsoid(*shown[1]);
    manipulability_scale.observe(std::max(largestRadius(fixed), largestRadius(floating)));
    ellipsoid_fixed.update(fixed, manipulability_scale.scale());
    ellipsoid_floating.update(floating, manipulability_scale.scale());

    // Lambda(k) of every link (present when the worker computes it), one scale for all.
    const std::vector<Ellipsoid>& links = last_analysis.link_inertia_ellipsoids;
    double largest_link = 0.0;
    for (const Ellipsoid& e : links) largest_link = std::max(largest_link, largestRadius(e));
    link_scale.observe(largest_link);
    static const Ellipsoid kNone;
    for (size_t k = 0; k < link_ellipsoids.size(); ++k)
      link_ellipsoids[k].update(k < links.size() ? links[k] : kNone, link_scale.scale());
    showLinkScaleInLegend();
  }
  FrameAnalysis last_analysis;

  /// Smaller ellipsoids first, so that the larger ones around them blend over them (they are
  /// drawn in the opaque pass, see ellipsoid_actor.cpp). They live in the markers layer: the
  /// end-effector is often inside a link, and the ellipsoids must show anyway.
  void orderEllipsoids() {
    std::array<EllipsoidActor*, 3> order{&ellipsoid_fixed, &ellipsoid_floating, &ellipsoid_inertia};
    std::stable_sort(order.begin(), order.end(), [](EllipsoidActor* a, EllipsoidActor* b) {
      return a->shownSize() < b->shownSize();
    });
    if (order == ellipsoid_order) return;
    ellipsoid_order = order;
    for (EllipsoidActor* e : order)
      if (e->actor()) markers->RemoveViewProp(e->actor());
    for (EllipsoidActor* e : order)
      if (e->actor()) markers->AddViewProp(e->actor());
  }
  std::array<EllipsoidActor*, 3> ellipsoid_order{};

  /// Levels of detail for a render of `height_px` pixels.
  void chooseLevels(int height_px) {
    vtkCamera* camera = scene->GetActiveCamera();
    LodView view;
    const double* eye = camera->GetPosition();
    view.eye = Vec3(eye[0], eye[1], eye[2]);
    view.pixels_per_radian =
        double(height_px) / (2.0 * std::tan(0.5 * camera->GetViewAngle() * M_PI / 180.0));
    links.chooseLevels(view);
    for (Ghost& ghost : ghosts) ghost.drawn.chooseLevels(view);
    overlays.chooseLevels(view);
    for (EllipsoidActor* e : {&ellipsoid_fixed, &ellipsoid_floating, &ellipsoid_inertia})
      e->chooseLevel(view);
    for (EllipsoidActor& e : link_ellipsoids) e.chooseLevel(view);
  }

  void resetClippingRange() {
    double a[6], b[6];
    scene->ComputeVisiblePropBounds(a);
    markers->ComputeVisiblePropBounds(b);
    if (b[0] <= b[1]) {
      if (a[0] > a[1]) std::copy(b, b + 6, a);
      for (int k = 0; k < 3; ++k) {
        a[2 * k] = std::min(a[2 * k], b[2 * k]);
        a[2 * k + 1] = std::max(a[2 * k + 1], b[2 * k + 1]);
      }
    }
    if (a[0] <= a[1])
      scene->ResetCameraClippingRange(a);
    else
      scene->ResetCameraClippingRange();
  }
};

SceneView::SceneView(QWidget* parent) : QWidget(parent), impl_(std::make_unique<Impl>()) {
  setAttribute(Qt::WA_NativeWindow);
  setAttribute(Qt::WA_PaintOnScreen);
  setAttribute(Qt::WA_NoSystemBackground);
  setAttribute(Qt::WA_OpaquePaintEvent);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(160, 120);
}

SceneView::~SceneView() {
  QString ignored;
  if (impl_->recorder.isRecording()) impl_->recorder.stop(&ignored);
  // Release the GL context while Qt's native window still exists.
  impl_->bridge.unbind();
}

// ---- model -------------------------------------------------------------------------------

void SceneView::setModel(const Model& model, const QString& model_dir) {
  // The selection is kept by name: an edit reloads the model, the body may be renumbered.
  const auto& names = impl_->model.body_names;
  const int selected = impl_->selected;
  const std::string selected_name =
      selected >= 0 && size_t(selected) < names.size() ? names[size_t(selected)] : std::string();
  clearModel();
  if (model.nbodies <= 0 || model.parent.size() != size_t(model.nbodies) ||
      model.mass.size() != size_t(model.nbodies) || model.com.size() != size_t(model.nbodies)) {
    emit message("3D view: the model has no bodies to draw.");
    return;
  }
  Impl& d = *impl_;
  if (d.pull.active) endPull();  // the pulled body belongs to the old model
  try {
    d.model = model;
    d.data = std::make_unique<Data>(d.model);
    forwardKinematics(d.model, *d.data, State::neutral(d.model));
    d.poses = d.data->oMi;

    d.model_dir = model_dir;
    LinkGeometry geometry = buildLinkGeometry(d.model, model_dir);
    d.parts = std::move(geometry.parts);
    placeLinkParts(d.parts, d.poses);

    double bounds[6] = {1, -1, 1, -1, 1, -1};
    for (LinkPart& part : d.parts) {
      const double* b = part.actor->GetBounds();
      for (int k = 0; k < 3; ++k) {
        bounds[2 * k] = std::min(bounds[2 * k], b[2 * k]);
        bounds[2 * k + 1] = std::max(bounds[2 * k + 1], b[2 * k + 1]);
      }
    }
    const Vec3 lo(bounds[0], bounds[2], bounds[4]), hi(bounds[1], bounds[3], bounds[5]);
    const bool finite = lo.allFinite() && hi.allFinite() && bounds[0] <= bounds[1];
    d.size = finite ? std::max((hi - lo).norm(), 0.05) : 1.0;
    d.center = finite ? Vec3(0.5 * (lo + hi)) : Vec3::Zero();
    placeLinkParts(d.parts, d.poses);
    d.picker->InitializePickList();
    for (LinkPart& part : d.parts) d.picker->AddPickList(part.actor);
    d.merged_without = -2;  // applyHighlight below builds the merged links

    d.overlays.build(d.model, d.size, d.scene, d.markers);
    d.ellipsoid_fixed.build(d.markers, Vec3(0.2, 0.55, 1.0), 0.35);
    d.ellipsoid_floating.build(d.markers, Vec3(1.0, 0.45, 0.1), 0.45);
    d.ellipsoid_inertia.build(d.markers, Vec3(0.3, 0.9, 0.5), 0.35);
    d.ellipsoid_order = {};
    d.link_ellipsoids.resize(size_t(d.model.nbodies));
    for (EllipsoidActor& e : d.link_ellipsoids) e.build(d.markers, Vec3(0.8, 0.35, 0.9), 0.3);
    d.legend.build(d.markers);
    d.showQuantityInLegend();
    d.link_scale_in_legend = -1.0;
    d.showLinkScaleInLegend();
    d.manipulability_scale.setTarget(0.2 * d.size);
    d.inertia_scale.setTarget(0.15 * d.size);
    d.link_scale.setTarget(0.07 * d.size);
    d.trail.build(d.scene, 2.5);
    d.trail.clearPoints();
    d.workspace.build(d.scene);
    d.workspace.clear();
    d.trail_frame = defaultEndEffectorFrame(d.model);  // as the analysis does (core)
    d.has_model = true;
    d.selected = selected_name.empty() ? -1 : d.model.bodyIndex(selected_name);
    d.world.build(d.scene, d.size);
    d.applyVisibility();
    d.applyHighlight();
    d.placeEverything(Vec3::Zero(), Vec3::Zero());
    d.camera.frame(d.center, d.size, aspectOf(this));
    d.camera.followFrom(d.followedPoint());
    d.camera_as_framed = true;
    for (const QString& text : geometry.messages) emit message(text);
  } catch (const std::exception& e) {
    clearModel();
    emit message(QString("3D view: cannot draw the model: %1").arg(e.what()));
  }
  update();
}

void SceneView::clearModel() {
  Impl& d = *impl_;
  d.world.clear();
  for (LinkPart& part : d.parts) d.scene->RemoveActor(part.actor);
  d.parts.clear();
  d.links.clear();
  d.merged_without = -2;
  d.picker->InitializePickList();
  for (Impl::Ghost& ghost : d.ghosts) ghost.drawn.clear();
  d.ghosts.clear();
  d.overlays.clear();
  d.legend.clear();
  d.ellipsoid_fixed.clear();
  d.ellipsoid_floating.clear();
  d.ellipsoid_inertia.clear();
  for (EllipsoidActor& e : d.link_ellipsoids) e.clear();
  d.link_ellipsoids.clear();
  d.trail.clearActors();
  d.trail.clearPoints();
  d.workspace.clear();
  d.workspace.clearActors();
  d.has_model = false;
  d.model = Model{};
  d.data.reset();
  d.poses.clear();
  d.selected = -1;
  update();
}

// ---- frames --------------------------------------------------------------------------------

void SceneView::setGhostPoses(const std::vector<std::vector<Pose>>& ghosts) {
  Impl& d = *impl_;
  if (!d.has_model) return;
  while (d.ghosts.size() > ghosts.size()) {
    d.ghosts.back().drawn.clear();
    d.ghosts.pop_back();
  }
  while (d.ghosts.size() < ghosts.size()) {
    LinkGeometry geometry = buildLinkGeometry(d.model, d.model_dir);
    for (LinkPart& part : geometry.parts) {
      part.actor->GetProperty()->SetOpacity(0.3);
      part.actor->PickableOff();
    }
    d.ghosts.emplace_back();
    d.ghosts.back().parts = std::move(geometry.parts);
    d.ghosts.back().drawn.build(d.ghosts.back().parts, d.scene);
    d.ghosts.back().drawn.setVisible(d.ghosts_shown);
  }
  for (size_t g = 0; g < ghosts.size(); ++g) {
    if (ghosts[g].size() != size_t(d.model.nbodies)) continue;
    bool finite = true;
    for (const Pose& X : ghosts[g]) finite = finite && X.p.allFinite() && X.R.allFinite();
    if (finite) d.ghosts[g].drawn.place(d.ghosts[g].parts, ghosts[g]);
  }
  d.legend.setGhostsVisible(d.ghosts_shown && !d.ghosts.empty());
  update();
}

int SceneView::ghostCount() const { return static_cast<int>(impl_->ghosts.size()); }

void SceneView::setGhostsShown(bool shown) {
  Impl& d = *impl_;
  if (shown == d.ghosts_shown) return;
  d.ghosts_shown = shown;
  for (Impl::Ghost& ghost : d.ghosts) ghost.drawn.setVisible(shown);
  d.legend.setGhostsVisible(shown && !d.ghosts.empty());
  update();
}

bool SceneView::ghostsShown() const { return impl_->ghosts_shown; }

int SceneView::visibleGhostActors() const {
  int n = 0;
  for (const Impl::Ghost& ghost : impl_->ghosts) n += ghost.drawn.visibleActorCount();
  return n;
}

QStringList SceneView::legendTexts() const {
  QStringList texts;
  for (const std::string& text : impl_->legend.shownTexts()) texts << QString::fromStdString(text);
  return texts;
}

void SceneView::setWorkspaceCloud(const std::vector<Vec3>& points,
                                  const std::vector<double>& values, double max_value) {
  impl_->workspace.set(points, values, max_value);
  update();
}

void SceneView::clearWorkspaceCloud() {
  impl_->workspace.clear();
  update();
}

int SceneView::workspaceCloudSize() const { return impl_->workspace.size(); }

int SceneView::placeholderCount() const {
  int n = 0;
  for (const LinkPart& part : impl_->parts) n += part.placeholder ? 1 : 0;
  return n;
}

void SceneView::showFrame(const SimFrame& frame) {
  Impl& d = *impl_;
  if (!d.has_model) return;
  if (frame.body_poses.size() == size_t(d.model.nbodies)) {
    d.poses = frame.body_poses;
  } else if (frame.snapshot.state.q.size() == d.model.njoints) {
    forwardKinematics(d.model, *d.data, frame.snapshot.state);
    d.poses = d.data->oMi;
  } else {
    return;
  }
  for (const Pose& X : d.poses)
    if (!X.p.allFinite() || !X.R.allFinite()) return;  // a diverged state: keep the last frame
  d.placePullArrow();                                  // from the pulled point as the body is now
  const MomentumPartition& momenta = frame.snapshot.momenta;
  d.placeEverything(momenta.linear_total, momenta.angular_com_total);

  const FrameAnalysis& analysis = frame.analysis;
  Vec3 tip = Vec3::Constant(NAN);
  if (analysis.end_effector_frame >= 0) {
    tip = analysis.end_effector_position;
  } else if (d.trail_frame >= 0 && size_t(d.trail_frame) < d.model.frames.size()) {
    const Frame& f = d.model.frames[size_t(d.trail_frame)];
    tip = d.poses[size_t(f.body)].act(f.placement.p);
  }
  d.trail.add(tip, 1e-4 * d.size);

  d.last_analysis = analysis;  // reuses its storage
  d.placeEllipsoids();
  if (analysis.inertia_ellipsoid.valid && analysis.inertia_ellipsoid.radii.allFinite())
    d.inertia_scale.observe(analysis.inertia_ellipsoid.radii.maxCoeff());
  d.ellipsoid_inertia.update(analysis.inertia_ellipsoid, d.inertia_scale.scale());
  d.orderEllipsoids();

  if (d.follow == CameraFollow::Vehicle) d.camera.follow(d.vehicleCenter());
  if (d.follow == CameraFollow::SystemCenterOfMass) d.camera.follow(d.system_com);

  if (isVisible() && render() && d.recorder.isRecording()) {
    const int copies = d.video_clock.framesFor(frame.snapshot.time);
    QString error;
    if (copies > 0) {
      const QImage image = captureRenderWindow(d.bridge.window());
      bool ok = true;
      for (int k = 0; k < copies && ok; ++k) ok = d.recorder.addFrame(image, &error);
      if (!ok) {
        QString ignored;
        d.recorder.stop(&ignored);
        emit message("Video recording stopped: " + error);
      }
    }
  }
}

void SceneView::clearTrail() {
  impl_->trail.clearPoints();
  update();
}

// ---- overlays, camera, selection -------------------------------------------------------------

void SceneView::setOverlayVisible(Overlay overlay, bool visible) {
  const int k = int(overlay);
  if (k < 0 || k >= kOverlayCount) return;
  impl_->visible[size_t(k)] = visible;
  impl_->applyVisibility();
  impl_->orderEllipsoids();
  update();
}

void SceneView::setEllipsoidQuantity(EllipsoidQuantity quantity) {
  Impl& d = *impl_;
  if (quantity == d.quantity) return;
  d.quantity = quantity;
  d.manipulability_scale.reset();  // another unit: a new display scale
  d.showQuantityInLegend();
  if (d.has_model) {
    d.placeEllipsoids();
    d.orderEllipsoids();
  }
  update();
}

EllipsoidQuantity SceneView::ellipsoidQuantity() const { return impl_->quantity; }

int SceneView::linkInertiasShown() const {
  int n = 0;
  for (const EllipsoidActor& e : impl_->link_ellipsoids) n += e.shownSize() > 0.0;
  return n;
}

double SceneView::linkInertiaScale() const { return impl_->link_scale.scale(); }

bool SceneView::overlayVisible(Overlay overlay) const {
  const int k = int(overlay);
  return k >= 0 && k < kOverlayCount && impl_->visible[size_t(k)];
}

void SceneView::setCameraFollow(CameraFollow follow) {
  impl_->follow = follow;
  impl_->camera.startFollowing();
  if (impl_->has_model && follow != CameraFollow::None)
    impl_->camera.follow(follow == CameraFollow::Vehicle ? impl_->vehicleCenter()
                                                         : impl_->system_com);
  update();
}

CameraFollow SceneView::cameraFollow() const { return impl_->follow; }

Vec3 SceneView::vehicleCenter() const { return impl_->vehicleCenter(); }

void SceneView::resetCamera() {
  Impl& d = *impl_;
  d.camera.frame(d.has_model ? d.center : Vec3::Zero(), d.has_model ? d.size : 2.0, aspectOf(this));
  d.camera.followFrom(d.followedPoint());  // framed as it is, then followed from here
  d.camera_as_framed = true;
  update();
}

bool SceneView::frameSelected() {
  Impl& d = *impl_;
  if (!d.has_model) return false;
  if (d.selected < 0) {
    resetCamera();
    return true;
  }
  Vec3 lo = Vec3::Constant(INFINITY), hi = Vec3::Constant(-INFINITY);
  for (const LinkPart& part : d.parts) {
    if (part.body != d.selected) continue;
    const double* b = part.actor->GetBounds();
    for (int k = 0; k < 3; ++k) {
      lo(k) = std::min(lo(k), b[2 * k]);
      hi(k) = std::max(hi(k), b[2 * k + 1]);
    }
  }
  if (!(lo.allFinite() && hi.allFinite())) {  // nothing drawn for it: its frame's origin
    lo = hi = d.poses[size_t(d.selected)].p;
  }
  // At least a twentieth of the model, so that a tiny link is not framed at point-blank range.
  const double size = std::max((hi - lo).norm(), 0.05 * d.size);
  d.camera.frameFromCurrentDirection(0.5 * (lo + hi), size, aspectOf(this));
  d.camera.followFrom(d.followedPoint());
  d.camera_as_framed = false;
  update();
  return true;
}

void SceneView::setSelectedBody(int body) {
  Impl& d = *impl_;
  d.selected = (body >= 0 && body < d.model.nbodies) ? body : -1;
  d.applyHighlight();
  update();
}

int SceneView::selectedBody() const { return impl_->selected; }

double SceneView::modelSize() const { return impl_->size; }

long SceneView::framesRendered() const { return impl_->frames_rendered; }

// ---- rendering and window binding --------------------------------------------------------------

bool SceneView::render() {
  Impl& d = *impl_;
  const qreal dpr = devicePixelRatioF();
  const int w = std::max(1, int(std::lround(width() * dpr)));
  const int h = std::max(1, int(std::lround(height() * dpr)));
  if (QGuiApplication::platformName() == "xcb") {
    d.bridge.bind(std::uintptr_t(winId()), w, h);  // winId() creates the native window
  } else if (!qEnvironmentVariableIsEmpty("DISPLAY")) {
    d.bridge.bindOffscreen(w, h);  // e.g. QT_QPA_PLATFORM=offscreen: no X window of ours
  } else {
    // VTK's X11 render window aborts the process without a display: draw nothing instead.
    if (!d.no_display_reported)
      emit message("3D view disabled: VTK needs an X display (DISPLAY is not set).");
    d.no_display_reported = true;
    return false;
  }
  d.chooseLevels(h);
  d.resetClippingRange();
  if (!d.bridge.render()) return false;
  ++d.frames_rendered;
  return true;
}

QPaintEngine* SceneView::paintEngine() const { return nullptr; }

bool SceneView::event(QEvent* event) {
  switch (event->type()) {
    case QEvent::ParentAboutToChange:
      // The native window may be destroyed with the old parent.
      if (impl_->bridge.boundId() != 0) impl_->bridge.unbind();
      break;
    case QEvent::WinIdChange:
      if (impl_->bridge.boundId() != 0 && impl_->bridge.boundId() != std::uintptr_t(winId())) {
        impl_->bridge.unbind();
        update();
      }
      break;
    default:
      break;
  }
  return QWidget::event(event);
}

void SceneView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (QGuiApplication::platformName() == "xcb") {
    const qreal dpr = devicePixelRatioF();
    impl_->bridge.bind(std::uintptr_t(winId()), int(std::lround(width() * dpr)),
                       int(std::lround(height() * dpr)));
  }
  update();
}

void SceneView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  const qreal dpr = devicePixelRatioF();
  impl_->bridge.resize(int(std::lround(width() * dpr)), int(std::lround(height() * dpr)));
  if (impl_->has_model && impl_->camera_as_framed && impl_->follow == CameraFollow::None)
    impl_->camera.frame(impl_->center, impl_->size, aspectOf(this));
  update();
}

void SceneView::paintEvent(QPaintEvent*) { render(); }

// ---- mouse -------------------------------------------------------------------------------------

void SceneView::mousePressEvent(QMouseEvent* event) {
  Impl& d = *impl_;
  d.press_position = d.last_position = event->position().toPoint();
  d.press_button = event->button();
  d.dragged = false;
  if (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ControlModifier))
    startPull(d.press_position);
  event->accept();
}

bool SceneView::startPull(const QPoint& position) {
  Impl& d = *impl_;
  if (!d.has_model || !render()) return false;
  const qreal dpr = devicePixelRatioF();
  if (!d.picker->Pick(position.x() * dpr, height() * dpr - position.y() * dpr, 0.0, d.scene))
    return false;
  int body = -1;
  for (const LinkPart& part : d.parts)
    if (part.actor.Get() == d.picker->GetActor()) body = part.body;
  if (body < 0 || size_t(body) >= d.poses.size()) return false;
  double picked[3];
  d.picker->GetPickPosition(picked);
  const Vec3 point(picked[0], picked[1], picked[2]);
  vtkCamera* camera = d.scene->GetActiveCamera();
  double focal[3], eye[3];
  camera->GetFocalPoint(focal);
  camera->GetPosition(eye);
  d.pull.active = true;
  d.pull.body = body;
  d.pull.point_body = d.poses[size_t(body)].inverse().act(point);
  d.pull.plane_point = point;
  d.pull.plane_normal =
      (Vec3(eye[0], eye[1], eye[2]) - Vec3(focal[0], focal[1], focal[2])).normalized();
  d.pull.target = point;
  if (!d.pull_arrow.actor) d.pull_arrow = makeGlyphActor(unitArrow(), Vec3(0.9, 0.12, 0.1));
  if (!d.scene->HasViewProp(d.pull_arrow.actor)) d.scene->AddActor(d.pull_arrow.actor);
  d.placePullArrow();
  emit perturbationRequested(body, d.pull.point_body, d.pull.target);
  return true;
}

void SceneView::movePull(const QPoint& position) {
  Impl& d = *impl_;
  const qreal dpr = devicePixelRatioF();
  const double x = position.x() * dpr, y = height() * dpr - position.y() * dpr;
  // The ray through the mouse: display points at the near and far planes, to world.
  double world[2][4];
  for (int k = 0; k < 2; ++k) {
    d.scene->SetDisplayPoint(x, y, double(k));
    d.scene->DisplayToWorld();
    d.scene->GetWorldPoint(world[k]);
    if (world[k][3] != 0.0)
      for (int c = 0; c < 3; ++c) world[k][c] /= world[k][3];
  }
  const Vec3 a(world[0][0], world[0][1], world[0][2]), b(world[1][0], world[1][1], world[1][2]);
  const Vec3 dir = b - a;
  const double along = dir.dot(d.pull.plane_normal);
  if (!(std::abs(along) > 1e-12)) return;
  const double s = (d.pull.plane_point - a).dot(d.pull.plane_normal) / along;
  const Vec3 target = a + s * dir;
  if (!target.allFinite()) return;
  d.pull.target = target;
  d.placePullArrow();
  emit perturbationRequested(d.pull.body, d.pull.point_body, d.pull.target);
}

void SceneView::endPull() {
  Impl& d = *impl_;
  if (!d.pull.active) return;
  d.pull.active = false;
  d.placePullArrow();
  emit perturbationReleased();
}

bool SceneView::isPulling() const { return impl_->pull.active; }

Vec3 SceneView::pullTarget() const { return impl_->pull.target; }

void SceneView::mouseMoveEvent(QMouseEvent* event) {
  Impl& d = *impl_;
  const QPoint pos = event->position().toPoint();
  if ((pos - d.press_position).manhattanLength() > kClickSlopPx) d.dragged = true;
  const QPoint delta = pos - d.last_position;
  d.last_position = pos;
  if (d.pull.active) {
    movePull(pos);
    render();
    event->accept();
    return;
  }
  const qreal dpr = devicePixelRatioF();
  const Qt::MouseButtons buttons = event->buttons();
  const bool shift = event->modifiers() & Qt::ShiftModifier;
  if ((buttons & Qt::LeftButton) && !shift) {
    d.camera.orbit(delta.x(), delta.y());
    d.camera_as_framed = false;
  } else if ((buttons & Qt::MiddleButton) || ((buttons & Qt::LeftButton) && shift)) {
    d.camera.pan(delta.x() * dpr, delta.y() * dpr, int(height() * dpr));
    d.camera_as_framed = false;
  } else if (buttons & Qt::RightButton) {
    d.camera.zoom(std::pow(1.01, -delta.y()));
    d.camera_as_framed = false;
  } else {
    return;
  }
  render();
  event->accept();
}

void SceneView::mouseReleaseEvent(QMouseEvent* event) {
  Impl& d = *impl_;
  if (d.pull.active && event->button() == Qt::LeftButton) {
    endPull();
    d.press_button = Qt::NoButton;
    render();
    event->accept();
    return;
  }
  if (event->button() == Qt::LeftButton && d.press_button == Qt::LeftButton && !d.dragged) {
    const int body = pickBody(event->position().toPoint());
    setSelectedBody(body);
    emit bodyPicked(body);
  }
  d.press_button = Qt::NoButton;
  event->accept();
}

void SceneView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps != 0.0) {
    impl_->camera.zoom(std::pow(1.15, steps));
    impl_->camera_as_framed = false;
    render();
  }
  event->accept();
}

// ---- picking, projection ------------------------------------------------------------------------

int SceneView::pickBody(const QPoint& position) {
  Impl& d = *impl_;
  if (!d.has_model || !render()) return -1;
  const qreal dpr = devicePixelRatioF();
  const double x = position.x() * dpr;
  const double y = height() * dpr - position.y() * dpr;
  if (!d.picker->Pick(x, y, 0.0, d.scene)) return -1;
  vtkActor* actor = d.picker->GetActor();
  for (const LinkPart& part : d.parts)
    if (part.actor.Get() == actor) return part.body;
  return -1;
}

QPointF SceneView::projectToWidget(const Vec3& world) {
  Impl& d = *impl_;
  render();  // the viewport size and aspect come from the window
  d.scene->SetWorldPoint(world.x(), world.y(), world.z(), 1.0);
  d.scene->WorldToDisplay();
  double display[3];
  d.scene->GetDisplayPoint(display);
  const qreal dpr = devicePixelRatioF();
  return QPointF(display[0] / dpr, height() - display[1] / dpr);
}

// ---- pictures out ----------------------------------------------------------------------------

QImage SceneView::grabImage() {
  if (!render()) return {};
  return captureRenderWindow(impl_->bridge.window());
}

QImage SceneView::grabImage(int scale) {
  if (scale <= 1) return grabImage();
  scale = std::min(scale, 8);
  if (!render()) return {};  // binds; the renderers' viewports are set up
  Impl& d = *impl_;
  const qreal dpr = devicePixelRatioF();
  const int w = std::max(1, int(std::lround(width() * dpr))) * scale;
  const int h = std::max(1, int(std::lround(height() * dpr))) * scale;
  // A larger offscreen window of its own (the same path as Qt's offscreen platform): VTK's
  // tiled large-image rendering repeats the gradient background in every tile. The next
  // render() binds back to the widget's window.
  d.bridge.unbind();
  d.bridge.bindOffscreen(w, h);
  d.chooseLevels(h);
  d.resetClippingRange();
  d.legend.setPixelScale(scale);  // the legend's text keeps its size relative to the picture
  QImage image;
  if (d.bridge.render()) image = captureRenderWindow(d.bridge.window());
  d.legend.setPixelScale(1.0);
  d.bridge.unbind();
  render();
  return image;
}

bool SceneView::saveScreenshot(const QString& path, QString* error, int scale) {
  const QString lower = path.toLower();
  if (!(lower.endsWith(".png") || lower.endsWith(".jpg") || lower.endsWith(".jpeg"))) {
    if (error) *error = "screenshots are .png or .jpg: " + path;
    return false;
  }
  const QImage image = grabImage(scale);
  if (image.isNull()) {
    if (error) *error = "the 3D view has not been drawn yet";
    return false;
  }
  if (!image.save(path, nullptr, lower.endsWith(".png") ? -1 : 92)) {
    if (error) *error = "cannot write " + path;
    return false;
  }
  return true;
}

bool SceneView::exportGltf(const QString& path, QString* error) {
  if (!render()) {
    if (error) *error = "the 3D view has not been drawn yet";
    return false;
  }
  Impl& d = *impl_;
  // The links as their parts' actors (one glTF node per part, named after its link) instead
  // of the merged actors drawn on screen.
  d.links.setVisible(false);
  for (LinkPart& part : d.parts)
    if (!d.scene->HasViewProp(part.actor)) d.scene->AddActor(part.actor);
  const bool ok = exportSceneGltf(d.bridge.window(), path, error, [&d](vtkActor* actor) {
    for (const LinkPart& part : d.parts)
      if (part.actor.Get() == actor && part.body >= 0 &&
          size_t(part.body) < d.model.body_names.size())
        return QString::fromStdString(d.model.body_names[size_t(part.body)]);
    return QString();
  });
  for (LinkPart& part : d.parts)
    if (part.body != d.selected) d.scene->RemoveActor(part.actor);
  d.links.setVisible(true);
  return ok;
}

bool SceneView::startRecording(const QString& path, int fps, QString* error,
                               double video_seconds_per_simulated_second) {
  const qreal dpr = devicePixelRatioF();
  if (!impl_->recorder.start(
          path, fps, QSize(int(std::lround(width() * dpr)), int(std::lround(height() * dpr))),
          error))
    return false;
  impl_->video_clock = VideoClock(fps);
  impl_->video_clock.start(video_seconds_per_simulated_second);
  return true;
}

void SceneView::setRecordingRate(double video_seconds_per_simulated_second) {
  impl_->video_clock.setRate(video_seconds_per_simulated_second);
}

double SceneView::recordedVideoSeconds() const { return impl_->video_clock.videoSeconds(); }

double SceneView::skippedVideoSeconds() const { return impl_->video_clock.skippedSeconds(); }

bool SceneView::stopRecording(QString* error) { return impl_->recorder.stop(error); }

bool SceneView::isRecording() const { return impl_->recorder.isRecording(); }

int SceneView::framesRecorded() const { return impl_->recorder.framesWritten(); }

}  // namespace vms::ui
