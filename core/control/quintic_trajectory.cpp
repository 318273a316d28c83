#include "core/control/quintic_trajectory.hpp"

#include <stdexcept>

namespace vms {

void quinticSmoothstep(double x, double& s, double& ds, double& dds) {
  if (x <= 0.0) {
    s = ds = dds = 0.0;
    return;
  }
  if (x >= 1.0) {
    s = 1.0;
    ds = dds = 0.0;
    return;
  }
  const double x2 = x * x, x3 = x2 * x;
  s = x3 * (10.0 - 15.0 * x + 6.0 * x2);
  ds = 30.0 * x2 * (1.0 - x) * (1.0 - x);
  dds = 60.0 * x * (1.0 - x) * (1.0 - 2.0 * x);
}

namespace {
// The size check comes before q1 - q0 is formed: in the member initializer list the
// difference of two vectors of different sizes was read past the shorter one (Eigen's
// assertion caught it in the sanitizer build, which keeps assertions on).
VecX checkedDifference(const VecX& q0, const VecX& q1) {
  if (q0.size() != q1.size())
    throw std::invalid_argument("QuinticTrajectory: start and goal sizes differ");
  return q1 - q0;
}
}  // namespace

QuinticTrajectory::QuinticTrajectory(const VecX& q0, const VecX& q1, double duration, double t0)
    : q0_(q0), dq_(checkedDifference(q0, q1)), T_(duration), t0_(t0) {
  if (!(duration > 0.0)) throw std::invalid_argument("QuinticTrajectory: duration must be > 0");
}

void QuinticTrajectory::evaluate(double t, VecX& q, VecX& qd, VecX& qdd) const {
  double s, ds, dds;
  quinticSmoothstep((t - t0_) / T_, s, ds, dds);
  q = q0_ + s * dq_;
  qd = (ds / T_) * dq_;
  qdd = (dds / (T_ * T_)) * dq_;
}

}  // namespace vms
