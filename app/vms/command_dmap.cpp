// vms dmap MODEL --joints A,B [--state STATE] [--grid N] [--out MAP.csv] [--png MAP.png
//          [--width W --height H]] [--base TYPE]
// The enhanced disturbance map of two joints (core/analysis/attitude_disturbance.hpp): over a
// grid of the two joints' ranges (the other joints and the vehicle as in STATE, or at zero),
// the vehicle rotation rate per unit joint-pair rate in the directions that disturb it least
// and most, those directions, and the curvature of the connection (net vehicle turn per
// enclosed joint-space area, vehicle body frame). --png draws the desktop panel's figure
// (ui/plots/disturbance_map_plot.hpp: the curvature as colours, the least-disturbing
// directions as segments, STATE's (q_A, q_B) as a marker) headless, when built with the UI.
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/analysis/attitude_disturbance.hpp"

#ifdef VMS_HAVE_PLOT
#include <qcustomplot.h>

#include <QApplication>
#include <QFileInfo>
#include <cstdio>

#include "ui/plots/disturbance_map_plot.hpp"
#include "ui/plots/plot_export.hpp"
#endif

namespace vms::cli {

namespace {

const char* kDmapUsage =
    "usage: vms dmap MODEL --joints A,B [--state STATE] [--grid N] [--out MAP.csv] [--png "
    "MAP.png [--width W] [--height H]] [--base TYPE]";

int jointByName(const Model& model, const std::string& name) {
  const int k = model.jointIndex(name);
  if (k < 0) {
    std::string names;
    for (const std::string& n : model.joint_names) names += (names.empty() ? "" : ", ") + n;
    throw UsageError("--joints: the model has no moving joint '" + name +
                     "' (its joints: " + names + ")");
  }
  return k;
}

void writeCsv(const Model& model, const DisturbanceMap& map, const std::string& out) {
  makeParentDirectories(out);
  std::ofstream file(out);
  if (!file) throw ModelError(out + ": cannot be written");
  const std::string a = model.joint_names[std::size_t(map.joint_i)];
  const std::string b = model.joint_names[std::size_t(map.joint_j)];
  file << "q_" << a << ",q_" << b << ",sigma_least,sigma_most,least_d" << a << ",least_d" << b
       << ",most_d" << a << ",most_d" << b
       << ",curvature_x,curvature_y,curvature_z,curvature_norm\n";
  file << std::setprecision(17);
  for (int r = 0; r < map.grid; ++r)
    for (int c = 0; c < map.grid; ++c) {
      const DisturbancePoint& p = map.points[std::size_t(r * map.grid + c)];
      file << map.qi[r] << ',' << map.qj[c] << ',' << p.sigma_min << ',' << p.sigma_max << ','
           << p.least[0] << ',' << p.least[1] << ',' << p.most[0] << ',' << p.most[1] << ','
           << p.curvature.x() << ',' << p.curvature.y() << ',' << p.curvature.z() << ','
           << p.curvature.norm() << '\n';
    }
  if (!file.flush()) throw ModelError(out + ": cannot be written");
}

#ifdef VMS_HAVE_PLOT
int pixels(const Arguments& args, const char* name, long fallback) {
  const long v = args.integer(name, fallback);
  if (v < 16 || v > 20000)
    throw UsageError(std::string("option --") + name + ": " + std::to_string(v) +
                     " pixels is out of range (16 .. 20000)");
  return static_cast<int>(v);
}

/// Qt's own messages (font and runtime-directory notices) are not for the command's user;
/// critical ones are kept, as warnings.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
  if (type == QtCriticalMsg || type == QtFatalMsg)
    std::fprintf(stderr, "vms: warning: %s\n", qPrintable(message));
}

/// The figure of the desktop's Disturbance Map panel, without a run path, as a PNG of `size`
/// pixels at the plot exports' scale.
void writePng(const Model& model, const State& state, const DisturbanceMap& map,
              const std::string& title, const std::string& out, QSize size, char* program) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  qInstallMessageHandler(quietQtMessages);
  int qt_argc = 1;
  char* qt_argv[] = {program, nullptr};
  QApplication app(qt_argc, qt_argv);
  QCustomPlot plot;
  plot.resize(size / ui::kFigureScale);
  ui::DisturbanceMapPlot figure(&plot);
  figure.showMap(model, map);
  figure.path()->removeFromLegend();
  figure.setMarker(ui::shownJointPosition(model, map.joint_i, state.q[map.joint_i]),
                   ui::shownJointPosition(model, map.joint_j, state.q[map.joint_j]));
  figure.marker()->setName(QObject::tr("the state's configuration"));
  figure.setTitle(QString::fromStdString(title));
  makeParentDirectories(out);
  QString error;
  if (!ui::savePlot(&plot, QString::fromStdString(out), size, &error, ui::kFigureScale))
    throw ModelError(error.toStdString());
}
#endif

}  // namespace

