#pragma once
// "rk45": adaptive Dormand-Prince 5(4) in Runge-Kutta-Munthe-Kaas form. Local error control
// on the whole state (rtol/atol, RMS norm over the Lie-algebra increment of the pose, the
// twist, q and qd), step-size controller with safety factor, first-same-as-last within one
// advance() call, min/max step limits, rejected-step counting. advance(dt) lands exactly on
// t + dt; the step size is remembered between calls.
#include <limits>

#include "core/integrators/integrator.hpp"
#include "core/integrators/lie_rk.hpp"

namespace vms {

class Rk45Integrator final : public Integrator {
 public:
  Rk45Integrator(const Model& model, double rtol, double atol);
  /// Throws std::runtime_error if the step size falls below the minimum (e.g. a state that
  /// became non-finite).
  void advance(SystemDynamics& dynamics, State& state, double dt) override;
  long steps() const override { return steps_; }
  long rejectedSteps() const override { return rejected_; }

  /// Step limits (seconds). Defaults: min 1e-12, max unlimited.
  void setStepLimits(double min_step, double max_step) {
    min_step_ = min_step;
    max_step_ = max_step;
  }
  /// Current (next proposed) step size; 0 before the first call.
  double stepSize() const { return h_; }
  double rtol() const { return rtol_; }
  double atol() const { return atol_; }

 private:
  double errorNorm(const State& y0, const State& y1, const StateTangent& e) const;
  double initialStep(SystemDynamics& dynamics, const State& y0);

  double rtol_, atol_;
  double min_step_ = 1e-12;
  double max_step_ = std::numeric_limits<double>::infinity();
  double h_ = 0.0;
  RkmkCore core_;
  State next_;
  StateTangent err_;
  Vec6 u_ = Vec6::Zero();
  long steps_ = 0, rejected_ = 0;
};

}  // namespace vms
