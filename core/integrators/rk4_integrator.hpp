#pragma once
// "rk4": classical fourth-order Runge-Kutta-Munthe-Kaas. The vehicle pose moves as
// g0 exp(u) with u' = dexp^{-1}_{-u}(xi); twist, q and qd get classical RK4. One advance()
// is one step of size dt.
#include "core/integrators/integrator.hpp"
#include "core/integrators/lie_rk.hpp"

namespace vms {

class Rk4Integrator final : public Integrator {
 public:
  explicit Rk4Integrator(const Model& model);
  void advance(SystemDynamics& dynamics, State& state, double dt) override;
  long steps() const override { return steps_; }

 private:
  RkmkCore core_;
  State next_;
  Vec6 u_ = Vec6::Zero();
  long steps_ = 0;
};

}  // namespace vms
