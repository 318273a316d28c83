#include "qt_messages.hpp"

#include <QString>
#include <QtGlobal>
#include <cstdio>
#include <utility>
#include <vector>

namespace vms::workbench {

namespace {

QtMessageHandler qt_default = nullptr;
std::vector<std::pair<QtMsgType, QString>> held;  // the GUI thread's, before the event loop

void hold(QtMsgType type, const QMessageLogContext&, const QString& message) {
  held.emplace_back(type, message);
}

void quiet(QtMsgType type, const QMessageLogContext&, const QString& message) {
  if (type == QtCriticalMsg || type == QtFatalMsg)
    std::fprintf(stderr, "vms-workbench: warning: %s\n", qPrintable(message));
}

}  // namespace

void holdQtMessages() { qt_default = qInstallMessageHandler(hold); }

void releaseQtMessages(bool measuring) {
  qInstallMessageHandler(measuring ? quiet : qt_default);
  if (!measuring && qt_default)
    for (const auto& [type, message] : held) qt_default(type, QMessageLogContext(), message);
  held.clear();
}

}  // namespace vms::workbench
