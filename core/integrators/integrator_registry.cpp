// The one list of integrators: one line each, in listing order, the default first. Each names
// the entry function written next to its integrator's class (in the integrator's .cpp);
// nothing else in the program names an integrator.
#include "core/integrators/integrator_entry.hpp"

#define VMS_INTEGRATOR_ENTRIES(ENTRY) \
  ENTRY(rk4IntegratorEntry)           \
  ENTRY(eulerIntegratorEntry)         \
  ENTRY(rk45IntegratorEntry)          \
  ENTRY(momentumRk4IntegratorEntry)

namespace vms {

#define VMS_DECLARE_ENTRY(function) const IntegratorEntry& function();
VMS_INTEGRATOR_ENTRIES(VMS_DECLARE_ENTRY)

const IntegratorRegistry& integratorRegistry() {
#define VMS_LIST_ENTRY(function) function(),
  static const IntegratorRegistry registry("integrator", {VMS_INTEGRATOR_ENTRIES(VMS_LIST_ENTRY)});
  return registry;
}

}  // namespace vms
