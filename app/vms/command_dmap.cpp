// vms dmap MODEL --joints A,B [--state STATE] [--grid N] --out MAP.csv [--base TYPE]
// The enhanced disturbance map of two joints (core/analysis/attitude_disturbance.hpp): over a
// grid of the two joints' ranges (the other joints and the vehicle as in STATE, or at zero),
// the vehicle rotation rate per unit joint-pair rate in the directions that disturb it least
// and most, those directions, and the curvature of the connection (net vehicle turn per
// enclosed joint-space area, vehicle body frame).
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/analysis/attitude_disturbance.hpp"

namespace vms::cli {

namespace {

const char* kDmapUsage =
    "usage: vms dmap MODEL --joints A,B [--state STATE] [--grid N] --out MAP.csv [--base TYPE]";

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

}  // namespace

int runDmap(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {"joints", "state", "grid", "out", "base"},
                       {"repair-inertia"});
  const std::string path = modelPath(args, kDmapUsage);
  const std::string joints = args.required("joints");
  const std::string out = args.required("out");
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
  makeParentDirectories(out);
  std::ofstream file(out);
  if (!file) throw ModelError(out + ": cannot be written");
  const std::string a = model.joint_names[std::size_t(i)], b = model.joint_names[std::size_t(j)];
  file << "q_" << a << ",q_" << b << ",sigma_least,sigma_most,least_d" << a << ",least_d" << b
       << ",most_d" << a << ",most_d" << b
       << ",curvature_x,curvature_y,curvature_z,curvature_norm\n";
  file << std::setprecision(17);
  double largest = 0, smallest = INFINITY;
  for (int r = 0; r < map.grid; ++r)
    for (int c = 0; c < map.grid; ++c) {
      const DisturbancePoint& p = map.points[std::size_t(r * map.grid + c)];
      file << map.qi[r] << ',' << map.qj[c] << ',' << p.sigma_min << ',' << p.sigma_max << ','
           << p.least[0] << ',' << p.least[1] << ',' << p.most[0] << ',' << p.most[1] << ','
           << p.curvature.x() << ',' << p.curvature.y() << ',' << p.curvature.z() << ','
           << p.curvature.norm() << '\n';
      largest = std::max(largest, p.sigma_max);
      smallest = std::min(smallest, p.sigma_min);
    }
  if (!file.flush()) throw ModelError(out + ": cannot be written");
  std::cout << "vms dmap: wrote " << out << ": " << map.grid << " x " << map.grid
            << " points of joints '" << a << "' and '" << b
            << "'; vehicle rotation per unit joint rate from " << smallest << " to " << largest
            << " rad/rad\n";
  return kExitOk;
}

}  // namespace vms::cli
