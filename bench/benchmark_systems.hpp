#pragma once
// The systems vms_bench and vms_bench_derivatives time, and the fit of time against chain
// length: free-floating chains of kChainSizes links (benchmarkChain: joint axes z, y, x), a
// random kTreeLinks-link tree (randomTree, seed 14: random axes, placements and inertias, a
// quarter of the joints prismatic) and seed 004's spacecraft with its 6-link arm
// (models/seed004_spatial.vms.json, the model of `vms benchmark`). Gravity 0 in every
// description.
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/io/model_io.hpp"
#include "core/model/sample_models.hpp"

namespace vms::bench {

inline constexpr int kChainSizes[] = {6, 10, 12, 25, 40, 50, 100};
inline constexpr int kTreeLinks = 100;

struct BenchmarkSystem {
  std::string label;  // "chain_6", "tree_100", "seed004_arm"
  ModelDescription description;
  int links = 0;  // moving bodies
  bool tree = false;
};

/// The chains in kChainSizes order, the tree, then seed 004's arm (read from `models_dir`;
/// throws std::runtime_error if that file has gravity).
inline std::vector<BenchmarkSystem> benchmarkSystems(const std::string& models_dir) {
  std::vector<BenchmarkSystem> out;
  for (int links : kChainSizes)
    out.push_back({"chain_" + std::to_string(links), benchmarkChain(links), links, false});
  RandomTreeOptions to;
  to.bodies = kTreeLinks + 1;
  to.seed = 14;
  out.push_back({"tree_" + std::to_string(kTreeLinks), randomTree(to), kTreeLinks, true});
  ModelDescription arm = loadModelDescription(models_dir + "/seed004_spatial.vms.json");
  if (!arm.gravity.isZero(0.0)) throw std::runtime_error("seed004_spatial.vms.json has gravity");
  out.push_back({"seed004_arm", std::move(arm), 6, false});
  return out;
}

/// Least-squares slope of log t against log N over the chains (t ~ N^e), from times by system
/// label; NaN with fewer than two chains timed.
inline double chainScalingExponent(const std::map<std::string, double>& times) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (int links : kChainSizes) {
    const auto it = times.find("chain_" + std::to_string(links));
    if (it == times.end() || !(it->second > 0.0)) continue;
    const double x = std::log(links), y = std::log(it->second);
    sx += x, sy += y, sxx += x * x, sxy += x * y, ++n;
  }
  if (n < 2) return std::nan("");
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace vms::bench
