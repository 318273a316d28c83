#pragma once
// Running the `vms` program under test (VMS_CLI_PATH) from a test: its exit status (-1 when it
// crashed or hung for two minutes), stdout and stderr.
#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace vms::test {

struct Run {
  int status = -1;
  QByteArray out, err;
};

inline Run runVms(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(VMS_CLI_PATH), args);
  p.waitForFinished(120000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
          p.readAllStandardError()};
}

}  // namespace vms::test
