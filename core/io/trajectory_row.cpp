#include "core/io/trajectory_row.hpp"

#include "core/model/joint_coupling.hpp"
#include "core/spatial/so3.hpp"

namespace vms {

double stateFromTrajectoryRow(const Model& model, const double* row, State& state) {
  const int n = model.njoints;
  state.base_position = Vec3(row[0], row[1], row[2]);
  state.base_orientation = normalized(Quat(row[3], row[4], row[5], row[6]));
  state.setBaseVelocityWorld(Vec3(row[7], row[8], row[9]), Vec3(row[10], row[11], row[12]));
  double outside = 0.0;
  if (model.base_dof < 6) {
    // Projection onto span(base_basis), column by column (orthonormal unit columns): no
    // temporary of the basis' dynamic width.
    const Vec6 twist = state.base_twist;
    Vec6 inside = Vec6::Zero();
    for (int c = 0; c < model.base_dof; ++c)
      inside += model.base_basis.col(c).dot(twist) * model.base_basis.col(c);
    state.base_twist = inside;
    outside = (twist - inside).cwiseAbs().maxCoeff();
  }
  state.q = Eigen::Map<const VecX>(row + 13, n);
  state.qd = Eigen::Map<const VecX>(row + 13 + n, n);
  if (model.hasCouplings()) enforceJointCouplings(model, state);
  return outside;
}

void trajectoryRowFromState(const Model& model, const State& state, double* row) {
  const int n = model.njoints;
  const Quat& q = state.base_orientation;
  const Vec3 v = state.baseLinearVelocityWorld(), w = state.baseAngularVelocityWorld();
  const double base[13] = {state.base_position[0],
                           state.base_position[1],
                           state.base_position[2],
                           q.w(),
                           q.x(),
                           q.y(),
                           q.z(),
                           v[0],
                           v[1],
                           v[2],
                           w[0],
                           w[1],
                           w[2]};
  for (int k = 0; k < 13; ++k) row[k] = base[k];
  Eigen::Map<VecX>(row + 13, n) = state.q;
  Eigen::Map<VecX>(row + 13 + n, n) = state.qd;
}

}  // namespace vms
