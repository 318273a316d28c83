// vms-workbench: the desktop application (ui/app does the work).
//   vms-workbench [FILE]                      opens FILE (default: the last session's file)
//   vms-workbench --scenario FILE --run-seconds S --report R.json [--max-speed]
//                 [--screenshot W.png]        self-measurement run, then exits
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>
#include <cstdio>

#include "ui/app/main_window.hpp"
#include "ui/app/measured_run.hpp"
#include "ui/app/settings_keys.hpp"

namespace {

int fail(const QString& message) {
  std::fprintf(stderr, "vms-workbench: %s\n", qPrintable(message));
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("vms");
  QApplication::setApplicationName("vms-workbench");
  QApplication::setApplicationVersion("0.4");

  QCommandLineParser parser;
  parser.setApplicationDescription(
      "VMS Workbench: vehicle-manipulator dynamics, live 3D, plots and exports.");
  parser.addHelpOption();
  parser.addVersionOption();
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
  parser.process(app);

  const bool measuring = parser.isSet(scenario) || parser.isSet(report) ||
                         parser.isSet(screenshot) || parser.isSet(run_seconds);
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
    if (file.isEmpty()) return fail("--scenario FILE is needed for a measured run");
    bool ok = false;
    vms::ui::MeasuredRunOptions options;
    options.run_seconds = parser.value(run_seconds).toDouble(&ok);
    if (!ok || options.run_seconds <= 0.0)
      return fail("--run-seconds: a positive number of seconds is needed");
    options.real_time_factor = parser.isSet(max_speed) ? 0.0 : 1.0;
    options.report_path = parser.value(report);
    options.screenshot_path = parser.value(screenshot);
    window.setDialogs(false);
    window.resize(1280, 960);
    window.show();
    QString error;
    if (!window.openFile(file, &error)) return fail(error);
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
