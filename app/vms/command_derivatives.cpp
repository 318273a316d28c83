// vms derivatives MODEL [--state STATE] [--base TYPE] [--tau T1,...,Tn]
// The forward-dynamics accelerations at STATE (or the neutral state: identity pose, at rest,
// q = 0) and their analytic partial derivatives with respect to the configuration, the
// velocity and the joint forces (core/analysis/derivatives_inspection.hpp), as one JSON object.
// The joint forces are --tau, else the STATE file's "tau", else zero; the model's gravity
// acts, joint damping does not (as vms inspect).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/analysis/derivatives_inspection.hpp"
#include "json_writer.hpp"
#include "plan_arguments.hpp"

namespace vms::cli {

namespace {

const char* kDerivativesUsage =
    "vms derivatives MODEL [--state STATE] [--base TYPE] [--tau T1,...,Tn]";

VecX parseJointForces(const Model& model, const std::string& text) {
  const std::vector<std::string> parts = splitCommas(text);
  if (static_cast<int>(parts.size()) != model.njoints)
    throw UsageError("--tau: expected " + std::to_string(model.njoints) +
                     " joint forces (one per moving joint, in the model's order), got " +
                     std::to_string(parts.size()));
  VecX tau(model.njoints);
  for (int k = 0; k < model.njoints; ++k) {
    const std::string& p = parts[std::size_t(k)];
    char* end = nullptr;
    tau[k] = std::strtod(p.c_str(), &end);
    if (p.empty() || *end != '\0' || !std::isfinite(tau[k]))
      throw UsageError("--tau: '" + p + "' is not a finite number");
  }
  return tau;
}

}  // namespace

int runDerivatives(int argc, char** argv) {
  const Arguments args(argc, argv, 2, {"state", "base", "tau"}, {"repair-inertia"});
  const std::string path = modelPath(args, kDerivativesUsage);
  const Model model = loadModelFromArguments(args, path);
  State state = State::neutral(model);
  VecX tau = VecX::Zero(model.njoints);
  std::string source = path;
  if (args.has("state")) {
    const StateFile input = loadStateFromArguments(args, model);
    state = input.state;
    tau = input.tau;
    source = args.required("state");
  }
  if (const auto text = args.get("tau")) tau = parseJointForces(model, *text);

  DerivativesInspection r;
  try {
    r = inspectDerivatives(model, state, tau, source);
  } catch (const std::invalid_argument& e) {
    throw ModelError(path + ": " + e.what());
  }
  JsonObjectWriter out;
  out.strings("joint_names", model.joint_names)
      .integer("nv", model.nv)
      .string("base_type", toString(model.base_type))
      .strings("vehicle_components", r.vehicle_components)
      .strings("configuration_tangent", r.configuration_tangent)
      .vector("nudot", r.nudot)
      .matrix("ddq_dq", r.ddq_dq)
      .matrix("ddq_dv", r.ddq_dv)
      .matrix("ddq_dtau", r.ddq_dtau)
      .string("convention", derivativesConvention());
  std::fputs(out.str().c_str(), stdout);
  return kExitOk;
}

}  // namespace vms::cli
