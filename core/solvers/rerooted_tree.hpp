#pragma once
// The model's tree seen from another body (seed 002, Appendix A: any link as the base). Every
// joint keeps its own coordinate; an edge traversed against the model's parent direction has
// its motion subspace and velocity term negated (the parent moves relative to the child by
// -S qd), its joint force is unchanged (the same s^T f of the force transmitted across it).
#include <vector>

#include "core/model/model.hpp"

namespace vms {

struct RerootedTree {
  /// Re-roots `model`'s tree at body `root` (0 = the vehicle: the model's own tree). Throws
  /// std::invalid_argument for a body index out of range.
  RerootedTree(const Model& model, int root);

  int root = 0;
  std::vector<int> order;      // bodies, every parent (in the re-rooted tree) before its children
  std::vector<int> parent;     // parent in the re-rooted tree, -1 for the root
  std::vector<int> edge_body;  // the model body whose joint joins a body to `parent` (-1: root)
  std::vector<double> edge_sign;  // +1 if the edge runs as in the model, -1 if reversed
  std::vector<int> child_count;   // children in the re-rooted tree
};

}  // namespace vms
