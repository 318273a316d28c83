// vms plot CSV --y COL[,COL...] [--x COL] --out FILE.{png,svg,pdf} [--title T] [--logy]
//          [--width W --height H] [--scale S]
// A figure of trajectory CSV columns with the workbench's plot styling, rendered headless
// (Qt's offscreen platform unless QT_QPA_PLATFORM says otherwise). One pane per unit; default
// size 1600 x 1000 px at scale 2, as the desktop's plot exports (ui/plots/plot_export.hpp).
// Only built with the UI.
#ifdef VMS_HAVE_PLOT

#include <QApplication>
#include <QByteArray>
#include <cstdio>
#include <stdexcept>

#include "commands.hpp"
#include "ui/plots/csv_plot.hpp"
#include "ui/plots/plot_export.hpp"

namespace vms::cli {

namespace {

const char* kPlotUsage =
    "usage: vms plot CSV --y COL[,COL...] [--x COL] --out FILE.{png,svg,pdf} [--title T] "
    "[--logy] [--width W] [--height H] [--scale S]";

/// Qt's own messages (font and runtime-directory notices) are not for the command's user;
/// critical ones are kept, as warnings.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
  if (type == QtCriticalMsg || type == QtFatalMsg)
    std::fprintf(stderr, "vms: warning: %s\n", qPrintable(message));
}

QStringList columnList(const std::string& text) {
  QStringList out;
  for (const QString& c : QString::fromStdString(text).split(',')) {
    const QString name = c.trimmed();
    if (name.isEmpty()) throw UsageError("option --y: empty column name in '" + text + "'");
    out << name;
  }
  return out;
}

int pixels(const Arguments& args, const char* name, long fallback) {
  const long v = args.integer(name, fallback);
  if (v < 16 || v > 20000)
    throw UsageError(std::string("option --") + name + ": " + std::to_string(v) +
                     " pixels is out of range (16 .. 20000)");
  return static_cast<int>(v);
}

}  // namespace

int runPlot(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {"y", "x", "out", "title", "width", "height", "scale"},
                       {"logy"});
  if (args.positional().size() != 1) throw UsageError(kPlotUsage);
  const QString csv = QString::fromStdString(args.positional()[0]);
  ui::CsvPlotOptions options;
  options.y = columnList(args.required("y"));
  if (const auto x = args.get("x")) options.x = QString::fromStdString(*x);
  if (const auto title = args.get("title")) options.title = QString::fromStdString(*title);
  options.log_y = args.has("logy");
  options.size =
      QSize(pixels(args, "width", ui::kFigureWidth), pixels(args, "height", ui::kFigureHeight));
  options.scale = args.number("scale", ui::kFigureScale);
  if (!(options.scale >= 1.0 && options.scale <= 4.0))
    throw UsageError(
        "--scale must be a number from 1 to 4 (the figure's fonts and lines are "
        "drawn that many times larger)");
  const QString out = QString::fromStdString(args.required("out"));
  if (ui::plotFormatOf(out).isEmpty())
    throw UsageError("--out " + out.toStdString() +
                     ": unsupported figure format (expected .png, .svg or .pdf)");

  // Bad input is reported before Qt starts: one line, exit status 1.
  ui::CsvTable table;
  QString error;
  if (!ui::readCsvTable(csv, &table, &error)) throw std::runtime_error(error.toStdString());
  if (!ui::csvPlotSpec(table, options, &error))
    throw std::runtime_error(csv.toStdString() + ": " + error.toStdString());

  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  qInstallMessageHandler(quietQtMessages);
  int qt_argc = 1;
  char* qt_argv[] = {argv[0], nullptr};
  QApplication app(qt_argc, qt_argv);
  if (!ui::renderCsvPlot(table, options, out, &error))
    throw std::runtime_error(error.toStdString());
  return kExitOk;
}

}  // namespace vms::cli

#endif  // VMS_HAVE_PLOT
