#include "ui/view3d/vtk_window_bridge.hpp"

#include <vtkOpenGLRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include <algorithm>
#include <vector>

#include "ui/view3d/x11_sync.hpp"

namespace vms::ui {

VtkWindowBridge::VtkWindowBridge() : window_(vtkSmartPointer<vtkRenderWindow>::New()) {
  window_->SetMultiSamples(0);  // llvmpipe: multisampling costs more than it gives
}

VtkWindowBridge::~VtkWindowBridge() { unbind(); }

void VtkWindowBridge::bindOffscreen(int width, int height) {
  if (bound_id_ != 0) unbind();
  width_ = std::max(width, 1);
  height_ = std::max(height, 1);
  if (!offscreen_) {
    window_->SetOffScreenRendering(true);
    offscreen_ = true;
  }
  window_->SetSize(width_, height_);
}

void VtkWindowBridge::bind(std::uintptr_t id, int width, int height) {
  if (id == 0) return;
  if (offscreen_) unbind();
  if (bound_id_ != 0 && bound_id_ != id) unbind();
  width_ = std::max(width, 1);
  height_ = std::max(height, 1);
  if (bound_id_ == 0) {
    syncWithXServer();  // the window must exist on the server before GLX uses it
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
  if (bound_id_ == 0 && !offscreen_) return;
  // Finalize unmaps a window VTK did not create: the widget's window is shown again after.
  const bool remap = bound_id_ != 0 && isNativeWindowMapped(bound_id_);
  window_->Finalize();
  if (remap) mapNativeWindow(bound_id_);
  // A fresh render window (and X display connection) for the next native window: re-using
  // the finalized one for another window id crashed inside Mesa's GLX now and then.
  auto fresh = vtkSmartPointer<vtkRenderWindow>::New();
  fresh->SetMultiSamples(window_->GetMultiSamples());
  fresh->SetNumberOfLayers(window_->GetNumberOfLayers());
  vtkRendererCollection* renderers = window_->GetRenderers();
  renderers->InitTraversal();
  std::vector<vtkSmartPointer<vtkRenderer>> moved;
  while (vtkRenderer* r = renderers->GetNextItem()) moved.emplace_back(r);
  for (auto& r : moved) window_->RemoveRenderer(r);
  for (auto& r : moved) fresh->AddRenderer(r);
  window_ = fresh;
  bound_id_ = 0;
  offscreen_ = false;
}

void VtkWindowBridge::resize(int width, int height) {
  width_ = std::max(width, 1);
  height_ = std::max(height, 1);
  if (isBound()) window_->SetSize(width_, height_);
}

bool VtkWindowBridge::render() {
  if (!isBound()) return false;
  window_->Render();
  return true;
}

}  // namespace vms::ui
