#include "core/control/vehicle_control.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "core/spatial/so3.hpp"

namespace vms {

VecX nonNegativeLeastSquares(const MatX& A, const VecX& b, int max_iterations) {
  NonNegativeLeastSquares nnls(A.rows(), A.cols());
  VecX x(A.cols());
  nnls.solve(A, b, x, max_iterations);
  return x;
}

NonNegativeLeastSquares::NonNegativeLeastSquares(Eigen::Index rows, Eigen::Index cols)
    : passive_(static_cast<std::size_t>(cols), 0),
      Ap_(MatX::Zero(rows, cols)),
      z_(VecX::Zero(cols)),
      w_(VecX::Zero(cols)),
      r_(VecX::Zero(rows)),
      c_(VecX::Zero(rows)),
      t_(VecX::Zero(rows)),
      temp_(VecX::Zero(cols + 1)) {
  cod_.reserve(static_cast<std::size_t>(cols));
  y_.reserve(static_cast<std::size_t>(cols));
  for (Eigen::Index p = 1; p <= cols; ++p) {
    cod_.emplace_back(rows, p);
    y_.push_back(VecX::Zero(p));
  }
  idx_.reserve(static_cast<std::size_t>(cols));
}

// Ap zp = b in the least-squares sense, Ap = A(:, idx), by the complete orthogonal
// decomposition: Ap.completeOrthogonalDecomposition().solve(b) step by step (Eigen 3.4's
// CompleteOrthogonalDecomposition::_solve_impl) on preallocated storage, so the result is the
// same to the bit; then z = 0 with z(idx) = zp.
void NonNegativeLeastSquares::solvePassive(const MatX& A, const VecX& b) {
  const Eigen::Index n = A.cols();
  idx_.clear();
  for (Eigen::Index j = 0; j < n; ++j)
    if (passive_[static_cast<std::size_t>(j)]) idx_.push_back(j);
  z_.setZero();
  const auto p = static_cast<Eigen::Index>(idx_.size());
  if (p == 0) return;
  for (Eigen::Index k = 0; k < p; ++k) Ap_.col(k) = A.col(idx_[static_cast<std::size_t>(k)]);
  auto& cod = cod_[static_cast<std::size_t>(p - 1)];
  VecX& y = y_[static_cast<std::size_t>(p - 1)];
  cod.compute(Ap_.leftCols(p));
  const Eigen::Index rank = cod.rank();
  if (rank == 0) return;  // zp = 0
  // c = Q^T b: c_.applyOnTheLeft(cod.householderQ().setLength(rank).adjoint()) one reflector
  // at a time as Eigen applies them (MatrixBase::applyHouseholderOnTheLeft), with its
  // temporary tau * essential (Eigen allocates it on the heap) in preallocated storage.
  c_ = b;
  const Eigen::Index rows = A.rows();
  for (Eigen::Index k = 0; k < rank; ++k) {
    auto sub = c_.bottomRightCorner(rows - k, c_.cols());
    using Sub = decltype(sub);
    const Eigen::Block<const MatX, Eigen::Dynamic, 1> essential(cod.matrixQTZ(), k + 1, k,
                                                                rows - k - 1, 1);
    const double tau = cod.hCoeffs().coeff(k);
    if (sub.rows() == 1) {
      sub *= 1.0 - tau;
    } else if (tau != 0.0) {
      Eigen::Map<typename Eigen::internal::plain_row_type<typename Sub::PlainObject>::type> tmp(
          &temp_(0), sub.cols());
      Eigen::Block<Sub, Eigen::Dynamic, Sub::ColsAtCompileTime> bottom(sub, 1, 0, sub.rows() - 1,
                                                                       sub.cols());
      tmp.noalias() = essential.adjoint() * bottom;
      tmp += sub.row(0);
      sub.row(0) -= tau * tmp;
      Eigen::Map<VecX> tau_essential(t_.data(), essential.size());
      tau_essential.noalias() = tau * essential;
      bottom.noalias() -= tau_essential * tmp;
    }
  }
  y.topRows(rank) =  // T11 y1 = c1
      cod.matrixT()
          .topLeftCorner(rank, rank)
          .triangularView<Eigen::Upper>()
          .solve(c_.topRows(rank));
  if (rank < p) {  // y = Z^T [y1; 0] (applyZAdjointOnTheLeftInPlace)
    y.bottomRows(p - rank).setZero();
    for (Eigen::Index k = 0; k < rank; ++k) {
      if (k != rank - 1) y.row(k).swap(y.row(rank - 1));
      y.middleRows(rank - 1, p - rank + 1)
          .applyHouseholderOnTheLeft(cod.matrixQTZ().row(k).tail(p - rank).transpose(),
                                     cod.zCoeffs()(k), &temp_(0));
      if (k != rank - 1) y.row(k).swap(y.row(rank - 1));
    }
  }
  // zp = P y (zp(perm(i)) = y(i)), scattered to the passive columns.
  const auto& perm = cod.colsPermutation().indices();
  for (Eigen::Index i = 0; i < p; ++i) z_[idx_[static_cast<std::size_t>(perm[i])]] = y[i];
}

void NonNegativeLeastSquares::solve(const MatX& A, const VecX& b, VecX& x, int max_iterations) {
  const Eigen::Index n = A.cols();
  if (A.rows() != Ap_.rows() || n != Ap_.cols() || b.size() != A.rows())
    throw std::invalid_argument("NonNegativeLeastSquares: A or b does not have the workspace size");
  x.setZero(n);
  std::fill(passive_.begin(), passive_.end(), 0);
  const double tol = 1e-12 * std::max(1.0, A.cwiseAbs().maxCoeff()) * std::max(1.0, b.norm());
  for (int it = 0; it < max_iterations; ++it) {
    r_ = b;  // w = A^T (b - A x)
    r_.noalias() -= A * x;
    w_.noalias() = A.transpose() * r_;
    Eigen::Index jmax = -1;
    double wmax = tol;
    for (Eigen::Index j = 0; j < n; ++j)
      if (!passive_[static_cast<std::size_t>(j)] && w_[j] > wmax) {
        wmax = w_[j];
        jmax = j;
      }
    if (jmax < 0) break;
    passive_[static_cast<std::size_t>(jmax)] = 1;
    for (int inner = 0; inner < max_iterations; ++inner) {
      solvePassive(A, b);
      bool feasible = true;
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive_[static_cast<std::size_t>(j)] && z_[j] <= 0.0) feasible = false;
      if (feasible) {
        x = z_;
        break;
      }
      double alpha = std::numeric_limits<double>::infinity();
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive_[static_cast<std::size_t>(j)] && z_[j] <= 0.0)
          alpha = std::min(alpha, x[j] / (x[j] - z_[j]));
      x += alpha * (z_ - x);
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive_[static_cast<std::size_t>(j)] && x[j] <= 1e-15) {
          passive_[static_cast<std::size_t>(j)] = 0;
          x[j] = 0.0;
        }
    }
  }
}

