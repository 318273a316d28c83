#include "ui/view3d/x11_sync.hpp"

#include <dlfcn.h>
#include <xcb/xcb.h>

#include <QGuiApplication>
#include <cstdlib>

namespace vms::ui {

void syncWithXServer() {
#if QT_CONFIG(xcb)
  auto* x11 = qGuiApp ? qGuiApp->nativeInterface<QNativeInterface::QX11Application>() : nullptr;
  xcb_connection_t* connection = x11 ? x11->connection() : nullptr;
  if (!connection) return;
  // libxcb is loaded (Qt's xcb plugin, VTK's libX11) but not linked by this module: look the
  // two functions up at run time.
  using Request = xcb_get_input_focus_cookie_t (*)(xcb_connection_t*);
  using Reply = xcb_get_input_focus_reply_t* (*)(xcb_connection_t*, xcb_get_input_focus_cookie_t,
                                                 xcb_generic_error_t**);
  static const auto request = reinterpret_cast<Request>(dlsym(RTLD_DEFAULT, "xcb_get_input_focus"));
  static const auto reply =
      reinterpret_cast<Reply>(dlsym(RTLD_DEFAULT, "xcb_get_input_focus_reply"));
  if (!request || !reply) return;
  xcb_generic_error_t* error = nullptr;
  std::free(reply(connection, request(connection), &error));
  std::free(error);
#endif
}

}  // namespace vms::ui
