#include "core/analysis/forward_dynamics_batch.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "core/io/trajectory_row.hpp"

namespace vms {

namespace {

std::string shape(Eigen::Index rows, Eigen::Index cols) {
  return "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
}

const char* const kTwistNames[6] = {"v_x", "v_y", "v_z", "w_x", "w_y", "w_z"};

// The message for row i, whose vehicle velocity leaves the vehicle's subgroup (rare: may
// allocate).
std::string subgroupProblem(const Model& model, const double* row, Eigen::Index i) {
  State s;
  s.base_orientation = Quat(row[3], row[4], row[5], row[6]).normalized();
  s.setBaseVelocityWorld(Vec3(row[7], row[8], row[9]), Vec3(row[10], row[11], row[12]));
  const Mat6X& B = model.base_basis;
  const Vec6 outside = s.base_twist - B * (B.transpose() * s.base_twist);
  Eigen::Index k = 0;
  outside.cwiseAbs().maxCoeff(&k);
  std::string allowed;
  for (int c = 0; c < model.base_dof; ++c)
    for (int j = 0; j < 6; ++j)
      if (B(j, c) != 0.0) allowed += (allowed.empty() ? "" : ", ") + std::string(kTwistNames[j]);
  char value[32];
  std::snprintf(value, sizeof value, "%.6g", s.base_twist[k]);
  return "forward_dynamics: X[" + std::to_string(i) + "]: the vehicle velocity has " +
         kTwistNames[k] + " = " + value + " in the base frame; a " + toString(model.base_type) +
         " vehicle can only move with " + (allowed.empty() ? "none" : allowed) +
         " of its own frame";
}

}  // namespace

void forwardDynamicsBatch(const Model& model, ForwardDynamicsSolver& solver,
                          const Eigen::Ref<const RowMatrix>& states,
                          const Eigen::Ref<const RowMatrix>& tau, Eigen::Ref<RowMatrix> out) {
  const int n = model.njoints;
  const Eigen::Index rows = states.rows();
  if (states.cols() != trajectoryRowSize(model))
    throw std::invalid_argument("forward_dynamics: X has shape " +
                                shape(states.rows(), states.cols()) + ", expected (N, " +
                                std::to_string(trajectoryRowSize(model)) + ") (13 + 2 x " +
                                std::to_string(n) + " joints: the trajectory CSV's state columns)");
  if (tau.rows() != rows || tau.cols() != n)
    throw std::invalid_argument("forward_dynamics: TAU has shape " + shape(tau.rows(), tau.cols()) +
                                ", expected " + shape(rows, n) + " (one row per state of X)");
  if (out.rows() != rows || out.cols() != 6 + n)
    throw std::invalid_argument("forward_dynamics: the output has shape " +
                                shape(out.rows(), out.cols()) + ", expected " + shape(rows, 6 + n));
  Data data(model);
  State state = State::neutral(model);
  const ExternalForces none;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* row = states.row(i).data();
    const double outside = stateFromTrajectoryRow(model, row, state);
    if (outside > 0.0 && outside > 1e-9 * std::max(1.0, state.base_twist.cwiseAbs().maxCoeff()))
      throw std::invalid_argument(subgroupProblem(model, row, i));
    double* result = out.row(i).data();
    if (!state.allFinite()) {
      Eigen::Map<VecX>(result, 6 + n).setConstant(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    solver.compute(model, data, state, Eigen::Map<const VecX>(tau.row(i).data(), n), none);
    Eigen::Map<Vec3> linear_acc(result), angular_acc(result + 3);
    linear_acc = baseLinearAccelerationWorld(state, data.base_twist_dot);
    angular_acc = baseAngularAccelerationWorld(state, data.base_twist_dot);
    Eigen::Map<VecX>(result + 6, n) = data.qdd;
  }
}

}  // namespace vms