VecX allocateThrusters(const Mat6X& B, const Vec6& w, const Vec6& row_weights) {
  ThrusterAllocator allocator(B.cols());
  VecX c(B.cols());
  allocator.allocate(B, w, row_weights, c);
  return c;
}

ThrusterAllocator::ThrusterAllocator(Eigen::Index thrusters)
    : WB_(MatX::Zero(6, thrusters)), Ww_(VecX::Zero(6)), nnls_(6, thrusters) {}

void ThrusterAllocator::allocate(const Mat6X& B, const Vec6& w, const Vec6& row_weights, VecX& c) {
  WB_.noalias() = row_weights.asDiagonal() * B;
  Ww_ = row_weights.cwiseProduct(w);
  nnls_.solve(WB_, Ww_, c);
  const double cmax = c.size() ? c.maxCoeff() : 0.0;
  if (cmax > 1.0) c /= cmax;
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
  u_ = VecX::Zero(k);
}

void WheelAttitudeController::compute(double /*t*/, const State& state, ControlOutput& out) {
  tau_b_ = attitudeTorque(state, R_d_, w_d_, gains_.kp, gains_.kd);
  u_.noalias() = -pinv_ * tau_b_;
  for (std::size_t i = 0; i < joints_.size(); ++i) out.joint_torque[joints_[i]] += u_[i];
}

ThrusterVehicleController::ThrusterVehicleController(const Model& /*model*/,
                                                     const Mat6X& allocation, const Quat& R_d,
                                                     const Vec3& p_d, Options options)
    : B_(allocation),
      R_d_(R_d),
      p_d_(p_d),
      opt_(options),
      allocator_(allocation.cols()),
      c_(VecX::Zero(allocation.cols())) {}

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
  allocator_.allocate(B_, wrench_, weights, c_);
  if (out.thruster_command.size() != c_.size())
    throw std::invalid_argument("ThrusterVehicleController: thruster_command size mismatch");
  out.thruster_command += c_;
}

}  // namespace vms
