#pragma once
// Integrators on the state manifold: the vehicle pose moves on its Lie group through the
// exponential map (g <- g exp(h xi)), never through Euler angles; joints live in R^n.
#include <memory>
#include <string>
#include <vector>

#include "core/integrators/system_dynamics.hpp"

namespace vms {

struct IntegratorEntry;

class Integrator {
 public:
  virtual ~Integrator() = default;
  Integrator(const Integrator&) = delete;
  Integrator& operator=(const Integrator&) = delete;

  /// The registry entry (core/integrators/integrator_entry.hpp).
  const IntegratorEntry& entry() const { return *entry_; }
  /// Registry name, e.g. "rk4": the entry's.
  const std::string& name() const;
  /// One line for help texts and the UI: the entry's summary.
  virtual std::string description() const;
  /// Advances `state` by exactly dt. Adaptive integrators take as many internal steps as
  /// their error control needs and remember their step size between calls. Never allocates
  /// after the first call.
  virtual void advance(SystemDynamics& dynamics, State& state, double dt) = 0;
  /// Internal steps taken so far (accepted), and rejected ones (adaptive only).
  virtual long steps() const = 0;
  virtual long rejectedSteps() const { return 0; }

 protected:
  explicit Integrator(const IntegratorEntry& entry) : entry_(&entry) {}

 private:
  const IntegratorEntry* entry_;
};

/// Names of the registered integrators, default ("rk4") first (integratorRegistry().names()).
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

/// The default integrator's name: the registry's first entry.
std::string defaultIntegratorName();

}  // namespace vms
