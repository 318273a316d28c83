#pragma once
// Text of the main window's parts that live outside its class (the panel table, dock adapters,
// seed figures), translated in the window's context.
#include <QCoreApplication>
#include <QString>

namespace vms::ui {

inline QString trMainWindow(const char* text) {
  return QCoreApplication::translate("vms::ui::MainWindow", text);
}

}  // namespace vms::ui
