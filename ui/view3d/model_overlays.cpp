#include "ui/view3d/model_overlays.hpp"

#include <algorithm>
#include <cmath>

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

void ModelOverlays::build(const Model& model, double size, vtkRenderer* scene,
                          vtkRenderer* markers) {
  clear();
  size_ = size > 0.0 ? size : 1.0;
  mass_ = model.total_mass > 0.0 ? model.total_mass : 1.0;
  auto triad = unitAxesTriad();
  auto arrow = unitArrow();
  auto sphere = unitSphere(16);

  const double axis_length = 0.08 * size_;
  for (const Frame& f : model.frames) {
    if (f.body < 0 || f.body >= model.nbodies) continue;
    Placed p{makeGlyphActor(triad, Vec3::Ones(), 1.0, true), f.body, f.placement.R * axis_length,
             f.placement.p};
    add(scene, p.glyph.actor);
    frames_.push_back(p);
  }
  double max_mass = 0.0;
  for (double m : model.mass) max_mass = std::max(max_mass, m);
  for (int b = 0; b < model.nbodies; ++b) {
    if (!(model.mass[size_t(b)] > 0.0)) continue;
    const double r =
        0.022 * size_ * std::clamp(std::cbrt(model.mass[size_t(b)] / max_mass), 0.45, 1.0);
    Placed p{makeGlyphActor(sphere, Vec3(0.95, 0.85, 0.1)), b, Mat3::Identity() * r,
             model.com[size_t(b)]};
    add(markers, p.glyph.actor);
    coms_.push_back(p);
  }
  const double joint_length = 0.12 * size_;
  for (int b = 1; b < model.nbodies; ++b) {
    const Vec3 axis = model.joint_axis[size_t(b)];
    const bool prismatic = model.joint_type[size_t(b)] == JointType::Prismatic;
    Placed p{makeGlyphActor(arrow, prismatic ? Vec3(0.95, 0.8, 0.1) : Vec3(0.1, 0.85, 0.95)), b,
             rotationWithXAxis(axis) * joint_length, -0.3 * joint_length * axis.normalized()};
    add(scene, p.glyph.actor);
    joint_axes_.push_back(p);
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
  frames_.clear();
  coms_.clear();
  joint_axes_.clear();
  system_com_ = linear_momentum_ = angular_momentum_ = GlyphActor{};
}

void ModelOverlays::update(const std::vector<Pose>& body_poses, const Vec3& system_com,
                           const Vec3& linear_momentum, const Vec3& angular_momentum_com) {
  for (auto* group : {&frames_, &coms_, &joint_axes_}) {
    for (Placed& p : *group) {
      if (size_t(p.body) >= body_poses.size()) continue;
      const Pose& X = body_poses[size_t(p.body)];
      setVtkMatrix(p.glyph.matrix, X.R * p.linear, X.R * p.offset + X.p);
    }
  }
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

void ModelOverlays::setVisible(Overlay overlay, bool visible) {
  auto show = [visible](std::vector<Placed>& group) {
    for (Placed& p : group) p.glyph.actor->SetVisibility(visible);
  };
  switch (overlay) {
    case Overlay::LinkFrames:
      show(frames_);
      break;
    case Overlay::CentersOfMass:
      show(coms_);
      break;
    case Overlay::JointAxes:
      show(joint_axes_);
      break;
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
