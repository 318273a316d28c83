#include "core/solvers/rerooted_tree.hpp"

#include <stdexcept>
#include <string>

namespace vms {

RerootedTree::RerootedTree(const Model& model, int root_body)
    : root(root_body),
      parent(model.nbodies, -1),
      edge_body(model.nbodies, -1),
      edge_sign(model.nbodies, 1.0),
      child_count(model.nbodies, 0) {
  const int n = model.nbodies;
  if (root_body < 0 || root_body >= n)
    throw std::invalid_argument("RerootedTree: root body " + std::to_string(root_body) +
                                " out of range (the model has " + std::to_string(n) + " bodies)");
  // Breadth-first from the root over the undirected tree.
  std::vector<bool> seen(n, false);
  order.reserve(n);
  order.push_back(root_body);
  seen[root_body] = true;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int b = order[k];
    auto visit = [&](int next, int joint_body, double sign) {
      if (next < 0 || seen[next]) return;
      seen[next] = true;
      parent[next] = b;
      edge_body[next] = joint_body;
      edge_sign[next] = sign;
      ++child_count[b];
      order.push_back(next);
    };
    for (int c : model.children[b]) visit(c, c, 1.0);  // as in the model
    visit(model.parent[b], b, -1.0);                   // against the model's direction
  }
}

}  // namespace vms
