#pragma once
// Forward dynamics of many states at once (the Python package's vms.forward_dynamics): each
// state a row of the trajectory CSV's state columns (core/io/trajectory_row.hpp), each result
// a row [base linear acceleration (world), base angular acceleration (world), qdd]. One Data
// and one State for the whole batch: nothing is allocated per state.
#include <string>

#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// states: N x (13 + 2 njoints); tau: N x njoints (joint forces alone: no damping, no
/// external wrench, as vms inspect); out: N x (6 + njoints), written row by row. Throws
/// std::invalid_argument for wrong shapes, or naming the first row whose vehicle velocity has
/// components the vehicle type cannot have (beyond 1e-9 relative). A row that is not finite, or has
/// a zero quaternion, gives a row of NaN.
void forwardDynamicsBatch(const Model& model, ForwardDynamicsSolver& solver,
                          const Eigen::Ref<const RowMatrix>& states,
                          const Eigen::Ref<const RowMatrix>& tau, Eigen::Ref<RowMatrix> out);

}  // namespace vms
