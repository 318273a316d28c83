#include "ui/view3d/x11_sync.hpp"

#include <dlfcn.h>
#include <xcb/xcb.h>

#include <QGuiApplication>
#include <cstdlib>

namespace vms::ui {

namespace {

xcb_connection_t* qtConnection() {
#if QT_CONFIG(xcb)
  auto* x11 = qGuiApp ? qGuiApp->nativeInterface<QNativeInterface::QX11Application>() : nullptr;
  return x11 ? x11->connection() : nullptr;
#else
  return nullptr;
#endif
}

/// libxcb is loaded (Qt's xcb plugin, VTK's libX11) but not linked by this module: its
/// functions are looked up at run time.
template <typename F>
F xcbFunction(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_DEFAULT, name));
}

}  // namespace

bool isNativeWindowMapped(std::uintptr_t id) {
  xcb_connection_t* connection = qtConnection();
  if (!connection || id == 0) return false;
  using Request = xcb_get_window_attributes_cookie_t (*)(xcb_connection_t*, xcb_window_t);
  using Reply =
      xcb_get_window_attributes_reply_t* (*)(xcb_connection_t*, xcb_get_window_attributes_cookie_t,
                                             xcb_generic_error_t**);
  static const auto request = xcbFunction<Request>("xcb_get_window_attributes");
  static const auto reply = xcbFunction<Reply>("xcb_get_window_attributes_reply");
  if (!request || !reply) return false;
  xcb_generic_error_t* error = nullptr;
  xcb_get_window_attributes_reply_t* attributes =
      reply(connection, request(connection, xcb_window_t(id)), &error);
  const bool mapped = attributes && attributes->map_state != XCB_MAP_STATE_UNMAPPED;
  std::free(attributes);
  std::free(error);
  return mapped;
}

void mapNativeWindow(std::uintptr_t id) {
  xcb_connection_t* connection = qtConnection();
  if (!connection || id == 0) return;
  using Map = xcb_void_cookie_t (*)(xcb_connection_t*, xcb_window_t);
  static const auto map = xcbFunction<Map>("xcb_map_window");
  if (!map) return;
  map(connection, xcb_window_t(id));
  syncWithXServer();
}

void syncWithXServer() {
#if QT_CONFIG(xcb)
  xcb_connection_t* connection = qtConnection();
  if (!connection) return;
  using Request = xcb_get_input_focus_cookie_t (*)(xcb_connection_t*);
  using Reply = xcb_get_input_focus_reply_t* (*)(xcb_connection_t*, xcb_get_input_focus_cookie_t,
                                                 xcb_generic_error_t**);
  static const auto request = xcbFunction<Request>("xcb_get_input_focus");
  static const auto reply = xcbFunction<Reply>("xcb_get_input_focus_reply");
  if (!request || !reply) return;
  xcb_generic_error_t* error = nullptr;
  std::free(reply(connection, request(connection), &error));
  std::free(error);
#endif
}

}  // namespace vms::ui
