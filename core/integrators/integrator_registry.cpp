#include "core/integrators/euler_integrator.hpp"
#include "core/integrators/integrator.hpp"
#include "core/integrators/rk45_integrator.hpp"
#include "core/integrators/rk4_integrator.hpp"

namespace vms {

// To add an integrator: implement Integrator and add one line to each function below.
std::vector<std::string> integratorNames() { return {"rk4", "euler", "rk45"}; }

std::unique_ptr<Integrator> makeIntegrator(const std::string& name, const Model& model, double rtol,
                                           double atol) {
  if (name == "rk4") return std::make_unique<Rk4Integrator>(model);
  if (name == "euler") return std::make_unique<EulerIntegrator>(model);
  if (name == "rk45") return std::make_unique<Rk45Integrator>(model, rtol, atol);
  return nullptr;
}

}  // namespace vms
