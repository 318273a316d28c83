#include "core/control/vehicle_control.hpp"

#include <Eigen/QR>
#include <limits>
#include <stdexcept>

#include "core/spatial/so3.hpp"

namespace vms {

VecX nonNegativeLeastSquares(const MatX& A, const VecX& b, int max_iterations) {
  const Eigen::Index n = A.cols();
  VecX x = VecX::Zero(n);
  std::vector<bool> passive(n, false);
  const double tol = 1e-12 * std::max(1.0, A.cwiseAbs().maxCoeff()) * std::max(1.0, b.norm());
  auto solvePassive = [&](VecX& z) {
    std::vector<Eigen::Index> idx;
    for (Eigen::Index j = 0; j < n; ++j)
      if (passive[j]) idx.push_back(j);
    MatX Ap(A.rows(), static_cast<Eigen::Index>(idx.size()));
    for (std::size_t k = 0; k < idx.size(); ++k) Ap.col(k) = A.col(idx[k]);
    const VecX zp = Ap.completeOrthogonalDecomposition().solve(b);
    z = VecX::Zero(n);
    for (std::size_t k = 0; k < idx.size(); ++k) z[idx[k]] = zp[k];
  };
  for (int it = 0; it < max_iterations; ++it) {
    const VecX w = A.transpose() * (b - A * x);
    Eigen::Index jmax = -1;
    double wmax = tol;
    for (Eigen::Index j = 0; j < n; ++j)
      if (!passive[j] && w[j] > wmax) {
        wmax = w[j];
        jmax = j;
      }
    if (jmax < 0) break;
    passive[jmax] = true;
    for (int inner = 0; inner < max_iterations; ++inner) {
      VecX z;
      solvePassive(z);
      bool feasible = true;
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive[j] && z[j] <= 0.0) feasible = false;
      if (feasible) {
        x = z;
        break;
      }
      double alpha = std::numeric_limits<double>::infinity();
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive[j] && z[j] <= 0.0) alpha = std::min(alpha, x[j] / (x[j] - z[j]));
      x += alpha * (z - x);
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive[j] && x[j] <= 1e-15) {
          passive[j] = false;
          x[j] = 0.0;
        }
    }
  }
  return x;
}

VecX allocateThrusters(const Mat6X& B, const Vec6& w, const Vec6& row_weights) {
  const MatX WB = row_weights.asDiagonal() * B;
  const VecX Ww = row_weights.cwiseProduct(w);
  VecX c = nonNegativeLeastSquares(WB, Ww);
  const double cmax = c.size() ? c.maxCoeff() : 0.0;
  if (cmax > 1.0) c /= cmax;
  return c;
}

Vec3 attitudeErrorVector(const Quat& R, const Quat& R_d) {
  return so3Log(R_d.toRotationMatrix().transpose() * R.toRotationMatrix());
}

Vec3 attitudeTorque(const State& state, const Quat& R_d, const Vec3& w_d_body, const Mat3& Kp,
                    const Mat3& Kd) {
  const Vec3 phi = attitudeErrorVector(state.base_orientation, R_d);
  const Vec3 w = angular(state.base_twist);
  return -Kp * phi - Kd * (w - w_d_body);
}

WheelAttitudeController::WheelAttitudeController(const Model& model, std::vector<int> wheel_joints,
                                                 const Quat& R_d, AttitudeGains gains)
    : joints_(std::move(wheel_joints)), R_d_(R_d), gains_(gains) {
  const auto k = static_cast<Eigen::Index>(joints_.size());
  axes_.resize(3, k);
  for (Eigen::Index i = 0; i < k; ++i) {
    const int j = joints_[i];
    if (j < 0 || j >= model.njoints)
      throw std::invalid_argument("WheelAttitudeController: joint index out of range");
    const int body = model.joint_body[j];
    if (model.parent[body] != 0 || model.joint_type[body] != JointType::Revolute)
      throw std::invalid_argument("WheelAttitudeController: joint '" + model.joint_names[j] +
                                  "' is not a revolute joint on the vehicle");
    // R a written out: GCC 12 flags Eigen's AVX-512 Mat3 * Vec3 into a MatX column (-Warray-bounds,
    // a false positive).
    const Mat3& R = model.joint_placement[body].R;
    const Vec3& a = model.joint_axis[body];
    for (int r = 0; r < 3; ++r) axes_(r, i) = R(r, 0) * a[0] + R(r, 1) * a[1] + R(r, 2) * a[2];
  }
  pinv_ = axes_.completeOrthogonalDecomposition().pseudoInverse();
}

void WheelAttitudeController::compute(double /*t*/, const State& state, ControlOutput& out) {
  tau_b_ = attitudeTorque(state, R_d_, w_d_, gains_.kp, gains_.kd);
  const VecX u = -pinv_ * tau_b_;
  for (std::size_t i = 0; i < joints_.size(); ++i) out.joint_torque[joints_[i]] += u[i];
}

ThrusterVehicleController::ThrusterVehicleController(const Model& /*model*/,
                                                     const Mat6X& allocation, const Quat& R_d,
                                                     const Vec3& p_d, Options options)
    : B_(allocation), R_d_(R_d), p_d_(p_d), opt_(options) {}

void ThrusterVehicleController::compute(double /*t*/, const State& state, ControlOutput& out) {
  Vec6 weights = Vec6::Zero();
  wrench_.setZero();
  if (opt_.position) {
    const Vec3 f_world = opt_.kp_position * (p_d_ - state.base_position) -
                         opt_.kd_position * state.baseLinearVelocityWorld();
    linear(wrench_) = state.base_orientation.conjugate() * f_world;
    weights.head<3>().setOnes();
  }
  if (opt_.attitude) {
    angular(wrench_) =
        attitudeTorque(state, R_d_, Vec3::Zero(), opt_.attitude_gains.kp, opt_.attitude_gains.kd);
    weights.tail<3>().setOnes();
  }
  const VecX c = allocateThrusters(B_, wrench_, weights);
  if (out.thruster_command.size() != c.size())
    throw std::invalid_argument("ThrusterVehicleController: thruster_command size mismatch");
  out.thruster_command += c;
}

}  // namespace vms
