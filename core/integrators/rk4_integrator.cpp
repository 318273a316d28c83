#include "core/integrators/rk4_integrator.hpp"

#include "core/integrators/integrator_entry.hpp"

namespace vms {

namespace {
// Butcher tableau of the classical RK4 (row-major, strictly lower part).
constexpr double kA[16] = {0.0, 0.0, 0.0, 0.0,  //
                           0.5, 0.0, 0.0, 0.0,  //
                           0.0, 0.5, 0.0, 0.0,  //
                           0.0, 0.0, 1.0, 0.0};
constexpr double kB[4] = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0};
}  // namespace

// The registry entry (core/integrators/integrator_registry.cpp lists it).
const IntegratorEntry& rk4IntegratorEntry() {
  static const IntegratorEntry entry = [] {
    IntegratorEntry e;
    e.name = "rk4";
    e.summary = "Classical Runge-Kutta on the group, fixed step: accurate; the default";
    e.description =
        "Runge-Kutta-Munthe-Kaas 4: the vehicle pose moves as g0 exp(u) with "
        "u' = dexp^-1_{-u}(xi), the twist, q and qd get classical RK4. Fixed step, order 4, "
        "four solver calls per step.";
    e.make = [](const Model& model, double, double) -> std::unique_ptr<Integrator> {
      return std::make_unique<Rk4Integrator>(model);
    };
    return e;
  }();
  return entry;
}

Rk4Integrator::Rk4Integrator(const Model& model)
    : Integrator(rk4IntegratorEntry()), core_(model, 4), next_(State::neutral(model)) {}

void Rk4Integrator::advance(SystemDynamics& dynamics, State& state, double dt) {
  if (dt == 0.0) return;
  core_.evaluate(dynamics, state, Vec6::Zero(), core_.k(0));
  core_.runStages(dynamics, state, dt, kA, 4);
  core_.combine(state, dt, kB, 4, next_, u_);
  std::swap(state.base_orientation, next_.base_orientation);
  std::swap(state.base_position, next_.base_position);
  std::swap(state.base_twist, next_.base_twist);
  state.q.swap(next_.q);
  state.qd.swap(next_.qd);
  ++steps_;
}

}  // namespace vms
