#pragma once
// Orbit / pan / zoom of a vtkCamera from mouse deltas (pixels), and following a moving target
// (vehicle or system CoM) by translating the camera with it, view direction unchanged.
#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <optional>

#include "core/spatial/se3.hpp"

namespace vms::ui {

class CameraController {
 public:
  explicit CameraController(vtkRenderer* renderer) : renderer_(renderer) {}

  void orbit(double dx_px, double dy_px);
  void pan(double dx_px, double dy_px, int viewport_height_px);
  /// factor > 1 moves closer.
  void zoom(double factor);
  /// Looks at `center` from a fixed oblique direction at a distance that frames a sphere of
  /// diameter `size` (plus a margin for overlays) in both the vertical and the horizontal
  /// field of view of a view of this `aspect` (width / height).
  void frame(const Vec3& center, double size, double aspect = 1.0);
  /// As frame(), looking along the camera's current view direction (view up kept).
  void frameFromCurrentDirection(const Vec3& center, double size, double aspect = 1.0);

  /// Translates the camera by the target's displacement since the last call (the first call
  /// after startFollowing() centres the view on the target).
  void follow(const Vec3& target);
  void startFollowing() { last_target_.reset(); }
  /// Follows from here: `target` is where the followed point is now, in the view as framed;
  /// later follow() calls move the camera by its displacement from there (no re-centring).
  void followFrom(const Vec3& target) {
    if (target.allFinite()) last_target_ = target;
  }

 private:
  vtkCamera* camera() const { return renderer_->GetActiveCamera(); }
  vtkRenderer* renderer_;
  std::optional<Vec3> last_target_;
};

}  // namespace vms::ui
