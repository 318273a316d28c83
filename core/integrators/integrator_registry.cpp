#include <stdexcept>

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
  bool (*supports)(BaseType type) = nullptr;  // nullptr: every vehicle type
  const char* why_not = "";                   // why it refuses the others
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
     },
     // It carries the vehicle's momentum as a state and changes it by external wrenches only;
     // a nonholonomic constraint's wrench changes it too (and is not known before the step).
     [](BaseType type) { return isHolonomic(type); },
     "a nonholonomic constraint changes the momentum it carries"},
};

}  // namespace

std::vector<std::string> integratorNames() {
  std::vector<std::string> names;
  for (const IntegratorEntry& e : kIntegrators) names.push_back(e.name);
  return names;
}

namespace {
const IntegratorEntry* findIntegrator(const std::string& name) {
  for (const IntegratorEntry& e : kIntegrators)
    if (name == e.name) return &e;
  return nullptr;
}
}  // namespace

bool integratorSupports(const std::string& name, BaseType type) {
  const IntegratorEntry* e = findIntegrator(name);
  return e && (!e->supports || e->supports(type));
}

std::string integratorSupportProblem(const std::string& name, BaseType type) {
  const IntegratorEntry* e = findIntegrator(name);
  if (!e) return "unknown integrator '" + name + "'";
  if (!e->supports || e->supports(type)) return {};
  std::string supported;
  for (BaseType t : kAllBaseTypes)
    if (e->supports(t)) supported += (supported.empty() ? "" : ", ") + toString(t);
  return "integrator '" + name + "' does not handle a " + toString(type) +
         " vehicle: " + e->why_not + " (it handles: " + (supported.empty() ? "none" : supported) +
         ")";
}

std::unique_ptr<Integrator> makeIntegrator(const std::string& name, const Model& model, double rtol,
                                           double atol) {
  const IntegratorEntry* e = findIntegrator(name);
  if (!e) return nullptr;
  if (const std::string problem = integratorSupportProblem(name, model.base_type); !problem.empty())
    throw std::invalid_argument(problem);
  return e->make(model, rtol, atol);
}

}  // namespace vms
