// vms linearize SCENARIO --at T [--closed-loop]
// The scenario's equations of motion linearised at the step instant of its run nearest T
// (core/scenario/scenario_linearization.hpp): A, B on the vehicle's group, the eigenvalues of
// A and, with --closed-loop, K = d(controllers' joint forces)/dx and A + B K, as one JSON
// object.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/scenario/scenario_linearization.hpp"
#include "core/scenario/user_scenario.hpp"
#include "json_writer.hpp"

namespace vms::cli {

namespace {

const char* kLinearizeUsage = "vms linearize SCENARIO --at T [--closed-loop] [--repair-inertia]";

double parseTime(const std::string& text) {
  char* end = nullptr;
  const double t = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(t))
    throw UsageError("--at: '" + text + "' is not a finite number of seconds");
  return t;
}

}  // namespace

int runLinearize(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {"at"}, {"closed-loop", "repair-inertia"});
  if (args.positional().size() != 1)
    throw UsageError("expected one SCENARIO file; usage: " + std::string(kLinearizeUsage));
  if (!args.has("at"))
    throw UsageError("--at T is required; usage: " + std::string(kLinearizeUsage));
  const double at = parseTime(args.required("at"));
  const std::string path = args.positional()[0];
  std::vector<std::string> warnings;
  const Scenario scenario = loadUserScenario(path, args.has("repair-inertia"), &warnings);
  for (const auto& w : warnings) printWarning(w);
  if (const std::string why = linearizationRefusal(scenario); !why.empty())
    throw ModelError(path + ": " + why);
  if (const std::string why = linearizationInstantProblem(scenario, at); !why.empty())
    throw UsageError("--at: " + why);

  ScenarioLinearization r;
  try {
    r = linearizeScenario(scenario, at, args.has("closed-loop"), path);
  } catch (const LinearizationDiverged& e) {
    std::fprintf(stderr, "vms: %s\n", e.what());
    return kExitDiverged;
  }
  JsonObjectWriter out;
  out.number("t", r.t)
      .integer("step", r.step)
      .strings("state_names", r.open_loop.state_names)
      .strings("input_names", r.open_loop.input_names)
      .integer("tangent_dof", r.open_loop.tangent_dof)
      .vector("joint_forces", r.joint_forces)
      .matrix("A", r.open_loop.A)
      .matrix("B", r.open_loop.B)
      .matrix("eigenvalues", r.eigenvalues);
  if (r.has_closed_loop)
    out.matrix("K", r.K)
        .matrix("A_closed_loop", r.A_closed_loop)
        .matrix("closed_loop_eigenvalues", r.closed_loop_eigenvalues);
  out.string("convention", scenarioLinearizationConvention());
  std::fputs(out.str().c_str(), stdout);
  return kExitOk;
}

}  // namespace vms::cli
