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

  /// Translates the camera by the target's displacement since the last call (the first call
  /// after startFollowing() centres the view on the target).
  void follow(const Vec3& target);
  void startFollowing() {
    last_target_.reset();
    anchor_ = false;
  }
  /// The next follow() only notes its target (the view stays as framed); later calls move
  /// the camera with it. For a freshly framed view: the model stays framed, then is followed.
  void followFromHere() {
    last_target_.reset();
    anchor_ = true;
  }

 private:
  vtkCamera* camera() const { return renderer_->GetActiveCamera(); }
  vtkRenderer* renderer_;
  std::optional<Vec3> last_target_;
  bool anchor_ = false;  // followFromHere
};

}  // namespace vms::ui
