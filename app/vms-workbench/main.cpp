// vms-workbench: the desktop application (ui/app does the work).
//   vms-workbench [FILE]                      opens FILE (default: the last session's file)
//   vms-workbench --scenario FILE --run-seconds S --report R.json [--max-speed]
//                 [--screenshot W.png]        self-measurement run, then exits
// A measured run reports problems as the `vms` CLI does: one stderr line
// "vms-workbench: <file>: <key>: <problem>" and exit status 1 for a bad input file, 2 for bad
// arguments, 3 when the simulation diverged (the report is still written).
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QIcon>
#include <QSettings>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include "qt_messages.hpp"
#include "ui/app/measurement/measured_run.hpp"
#include "ui/app/window/main_window.hpp"
#include "ui/app/window/settings_keys.hpp"

namespace {

constexpr int kExitBadFile = 1, kExitBadArguments = 2;

int fail(const QString& message, int status) {
  std::fprintf(stderr, "vms-workbench: %s\n", qPrintable(message));
  return status;
}

// --help and --version answer without a display: QApplication would abort where there is no
// X server or Wayland (a script, a CI container, ssh), so they are served before it exists.
bool asksForHelpOrVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* option : {"--help", "-h", "-?", "--help-all", "--version", "-v"})
      if (!std::strcmp(argv[i], option)) return true;
  return false;
}

void setApplicationNames() {
  QCoreApplication::setOrganizationName("vms");
  QCoreApplication::setApplicationName("vms-workbench");
  QCoreApplication::setApplicationVersion(VMS_VERSION);
}

struct CommandLine {
  QCommandLineParser parser;
  QCommandLineOption help, version;
  QCommandLineOption scenario{"scenario", "Self-measurement: the scenario to run.", "FILE"};
  QCommandLineOption run_seconds{"run-seconds", "Self-measurement: wall seconds to run.", "S",
                                 "10"};
  QCommandLineOption report{"report", "Self-measurement: write the JSON report here.", "FILE.json"};
  QCommandLineOption max_speed{"max-speed",
                               "Self-measurement: run as fast as possible (responsiveness)."};
  QCommandLineOption screenshot{"screenshot", "Save the whole window after the run.", "FILE.png"};
  QCommandLineOption fresh{"fresh", "Do not reopen the last session or offer recovery."};

  CommandLine() : help(parser.addHelpOption()), version(parser.addVersionOption()) {
    parser.setApplicationDescription(
        "VMS Workbench: vehicle-manipulator dynamics, live 3D, plots and exports.");
    parser.addPositionalArgument("file", "A .scenario.json, .vms.json or .urdf file to open.",
                                 "[FILE]");
    parser.addOptions({scenario, run_seconds, report, max_speed, screenshot, fresh});
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (asksForHelpOrVersion(argc, argv)) {
    QCoreApplication core(argc, argv);  // no display needed
    setApplicationNames();
    CommandLine cl;
    if (!cl.parser.parse(QCoreApplication::arguments()))
      return fail(cl.parser.errorText(), kExitBadArguments);
    if (cl.parser.isSet(cl.version)) cl.parser.showVersion();  // exits 0
    cl.parser.showHelp(0);
  }
  vms::workbench::holdQtMessages();  // QApplication has things to say before we know the mode
  QApplication app(argc, argv);
  setApplicationNames();
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/vms-workbench.svg")));
  QGuiApplication::setDesktopFileName(QStringLiteral("vms-workbench"));  // the .desktop entry

  CommandLine cl;
  QCommandLineParser& parser = cl.parser;
  const QCommandLineOption &help = cl.help, &version = cl.version, &scenario = cl.scenario,
                           &run_seconds = cl.run_seconds, &report = cl.report,
                           &max_speed = cl.max_speed, &screenshot = cl.screenshot,
                           &fresh = cl.fresh;
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
  if (parser.isSet(fresh)) {
    if (!file.isEmpty()) window.openFile(file);
  } else {
    window.startSession(file);
  }
  return app.exec();
}
