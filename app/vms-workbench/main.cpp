// vms-workbench: the desktop application (ui/app does the work).
//   vms-workbench [FILE]                      opens FILE (default: the last session's file)
//   vms-workbench --scenario FILE --run-seconds S --report R.json [--max-speed]
//                 [--screenshot W.png]        self-measurement run, then exits
// A measured run reports problems as the `vms` CLI does: one stderr line
// "vms-workbench: <file>: <key>: <problem>" and exit status 1 for a bad input file, 2 for bad
// arguments, 3 when the simulation diverged (the report is still written).
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>
#include <cstdio>

#include "qt_messages.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/measured_run.hpp"
#include "ui/app/settings_keys.hpp"

namespace {

constexpr int kExitBadFile = 1, kExitBadArguments = 2;

int fail(const QString& message, int status) {
  std::fprintf(stderr, "vms-workbench: %s\n", qPrintable(message));
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  vms::workbench::holdQtMessages();  // QApplication has things to say before we know the mode
  QApplication app(argc, argv);
  QApplication::setOrganizationName("vms");
  QApplication::setApplicationName("vms-workbench");
  QApplication::setApplicationVersion("0.4");

  QCommandLineParser parser;
  parser.setApplicationDescription(
      "VMS Workbench: vehicle-manipulator dynamics, live 3D, plots and exports.");
  const QCommandLineOption help = parser.addHelpOption();
  const QCommandLineOption version = parser.addVersionOption();
  parser.addPositionalArgument("file", "A .scenario.json, .vms.json or .urdf file to open.",
                               "[FILE]");
  const QCommandLineOption scenario("scenario", "Self-measurement: the scenario to run.", "FILE");
  const QCommandLineOption run_seconds("run-seconds", "Self-measurement: wall seconds to run.", "S",
                                       "10");
  const QCommandLineOption report("report", "Self-measurement: write the JSON report here.",
                                  "FILE.json");
  const QCommandLineOption max_speed("max-speed",
                                     "Self-measurement: run as fast as possible (responsiveness).");
  const QCommandLineOption screenshot("screenshot", "Save the whole window after the run.",
                                      "FILE.png");
  const QCommandLineOption fresh("fresh", "Do not reopen the last session or offer recovery.");
  parser.addOptions({scenario, run_seconds, report, max_speed, screenshot, fresh});
  // parse(), not process(): process() exits with status 1 on a bad option, the status of a
  // bad file; bad arguments are 2.
  if (!parser.parse(QCoreApplication::arguments())) {
    vms::workbench::releaseQtMessages(true);  // the one line below is all there is to say
    return fail(parser.errorText(), kExitBadArguments);
  }
  if (parser.isSet(help)) parser.showHelp(0);
  if (parser.isSet(version)) parser.showVersion();

  const bool measuring = parser.isSet(scenario) || parser.isSet(report) ||
                         parser.isSet(screenshot) || parser.isSet(run_seconds);
  vms::workbench::releaseQtMessages(measuring);
  if (measuring) {
    // Measurement runs neither read nor change the user's settings (layout, overlays).
    QApplication::setApplicationName("vms-workbench-measure");
    QSettings().clear();
  }

  vms::ui::MainWindow window;
  QString file = parser.isSet(scenario)                   ? parser.value(scenario)
                 : parser.positionalArguments().isEmpty() ? QString()
                                                          : parser.positionalArguments().first();

  if (measuring) {
    if (file.isEmpty())
      return fail("--scenario FILE is needed for a measured run", kExitBadArguments);
    bool ok = false;
    vms::ui::MeasuredRunOptions options;
    options.run_seconds = parser.value(run_seconds).toDouble(&ok);
    // At most a day: the run's timer counts milliseconds in an int.
    if (!ok || !(options.run_seconds > 0.0 && options.run_seconds <= 86400.0))
      return fail("--run-seconds: a positive number of seconds (at most 86400) is needed",
                  kExitBadArguments);
    options.real_time_factor = parser.isSet(max_speed) ? 0.0 : 1.0;
    options.report_path = parser.value(report);
    options.screenshot_path = parser.value(screenshot);
    window.setDialogs(false);
    window.resize(1280, 960);
    // Opened before the window shows: a bad file exits without flashing a window. The
    // message is the core's, as `vms run` prints it, and the window adds nothing to stderr.
    QString error;
    if (!window.openFile(file, &error)) return fail(error, kExitBadFile);
    window.show();
    vms::ui::MeasuredRun run(&window, options);
    QTimer::singleShot(500, &run, &vms::ui::MeasuredRun::start);  // let the window settle
    return app.exec();
  }

  window.show();
  if (!parser.isSet(fresh)) {
    window.offerRecovery();
    if (file.isEmpty()) {
      const QString last = QSettings().value(vms::ui::settings_keys::kLastSession).toString();
      if (!last.isEmpty() && QFileInfo::exists(last)) file = last;
    }
  }
  if (!file.isEmpty()) window.openFile(file);
  return app.exec();
}
