#include "core/integrators/euler_integrator.hpp"

#include "core/integrators/lie_rk.hpp"

namespace vms {

EulerIntegrator::EulerIntegrator(const Model& model)
    : mask_(twistMask(model)), project_(model.base_dof < 6) {
  deriv_.qdd = VecX::Zero(model.njoints);
}

void EulerIntegrator::advance(SystemDynamics& dynamics, State& state, double dt) {
  if (dt == 0.0) return;
  dynamics.evaluate(state, deriv_);
  if (project_) deriv_.twist_dot = deriv_.twist_dot.cwiseProduct(mask_);
  state.base_twist += dt * deriv_.twist_dot;
  state.qd += dt * deriv_.qdd;
  composeExp(state, dt * state.base_twist, state);
  state.q += dt * state.qd;
  ++steps_;
}

}  // namespace vms
