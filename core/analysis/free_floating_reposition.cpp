#include "core/analysis/free_floating_reposition.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/algorithms/check_model_arguments.hpp"
#include "core/algorithms/crba.hpp"
#include "core/analysis/generalized_jacobian.hpp"
#include "core/integrators/lie_rk.hpp"
#include "core/spatial/se3.hpp"

namespace vms {

namespace {

/// The vehicle body twist iota0 nu_b at path parameter s (zero momentum, dq/ds = dq).
class ConnectionField {
 public:
  ConnectionField(const Model& model, const State& start, const VecX& dq)
      : model_(model), data_(model), state_(start), q0_(start.q), dq_(dq) {}

  Vec6 twist(double s) {
    state_.q = q0_ + s * dq_;
    crba(model_, data_, state_);  // the connection depends on q only
    const int b = model_.base_dof;
    const MatX& M = data_.M;
    const VecX nu_b = -M.topLeftCorner(b, b).llt().solve(M.topRightCorner(b, model_.njoints) * dq_);
    return model_.base_basis * nu_b;
  }

 private:
  const Model& model_;
  Data data_;
  State state_;
  VecX q0_, dq_;
};

void requireHolonomic(const Model& model) {
  if (!isHolonomic(model.base_type))
    throw std::invalid_argument(
        "freeFloatingReposition: a " + toString(model.base_type) +
        " vehicle's reaction to the arm depends on the momentum its constraint exchanges, not "
        "on the joint path alone");
}

double poseDistance(const State& a, const State& b) {
  return (a.base_position - b.base_position).norm() +
         a.base_orientation.angularDistance(b.base_orientation);
}

}  // namespace

State freeFloatingRepositionFixedSteps(const Model& model, const State& state, const VecX& q1,
                                       int substeps) {
  checkConfigurationArgument(__func__, model, state);
  VMS_CHECK_ARGUMENT_SIZE(q1.size(), model.njoints, "q1");
  requireHolonomic(model);
  if (substeps < 1) throw std::invalid_argument("freeFloatingReposition: substeps must be >= 1");
  State out = state;
  const VecX dq = q1 - state.q;
  if (model.base_dof > 0 && dq.lpNorm<Eigen::Infinity>() > 0.0) {
    ConnectionField field(model, state, dq);
    const Vec6 mask = poseMask(model);
    const double h = 1.0 / substeps;
    for (int k = 0; k < substeps; ++k) {
      const double s = k * h;
      // RKMK4: u' = dexp^{-1}_{-u}(xi(s)), g = g_k exp(u).
      const Vec6 k1 = field.twist(s);
      const Vec6 xi_mid = field.twist(s + 0.5 * h);
      const Vec6 k2 = se3DexpInv(-0.5 * h * k1, xi_mid).cwiseProduct(mask);
      const Vec6 k3 = se3DexpInv(-0.5 * h * k2, xi_mid).cwiseProduct(mask);
      const Vec6 k4 = se3DexpInv(-h * k3, field.twist(s + h)).cwiseProduct(mask);
      const Vec6 u = (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
      composeExp(out, u, out);
    }
  }
  out.q = q1;
  return out;
}

RepositionResult freeFloatingReposition(const Model& model, const State& state, const VecX& q1,
                                        const RepositionOptions& options) {
  RepositionResult r;
  checkConfigurationArgument(__func__, model, state);
  VMS_CHECK_ARGUMENT_SIZE(q1.size(), model.njoints, "q1");
  if (!q1.allFinite() || !state.allFinite())
    throw std::invalid_argument("freeFloatingReposition: positions must be finite");
  requireHolonomic(model);
  const double span = (q1 - state.q).lpNorm<Eigen::Infinity>();
  if (model.base_dof == 0 || span == 0.0) {
    r.state = state;
    r.state.q = q1;
    r.converged = true;
    return r;
  }
  const double wanted = std::ceil(span / std::max(options.max_joint_step, 1e-6));
  int n = wanted >= options.max_substeps ? options.max_substeps : static_cast<int>(wanted);
  n = std::max(std::min(options.min_substeps, options.max_substeps), std::max(n, 1));
  State coarse = freeFloatingRepositionFixedSteps(model, state, q1, n);
  for (;;) {
    const int fine_n = 2 * n;
    State fine = freeFloatingRepositionFixedSteps(model, state, q1, fine_n);
    r.error_estimate = poseDistance(coarse, fine);
    r.state = fine;
    r.substeps = fine_n;
    if (r.error_estimate <= options.tolerance) {
      r.converged = true;
      break;
    }
    if (fine_n * 2 > options.max_substeps) break;
    coarse = std::move(fine);
    n = fine_n;
  }
  return r;
}

}  // namespace vms
