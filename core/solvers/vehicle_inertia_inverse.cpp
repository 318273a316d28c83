#include "core/solvers/vehicle_inertia_inverse.hpp"

#include <Eigen/LU>

namespace vms {

void banachiewiczInverse(const Mat6& H0, bool printed_sign, const Mat3& schur_offset, Mat6& inverse,
                         Mat3& S_U) {
  const Mat3 U = H0.topLeftCorner<3, 3>(), V = H0.topRightCorner<3, 3>(),
             W = H0.bottomLeftCorner<3, 3>(), X = H0.bottomRightCorner<3, 3>();
  const Mat3 U_inv = U.inverse();
  S_U = X - W * U_inv * V + schur_offset;  // (53)
  const Mat3 S_inv = S_U.inverse();        // (60)-(61)
  const Mat3 UV_S = U_inv * V * S_inv;
  const Mat3 S_WU = S_inv * W * U_inv;
  inverse.topLeftCorner<3, 3>() = U_inv + UV_S * W * U_inv;
  inverse.topRightCorner<3, 3>() = -UV_S;
  inverse.bottomLeftCorner<3, 3>() = printed_sign ? S_WU : Mat3(-S_WU);
  inverse.bottomRightCorner<3, 3>() = S_inv;
}

}  // namespace vms
