#include "ui/view3d/camera_controller.hpp"

#include <algorithm>
#include <cmath>

namespace vms::ui {
namespace {

Vec3 get3(const double* v) { return Vec3(v[0], v[1], v[2]); }

}  // namespace

void CameraController::orbit(double dx_px, double dy_px) {
  vtkCamera* cam = camera();
  cam->Azimuth(-0.4 * dx_px);
  // Keep away from the poles, where the view-up flips.
  const Vec3 dir = (get3(cam->GetFocalPoint()) - get3(cam->GetPosition())).normalized();
  const Vec3 up = get3(cam->GetViewUp()).normalized();
  const double elevation = std::asin(std::clamp(-dir.dot(up), -1.0, 1.0)) * 180.0 / M_PI;
  const double step = std::clamp(0.4 * dy_px, -85.0 - elevation, 85.0 - elevation);
  cam->Elevation(step);
  cam->OrthogonalizeViewUp();
}

void CameraController::pan(double dx_px, double dy_px, int viewport_height_px) {
  vtkCamera* cam = camera();
  const Vec3 focal = get3(cam->GetFocalPoint());
  const Vec3 position = get3(cam->GetPosition());
  const double distance = (focal - position).norm();
  const double per_px = 2.0 * distance * std::tan(0.5 * cam->GetViewAngle() * M_PI / 180.0) /
                        std::max(viewport_height_px, 1);
  const Vec3 forward = (focal - position).normalized();
  const Vec3 up = get3(cam->GetViewUp()).normalized();
  const Vec3 right = forward.cross(up).normalized();
  const Vec3 shift = (-dx_px * right + dy_px * up) * per_px;
  const Vec3 f = focal + shift, p = position + shift;
  cam->SetFocalPoint(f.data());
  cam->SetPosition(p.data());
}

void CameraController::zoom(double factor) {
  if (factor > 0.0 && std::isfinite(factor)) camera()->Dolly(factor);
}

namespace {

/// The distance at which a sphere of diameter `size` (15 % margin for ellipsoids, arrows and
/// the trail) fits the narrower field of view of a view of this aspect (width / height).
double framingDistance(vtkCamera* cam, double size, double aspect) {
  const double vertical = 0.5 * cam->GetViewAngle() * M_PI / 180.0;
  // VTK's view angle is vertical; a view taller than wide sees less horizontally.
  const double horizontal =
      std::atan(std::tan(vertical) * (std::isfinite(aspect) && aspect > 0.0 ? aspect : 1.0));
  const double half_angle = std::min(vertical, horizontal);
  return std::max(size, 1e-3) * 0.5 * 1.15 / std::sin(half_angle);
}

}  // namespace

void CameraController::frame(const Vec3& center, double size, double aspect) {
  vtkCamera* cam = camera();
  const Vec3 direction = Vec3(1.0, -1.6, 0.9).normalized();
  const Vec3 position = center + framingDistance(cam, size, aspect) * direction;
  cam->SetFocalPoint(center.data());
  cam->SetPosition(position.data());
  cam->SetViewUp(0.0, 0.0, 1.0);
  cam->OrthogonalizeViewUp();
  last_target_.reset();
}

void CameraController::frameFromCurrentDirection(const Vec3& center, double size, double aspect) {
  vtkCamera* cam = camera();
  Vec3 direction = get3(cam->GetPosition()) - get3(cam->GetFocalPoint());
  if (!(direction.norm() > 0.0) || !direction.allFinite()) direction = Vec3(1.0, -1.6, 0.9);
  direction.normalize();
  const Vec3 position = center + framingDistance(cam, size, aspect) * direction;
  cam->SetFocalPoint(center.data());
  cam->SetPosition(position.data());
  cam->OrthogonalizeViewUp();
  last_target_.reset();
}

void CameraController::follow(const Vec3& target) {
  if (!target.allFinite()) return;
  vtkCamera* cam = camera();
  const Vec3 focal = get3(cam->GetFocalPoint());
  const Vec3 position = get3(cam->GetPosition());
  const Vec3 shift = last_target_ ? Vec3(target - *last_target_) : Vec3(target - focal);
  last_target_ = target;
  const Vec3 f = focal + shift, p = position + shift;
  cam->SetFocalPoint(f.data());
  cam->SetPosition(p.data());
}

}  // namespace vms::ui
