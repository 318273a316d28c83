#include "core/control/waypoint_trajectory.hpp"

#include <algorithm>
#include <stdexcept>

namespace vms {

WaypointTrajectory::WaypointTrajectory(std::vector<double> times, const MatX& positions)
    : t_(std::move(times)), q_(positions) {
  const int m = static_cast<int>(t_.size());
  if (m < 2) throw std::invalid_argument("WaypointTrajectory: needs at least two waypoints");
  if (q_.cols() != m)
    throw std::invalid_argument("WaypointTrajectory: positions must have one column per time");
  for (int k = 1; k < m; ++k)
    if (!(t_[k] > t_[k - 1]))
      throw std::invalid_argument("WaypointTrajectory: times must strictly increase");
  // Clamped spline (S'(t_0) = S'(t_{m-1}) = 0): tridiagonal system for the second derivatives
  // M_k, solved by the Thomas algorithm for all joints at once.
  //   k = 0:    2 h0 M0 + h0 M1 = 6 (d0 - 0)
  //   interior: h_{k-1} M_{k-1} + 2 (h_{k-1} + h_k) M_k + h_k M_{k+1} = 6 (d_k - d_{k-1})
  //   k = m-1:  h M_{m-2} + 2 h M_{m-1} = 6 (0 - d_{m-2}),   d_k = (q_{k+1} - q_k) / h_k
  const int n = static_cast<int>(q_.rows());
  std::vector<double> h(m - 1), a(m), b(m), c(m);
  for (int k = 0; k + 1 < m; ++k) h[k] = t_[k + 1] - t_[k];
  MatX d(n, m - 1), rhs(n, m);
  for (int k = 0; k + 1 < m; ++k) d.col(k) = (q_.col(k + 1) - q_.col(k)) / h[k];
  for (int k = 0; k < m; ++k) {
    const double hl = k > 0 ? h[k - 1] : 0.0, hr = k + 1 < m ? h[k] : 0.0;
    a[k] = hl;
    b[k] = 2.0 * (hl + hr);
    c[k] = hr;
    const VecX dl = k > 0 ? VecX(d.col(k - 1)) : VecX::Zero(n);
    const VecX dr = k + 1 < m ? VecX(d.col(k)) : VecX::Zero(n);
    rhs.col(k) = 6.0 * (dr - dl);
  }
  for (int k = 1; k < m; ++k) {  // forward elimination
    const double w = a[k] / b[k - 1];
    b[k] -= w * c[k - 1];
    rhs.col(k) -= w * rhs.col(k - 1);
  }
  acc_.resize(n, m);
  acc_.col(m - 1) = rhs.col(m - 1) / b[m - 1];
  for (int k = m - 2; k >= 0; --k) acc_.col(k) = (rhs.col(k) - c[k] * acc_.col(k + 1)) / b[k];
}

void WaypointTrajectory::evaluate(double t, VecX& q, VecX& qd, VecX& qdd) const {
  const int m = static_cast<int>(t_.size());
  const int n = size();
  if (t <= t_.front() || t >= t_.back()) {
    q = t <= t_.front() ? q_.col(0) : q_.col(m - 1);
    qd = VecX::Zero(n);
    qdd = VecX::Zero(n);
    return;
  }
  const int k = static_cast<int>(std::upper_bound(t_.begin(), t_.end(), t) - t_.begin()) - 1;
  const double h = t_[k + 1] - t_[k];
  const double A = (t_[k + 1] - t) / h, B = (t - t_[k]) / h;
  const auto M0 = acc_.col(k), M1 = acc_.col(k + 1);
  const auto y0 = q_.col(k), y1 = q_.col(k + 1);
  q = A * y0 + B * y1 + ((A * A * A - A) * M0 + (B * B * B - B) * M1) * (h * h / 6.0);
  qd = (y1 - y0) / h + ((1.0 - 3.0 * A * A) * M0 + (3.0 * B * B - 1.0) * M1) * (h / 6.0);
  qdd = A * M0 + B * M1;
}

}  // namespace vms
