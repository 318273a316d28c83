#pragma once
// Qt creates native windows through its own X connection and may not have sent the request
// yet when VTK (on its own connection) starts using the window id: GLX then fails or crashes.
// syncWithXServer() makes one round trip on Qt's connection, after which the server has
// processed every window request Qt made. No-op on non-X11 platforms.

namespace vms::ui {

void syncWithXServer();

}  // namespace vms::ui
