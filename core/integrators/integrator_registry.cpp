#include "core/integrators/euler_integrator.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/momentum_rk4_integrator.hpp"
#include "core/integrators/rk45_integrator.hpp"
#include "core/integrators/rk4_integrator.hpp"

namespace vms {

namespace {

struct IntegratorEntry {
  const char* name;
  std::unique_ptr<Integrator> (*make)(const Model& model, double rtol, double atol);
};

// The one registration point: to add an integrator, implement Integrator and add its line
// here. The default comes first.
const IntegratorEntry kIntegrators[] = {
    {"rk4",
     [](const Model& m, double, double) -> std::unique_ptr<Integrator> {
       return std::make_unique<Rk4Integrator>(m);
     }},
    {"euler",
     [](const Model& m, double, double) -> std::unique_ptr<Integrator> {
       return std::make_unique<EulerIntegrator>(m);
     }},
    {"rk45",
     [](const Model& m, double rtol, double atol) -> std::unique_ptr<Integrator> {
       return std::make_unique<Rk45Integrator>(m, rtol, atol);
     }},
    {"momentum-rk4",
     [](const Model& m, double, double) -> std::unique_ptr<Integrator> {
       return std::make_unique<MomentumRk4Integrator>(m);
     }},
};

}  // namespace

std::vector<std::string> integratorNames() {
  std::vector<std::string> names;
  for (const IntegratorEntry& e : kIntegrators) names.push_back(e.name);
  return names;
}

std::unique_ptr<Integrator> makeIntegrator(const std::string& name, const Model& model, double rtol,
                                           double atol) {
  for (const IntegratorEntry& e : kIntegrators)
    if (name == e.name) return e.make(model, rtol, atol);
  return nullptr;
}

}  // namespace vms
