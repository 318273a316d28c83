#include "core/solvers/subtree_wrenches.hpp"

namespace vms {

void subtreeWrenches(const Model& model, const Data& data, const ExternalForces& external,
                     std::vector<Vec6>& weight, std::vector<Vec6>& external_sum) {
  const int nb = model.nbodies;
  const bool added_mass = model.hasAddedMass();
  for (int k = 0; k < nb; ++k) {
    Vec6& w = weight[static_cast<std::size_t>(k)];
    if (added_mass) {  // data.I holds the added mass too: weight from mass and centre of mass
      const Vec3 c = data.oMi[k].act(model.com[k]);
      const Vec3 f = model.mass[k] * model.gravity;
      w << f, c.cross(f);
    } else {
      w.noalias() = data.I[k].leftCols<3>() * model.gravity;
    }
    external_sum[static_cast<std::size_t>(k)] =
        external.body_forces_world ? (*external.body_forces_world)[k] : Vec6::Zero();
  }
  for (int k = nb - 1; k > 0; --k) {
    const int p = model.parent[k];
    weight[static_cast<std::size_t>(p)] += weight[static_cast<std::size_t>(k)];
    external_sum[static_cast<std::size_t>(p)] += external_sum[static_cast<std::size_t>(k)];
  }
}

}  // namespace vms
