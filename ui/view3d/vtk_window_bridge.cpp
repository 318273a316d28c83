#include "ui/view3d/vtk_window_bridge.hpp"

#include <vtkOpenGLRenderWindow.h>

#include <algorithm>

namespace vms::ui {

VtkWindowBridge::VtkWindowBridge() : window_(vtkSmartPointer<vtkRenderWindow>::New()) {
  window_->SetMultiSamples(0);  // llvmpipe: multisampling costs more than it gives
}

VtkWindowBridge::~VtkWindowBridge() { unbind(); }

void VtkWindowBridge::bind(std::uintptr_t id, int width, int height) {
  if (id == 0) return;
  if (bound_id_ != 0 && bound_id_ != id) unbind();
  width_ = std::max(width, 1);
  height_ = std::max(height, 1);
  if (bound_id_ == 0) {
    // Size first (no X call while unbound), then the window, then the GL context: VTK's X
    // calls (SetSize -> XResizeWindow) need the display it opens in Initialize().
    window_->SetSize(width_, height_);
    window_->SetWindowId(reinterpret_cast<void*>(id));
    if (auto* gl = vtkOpenGLRenderWindow::SafeDownCast(window_)) gl->Initialize();
    bound_id_ = id;
  } else {
    window_->SetSize(width_, height_);
  }
}

void VtkWindowBridge::unbind() {
  if (bound_id_ == 0) return;
  window_->Finalize();
  window_->SetWindowId(nullptr);
  bound_id_ = 0;
}

void VtkWindowBridge::resize(int width, int height) {
  width_ = std::max(width, 1);
  height_ = std::max(height, 1);
  if (bound_id_ != 0) window_->SetSize(width_, height_);
}

bool VtkWindowBridge::render() {
  if (bound_id_ == 0) return false;
  window_->Render();
  return true;
}

}  // namespace vms::ui
