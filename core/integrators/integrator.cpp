#include <stdexcept>

#include "core/integrators/integrator_entry.hpp"

namespace vms {

const std::string& Integrator::name() const { return entry_->name; }

std::string Integrator::description() const { return entry_->summary; }

std::vector<std::string> integratorNames() { return integratorRegistry().names(); }

std::string defaultIntegratorName() { return integratorRegistry().defaultEntry().name; }

bool integratorSupports(const std::string& name, BaseType type) {
  const IntegratorEntry* e = integratorRegistry().find(name);
  return e && e->supports(type);
}

std::string integratorSupportProblem(const std::string& name, BaseType type) {
  return integratorRegistry().supportProblem(name, type);
}

std::unique_ptr<Integrator> makeIntegrator(const std::string& name, const Model& model, double rtol,
                                           double atol) {
  const IntegratorEntry* e = integratorRegistry().find(name);
  if (!e) return nullptr;
  if (const std::string problem = integratorSupportProblem(name, model.base_type); !problem.empty())
    throw std::invalid_argument(problem);
  return e->make(model, rtol, atol);
}

}  // namespace vms
