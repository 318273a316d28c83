#include "ui/view3d/model_overlays.hpp"

#include <algorithm>
#include <cmath>

#include "ui/view3d/tessellation.hpp"
#include "ui/view3d/vtk_pose.hpp"

namespace vms::ui {

double momentumArrowLength(double equivalent_rate, double size) {
  if (!std::isfinite(equivalent_rate) || equivalent_rate < 1e-6) return 0.0;
  return size * std::clamp(equivalent_rate, 0.15, 0.8);
}

void ModelOverlays::add(vtkRenderer* renderer, vtkProp* prop) {
  renderer->AddViewProp(prop);
  added_.emplace_back(renderer, prop);
}

ModelOverlays::Group& ModelOverlays::group(Overlay overlay, const Vec3& color, bool point_colors,
                                           vtkRenderer* renderer,
                                           const std::vector<vtkPolyData*>& levels,
                                           const std::vector<double>& below_px) {
  for (Group& g : groups_)
    if (g.overlay == overlay && g.color == color && g.point_colors == point_colors) return g;
  Group g;
  g.overlay = overlay;
  g.color = color;
  g.point_colors = point_colors;
  g.mesh = std::make_unique<LodMesh>(below_px);
  styleGlyphProperty(g.mesh->property(), color);
  // Closed glyphs wound outwards (arrows, spheres): their back faces are never seen.
  bool closed = true;
  for (vtkPolyData* level : levels) closed = closed && isClosedOutward(level);
  g.mesh->property()->SetBackfaceCulling(closed);
  g.mesh->setVisible(false);
  g.renderer = renderer;
  groups_.push_back(std::move(g));
  return groups_.back();
}

void ModelOverlays::build(const Model& model, double size, vtkRenderer* scene,
                          vtkRenderer* markers) {
  clear();
  size_ = size > 0.0 ? size : 1.0;
  mass_ = model.total_mass > 0.0 ? model.total_mass : 1.0;
  // Levels of detail (lod_mesh, link_geometry): n segments round stay within half a pixel of
  // the outline up to 1 / (1 - cos(pi/n)) pixels across: the arrows' tips (0.16 of their
  // length across) at 12, 8 and 6 segments up to 29, 13 and 7.5 px, spheres at 16, 10 and 8
  // up to 52, 20 and 13 px.
  auto triad = unitAxesTriad();
  auto arrow = unitArrow();
  auto sphere = unitSphere(16);
  const std::vector<vtkSmartPointer<vtkPolyData>> triads = {triad, unitAxesTriad(8, 6),
                                                            unitAxesTriad(6, 4)};
  const std::vector<vtkSmartPointer<vtkPolyData>> arrows = {arrow, unitArrow(8, 6),
                                                            unitArrow(6, 4)};
  const std::vector<vtkSmartPointer<vtkPolyData>> spheres = {sphere, unitSphere(10), unitSphere(8)};
  auto raw = [](const std::vector<vtkSmartPointer<vtkPolyData>>& levels) {
    std::vector<vtkPolyData*> out;
    for (const auto& level : levels) out.push_back(level);
    return out;
  };
  const std::vector<double> arrow_below = {13.0, 7.5}, sphere_below = {20.0, 13.0};

  const double axis_length = 0.08 * size_;
  for (const Frame& f : model.frames) {
    if (f.body < 0 || f.body >= model.nbodies) continue;
    Group& g = group(Overlay::LinkFrames, Vec3::Ones(), true, scene, raw(triads), arrow_below);
    g.mesh->add(raw(triads), 0.16 * axis_length);
    g.placed.push_back({f.body, f.placement.R * axis_length, f.placement.p});
  }
  double max_mass = 0.0;
  for (double m : model.mass) max_mass = std::max(max_mass, m);
  for (int b = 0; b < model.nbodies; ++b) {
    if (!(model.mass[size_t(b)] > 0.0)) continue;
    const double r =
        0.022 * size_ * std::clamp(std::cbrt(model.mass[size_t(b)] / max_mass), 0.45, 1.0);
    Group& g = group(Overlay::CentersOfMass, Vec3(0.95, 0.85, 0.1), false, markers, raw(spheres),
                     sphere_below);
    g.mesh->add(raw(spheres), 2.0 * r);
    g.placed.push_back({b, Mat3::Identity() * r, model.com[size_t(b)]});
  }
  const double joint_length = 0.12 * size_;
  for (int b = 1; b < model.nbodies; ++b) {
    const Vec3 axis = model.joint_axis[size_t(b)];
    const bool prismatic = model.joint_type[size_t(b)] == JointType::Prismatic;
    Group& g = group(Overlay::JointAxes, prismatic ? Vec3(0.95, 0.8, 0.1) : Vec3(0.1, 0.85, 0.95),
                     false, scene, raw(arrows), arrow_below);
    g.mesh->add(raw(arrows), 0.16 * joint_length);
    g.placed.push_back(
        {b, rotationWithXAxis(axis) * joint_length, -0.3 * joint_length * axis.normalized()});
  }
  for (Group& g : groups_) {
    g.mesh->build();
    g.mesh->addTo(g.renderer);
  }
  // Yellow: magenta marks a missing mesh (link_geometry), and the legend names this sphere.
  system_com_ = makeGlyphActor(sphere, kSystemComColor);
  add(markers, system_com_.actor);
  linear_momentum_ = makeGlyphActor(arrow, Vec3(0.15, 0.9, 0.3));
  add(markers, linear_momentum_.actor);
  angular_momentum_ = makeGlyphActor(arrow, Vec3(0.65, 0.35, 1.0));
  add(markers, angular_momentum_.actor);
}

void ModelOverlays::clear() {
  for (auto& [renderer, prop] : added_) renderer->RemoveViewProp(prop);
  added_.clear();
  for (Group& g : groups_) g.mesh->removeFrom(g.renderer);
  groups_.clear();
  poses_.clear();
  system_com_ = linear_momentum_ = angular_momentum_ = GlyphActor{};
}

void ModelOverlays::place(Group& g) {
  for (size_t k = 0; k < g.placed.size(); ++k) {
    const Placed& p = g.placed[k];
    if (size_t(p.body) >= poses_.size()) continue;
    const Pose& X = poses_[size_t(p.body)];
    g.mesh->place(int(k), X.R * p.linear, X.R * p.offset + X.p);
  }
  g.mesh->commit();
}

void ModelOverlays::update(const std::vector<Pose>& body_poses, const Vec3& system_com,
                           const Vec3& linear_momentum, const Vec3& angular_momentum_com) {
  poses_ = body_poses;  // reuses its storage
  for (Group& g : groups_)
    if (g.visible) place(g);  // hidden glyphs are placed when shown
  if (!system_com_.actor) return;
  setVtkMatrix(system_com_.matrix, Mat3::Identity() * (0.025 * size_), system_com);
  const double half = 0.5 * size_;
  const double lp = momentumArrowLength(linear_momentum.norm() / mass_, size_);
  const double la = momentumArrowLength(angular_momentum_com.norm() / (mass_ * half * half), size_);
  setVtkMatrix(linear_momentum_.matrix, rotationWithXAxis(linear_momentum) * std::max(lp, 1e-9),
               system_com);
  setVtkMatrix(angular_momentum_.matrix,
               rotationWithXAxis(angular_momentum_com) * std::max(la, 1e-9), system_com);
  linear_momentum_.actor->SetVisibility(momentum_visible_ && lp > 0.0);
  angular_momentum_.actor->SetVisibility(momentum_visible_ && la > 0.0);
}

void ModelOverlays::chooseLevels(const LodView& view) {
  for (Group& g : groups_)
    if (g.visible) g.mesh->choose(view);
}

void ModelOverlays::setVisible(Overlay overlay, bool visible) {
  for (Group& g : groups_) {
    if (g.overlay != overlay) continue;
    if (visible && !g.visible) place(g);
    g.visible = visible;
    g.mesh->setVisible(visible);
  }
  switch (overlay) {
    case Overlay::SystemCenterOfMass:
      if (system_com_.actor) system_com_.actor->SetVisibility(visible);
      break;
    case Overlay::MomentumArrows:
      momentum_visible_ = visible;
      if (linear_momentum_.actor) {
        linear_momentum_.actor->SetVisibility(visible);
        angular_momentum_.actor->SetVisibility(visible);
      }
      break;
    default:
      break;
  }
}

}  // namespace vms::ui
