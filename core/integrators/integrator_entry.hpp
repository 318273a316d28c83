#pragma once
// An integrator's registry entry, written once next to its class (in its .cpp, as
// `const IntegratorEntry& <name>IntegratorEntry()`) and listed in
// core/integrators/integrator_registry.cpp. The command line, scenario files, the desktop
// app, docs/solvers.md and the Python package read it.
#include <functional>
#include <memory>

#include "core/integrators/integrator.hpp"
#include "core/model/registry.hpp"

namespace vms {

struct IntegratorEntry : MethodEntry {
  /// The integrator for `model`; `rtol`/`atol` are used by adaptive integrators only.
  std::function<std::unique_ptr<Integrator>(const Model& model, double rtol, double atol)> make;
};

using IntegratorRegistry = Registry<IntegratorEntry>;

/// Every integrator, in listing order, the default (rk4) first.
const IntegratorRegistry& integratorRegistry();

}  // namespace vms
