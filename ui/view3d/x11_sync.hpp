#pragma once
// Qt creates native windows through its own X connection and may not have sent the request
// yet when VTK (on its own connection) starts using the window id: GLX then fails or crashes.
// syncWithXServer() makes one round trip on Qt's connection, after which the server has
// processed every window request Qt made. No-op on non-X11 platforms.
// VTK's render window unmaps a window it does not own when it lets go of it (Finalize): the
// map-state functions let its owner put the window back.

#include <cstdint>

namespace vms::ui {

void syncWithXServer();

/// Whether the X window `id` is mapped (shown), as the X server sees it. False off X11.
bool isNativeWindowMapped(std::uintptr_t id);
/// Maps the X window `id` again (through Qt's connection) and waits until the server did.
void mapNativeWindow(std::uintptr_t id);

}  // namespace vms::ui
