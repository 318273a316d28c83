#pragma once
// What `vms inspect` (and the Python package's vms.inspect) reports about one state: the
// accelerations under the joint forces alone (no damping, no external wrench), momentum,
// energy, centre of mass and the generalized inertias.
#include <string>

#include "core/algorithms/momentum.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

struct StateInspection {
  VecX qdd;                     // joint accelerations, user joint order
  Vec3 base_linear_acc_world;   // d/dt of the vehicle's world-frame linear velocity
  Vec3 base_angular_acc_world;  // d/dt of the vehicle's world angular velocity
  MomentumSummary momentum;     // P, L about the origin and the CoM, CoM, T, mass
  MatX M;                       // generalized inertia (nv x nv, [vehicle; joints])
  MatX Hstar;                   // reduced joint inertia H* (n x n)

  /// The joint-joint block of M (n x n).
  auto Hmm() const { return M.bottomRightCorner(qdd.size(), qdd.size()); }
};

/// Computes everything for `state` under `tau` with `solver` (made for `model`; afterwards
/// its intermediates() are those of this state). Throws ModelError "<source>: <quantity> is
/// not finite ..." for the first result that overflowed, in the order of the struct.
StateInspection inspectState(const Model& model, ForwardDynamicsSolver& solver, const State& state,
                             const VecX& tau, const std::string& source);

}  // namespace vms
