#pragma once
// Running this test file again as a child process. In a test group (cmake/VmsTestGroups.cmake)
// the executable holds several test files and the first argument names the one to run.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace vms_test_group {
/// The test file the group's main() runs; null when the executable is the file's own.
inline const char* g_running_test = nullptr;
}  // namespace vms_test_group

/// The program that runs this test file.
inline QString testProgram() { return QCoreApplication::applicationFilePath(); }

/// `arguments` for testProgram(), after the test file's name when it runs in a group.
inline QStringList testProgramArguments(QStringList arguments) {
  if (vms_test_group::g_running_test)
    arguments.prepend(QString::fromUtf8(vms_test_group::g_running_test));
  return arguments;
}
