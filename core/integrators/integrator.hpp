#pragma once
// Integrators on the state manifold: the vehicle pose moves on its Lie group through the
// exponential map (g <- g exp(h xi)), never through Euler angles; joints live in R^n.
#include <memory>
#include <string>
#include <vector>

#include "core/integrators/system_dynamics.hpp"

namespace vms {

class Integrator {
 public:
  virtual ~Integrator() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  /// Advances `state` by exactly dt. Adaptive integrators take as many internal steps as
  /// their error control needs and remember their step size between calls. Never allocates
  /// after the first call.
  virtual void advance(SystemDynamics& dynamics, State& state, double dt) = 0;
  /// Internal steps taken so far (accepted), and rejected ones (adaptive only).
  virtual long steps() const = 0;
  virtual long rejectedSteps() const { return 0; }
};

/// Names of the registered integrators, default ("rk4") first.
std::vector<std::string> integratorNames();

/// Whether the registered integrator `name` handles vehicles of `type` (false if unknown).
bool integratorSupports(const std::string& name, BaseType type);

/// "" when integrator `name` handles vehicles of `type`, else one line naming the integrator,
/// the vehicle type, why, and the types it handles. Never a silent fallback.
std::string integratorSupportProblem(const std::string& name, BaseType type);

/// nullptr if unknown; throws std::invalid_argument (integratorSupportProblem) when the
/// integrator does not handle the model's vehicle type. `rtol`/`atol` are used by adaptive
/// integrators only.
std::unique_ptr<Integrator> makeIntegrator(const std::string& name, const Model& model,
                                           double rtol = 1e-9, double atol = 1e-12);

inline std::string defaultIntegratorName() { return "rk4"; }

}  // namespace vms
