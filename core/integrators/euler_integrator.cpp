#include "core/integrators/euler_integrator.hpp"

#include "core/integrators/integrator_entry.hpp"
#include "core/integrators/lie_rk.hpp"

namespace vms {

// The registry entry (core/integrators/integrator_registry.cpp lists it).
const IntegratorEntry& eulerIntegratorEntry() {
  static const IntegratorEntry entry = [] {
    IntegratorEntry e;
    e.name = "euler";
    e.summary = "One evaluation per step: the simplest, first order";
    e.description =
        "Semi-implicit (symplectic) Euler on the vehicle group: velocities first "
        "(xi+ = xi + h xi_dot, qd+ = qd + h qdd), then the configuration with the new "
        "velocities (g+ = g exp(h xi+), q+ = q + h qd+). Fixed step, order 1, one solver call "
        "per step; a cheap reference with bounded energy error for small steps.";
    e.make = [](const Model& model, double, double) -> std::unique_ptr<Integrator> {
      return std::make_unique<EulerIntegrator>(model);
    };
    return e;
  }();
  return entry;
}

EulerIntegrator::EulerIntegrator(const Model& model)
    : Integrator(eulerIntegratorEntry()), mask_(twistMask(model)), project_(model.base_dof < 6) {
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
