#pragma once
// "euler": semi-implicit (symplectic) Euler on the group. Velocities first,
//   xi+ = xi + h xi_dot,  qd+ = qd + h qdd,
// then the configuration with the new velocities,
//   g+ = g exp(h xi+),  q+ = q + h qd+.
// First order; a cheap reference with bounded energy error for small steps.
#include "core/integrators/integrator.hpp"

namespace vms {

class EulerIntegrator final : public Integrator {
 public:
  explicit EulerIntegrator(const Model& model);
  void advance(SystemDynamics& dynamics, State& state, double dt) override;
  long steps() const override { return steps_; }

 private:
  Vec6 mask_;
  bool project_;
  StateDerivative deriv_;
  long steps_ = 0;
};

}  // namespace vms
