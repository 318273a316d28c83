#include "core/solvers/vehicle_inertia_inverse.hpp"

#include <Eigen/LU>

namespace vms {

Mat3 schurComplement(const Mat6& H0) {
  const Mat3 U = H0.topLeftCorner<3, 3>(), V = H0.topRightCorner<3, 3>(),
             W = H0.bottomLeftCorner<3, 3>(), X = H0.bottomRightCorner<3, 3>();
  return X - W * U.inverse() * V;  // (53)
}

Mat3 schurComplementElements(const std::vector<double>& masses, const std::vector<Vec3>& offsets,
                             const std::vector<Mat3>& inertias, bool printed) {
  double m_tot = 0.0;
  Vec3 mc = Vec3::Zero();
  Mat3 s = Mat3::Zero();
  for (std::size_t i = 0; i < masses.size(); ++i) {
    const double m = masses[i];
    const Vec3& r = offsets[i];
    const Mat3& I = inertias[i];
    m_tot += m;
    mc += m * r;
    s(0, 0) += I(0, 0) + m * (r.y() * r.y() + r.z() * r.z());  // (54)
    s(0, 1) += I(0, 1) - m * r.x() * r.y();                    // (55)
    s(0, 2) += I(0, 2) - m * r.x() * r.z();                    // (56)
    s(1, 1) += I(1, 1) + m * (printed ? r.y() * r.y() + r.z() * r.z()
                                      : r.x() * r.x() + r.z() * r.z());  // (57)
    s(1, 2) += I(1, 2) - m * r.y() * r.z();                              // (58)
    s(2, 2) += I(2, 2) + m * (printed ? r.y() * r.y() + r.z() * r.z()
                                      : r.x() * r.x() + r.y() * r.y());  // (59)
  }
  const Vec3 c = mc / m_tot;  // r_0C (12)-(14)
  s(0, 0) -= m_tot * (c.y() * c.y() + c.z() * c.z());
  s(0, 1) += m_tot * c.x() * c.y();
  s(0, 2) += m_tot * c.x() * c.z();
  s(1, 1) -= m_tot * (c.x() * c.x() + c.z() * c.z());
  s(1, 2) += m_tot * c.y() * c.z();
  s(2, 2) -= m_tot * (c.x() * c.x() + c.y() * c.y());
  s(1, 0) = s(0, 1);
  s(2, 0) = s(0, 2);
  s(2, 1) = s(1, 2);
  return s;
}

void banachiewiczInverse(const Mat6& H0, const Mat3& S_U, bool printed_sign, Mat6& inverse) {
  const Mat3 U = H0.topLeftCorner<3, 3>(), V = H0.topRightCorner<3, 3>(),
             W = H0.bottomLeftCorner<3, 3>();
  const Mat3 U_inv = U.inverse();
  const Mat3 S_inv = S_U.inverse();  // (60)-(61)
  const Mat3 UV_S = U_inv * V * S_inv;
  const Mat3 S_WU = S_inv * W * U_inv;
  inverse.topLeftCorner<3, 3>() = U_inv + UV_S * W * U_inv;
  inverse.topRightCorner<3, 3>() = -UV_S;
  inverse.bottomLeftCorner<3, 3>() = printed_sign ? S_WU : Mat3(-S_WU);
  inverse.bottomRightCorner<3, 3>() = S_inv;
}

}  // namespace vms
