#include "core/integrators/rk4_integrator.hpp"

namespace vms {

namespace {
// Butcher tableau of the classical RK4 (row-major, strictly lower part).
constexpr double kA[16] = {0.0, 0.0, 0.0, 0.0,  //
                           0.5, 0.0, 0.0, 0.0,  //
                           0.0, 0.5, 0.0, 0.0,  //
                           0.0, 0.0, 1.0, 0.0};
constexpr double kB[4] = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0};
}  // namespace

Rk4Integrator::Rk4Integrator(const Model& model) : core_(model, 4), next_(State::neutral(model)) {}

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