int runDmap(int argc, char** argv) {
  const Arguments args(argc, argv, 2,
                       {"joints", "state", "grid", "out", "png", "width", "height", "base"},
                       {"repair-inertia"});
  const std::string path = modelPath(args, kDmapUsage);
  const std::string joints = args.required("joints");
  const std::string out = args.get("out") ? *args.get("out") : std::string();
  const std::string png = args.get("png") ? *args.get("png") : std::string();
  if (out.empty() && png.empty())
    throw UsageError(std::string("--out MAP.csv or --png MAP.png is required\n") + kDmapUsage);
#ifdef VMS_HAVE_PLOT
  const QSize size(pixels(args, "width", ui::kFigureWidth),
                   pixels(args, "height", ui::kFigureHeight));
  if (!png.empty() && QFileInfo(QString::fromStdString(png)).suffix().toLower() != "png")
    throw UsageError("--png " + png + ": the figure is a .png file");
#else
  if (!png.empty())
    throw UsageError("--png: this vms was built without the desktop's plots (VMS_BUILD_UI)");
#endif
  const long grid = args.integer("grid", 41);
  if (grid < 2 || grid > 1001)
    throw UsageError("--grid: " + std::to_string(grid) + " points is out of range (2 .. 1001)");
  const std::size_t comma = joints.find(',');
  if (comma == std::string::npos || joints.find(',', comma + 1) != std::string::npos)
    throw UsageError("--joints: expected two joint names A,B, got '" + joints + "'");
  const Model model = loadModelFromArguments(args, path);
  const int i = jointByName(model, joints.substr(0, comma));
  const int j = jointByName(model, joints.substr(comma + 1));
  const State state =
      args.get("state") ? loadStateFromArguments(args, model).state : State::neutral(model);
  DisturbanceMap map;
  try {
    map = disturbanceMap(model, state, i, j, static_cast<int>(grid));
  } catch (const std::invalid_argument& e) {
    throw ModelError(path + ": " + e.what());
  }
  const std::string a = model.joint_names[std::size_t(i)], b = model.joint_names[std::size_t(j)];
  double largest = 0, smallest = INFINITY;
  for (const DisturbancePoint& p : map.points) {
    largest = std::max(largest, p.sigma_max);
    smallest = std::min(smallest, p.sigma_min);
  }
  if (!out.empty()) writeCsv(model, map, out);
#ifdef VMS_HAVE_PLOT
  if (!png.empty()) {
    const std::string name = QFileInfo(QString::fromStdString(path)).fileName().toStdString();
    writePng(model, state, map, "Disturbance map of " + a + " and " + b + ": " + name, png, size,
             argv[0]);
  }
#endif
  const std::string written = out.empty() ? png : png.empty() ? out : out + " and " + png;
  std::cout << "vms dmap: wrote " << written << ": " << map.grid << " x " << map.grid
            << " points of joints '" << a << "' and '" << b
            << "'; vehicle rotation per unit joint rate from " << smallest << " to " << largest
            << " rad/rad\n";
  return kExitOk;
}

}  // namespace vms::cli
