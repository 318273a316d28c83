#pragma once
// A plain vtkRenderWindow drawing into a Qt native child window (Debian's VTK Qt module is
// Qt 5 and is not linked; docs/workbench.md, "ui/view3d"). Binding is explicit so that
// the owner can release the GL resources before Qt destroys or replaces its native window
// (re-parenting, undocking).
#include <vtkRenderWindow.h>
#include <vtkSmartPointer.h>

#include <cstdint>

namespace vms::ui {

class VtkWindowBridge {
 public:
  VtkWindowBridge();
  ~VtkWindowBridge();
  vtkRenderWindow* window() const { return window_; }

  /// Draws into native window `id` of `width` x `height` device pixels; re-binds (releasing
  /// the old GL context first) if it was bound to another window.
  void bind(std::uintptr_t id, int width, int height);
  /// Renders into an offscreen buffer of `width` x `height` (no native window to draw into:
  /// Qt's offscreen platform, or a widget that is never shown). Needs an X display.
  void bindOffscreen(int width, int height);
  /// Releases the GL context and resources; the window can be destroyed afterwards. The
  /// renderers move to a new vtkRenderWindow (window() changes).
  void unbind();
  bool isBound() const { return bound_id_ != 0 || offscreen_; }
  std::uintptr_t boundId() const { return bound_id_; }

  void resize(int width, int height);
  /// Renders if bound and not empty; false otherwise.
  bool render();

 private:
  vtkSmartPointer<vtkRenderWindow> window_;
  std::uintptr_t bound_id_ = 0;
  bool offscreen_ = false;
  int width_ = 0, height_ = 0;
};

}  // namespace vms::ui
