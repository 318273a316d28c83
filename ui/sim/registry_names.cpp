#include "ui/sim/registry_names.hpp"

#include <algorithm>
#include <vector>

#include "core/integrators/integrator.hpp"
#include "core/io/input_checks.hpp"
#include "core/solvers/forward_dynamics_solver.hpp"

namespace vms::ui {

namespace {

std::string problem(const std::string& key, const std::string& name,
                    const std::vector<std::string>& registered) {
  if (std::find(registered.begin(), registered.end(), name) != registered.end()) return {};
  std::string list;
  for (const std::string& n : registered) list += (list.empty() ? "" : ", ") + n;
  // printable: a name read from a file never breaks the one-line message.
  return key + ": unknown " + key + " '" + io::printable(name) + "' (available: " + list + ")";
}

}  // namespace

std::string unregisteredNameProblem(const Scenario& scenario) {
  // The core's scenario reader checks in this order, with these words (same message).
  std::string p = problem("integrator", scenario.integrator, integratorNames());
  if (p.empty()) p = problem("solver", scenario.solver, solverNames());
  return p;
}

}  // namespace vms::ui
