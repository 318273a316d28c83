#pragma once
// Gravity and external body wrenches as generalized forces, shared by the seed solvers that
// form the equations of motion explicitly: a world wrench w on body k does virtual work
// S_j^T w along every joint j on its path and S0^T w on the vehicle, so summing the wrenches of
// each subtree once gives every generalized force.
#include <vector>

#include "core/algorithms/aba.hpp"

namespace vms {

/// weight[k] and external[k]: the world wrenches (at the world origin) of gravity and of
/// external.body_forces_world on the subtree of body k. Weight uses mass and centre of mass
/// only (added mass has none). Needs computeKinematics; both vectors sized model.nbodies;
/// allocates nothing.
void subtreeWrenches(const Model& model, const Data& data, const ExternalForces& external,
                     std::vector<Vec6>& weight, std::vector<Vec6>& external_sum);

}  // namespace vms
