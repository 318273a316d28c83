#pragma once
// Generated models for tests, benchmarks and demos (cf. Pinocchio's sample-models).
#include <cstdint>

#include "core/model/model_description.hpp"
#include "core/model/state.hpp"

namespace vms {

struct RandomTreeOptions {
  int bodies = 7;      // including the vehicle
  bool chain = false;  // serial chain instead of a random tree
  double prismatic_fraction = 0.25;
  int fixed_links = 0;  // extra massless/massive links on fixed joints (tool frames)
  BaseType base = BaseType::Free;
  std::uint64_t seed = 1;
  /// A serial arm in seed 004's DH form instead (core/solvers/dh_arm.hpp): revolute joints
  /// about z, random d, alpha, a, b per link and a random mount, each link's centre of mass at
  /// (a_i, 0, d_i) of its frame; chain, prismatic_fraction and fixed_links are ignored.
  bool dh_arm = false;
};

/// Random tree with random placements, axes, masses and full (rotated) inertias (or a random
/// DH arm, RandomTreeOptions::dh_arm).
/// Joint description order is a shuffled-but-topological order when the tree branches.
ModelDescription randomTree(const RandomTreeOptions& options);

/// A serial chain of `links` identical links on a free-flying vehicle, joint axes alternating
/// z, y, x: the benchmark arm.
ModelDescription benchmarkChain(int links, BaseType base = BaseType::Free);

/// Random state (base pose, twist inside the subgroup, q, qd) from a seed.
State randomState(const Model& model, std::uint64_t seed);

}  // namespace vms
